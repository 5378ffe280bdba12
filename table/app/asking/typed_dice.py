"""The players' own dice (players'-dice mode): a die or the Danger Flipper rolled for real,
typed in on a screen of its own.

The screen says which die it is of how many rolled together ("Die 2 of 4") and what it is
for (the Accuracy roll, the Blast on Red 2, the Oil Drum's fire dice, the wind, a jump, a
scatter, a knockback, a mine's flip), the faces already typed for that roll, and the LEDs show
the hex it is for.  On a die, buttons 1-6 enter that number at once (a number, not a row of
a list); OK opens the list of the other faces (the wind face, the bullseye), its cursor on
the first, which moves and picks as every list does (1 and 4 a row, OK picks; Back closes
it), so an idle OK on the die enters nothing.  The Danger Flipper's two sides are such a list
on the coin's own screen, no side under the cursor at first: 4 goes down onto Safe, 1 up onto
Danger, OK picks the side under the cursor (with none, it puts the cursor on the first: an
idle OK enters nothing).  On an encoder build cw/ccw walk a cursor over every face (a coin's
sides) and OK enters the one under it.  The face typed last can be taken back with a long
Back (the daemon's undo, :meth:`table.engine.game.Game.undo`), until the next die is typed;
the journal keeps every face typed, taken back or not.
"""

from __future__ import annotations

from table.engine.board import FLIPPED_FOR
from table.engine.chance import FACES, SIDES
from table.engine.decisions import Decision, DecisionKind
from table.ui import scenes, screens
from table.ui.layout import card_name
from table.ui.strings import text

from table.app.asking.prompt import Answer, Nested, View
from table.app.asking.contexts import _name
from table.app.asking.pickers import UP, Menu, scroll
from table.inputs import TURNS

NUMBERS = ("1", "2", "3", "4", "5", "6")
#: what a roll may be for (Resolver.roll's ``why``) -> its words (table/ui/locale)
ROLL_FOR = ("accuracy", "wind", "jump", "scatter", "knockback", "blast", "oil_drum", "move")


class FaceEntry(Nested):
    """A die face (``die_typed``) or a Danger Flipper side (``flip_typed``) typed in (see
    the module doc).  ``sub`` is the list OK opened on a die (the wind face, the bullseye);
    ``cursor`` the face or side under the cursor (None: none yet)."""
    animated = True

    def __init__(self, d: Decision):
        self.kind = d.kind
        info = tuple(d.info or ())
        self.roll_for, self.k, self.n, self.thing = (info + ("", 1, 1, None)[len(info):])[:4]
        self.values = list(FACES if d.kind == DecisionKind.DIE_TYPED else SIDES)
        self.cursor: int | None = None           # a coin's side; a face on encoder builds
        self.sub: Menu | None = None

    def own_selected(self):
        return self.values[self.cursor] if self.cursor is not None else None

    # -- what it says -------------------------------------------------------------------------
    def title(self, lang: str) -> str:
        if self.kind is DecisionKind.FLIP_TYPED:
            return text("coin.title", lang)
        if self.n > 1:
            return text("typed.die_of", lang, k=self.k, n=self.n)
        return text("typed.die", lang)

    def what_for(self, view: View) -> str:
        lang = view.lang
        if self.kind is DecisionKind.FLIP_TYPED:
            what = text(f"thing.{self.roll_for}", lang) if self.roll_for in FLIPPED_FOR else ""
        elif self.roll_for in ROLL_FOR:
            what = text(f"roll.for.{self.roll_for}", lang)
        else:
            what = ""
        if self.roll_for == "accuracy":          # the card being aimed
            card = next((e["card"] for e in reversed(view.events)
                         if e.get("event") == "play"), None)
            if card is not None and card in view.cards:
                return f"{what}: {card_name(view.cards, card, lang)}"
        if self.thing is not None and self.thing in view.board.things:
            who = _name(view, self.thing)
            return f"{what}: {who}" if what else who
        return what

    def so_far(self, view: View) -> list[str]:
        """The faces already typed for this roll (dice 1..k-1 of it)."""
        if self.k <= 1:
            return []
        rolls = [e["face"] for e in view.events
                 if e.get("event") == "roll" and e.get("for") == self.roll_for]
        return rolls[-(self.k - 1):]

    def screen(self, view):
        lang = view.lang
        if self.sub is not None:
            return self.sub.screen(view)
        if self.kind is DecisionKind.FLIP_TYPED:
            return screens.noted_menu(self.title(lang), self.what_for(view),
                                      [text(f"coin.{s}", lang) for s in SIDES], self.cursor,
                                      hint=screens.pick(lang))
        lines = [self.what_for(view)]
        typed = self.so_far(view)
        if typed:
            lines.append(text("typed.so_far", lang, faces=", ".join(
                f if f in NUMBERS else text(f"face_short.{f}", lang) for f in typed)))
        if self.cursor is not None:
            lines.append("→ " + self.label(lang, self.values[self.cursor], view.board.wind))
        return screens.message(self.title(lang), "\n".join(x for x in lines if x),
                               hint=text("typed.keys", lang))

    @staticmethod
    def label(lang: str, value: str, wind: int) -> str:
        if value in SIDES:
            return text(f"coin.{value}", lang)
        return text(f"face.{value}", lang, d=wind)

    # -- the LEDs: the hex the die is for -------------------------------------------------------
    def frame(self, view, t):
        base = view.base(t)
        thing = view.board.things.get(self.thing) if self.thing else None
        h = thing.at if thing is not None else (
            view.board.target if self.roll_for in ("accuracy", "scatter", "knockback") else None)
        if h is None or h not in base:
            return base
        return scenes.cursor(scenes.dimmed(base), h, t)

    # -- the inputs -----------------------------------------------------------------------------
    def own_press(self, event):
        name = event.name
        coin = self.kind is DecisionKind.FLIP_TYPED
        if name in NUMBERS and not coin:
            return Answer(name)
        if name in TURNS or (coin and name in UP):
            if self.cursor is None:               # (none yet: onto the first or the last)
                self.cursor = 0 if UP[name] > 0 else len(self.values) - 1
            else:
                self.cursor = scroll(self.cursor, len(self.values), name)
        elif name == "ok" and self.cursor is not None:
            return Answer(self.values[self.cursor])
        elif name == "ok" and coin:
            self.cursor = 0                       # (an idle OK enters nothing: the cursor shows)
        elif name == "ok":
            more = [f for f in self.values if f not in NUMBERS]

            def draw(v: View, cursor: int) -> screens.Screen:
                return screens.menu(text("typed.more", v.lang),
                                    [self.label(v.lang, f, v.board.wind) for f in more], cursor)
            self.sub = Menu("", more, more, draw=draw)
        return None


__all__ = ["FaceEntry"]
