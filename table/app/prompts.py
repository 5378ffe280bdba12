"""Decision -> screen + LED scene + how the inputs pick an answer: the one place for it.

Every request of the game (and every step of the wizard) becomes a :class:`Prompt`.  A prompt
draws itself (``screen(view)`` for the OLED, ``frame(view, t)`` for the LEDs) and turns the
players' inputs into an outcome: ``press(InputEvent)`` and ``tap(card_id)`` return an
:class:`Answer` (a legal value), a :class:`Refuse` (a mistake: say so, change nothing) or
None (the cursor moved: draw again).  The buttons, the rotary encoder, the card reader and the
browser view all answer through these two methods, so they cannot disagree.

Inputs: the six direction buttons move a cursor over the LED grid (hex prompts), up and down
a menu (1 up, 4 down; 6/2 up, 5/3 down) or pick a direction directly; a rotary
encoder's cw/ccw steps through the options; OK chooses; Back closes a sub-menu.  A long press
of Back is the daemon's (undo).
"""

from __future__ import annotations

from typing import Any, Callable

from table.engine.chance import face_direction
from table.engine.decisions import Decision, DecisionKind, Purpose
from table.hexgrid import Hex, neighbour
from table.ui import scenes, screens
from table.ui.instructions import worm_number
from table.ui.strings import text, worm_name

from .asking import Answer, Prompt, Refuse, View
from .contexts import (_aim_draw, _direction_lights, _drop_card, _drop_draw, _name, _pile_label,
                       _rolled)
from .defaults import aim_start, place_start, step_towards, thing_start
from .typed import FaceEntry

WEAPONS = ("starter", "supply", "superweapon")
UP = {"1": -1, "6": -1, "2": -1, "ccw": -1, "4": 1, "5": 1, "3": 1, "cw": 1}
LEFT_RIGHT = {"6": -1, "5": -1, "1": -1, "ccw": -1, "2": 1, "3": 1, "4": 1, "cw": 1}
INCH, JUMP, OPTION = scenes.INCH, scenes.JUMP, scenes.OPTION
#: prompts of decision kinds asked by modules of their own (kind -> maker(decision, view))
EXTRA: dict[str, Callable[[Decision, "View"], "Prompt"]] = {}


class Menu(Prompt):
    """A list on the OLED; ``direct`` maps an input straight to a row (a direction button to
    its direction); ``lights`` gives each row's LED frame."""
    animated = False

    def __init__(self, title: str | Callable[[View], str], labels: list[str], values: list,
                 cursor: int = 0, direct: dict[str, int] | None = None,
                 lights: Callable[[View, Any, float], scenes.Frame] | None = None,
                 draw: Callable[[View, int], screens.Screen] | None = None):
        self.title, self.labels, self.values = title, labels, list(values)
        self.cursor = max(0, min(cursor, len(values) - 1))
        self.direct = direct or {}
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
        if event.name in self.direct:
            self.cursor = self.direct[event.name]
        elif event.name in UP:
            self.cursor = (self.cursor + UP[event.name]) % len(self.values)
        return None


class HexPick(Prompt):
    """A cursor on the LED grid: the direction buttons step it to the next hex (anywhere on
    the grid, so every option can be reached), cw/ccw jump between the options, OK picks the
    hex under it.  A hex with several answers (inch or jump; two worms) opens a menu."""

    def __init__(self, options: dict[Hex, list[tuple[Any, str]]], colours: dict[Hex, tuple],
                 start: Hex, draw: Callable[[View, Hex], screens.Screen],
                 sub_title: Callable[[View], str] | None = None, keep: tuple = (),
                 snap: bool = False, miss: Refuse | None = None):
        self.snap = snap          # a direction button steps from option to option
        self.miss = miss          # OK on a hex that is not an option: why not
        self.options = options
        self.order = list(options)
        self.colours = colours
        self.cursor = start if start is not None or not self.order else self.order[0]
        self.draw = draw
        self.sub: Menu | None = None
        self.sub_title = sub_title
        self.keep = keep          # hexes always shown in their board colour (the worm)

    @property
    def selected(self):
        if self.sub is not None:
            return self.sub.selected
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

    def press(self, event):
        if self.sub is not None:
            if event.name == "back" and not event.long:
                self.sub = None
                return None
            return self.sub.press(event)
        if event.long:
            return None
        name = event.name
        if name == "back" and self.back is not None:
            return self.back
        if name in ("1", "2", "3", "4", "5", "6") and self.snap:
            nxt = step_towards(self.cursor, self.order, int(name))
            if nxt is not None:
                self.cursor = nxt
        elif name in ("1", "2", "3", "4", "5", "6"):
            nxt = neighbour(self.cursor, int(name))
            if nxt not in self.domain:        # a hex without an LED (the dial's): step over it
                nxt = neighbour(nxt, int(name))
            if nxt in self.domain:
                self.cursor = nxt
        elif name in ("cw", "ccw") and self.order:
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
    cards: dict = {}
    ahead: Any = None             # a move: the skip a weapon card tapped now skips ahead with

    def tap(self, card_id):
        card = self.cards.get(card_id) if card_id is not None else None
        if self.ahead is not None and card is not None and card.kind in WEAPONS:
            return Answer(self.ahead, then=card_id)     # skip the moves, play that card
        return super().tap(card_id)


class CardTap(Prompt):
    """Tap a weapon card; OK passes (plays none).  The active worm blinks on the LEDs."""

    def __init__(self, options, team: str | None = None, cards: dict | None = None):
        self.options = tuple(options)
        self.team = team
        self.cards = cards or {}

    @property
    def selected(self):
        return "pass" if "pass" in self.options else None

    def screen(self, view):
        footer = f"{text('button.ok', view.lang)}: {text('move.skip', view.lang)}"
        n = worm_number(view.worm) if view.worm else None
        title = (text("turn.title", view.lang, team=text(f"team.{view.team}", view.lang), n=n)
                 if view.team else text("card.title", view.lang))
        return screens.message(title, text("prompt.card", view.lang) + "\n" + text(
            "teach.hint", view.lang), footer=footer if "pass" in self.options else None)

    def frame(self, view, t):
        h = view.worm_at()
        base = view.base(t)
        return scenes.cursor(scenes.dimmed(base), h, t) if h in base else base

    def press(self, event):
        if event.name == "ok" and not event.long and "pass" in self.options:
            return Answer("pass")
        return None

    def tap(self, card_id):
        if card_id is None:
            return Refuse("error.unknown_tag")
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


def undone(gone: list[dict], cards: dict) -> Notice:
    """"Undone", saying what: the worm, the move, the card, the face typed in..."""
    def what(lang: str) -> str:
        e = gone[-1] if gone else {}
        v, kind = e.get("answer"), e.get("kind")
        if e.get("chance") in ("die", "flip"):          # the players' own, typed in
            key = "face" if e["chance"] == "die" else "coin"
            return text(f"undo.{e['chance']}", lang, what=text(f"{key}.{e['value']}", lang, d="?"))
        if kind == "worm" and isinstance(v, str) and "-" in v:
            return text("undo.worm", lang, worm=worm_name(lang, v.rsplit("-", 1)[0],
                                                           worm_number(v)))
        if kind == "move" and isinstance(v, (list, tuple)):
            return text("undo.move", lang, move=text(f"move.{v[0]}", lang))
        if kind == "card" and v in cards:
            return text("undo.card", lang, card=cards[v].name(lang))
        return text("undo.other", lang)
    return Notice(lambda v: screens.message(text("undo.done", v.lang),
                                            f"{what(v.lang)}\n{text('prompt.ok', v.lang)}"))


# -- the game's decisions ----------------------------------------------------------------------

def _light_hex(h: Hex | None):
    def lights(view: View, value, t: float) -> scenes.Frame:
        base = view.base(t)
        return scenes.cursor(scenes.dimmed(base), h, t) if h in base else base
    return lights


def for_decision(d: Decision, view: View) -> Prompt:
    """The prompt that asks ``d`` on the box."""
    lang = view.lang
    grid = view.grid
    if d.kind == DecisionKind.WORM:
        opts: dict = {}
        for wid in d.options:
            w = view.board.things.get(wid)
            if w is not None:
                opts.setdefault(w.at, []).append((wid, worm_name(lang, w.team, worm_number(wid))))
        if not opts:
            return _fallback(d, view)
        default = view.board.things.get(d.default)
        colour = scenes.TEAM_COLOURS.get(view.team or "", scenes.WHITE)
        p = HexPick(opts, {h: colour for h in opts}, default.at if default else next(iter(opts)),
                    lambda v, c: v.header("prompt.worm", ", ".join(
                        label for _, label in opts.get(c, ())) or text("prompt.worm_steps",
                                                                     v.lang)),
                    sub_title=lambda v: text("prompt.worm", v.lang), snap=True,
                    miss=Refuse("error.not_a_worm", {"team": view.team or ""}))
    elif d.kind == DecisionKind.MOVE:
        here = view.worm_at()
        opts = {}
        colours = {}
        for value in d.options:
            kind, to = value
            h = here if kind == "skip" else to
            if h is None:
                continue
            opts.setdefault(h, []).append((value, text(f"move.{kind}", lang)))
            if kind == "inch" or (kind == "jump" and h not in colours):
                colours[h] = INCH if kind == "inch" else JUMP
        if here is not None:
            colours[here] = scenes.TEAM_COLOURS.get(view.team or "", scenes.WHITE)
        if here is None:                   # the worm is not on the board on show
            return _fallback(d, view)
        phase = view.phase if view.phase in ("move1", "move2") else None
        skip = next((o for o in d.options if o[0] == "skip"), None)
        ask = "prompt.move" if skip is not None else "prompt.move_only"   # (Back skips)
        p = HexPick(opts, colours, here if here in opts else next(iter(opts)),
                    lambda v, c: v.header(ask, " / ".join(
                        label for _, label in opts.get(c, ())), phase=phase),
                    sub_title=lambda v: text(ask, v.lang),
                    miss=Refuse("error.cannot_move"))
        if skip is not None:
            p.back = Answer(skip)              # Back skips the move: one press
            if d.purpose is Purpose.MOVE and d.card is None:
                p.ahead, p.cards = skip, view.cards
    elif d.kind == DecisionKind.CARD and d.purpose in (Purpose.WEAPON, Purpose.PLAY):
        p = CardTap(d.options, view.team, view.cards)
    elif d.kind == DecisionKind.CARD:
        names = [view.cards[c].name(lang) if c in view.cards else c for c in d.options]
        p = Menu(text("sudden_death.title", lang), names, list(d.options))
    elif d.kind == DecisionKind.HEX:
        info = d.info or ()
        dice = dict(zip(d.options, info))
        colours = {h: scenes.accuracy_colour(n) for h, n in dice.items()}
        opts = {h: [(h, "")] for h in d.options}
        start, miss = d.default, Refuse("error.not_lit")
        if d.purpose in (Purpose.TARGET, Purpose.NEW_TARGET):
            start = aim_start(d.options, dice, view.board, grid, view.team, view.worm_at())
            miss = Refuse("error.out_of_range")
            card = d.card
            draw = _aim_draw(card, dice)
        elif d.purpose is Purpose.PLACE and d.item is not None:
            item = d.item
            if view.team is not None:          # a card's Thing, not the setup's pile
                start = place_start(d.options, view.board, view.team, item) or start
            def draw(v, c):
                return screens.message(text("place.title", v.lang), text(
                    "ask.place_where", v.lang, thing=_pile_label(v.lang, item).lower()))
        elif d.purpose is Purpose.EMPTIEST:
            draw = _drop_draw(view)
            kinds = _drop_card(view)[1]          # a Mine drop: its crate's hex gets the mine
            harm = next((k for k in kinds if k in ("mine", "oil_drum", "fire")), None)
            start = place_start(d.options, view.board, view.team,
                                harm or (kinds[0] if kinds else None)) or start
        else:
            def draw(v, c):
                return v.header("prompt.hex")
        p = HexPick(opts, colours, start, draw, keep=(view.worm_at(),), miss=miss)
    elif d.kind == DecisionKind.DIE:
        faces = _rolled(view.events, d)
        p = DicePick(faces, d.options, d.default)
    elif d.kind == DecisionKind.DIRECTION:
        origin = view.board.target or view.worm_at()
        p = Menu(_what_for(d, view),
                 [f"{x} {text(f'dir.{x}', lang)}" for x in d.options], list(d.options),
                 cursor=list(d.options).index(d.default),
                 direct={str(x): i for i, x in enumerate(d.options)},
                 lights=_direction_lights(origin))
    elif d.kind == DecisionKind.THING:
        names = [_name(view, t) for t in d.options]
        p = Menu(_what_for(d, view, "prompt.thing"), names,
                 list(d.options), cursor=thing_start(d.options, view.board, view.team),
                 lights=lambda v, tid, t: _light_hex(
                     v.board.things[tid].at if tid in v.board.things else None)(v, tid, t),
                 draw=_full_hex_draw(names) if d.purpose is Purpose.PROD else None)
    elif d.kind == DecisionKind.ORDER:
        p = Menu(text("prompt.order", lang),
                 [", ".join(text(f"thing.{k}", lang) for k in o) for o in d.options],
                 list(d.options), cursor=list(d.options).index(d.default))
    elif d.kind == DecisionKind.PILE:
        p = Menu(text("place.title", lang), [_pile_label(lang, i) for i in d.options],
                 list(d.options))
    elif d.kind in (DecisionKind.DIE_TYPED, DecisionKind.FLIP_TYPED):    # the players' own dice, typed in
        p = FaceEntry(d)
    elif d.kind in EXTRA:              # (the "edit" of a card played by hand: edits.py)
        p = EXTRA[d.kind](d, view)
    elif d.kind == DecisionKind.CARD_TAPPED:      # a card drawn from the players' own deck
        p = DeckTap(d, view.team)
    else:   # a decision kind added to the engine later: a plain menu of its options
        p = Menu(d.why, [str(o) for o in d.options], list(d.options),
                 cursor=list(d.options).index(d.default))
    if isinstance(p, HexPick):
        p.domain = frozenset(grid) | frozenset(p.options)
    if view.phase == "weapon" and not isinstance(p, CardTap):
        p.refuse_tap = Refuse("error.card_in_play")        # aiming, picking a die...
    elif view.phase in ("activate", "move1", "move2"):
        p.refuse_tap = Refuse("error.no_card_now", {"phase": view.phase})
    return p


def _full_hex_draw(names: list[str]):
    """A full hex (E7.4): says so, and that the Thing chosen is knocked away."""
    def draw(v: View, cursor: int) -> screens.Screen:
        return screens.message(text("ask.full_hex_title", v.lang), "\n".join(
            [text("ask.full_hex", v.lang), f"→ {names[cursor]}"]))
    return draw


def _what_for(d: Decision, view: View, plain: str = "prompt.direction") -> str:
    """A menu's title that says what the choice is for: the knockback, or the card."""
    lang = view.lang
    if d.purpose is Purpose.KNOCKBACK:
        return text("ask.knockback", lang)
    card = view.cards.get(d.card) if d.card is not None else None
    if card is None:
        return text(plain, lang)
    from table.fonts import font
    for title in (text("ask.for_card", lang, card=card.name(lang)), card.name(lang)):
        if font(12, bold=True).getlength(title) <= 110:      # room left of the ↑↓ marks
            return title
    return text(plain, lang)


def _fallback(d: Decision, view: View) -> Prompt:
    """A plain menu of the options, should a prompt not fit the board on show."""
    labels = [_name(view, o) if isinstance(o, str) and o in view.board.things else str(o)
              for o in d.options]
    return Menu(d.why, labels, list(d.options), cursor=list(d.options).index(d.default))


__all__ = ["Answer", "CardTap", "DeckTap", "DicePick", "FaceEntry", "HexPick", "Menu", "Notice",
           "Prompt", "Refuse", "View", "for_decision", "undone"]
