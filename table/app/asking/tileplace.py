"""Map entry by tiles (issue 9): lay the box's map tiles round the Wind Dial on the LED grid,
as the players lay the cardboard ones, instead of marking every hex.

The tile in hand floats on the grid (green where it may go, red where it may not; the OLED's
title says which, and it is never hidden: it pulses, drawn over the tiles laid): 1-6 move
it one hex, the encoder (or a long press of the tile's own number) turns it, a long press of
another number takes that tile instead, OK lays it where the rulebook allows (touching the
dial or a tile already down, on free hexes of the grid) and says why not where it does not,
long OK finishes.  The next tile in hand is the lowest number still in the box, already
placed where it may go.
"""

from __future__ import annotations

from table.hexgrid import Hex, neighbour
from table.engine.tiles import Tile, lay, placements, touches
from table.ui import scenes, screens
from table.ui.strings import text

from table.app.asking.prompts import Answer, Prompt, Refuse
from table.inputs import DIRECTIONS, TURNS

LAID: scenes.Color = (90, 60, 0)
FITS: scenes.Color = (0, 200, 60)
CLASH: scenes.Color = (200, 0, 0)


class TilePlacer(Prompt):
    def __init__(self, grid, tiles: list[Tile], water: Hex | None, teams: int, refusal):
        self.grid = frozenset(grid)
        self.water = water
        self.teams = teams
        self.refusal = refusal                 # land -> Refuse | None (the wizard's check)
        self.box = {t.number: t for t in tiles}
        self.land: set[Hex] = set()
        self.laid: list[tuple] = []
        self.hand: Tile | None = None
        self.anchor: Hex = (0, 0)
        self.turns = 0
        self._take(None)

    # -- the tile in hand --------------------------------------------------------------------
    def _take(self, number: int | None) -> None:
        """Take tile ``number`` (None: the lowest left), placed where it may go if anywhere."""
        left = sorted(n for n in self.box if n not in {n for n, _, _ in self.laid})
        if number is None:
            number = left[0] if left else None
        if number not in left:
            self.hand = None
            return
        self.hand = hand = self.box[number]
        fits = [p for p in placements(hand, self.land) if self._on_grid(hand, *p[1:])]
        if fits:
            _, self.anchor, self.turns = fits[0]

    def _on_grid(self, tile: Tile, anchor: Hex, turns: int) -> bool:
        return all(h in self.grid for h in lay(tile, anchor, turns))

    def hexes(self) -> list[Hex]:
        return lay(self.hand, self.anchor, self.turns) if self.hand else []

    def fits(self) -> bool:
        """The rulebook's rule: on free hexes of the grid, not the dial, touching the dial or
        a tile already down."""
        return self.why_not() is None

    def why_not(self) -> Refuse | None:
        """Why the tile in hand cannot be laid where it is (None: it can)."""
        hexes = set(self.hexes())
        if not hexes:
            return Refuse("map.tiles_done")
        if not hexes <= self.grid:
            return Refuse("map.tile_off")
        if self.water in hexes:
            return Refuse("map.tile_dial")
        under = sorted(n for n, anchor, turns in self.laid
                       if hexes & set(lay(self.box[n], anchor, turns)))
        if under:
            return Refuse("map.tile_over", {"n": under[0]})
        if not touches(hexes, self.land):
            return Refuse("map.tile_apart")
        return None

    # -- the prompt --------------------------------------------------------------------------
    @property
    def selected(self):
        return self.anchor

    def screen(self, view):
        if self.hand is None:
            return screens.message(text("map.title", view.lang),
                                   text("map.tiles_done", view.lang))
        title = "map.tile_green" if self.fits() else "map.tile_red"
        return screens.message(text(title, view.lang, n=self.hand.number),
                               text("map.tile_prompt", view.lang, n=self.hand.number))

    def frame(self, view, t):
        """The tiles laid, and over them the tile in hand in green or red, pulsing between
        full and half light (never off, so it never hides under a tile laid)."""
        frame = {h: (LAID if h in self.land else scenes.WATER) for h in self.grid}
        colour = FITS if self.fits() else CLASH
        if not scenes.on(t):
            colour = scenes.scale(colour, 0.5)
        frame.update({h: colour for h in self.hexes() if h in self.grid})
        return frame

    def press(self, event):
        name = event.name
        if name == "ok" and event.long:
            return self.refusal(self.land, self.teams) or Answer(tuple(sorted(self.land)))
        if self.hand is None:
            return None
        if name in DIRECTIONS:
            if event.long:
                if int(name) == self.hand.number:
                    self._turn(1)
                else:
                    self._take(int(name))
                return None
            moved = neighbour(self.anchor, int(name))
            if moved in self.grid:                 # (the tile may hang over the edge: red)
                self.anchor = moved
        elif name in TURNS and not event.long:
            self._turn(1 if name == "cw" else -1)
        elif name == "ok" and not event.long:
            refused = self.why_not()
            if refused is not None:
                return refused
            self.land.update(self.hexes())
            self.laid.append((self.hand.number, self.anchor, self.turns))
            self._take(None)
        return None

    def _turn(self, by: int) -> None:
        self.turns = (self.turns + by) % 6
