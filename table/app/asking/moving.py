"""The move question: where the active worm inches or jumps (T1), or Back to skip the move.

On the worm's own hex a direction button inches the worm that way at once, where the box
rolls no die, flips no coin and reveals no card for it (not a full hex; no Mine or Fire
unless the players flip their own coin, no Supply Crate unless they draw from their own
deck: the rulings' entry effects, E7.3-E7.4) and the move is one of the turn's own
(a card's move goes on with the card's text, which may roll at once): one press, which a long
Back (the table's undo) takes back, no die having been rolled for it.  Anywhere else a
direction button steps the cursor a hex (to a Mine's hex, over water, two hexes away) and OK
moves there: an inch next to the worm, a jump further.  OK on the worm's own hex asks where to
jump (the jump hexes lit, the cursor on the worm; Back goes back to the move question); OK on
the worm there jumps in place at once (that second OK is the confirmation: its die is rolled;
Back skips the move, as the question says).  On a rotary encoder cw/ccw step through the hexes
lit, OK as above.
"""

from __future__ import annotations

from typing import Any, Mapping

from table.engine.board import ENTRY_KINDS, FLIPPED_FOR
from table.engine.decisions import SKIP, Decision, Purpose, Way
from table.engine.entering import FULL_HEX
from table.engine.state import Phase
from table.hexgrid import Hex, direction_to
from table.ui import scenes, screens
from table.ui.strings import text

from table.app.asking.pickers import INCH, JUMP, HexPick
from table.app.asking.prompt import Answer, Refuse, View
from table.inputs import DIRECTIONS

Options = dict[Hex, list[tuple[Any, str]]]


class MovePick(HexPick):
    """The move question's cursor (see the module doc): ``sure`` maps a direction button to
    the inch it makes at once from the worm's hex; ``jumps`` are the hexes OK there offers."""

    def __init__(self, here: Hex, walk: Options, jumps: Options, sure: dict[int, Any],
                 colour: tuple, draw, jump_draw):
        colours = {h: INCH if answers[0][0][0] == Way.INCH else JUMP
                   for h, answers in walk.items() if answers}
        super().__init__(walk, {**colours, here: colour}, here, draw,
                         miss=Refuse("error.cannot_move"))
        self.here, self.sure = here, sure
        self.modes = ((walk, self.colours, draw),
                      (jumps, {**{h: JUMP for h in jumps}, here: colour}, jump_draw))
        self.jumping = False

    def _mode(self, jumping: bool) -> None:
        self.jumping = jumping
        self.options, self.colours, self.draw = self.modes[jumping]
        self.order = list(self.options)
        self.cursor = self.here

    def going(self, at: Hex, d: int, jumping: bool) -> Hex:
        """Where direction button ``d`` takes the cursor from ``at`` (``jumping``: asking
        where to jump); ``at`` itself where the press inches the worm at once."""
        if not jumping and at == self.here and d in self.sure:
            return at
        return super().next_hex(at, d)

    def next_hex(self, here: Hex, d: int) -> Hex:
        return self.going(here, d, self.jumping)

    def own_press(self, event):
        name = event.name
        if self.jumping and name == "back":
            self._mode(False)
            return None
        if not self.jumping and self.cursor == self.here:
            if name in DIRECTIONS and int(name) in self.sure:
                return Answer(self.sure[int(name)])
            if name == "ok":
                if not self.modes[True][0]:
                    return self.miss
                self._mode(True)
                return None
        return super().own_press(event)


def ask_move(d: Decision, view: View) -> MovePick | None:
    """The move question for ``d`` (None if the worm is not on the board on show)."""
    here = view.worm_at()
    if here is None:
        return None
    walk, jumps = _answers(d, here, view.lang)
    phase = view.phase if view.phase in (Phase.MOVE1, Phase.MOVE2) else None
    skip = SKIP if SKIP in d.options else None
    ask = "prompt.move" if skip is not None else "prompt.move_only"   # (Back skips)

    def draw(v: View, c: Hex) -> screens.Screen:
        said = text("move.keys", v.lang) if c == here else \
            "/".join(label for _, label in walk.get(c, []))
        return v.header(ask, said, phase=phase)

    def jump_draw(v: View, c: Hex) -> screens.Screen:
        return v.header("prompt.jump", "/".join(label for _, label in jumps.get(c, [])), phase=phase)
    turn = d.purpose is Purpose.MOVE and d.card is None
    p = MovePick(here, walk, jumps, _sure_inches(d, view, here) if turn else {},
                 scenes.TEAM_COLOURS.get(view.team or "", scenes.WHITE), draw, jump_draw)
    if skip is not None:
        p.back = Answer(skip)              # Back skips the move: one press
        if turn:
            p.ahead, p.cards = skip, view.cards
    return p


def _answers(d: Decision, here: Hex, lang: str) -> tuple[Options, Options]:
    """The answers at each hex of the move question (the cursor starts on the worm's hex,
    where OK asks where to jump: an inch, or a jump where no inch reaches), and where OK there
    offers to jump (on the worm's own hex: the jump in place)."""
    walk: Options = {here: []}
    jumps: Options = {}
    inches = {to for how, to in d.options if how == Way.INCH}
    for value in d.options:
        how, to = value
        if how == Way.JUMP:
            jumps[to] = [(value, text("move.jump_here" if to == here else "move.jump", lang))]
        if to != here and (how == Way.INCH or (how == Way.JUMP and to not in inches)):
            walk.setdefault(to, []).append((value, text(f"move.{how}", lang)))
    return walk, jumps


def _sure_inches(d: Decision, view: View, here: Hex) -> dict[int, Any]:
    """The inches a direction button makes at once, by the direction they go: into a hex it
    does not fill (E7.4: a Thing would be prodded, its die rolled) whose entry effects the box
    does not settle at once (E7.3): a Mine's or a Fire's flip, unless the players flip their
    own coin and type it in; a crate's card, unless they draw it from their own deck and tap
    it (a question, which undo takes back with the inch)."""
    config = view.config
    settled = {*FLIPPED_FOR} if config is not None and config.own_dice else set()
    settled |= {"crate"} if config is not None and config.own_decks else set()
    sure = {}
    for value in d.options:
        how, to = value
        way = direction_to(here, to) if how == Way.INCH else None
        things = view.board.in_hex(to) if way is not None else ()
        if way is not None and len(things) + 1 < FULL_HEX and \
                not any(t.kind in ENTRY_KINDS and t.kind not in settled for t in things):
            sure[way] = value
    return sure


def undone_move(v: Any, lang: str, cards: Mapping) -> str | None:
    if isinstance(v, (list, tuple)):
        return text("undo.move", lang, move=text(f"move.{v[0]}", lang))
    return None


__all__ = ["MovePick", "ask_move", "undone_move"]
