"""What a visitor's button press or card tap does at the shop demo's show (table/app/demo/show.py,
which the daemon hands each input first): a shot during the show (held OK: a short game
against the box), the visitor's prompt during a visit, through the table's own input path
(table/app/inputs.py); held 1 as at the table; a notice on show, taken off."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from table.app import boxseat, inputs
from table.app.asking.prompts import Answer, Notice
from table.app.core.mode import Act
from table.app.demo.shot import WeaponPick, weapons
from table.app.demo.visitor import not_held

if TYPE_CHECKING:
    from table.journal import Journal

    from table.app.asking.prompt import View
    from table.app.showing.tracker import Tracker


class Daemon(inputs.Table, Protocol):
    """What the show uses of the daemon (table/app/daemon.py), which it does not import."""

    clock: Callable[[], float]

    @property
    def tracker(self) -> Tracker | None: ...

    @property
    def journal(self) -> Journal | None: ...
    @property
    def grid(self) -> frozenset: ...
    @property
    def dev(self) -> dict: ...
    def view(self) -> View: ...
    def start_game(self, config: Any, seed: int | str | None = None) -> None: ...
    def resume(self, game_id: int | None = None) -> bool: ...
    def stop(self) -> None: ...


class ShowInputs:
    """The show's inputs (``show``: the :class:`table.app.demo.show.Show` they are handed to,
    which imports this module)."""

    def __init__(self, show: Any) -> None:
        self.show = show

    def press(self, d: Daemon, event: Any) -> None:
        """A button: a visitor's shot (or, held OK, a short game against the box) during the
        show; the visitor's prompt during a visit; held 1 as at the table (the page's pairing);
        a notice on show, taken off."""
        self._woken()
        self._press(d, event)
        self.show.noticed()
        self.show.offer_shot()

    def _press(self, d: Daemon, event: Any) -> None:
        if event.name == inputs.PAIR_BUTTON and event.long:
            if d.page.on_pair_button is not None:   # (the page's pairing, as at the table)
                d.page.on_pair_button()
        elif event.name == "ok" and event.long:
            if self.show.act != Act.VERSUS:
                self.show.start_versus()
        elif event.long:                      # (undo and the legend are the table's)
            return
        elif d.overlay is not None and d.overlay is not self.show.mine:
            inputs.press(d, event)            # a notice: the button takes it off
        elif self._box_to_answer(d):
            return
        elif self.show.act in (Act.VISITOR, Act.VERSUS):
            pick = self._pick()
            if pick is not None:
                out = pick.press(event)
                if isinstance(out, Answer):
                    self._shoot(d, out.value)
            else:
                if self.show.ours():
                    self.show.put(None)
                inputs.press(d, event)
            self.show.visit_over()
        else:
            self.show.start_visit()
            lying = self._on_reader()
            if lying is not None:
                self._play(lying)

    def tap(self, d: Daemon, uid: str) -> None:
        """A card on the reader: a visitor's shot with it (the team's Bazooka or another weapon
        if it does not hold that card: said); during a visit, the visitor's prompt's."""
        self._woken()
        self._tap(d, self.card_of(uid))
        self.show.noticed()
        self.show.offer_shot()

    def _box_to_answer(self, d: Daemon) -> bool:
        """The short game's box Red to answer (on the show's beat, not a visitor's press/tap)."""
        return self.show.act == Act.VERSUS and not d.queue and boxseat.box_team(d.game) is not None

    def _tap(self, d: Daemon, card: str | None) -> None:
        if self._box_to_answer(d):
            return
        if self.show.act in (Act.VISITOR, Act.VERSUS):
            pick = self._pick()
            if pick is not None and card is not None and pick.tap(card) is None:
                self._not_held(card, pick.selected)      # (the pick stays under it)
                return
            self._shoot(d, card)
            self.show.visit_over()
        else:
            self.show.start_visit()
            self._play(card, say=True)

    def _play(self, card: str | None, say: bool = False) -> None:
        """The visitor's first card: ``card`` if the team holds it; else the weapons it holds
        to pick from (and, with ``say``, that it does not hold ``card``)."""
        d = self.show.d
        if card is not None and card in weapons(d.current()):
            self._shoot(d, card)
            self.show.visit_over()
            return
        self.show.offer_shot()
        pick = self._pick()
        if say and card is not None and pick is not None:
            self._not_held(card, pick.selected)

    def _pick(self) -> WeaponPick | None:
        """The visitor's weapons on show (the show's own screen), if they are."""
        mine = self.show.mine
        return mine if isinstance(mine, WeaponPick) and self.show.ours() else None

    def _shoot(self, d: Daemon, card: str | None) -> None:
        """``card`` tapped at the table's prompt (whatever was over it taken off: its path)."""
        self.show.put(None)
        prompt = d.current()
        inputs.outcome(d, prompt, prompt.tap(card))

    def _not_held(self, card: str, held: str | None) -> None:
        d = self.show.d
        d.state.set(overlay=Notice(lambda v: not_held(v.lang, d.cards, card, held)))

    def _woken(self) -> None:
        show = self.show
        show.last_input = show.d.clock()
        show.wake.set()

    def card_of(self, uid: str) -> str | None:
        """The card of a tag: enrolled, else the daemon's lookup (the sim tags)."""
        d = self.show.d
        card = d.tags.card(uid)
        if card is None and d.tag_lookup is not None:
            card = d.tag_lookup(uid)
        return card

    def _on_reader(self) -> str | None:
        """The card lying on the reader now, if any."""
        reader = self.show.d.dev.get("card_reader")
        uid = getattr(reader, "current", None)
        return self.card_of(uid) if uid else None


__all__ = ["Daemon", "ShowInputs"]
