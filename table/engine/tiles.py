"""Map tiles (rulings T8): the map is the Wind Dial hex (water, at (0, 0)) and the tiles the
players lay round it, each touching the dial hex or a tile already down, edge to edge.

A :class:`Tile` is its printed number and its land hexes relative to an anchor ``(0, 0)``.
A *placement* ``(number, anchor, turns)`` lays the tile with its anchor on ``anchor``, turned
``turns`` sixths of a turn clockwise.  Reading tile files is the library's job
(:mod:`table.cards.tiles`); here tiles are plain values.

>>> fan = Tile(1, ((0, 0), (1, -1), (1, 0), (0, 1)))
>>> sorted(lay(fan, (1, 0), 0))
[(1, 0), (1, 1), (2, -1), (2, 0)]
>>> sorted(lay(fan, (0, -1), 5))          # turned five sixths (one back)
[(0, -2), (0, -1), (1, -2), (1, -1)]
>>> touches({(1, 0)}, set()), touches({(2, 0)}, set())
(True, False)
"""

from functools import lru_cache
from typing import NamedTuple

from table.hexgrid import Hex, distance, hexagon, neighbour

#: the Wind Dial hex: never land, and the first thing a tile may touch
DIAL: Hex = (0, 0)
#: how far from the dial an automatic map may reach (the box's LED grid, design.md)
REACH = 4


class Tile(NamedTuple):
    """A map tile: its number and the land hexes it covers around its anchor."""

    number: int
    hexes: tuple[Hex, ...]          # land hexes relative to the anchor (0, 0)

    def as_json(self) -> dict:
        return {"number": self.number, "hexes": [list(h) for h in self.hexes]}


def turn(h: Hex, turns: int) -> Hex:
    """``h`` turned about (0, 0) by ``turns`` sixths of a turn clockwise (direction 1 -> 2)."""
    q, r = h
    for _ in range(turns % 6):
        q, r = -r, q + r
    return (q, r)


def lay(tile: Tile, anchor: Hex, turns: int) -> list[Hex]:
    """The board hexes a tile covers when laid at ``anchor``, turned ``turns`` times."""
    return [(anchor[0] + dq, anchor[1] + dr) for dq, dr in (turn(h, turns) for h in tile.hexes)]


def touches(hexes, land) -> bool:
    """The rulebook's rule: a new tile shares an edge with the dial hex or the land down."""
    return any(neighbour(h, d) in land or neighbour(h, d) == DIAL
               for h in hexes for d in range(1, 7))


def placements(tile: Tile, land: set[Hex], reach: int = REACH) -> list[tuple]:
    """Every legal way to lay ``tile`` next to ``land``: no hex on the dial, on land already
    down or further than ``reach`` from the dial; touching the dial or the land.  Each once,
    in a fixed order (the same covered hexes by two placements count once)."""
    return [(tile.number, anchor, turns)
            for anchor, turns, hexes, edge, by_dial in _candidates(tile.hexes, reach)
            if hexes.isdisjoint(land) and (by_dial or not edge.isdisjoint(land))]


@lru_cache(maxsize=256)
def _candidates(shape: tuple[Hex, ...], reach: int) -> tuple[tuple, ...]:
    """The placements of a tile of ``shape`` that no land can rule out, in the fixed order:
    (anchor, turns, covered hexes, the hexes round them, whether they touch the dial).  Made
    once per shape: a map is then a few set tests a placement."""
    turned = [[turn(h, turns) for h in shape] for turns in range(6)]
    # the hexes round the shape turned each way, about its anchor: a placement's are these
    # moved to the anchor (worked out once a turn, not once a placement)
    rims = [tuple(frozenset(neighbour(h, d) for h in t for d in range(1, 7)) - frozenset(t))
            for t in turned]
    out, seen = [], set()
    for aq, ar in hexagon(DIAL, reach + max((distance(DIAL, h) for h in shape), default=0)):
        for turns in range(6):
            hexes = frozenset((aq + dq, ar + dr) for dq, dr in turned[turns])
            if hexes in seen:
                continue
            seen.add(hexes)
            if DIAL in hexes or any(distance(DIAL, h) > reach for h in hexes):
                continue
            edge = frozenset((aq + dq, ar + dr) for dq, dr in rims[turns])
            out.append(((aq, ar), turns, hexes, edge, DIAL in edge))
    return tuple(out)


def auto_map(tiles: list[Tile], players: int, larger: bool, chance, short=None
             ) -> tuple[set[Hex], list[tuple]]:
    """An automatic map by the rulebook: one tile per player (every tile with *Larger map*),
    each a random tile of those left, laid at random where the rule allows.  ``chance`` has
    ``pick(options, what)``; a box with fewer tiles than players says so through
    ``short(deck, wanted, have, card)`` and the map uses the tiles there are."""
    left = sorted(tiles, key=lambda t: t.number)
    wanted = len(left) if larger else players
    if wanted > len(left) and short is not None:
        short("tiles", wanted, len(left), None)
    land: set[Hex] = set()
    laid: list[tuple] = []
    while left and len(laid) < wanted:
        number = chance.pick([t.number for t in left], "map_tile")
        tile = next(t for t in left if t.number == number)
        left.remove(tile)
        options = placements(tile, land)
        if not options:                 # nowhere within reach: this tile stays in the box
            continue
        number, anchor, turns = chance.pick(options, "map_place")
        land.update(lay(tile, anchor, turns))
        laid.append((number, anchor, turns))
    return land, laid

