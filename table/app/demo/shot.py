"""A visitor's weapon step at the shop demo (issue 38 item 3): the weapons the team really holds,
listed on the OLED by name, the cursor on one of them; ▲▼ (or the encoder) move it, OK plays
it, and tapping a card the team holds plays that one.  A visitor cannot see the team's hand,
so the table's own weapon prompt ("tap a weapon card"; OK plays none) would have them guess;
here OK never passes by surprise.  The show (table/app/demo/show.py) puts it over the table's
prompt (:class:`~table.app.asking.pickers.CardTap`), whose answer it gives."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from table.engine import DecisionKind, Phase
from table.engine.decisions import PASS
from table.ui import scenes, screens
from table.ui.strings import text

from table.ui.instructions import worm_number

from table.app.asking.prompt import View
from table.app.asking.prompts import Answer, Menu

PREFERRED = ("bazooka", "grenade")   # where the cursor starts, when the team holds one


def weapons(asked: Any) -> list[str]:
    """The cards the table's weapon prompt ``asked`` would take (the team's hand), the
    preferred first; none when it is no weapon prompt."""
    held = [c for c in getattr(asked, "options", ()) if c != PASS]
    return sorted(held, key=lambda c: (c not in PREFERRED, PREFERRED.index(c)
                                       if c in PREFERRED else 0))


class WeaponPick(Menu):
    """The team's weapons by name (``asked``: the table's weapon prompt under it, whose LED
    frame it shows: the active worm blinking)."""

    def __init__(self, asked: Any, cards: Mapping, lang: str, key: tuple = ()) -> None:
        self.asked, self.key = asked, key
        held = weapons(asked)
        super().__init__(self._title, [screens.menu_item(cards[c].name(lang) if c in cards
                                                         else c) for c in held], held)
        self.animated = True             # (the active worm blinks)

    @staticmethod
    def _title(view: View) -> str:
        if view.team is None:
            return text("demo.title", view.lang)
        n = worm_number(view.worm) if view.worm else None
        return text("turn.title", view.lang, team=text(f"team.{view.team}", view.lang), n=n)

    def frame(self, view: View, t: float) -> scenes.Frame:
        return self.asked.frame(view, t)

    def tap(self, card_id: str | None) -> Answer | None:
        """A card tapped: played if the team holds it (None: the show says it does not)."""
        return Answer(card_id) if card_id in self.values else None


def pick_for(d: Any, team: str | None, on_show: Any) -> WeaponPick | None:
    """The pick to show over the daemon ``d``'s prompt: ``on_show`` (the show's screen on show)
    while it is the pick of the decision asked, else a new one when ``team`` is asked its
    weapon and nothing is over the table's prompt; None when the team is asked no weapon
    (or holds none: the table's prompt, whose OK plays none, says so)."""
    game = d.game
    if (game is None or game.request is None or d.queue or game.turn.team != team
            or game.turn.step != Phase.WEAPON or game.request.kind != DecisionKind.CARD):
        return None
    key = (id(game.request), len(game.log))
    if isinstance(on_show, WeaponPick) and on_show.key == key:
        return on_show
    if d.overlay is not None:
        return None
    asked = d.current()
    return WeaponPick(asked, d.cards, d.lang, key) if weapons(asked) else None


__all__ = ["PREFERRED", "WeaponPick", "pick_for", "weapons"]
