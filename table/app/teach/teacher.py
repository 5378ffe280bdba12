"""Teaching the box a card: where the walk (table/app/teach/walk.py) starts, and what follows it.

A tag the box does not know, tapped where a card is asked for -- a weapon card to play, a card
drawn from the players' own deck, the wizard's "teach the box your cards" pass -- opens the
walk (so does the "unknown card" button, :data:`UNKNOWN_BUTTONS`, there: for a card with no
tag yet).  Once the card is told, the :class:`Teacher` makes it known: it is written to the
owner's card folder (so the next game knows it), joins the running game's library, its tag is
enrolled, and the answer the game was waiting for is given with it (the card is played, or
drawn).  Back on the walk's first screen leaves it; the question it came from is asked again.

The page's card form (table/web/cardform.py) is the same walk, faster: the Teacher is the
page's :class:`~table.ui.pagelink.CardSink`.  A card written there while the box walks an
unknown tag finishes that walk (the card, with the name typed on the page, is enrolled to the
tag and played or drawn at once, as the walk would); written while a card tapped in private
waits (an unknown tag tapped where no card is asked for: the Starter dealt face down, say),
it is enrolled to that tag and the OLED names nothing; written at any other time, it joins
the running game's cards at once (no restart).

:class:`TeachPass` is the pass itself: the players tap each card of their Supply deck once;
a known card is ticked off, an unknown one goes through the walk; the screen counts how many
are left of the deck's size, asked first (:class:`Count`).
"""

from __future__ import annotations

import logging
from functools import partial
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from table.ui import screens
from table.ui.layout import card_name, short
from table.ui.pagelink import Mine
from table.ui.strings import text

from table.app.host import Host
from table.app.core.mode import Mode
from table.app.asking.prompts import Answer, CardTap, DeckTap, Notice, Prompt, Refuse, View

if TYPE_CHECKING:       # the walk itself (table/app/teach/walk.py) is imported when a card is taught
    from table.app.teach.walk import Walk

log = logging.getLogger("worms-table")

#: the buttons that open the walk for a card without a tag, where a card is asked for
UNKNOWN_BUTTONS = ("4", "cw")
MAX_PRIVATE = 4             # tags tapped in private waiting for pages, at most
SUPPLY_DECK = ("supply", "superweapon")


def private_screen(key: str, view: View) -> screens.Screen:
    """What the OLED says of a card tapped in private (``teach.private``: not known, teach
    it on your own page; ``teach.private_done``: learnt): never the card itself."""
    return screens.message(text("teach.title", view.lang), text(key, view.lang),
                           hint=screens.go_on(view.lang))


class Count(Prompt):
    """A number from 1 to 99: ▲▼ (buttons 1 and 4, the encoder) one, ◥◣ (2 and 5) ten."""
    animated = False
    STEP = {"1": 1, "4": -1, "cw": 1, "ccw": -1, "2": 10, "5": -10}

    def __init__(self, title: str, body: str, n: int):
        self.title, self.body = title, body
        self.n = max(1, min(99, n))

    @property
    def selected(self) -> int:
        return self.n

    def screen(self, view: View) -> screens.Screen:
        return screens.message(self.title, self.body,
                               footer=f"= {self.n}   {text('button.ok', view.lang)} →")

    def press(self, event) -> Answer | Refuse | None:
        if event.long:
            return None
        if event.name == "ok":
            return Answer(self.n)
        if event.name in self.STEP:
            self.n = max(1, min(99, self.n + self.STEP[event.name]))
        return None


class TeachPass(Prompt):
    """Tap each card of the Supply deck once: known ones are ticked off, unknown ones taught
    (the :class:`Teacher` takes those taps); OK when the deck is done."""
    animated = False

    def __init__(self, cards: Mapping, total: int):
        self.cards = cards
        self.total = total
        self.tapped: list[str] = []         # each card tapped (known or taught), in order
        self.taught: list[str] = []         # the cards taught on the way

    @property
    def left(self) -> int:
        return max(0, self.total - len(self.tapped))

    def screen(self, view: View) -> screens.Screen:
        lang = view.lang
        body = text("teach.pass_left", lang, n=self.left)
        if self.tapped:
            last = self.tapped[-1]
            body += "\n" + short("✓ " + card_name(self.cards, last, lang))
        return screens.message(text("teach.pass_title", lang), body,
                               footer=f"{text('button.ok', lang)}: {text('teach.done', lang)}")

    def press(self, event) -> Answer | Refuse | None:
        if event.name == "ok" and not event.long:
            return Answer(tuple(self.tapped))
        return None

    def tap(self, card_id: str | None) -> Answer | Refuse | None:
        if card_id is None:                 # (the Teacher walks an unknown tag)
            return Refuse("error.unknown_tag")
        card = self.cards.get(card_id)
        if card is None or card.kind not in SUPPLY_DECK:
            return Refuse("teach.not_supply", {"card": card_id})
        self.tapped.append(card_id)
        return None

    def learnt(self, card_id: str) -> None:
        self.tapped.append(card_id)
        self.taught.append(card_id)


class Teacher:
    """The daemon's walks: which one is on show, where it came from, what follows it.

    ``daemon`` gives the language, the cards, the tags, the game and how to answer it (the
    :class:`~table.app.daemon.Daemon`; the teacher only reads those and calls ``answer``)."""

    def __init__(self, daemon: Host):
        self.d = daemon
        self.walk: Walk | None = None
        self.uid: str | None = None
        self.source: Prompt | None = None    # the prompt the walk came from
        self.private: list[str] = []         # tags tapped in private, for the pages' forms
        self.secrets: set[str] = set()       # the cards taught so (shown once played)
        self.form = False                    # a page with the card form is served
        self.off = False                     # no walk offered (the shop demo writes nothing)

    @property
    def prompt(self) -> Prompt | None:
        return self.walk.prompt if self.walk is not None else None

    def owns(self, prompt: Prompt) -> bool:
        return self.walk is not None and prompt is self.walk.prompt

    # -- starting ------------------------------------------------------------------------------
    @staticmethod
    def kinds_for(prompt: Prompt) -> tuple[str, ...] | None:
        """The kinds a card tapped at ``prompt`` can be, most likely first (None: no card the
        box does not know can be played or drawn there).  A weapon card to play comes from the
        team's hand, where every card is known but the Starter dealt face down."""
        if isinstance(prompt, TeachPass):
            return SUPPLY_DECK
        if isinstance(prompt, DeckTap):
            return SUPPLY_DECK if prompt.deck == "supply" else ("drop", "sudden_death")
        if isinstance(prompt, CardTap):
            return ("starter",) if prompt.face_down else None
        return None

    def tap(self, uid: str | None, prompt: Prompt) -> bool:
        """A tag the box does not know (``uid``; None: the unknown-card button) at ``prompt``:
        the walk starts, True; False if no card is asked for there."""
        kinds = self.kinds_for(prompt)
        if kinds is None or self.off:
            return False
        from table.app.teach.walk import Walk, names      # not before the first card is taught: a start's CPU

        cards = self.d.cards
        self.walk = Walk(self.d.lang, self.new_id(), names(self.number()), kinds, known=cards)
        self.uid, self.source = uid, prompt
        log.info("an unknown card%s: the walk starts", f" (tag {uid})" if uid else "")
        return True

    def tapped(self, uid: str, card_id: str | None, prompt: Prompt):
        """A tap at ``prompt``: a tag the box does not know starts the walk where a card is
        asked for (None: nothing more to do); otherwise the prompt's own outcome."""
        if card_id is None and self.tap(uid, prompt):
            return None
        if isinstance(prompt, CardTap):       # (not in the hand: the prompt says so)
            return prompt.tap(card_id)
        if card_id is None and self.form and not self.off and self.walk is None and \
                self.d.mode == Mode.PLAY:
            if uid not in self.private:      # the card stays secret: taught on the page
                self.private = [*self.private, uid][-MAX_PRIVATE:]
            self.d.state.set(overlay=Notice(partial(private_screen, "teach.private")))
            log.info("an unknown card (tag %s) tapped in private: for the page's form", uid)
            return None
        return prompt.tap(card_id)

    def press(self, event, prompt: Prompt) -> bool:
        """A press on the walk (Back: one screen back, or out of it), or the unknown-card
        button where a card is asked for (the walk starts): True when the press is taken."""
        if self.owns(prompt):
            if event.name == "back" and not event.long:
                if self.walk is not None and not self.walk.back():
                    self.leave()
            elif isinstance(out := prompt.press(event), Answer):
                self.take(out.value)
            return True
        if event.long or event.name not in UNKNOWN_BUTTONS:
            return False
        return self.tap(None, prompt)

    def number(self) -> int:
        """The number of the next taught card ("Card 3")."""
        ids = [c for c in self.d.cards if c.startswith("card_") and c[5:].isdigit()]
        return max((int(c[5:]) for c in ids), default=0) + 1

    def new_id(self) -> str:
        return f"card_{self.number()}"

    # -- on the walk ---------------------------------------------------------------------------
    def leave(self) -> None:
        self.walk = self.uid = self.source = None

    def take(self, value: Any) -> None:
        """The walk's screen answered ``value``."""
        from table.app.teach.walk import Result

        assert self.walk is not None
        out = self.walk.answer(value)
        if out == "cancel":
            self.leave()
        elif isinstance(out, Result):
            source, uid = self.source, self.uid
            self.leave()
            card_id = self.learn(out.raw, uid)
            if isinstance(source, TeachPass):
                source.learnt(card_id)
            elif source is not None:
                self.d.answer(card_id)

    def learn(self, raw: dict, uid: str | None) -> str:
        """Make the card known: its file in the owner's card folder (the next games know it;
        if it cannot be written, this game still does), then :meth:`join`."""
        from table.cards import CardError, authoring
        card, problems = authoring.check(raw, self.d.cards, source="taught")
        assert card is not None, problems        # (the walk checked it)
        try:
            path = self.d.cards.write(raw)       # (the library reads it again)
            card = card._replace(source=str(path))
            log.info("card %s taught: %s", card.id, path)
        except CardError as err:
            log.error("card %s taught, but not saved for later games: %s", card.id,
                      "; ".join(err.problems))
        return self.join(card, uid)

    def join(self, card, uid: str | None) -> str:
        """The card joins the running game's cards (journaled) and the library every part
        reads (the tags, the page, the wizard); its tag is enrolled."""
        self.d.cards.add(card)
        if self.d.jg is not None and card.id not in self.d.jg.game.cards:
            self.d.jg.add_card(card)
        if uid is not None:
            self.d.tags.enrol(uid, card.id)
            if uid in self.private:               # (taught on the buttons after all)
                self.private.remove(uid)
        return card.id

    # -- the page's card form (table.ui.pagelink.CardSink) -------------------------------------
    def card_problem(self, raw: dict) -> str | None:
        """Why the page's card cannot be the one the box is waiting for (None: it can)."""
        walk = self.walk
        if walk is None or not isinstance(raw, dict) or raw.get("kind") in walk.kinds:
            return None
        lang = self.d.lang
        return text("teach.form_kind", lang,
                    kinds=", ".join(text(f"teach.kind.{k}", lang) for k in walk.kinds))

    def card_note(self, mine: Mine) -> str | None:
        """What writing a card on the page does now, when it does more than write a file."""
        if self.walk is not None:
            return text("teach.form_walk", self.d.lang)
        if self._private_for(mine) is not None:
            return text("teach.form_private", self.d.lang)
        return None

    def card_to_write(self, raw: dict, mine: Mine) -> dict:
        """A card that finishes a tag tapped in private is written as "card_N": its id, which
        anyone may look for (the form's check), says nothing of it until it is played."""
        if self.walk is None and self._private_for(mine) is not None:
            return {**raw, "id": self.new_id()}
        return raw

    def _private_for(self, mine: Mine) -> str | None:
        """The tag tapped in private that the writing page may finish (the last it tapped)."""
        return next((uid for uid in reversed(self.private) if mine(uid)), None)

    def card_added(self, raw: dict, path: str, mine: Mine) -> dict:
        """The page's form wrote ``raw`` to ``path`` (on the loop): the card is known at once;
        the walk on show or the tag tapped in private ends with it (see the module doc)."""
        from table.cards import CardError, load_file
        try:                                      # (written through the library, checked)
            [card] = load_file(path)
        except (CardError, ValueError) as err:
            log.error("card from the page not taken: %s", err)
            return {}
        with self.d.store.one_commit():
            out = self._take_from_page(card, mine)
        self.d.render()
        return out

    def secret(self) -> set[str]:
        """The cards taught in private that the running game has not seen played: the page
        lists them only where it shows the hand to play."""
        game = self.d.game
        if not self.secrets or game is None:
            return set(self.secrets)
        played = {e.get("card") for e in game.events if e.get("event") == "play"}
        return self.secrets - played

    def card_renamed(self, card_id: str, path: str) -> None:
        """The page renamed card ``card_id`` (its file at ``path``): shown by its new name at
        once (the game's rules are the same card)."""
        from table.cards import CardError, load_file
        try:
            [card] = [c for c in load_file(path) if c.id == card_id]
        except (CardError, ValueError) as err:
            log.error("card %s renamed, but its file does not read back: %s", card_id, err)
            return
        self.d.cards.add(card)
        self.d.render()

    def _take_from_page(self, card, mine: Mine) -> dict:
        if self.walk is not None:
            source, uid = self.source, self.uid
            self.leave()
            self.join(card, uid)
            if isinstance(source, TeachPass):
                source.learnt(card.id)
            elif source is not None:
                self.d.answer(card.id)
            return {"taught": card.id}
        if (uid := self._private_for(mine)) is not None:
            self.join(card, uid)
            self.secrets.add(card.id)
            self.d.state.set(overlay=Notice(partial(private_screen, "teach.private_done")))
            return {"taught": card.id}
        self.join(card, None)
        return {"added": card.id}


__all__ = ["Count", "TeachPass", "Teacher", "UNKNOWN_BUTTONS", "private_screen"]
