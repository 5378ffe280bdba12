"""The box's prompts, the widgets every question is asked with: a menu, a cursor on the LED
grid, a card tap, the rolled dice, a card drawn from a real deck, a notice.

A prompt draws itself (``screen(view)`` for the OLED, ``frame(view, t)`` for the LEDs) and
turns the players' inputs into an outcome: ``press(InputEvent)`` and ``tap(card_id)`` return
an :class:`Answer` (a legal value), a :class:`Refuse` (a mistake: say so, change nothing) or
None (the cursor moved: draw again).  The buttons, the rotary encoder, the card reader and the
browser view all answer through these two methods, so they cannot disagree.  Which widget asks
which decision, and with what words, is :mod:`table.app.asking.prompts`' table.

Inputs: the six direction buttons move a cursor over the LED grid (hex prompts) or up and down
a menu (1 and 6 a row up, 4 and 3 a row down; 2 and 5 a screenful, four rows, up and down, as
the count of a deck's cards steps ten with them), the same in every list (a list of directions
too: no number button picks a row; :func:`scroll`); a rotary encoder's cw/ccw steps through
the options; OK chooses, and only OK; Back closes a sub-menu.  A long press of Back is the
daemon's (undo).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Callable

from table.engine.chance import face_direction
from table.engine.decisions import PASS, Decision
from table.hexgrid import Hex, neighbour
from table.ui import scenes, screens
from table.ui.instructions import worm_number
from table.ui.strings import text

from table.app.asking.prompt import Answer, Nested, Prompt, Refuse, View
from table.app.asking.cursor import jump_table, reach
from table.inputs import DIRECTIONS, TURNS

WEAPONS = ("starter", "supply", "superweapon")
#: how far each input moves a list's cursor: a row, or (2 and 5) a screenful
PAGE = screens.MENU_ROWS
UP = {"1": -1, "6": -1, "2": -PAGE, "ccw": -1, "4": 1, "5": PAGE, "3": 1, "cw": 1}
LEFT_RIGHT = {"6": -1, "5": -1, "1": -1, "ccw": -1, "2": 1, "3": 1, "4": 1, "cw": 1}
INCH, JUMP, OPTION = scenes.INCH, scenes.JUMP, scenes.OPTION


def scroll(cursor: int, rows: int, name: str) -> int:
    """Where input ``name`` (one of :data:`UP`) takes a list's cursor from row ``cursor`` of
    ``rows``: a row up or down, round from one end to the other; a screenful up or down,
    stopping at the first or the last row (and from there round to the other end)."""
    d = UP[name]
    if abs(d) == 1:
        return (cursor + d) % rows
    end = 0 if d < 0 else rows - 1
    return rows - 1 - end if cursor == end else min(max(cursor + d, 0), rows - 1)


class Menu(Prompt):
    """A list on the OLED, its cursor on ``cursor`` (the ruling's default); ``lights`` gives
    each row's LED frame."""
    animated = False

    def __init__(self, title: str | Callable[[View], str], labels: list[str], values: list,
                 cursor: int = 0,
                 lights: Callable[[View, Any, float], scenes.Frame] | None = None,
                 draw: Callable[[View, int], screens.Screen] | None = None):
        self.title, self.labels, self.values = title, labels, list(values)
        self.cursor = max(0, min(cursor, len(values) - 1))
        self.lights = lights
        self.draw = draw
        self.animated = lights is not None

    @property
    def selected(self):
        return self.values[self.cursor]

    def screen(self, view):
        if self.draw is not None:
            return self.draw(view, self.cursor)
        title = self.title(view) if callable(self.title) else self.title
        return screens.menu(title, self.labels, self.cursor)

    def frame(self, view, t):
        return self.lights(view, self.selected, t) if self.lights else view.base(t)

    def press(self, event):
        if event.long:
            return None
        if event.name == "ok":
            return Answer(self.selected)
        if event.name in UP:
            self.cursor = scroll(self.cursor, len(self.values), event.name)
        return None


class HexPick(Nested):
    """A cursor on the LED grid: the direction buttons step it to the next hex (anywhere on
    the grid, so every option can be reached), cw/ccw jump between the options, OK picks the
    hex under it.  A hex with several answers (inch or jump; two worms) opens a menu."""

    def __init__(self, options: dict[Hex, list[tuple[Any, str]]], colours: dict[Hex, tuple],
                 start: Hex, draw: Callable[[View, Hex], screens.Screen],
                 sub_title: Callable[[View], str] | None = None, keep: tuple = (),
                 snap: bool = False, miss: Refuse | None = None):
        # a direction button jumps from option to option (where that reaches them all)
        self.jumps = jump_table(options) if snap else None
        self.miss = miss          # OK on a hex that is not an option: why not
        self.options = options
        self.order = list(options)
        self.colours = colours
        self.cursor = start if start is not None or not self.order else self.order[0]
        self.draw = draw
        self.sub: Menu | None = None
        self.sub_title = sub_title
        self.keep = keep          # hexes always shown in their board colour (the worm)

    def own_selected(self):
        opts = self.options.get(self.cursor)
        return opts[0][0] if opts and len(opts) == 1 else None

    def screen(self, view):
        if self.sub is not None:
            return self.sub.screen(view)
        return self.draw(view, self.cursor)

    def frame(self, view, t):
        base = view.base(t)
        frame = scenes.lit(scenes.dimmed(base), {h: base[h] for h in self.keep if h in base})
        frame = scenes.lit(frame, {h: self.colours.get(h, OPTION) for h in self.options})
        return scenes.cursor(frame, self.cursor, t, dark=True) if self.cursor in frame else frame

    def next_hex(self, here: Hex, d: int) -> Hex:
        """Where direction button ``d`` takes the cursor from ``here``: the option that button
        jumps to (:func:`~table.app.asking.cursor.reach`), else the next hex of the grid or
        the options (over a hex without an LED, the dial's); ``here`` if there is none."""
        if self.jumps is not None:
            return (self.jumps.get(here) or reach(here, self.order)).get(d, here)
        nxt = neighbour(here, d)
        if nxt not in self.domain:
            nxt = neighbour(nxt, d)
        return nxt if nxt in self.domain else here

    def own_press(self, event):
        name = event.name
        if name == "back" and self.back is not None:
            return self.back
        if name in DIRECTIONS:
            self.cursor = self.next_hex(self.cursor, int(name))
        elif name in TURNS and self.order:
            i = self.order.index(self.cursor) if self.cursor in self.order else -1
            self.cursor = self.order[(i + (1 if name == "cw" else -1)) % len(self.order)]
        elif name == "ok":
            opts = self.options.get(self.cursor)
            if not opts:
                return self.miss
            if len(opts) == 1:
                return Answer(opts[0][0])
            self.sub = Menu(self.sub_title or "", [label for _, label in opts],
                            [value for value, _ in opts])
        return None

    domain: frozenset = frozenset()
    back: Answer | None = None    # what a short Back answers (a move: skip it)
    cards: Mapping = {}
    ahead: Any = None             # a move: the skip a weapon card tapped now skips ahead with

    def tap(self, card_id):
        card = self.cards.get(card_id) if card_id is not None else None
        if self.ahead is not None and card is not None and card.kind in WEAPONS:
            return Answer(self.ahead, then=card_id)     # skip the moves, play that card
        return super().tap(card_id)


class CardTap(Prompt):
    """Tap a weapon card; OK passes (plays none).  The active worm blinks on the LEDs."""

    def __init__(self, options, team: str | None = None, cards: Mapping | None = None,
                 face_down: bool = False):
        self.options = tuple(options)
        self.team = team
        self.cards = cards or {}
        self.face_down = face_down      # the hand holds the Starter dealt face down

    @property
    def selected(self):
        return PASS if PASS in self.options else None

    def screen(self, view):
        footer = f"{text('button.ok', view.lang)}: {text('move.skip', view.lang)}"
        n = worm_number(view.worm) if view.worm else None
        title = (text("turn.title", view.lang, team=text(f"team.{view.team}", view.lang), n=n)
                 if view.team else text("card.title", view.lang))
        body = text("prompt.card", view.lang)
        if self.face_down:                  # (the one card the box may not know yet)
            body += "\n" + text("teach.hint", view.lang)
        return screens.message(title, body, footer=footer if PASS in self.options else None)

    def frame(self, view, t):
        h = view.worm_at()
        base = view.base(t)
        return scenes.cursor(scenes.dimmed(base), h, t) if h in base else base

    def press(self, event):
        if event.name == "ok" and not event.long and PASS in self.options:
            return Answer(PASS)
        return None

    def tap(self, card_id):
        if card_id is None:                 # (the face-down Starter: the walk teaches it)
            return Refuse("error.unknown_not_in_hand", {"team": self.team or ""})
        if card_id not in self.options:
            card = self.cards.get(card_id)
            if card is not None and card.kind not in ("starter", "supply", "superweapon"):
                return Refuse("error.not_weapon", {"card": card_id})
            return Refuse("error.not_in_hand", {"card": card_id, "team": self.team or ""})
        return Answer(card_id)


class DicePick(Prompt):
    """The rolled dice on the OLED, the cursor on one; OK picks its face."""

    def __init__(self, faces: list[str], options, default):
        self.faces = faces
        self.options = options
        self.cursor = faces.index(default) if default in faces else 0

    @property
    def selected(self):
        return self.faces[self.cursor]

    def screen(self, view):
        return screens.dice(view.lang, self.faces, self.cursor, wind=view.board.wind)

    animated = True

    def frame(self, view, t):
        """Where each die would send the Target Token: its landing hex lit, the die under the
        cursor's blinking."""
        base = view.base(t)
        target = view.board.target
        if target is None:
            return base
        land = {f: (target if (d := face_direction(f, view.board.wind)) is None
                    else neighbour(target, d)) for f in self.faces}
        frame = scenes.lit(scenes.dimmed(base), {h: OPTION for h in land.values()})
        here = land[self.selected]
        return scenes.cursor(frame, here, t, dark=True) if here in base else frame

    def press(self, event):
        if event.long:
            return None
        if event.name == "ok":
            return Answer(self.selected) if self.selected in self.options else None
        if event.name in LEFT_RIGHT:
            self.cursor = (self.cursor + LEFT_RIGHT[event.name]) % len(self.faces)
        return None


class DeckTap(Prompt):
    """A card drawn from the players' own deck (``card_tapped``): draw the top card of the
    real Supply or Drop deck and tap it.  The screen names no Supply card (they stay secret);
    a card not in that deck is refused with why; the buttons answer nothing."""
    animated = False

    def __init__(self, d: Decision, team: str | None = None):
        self.deck = d.item if d.item in ("supply", "drop") else "supply"
        self.options = tuple(d.options)
        self.team = d.actor or team

    def screen(self, view):
        team = text(f"team.{self.team}", view.lang) if self.team else ""
        key = "draw.supply_box" if self.deck == "supply" and self.team in view.box else \
            f"draw.{self.deck}"
        return screens.message(text(f"draw.{self.deck}_title", view.lang),
                               text(key, view.lang, team=team))

    def tap(self, card_id):
        if card_id is None:
            return Refuse("error.unknown_tag")
        if card_id not in self.options:
            return Refuse(f"error.not_in_{self.deck}", {"card": card_id})
        return Answer(card_id)


class Notice(Prompt):
    """A message shown until a button is pressed (an error, "undone", the winner)."""
    animated = False

    def __init__(self, draw: Callable[[View], screens.Screen], frame=None):
        self.draw = draw
        self._frame = frame
        self.animated = frame is not None

    def screen(self, view):
        return self.draw(view)

    def frame(self, view, t):
        return self._frame(view, t) if self._frame else view.base(t)

    def press(self, event):
        return Answer(None) if not event.long else None

    def tap(self, card_id):
        return None


__all__ = ["CardTap", "DeckTap", "DicePick", "HexPick", "INCH", "JUMP", "LEFT_RIGHT", "Menu",
           "Notice", "OPTION", "PAGE", "UP", "WEAPONS", "scroll"]
