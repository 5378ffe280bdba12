"""Where a cursor starts and where a direction button takes it: the choice a player most
likely wants is the one under OK.

* Aiming starts on an enemy worm (the one with the most Accuracy dice, then the nearest),
  else on any other Thing, else on the land hex with the most dice; never on water, never off
  the LED grid (the option list's order is the engine's, not the players').
* Choosing a worm, or where a Drop card's Thing goes among the emptiest hexes: a direction
  button steps to the next option that way, not to the next hex (:func:`step_towards`), where
  those steps reach every option from every option (:func:`snaps`); else to the next hex.

Where a ruling names a default (the emptiest hex's first in reading order, E9; the Thing a
full hex prods, E7.4, or a card affects, E14; a direction, E6; a die, E1), the cursor starts
on the decision's default instead (table/app/asking/prompts.py), so OK takes what the rules
would take.
"""

from __future__ import annotations

import math

from table.engine.board import Board
from table.hexgrid import Hex, distance

#: screen angle (degrees, clockwise from north) of each hex direction, flat-topped hexes
ANGLE = {1: 0, 2: 60, 3: 120, 4: 180, 5: 240, 6: 300}


def aim_start(options, dice: dict[Hex, int], board: Board, grid, team: str | None,
              origin: Hex | None) -> Hex | None:
    """The most useful legal hex to aim at first (see the module doc)."""
    shown = [h for h in options if h in grid and board.is_land(h)]
    if not shown:
        shown = [h for h in options if h in grid] or list(options)
    if not shown:
        return None

    def near(h: Hex) -> int:
        return distance(origin, h) if origin is not None else 0

    def enemy(h: Hex) -> bool:
        return any(w.team != team for w in board.worms_first(h) if w.kind == "worm")

    def thing(h: Hex) -> bool:
        return any(t.kind != "worm" or t.team != team for t in board.in_hex(h))

    for pick in (enemy, thing):
        found = [h for h in shown if pick(h) and h != origin]
        if found:
            return max(found, key=lambda h: (dice.get(h, 0), -near(h)))
    away = [h for h in shown if h != origin] or shown
    return max(away, key=lambda h: (dice.get(h, 0), -near(h)))


def _xy(h: Hex) -> tuple[float, float]:
    """A hex's centre on the screen (axial q, r; flat-topped; y down)."""
    q, r = h
    return 1.5 * q, math.sqrt(3) * (r + q / 2)


def step_towards(here: Hex, options, d: int) -> Hex | None:
    """The option a press of direction ``d`` reaches from ``here``: the nearest one within 60
    degrees of that way (the closest in angle on a tie), or None if there is none."""
    x0, y0 = _xy(here)
    want = math.radians(ANGLE[d])
    ux, uy = math.sin(want), -math.cos(want)
    best, key = None, None
    for h in options:
        if h == here:
            continue
        x, y = _xy(h)
        dx, dy = x - x0, y - y0
        dist = math.hypot(dx, dy)
        cos = (dx * ux + dy * uy) / dist
        if cos < 0.49:
            continue
        k = (dist * (2 - cos), -cos)
        if key is None or k < key:
            best, key = h, k
    return best


def snaps(options) -> bool:
    """Every option reaches every other by :func:`step_towards`'s steps (so a cursor that
    snaps from option to option can be walked anywhere): all reached from the first, and the
    first from all."""
    order = list(options)
    if len(order) < 2:
        return True
    ahead = {h: {step_towards(h, order, d) for d in range(1, 7)} - {None} for h in order}
    back: dict = {h: set() for h in order}
    for h, tos in ahead.items():
        for to in tos:
            back[to].add(h)
    return all(len(_reached(order[0], edges)) == len(order) for edges in (ahead, back))


def _reached(start: Hex, edges: dict) -> set:
    seen, todo = {start}, [start]
    while todo:
        for to in edges[todo.pop()]:
            if to not in seen:
                seen.add(to)
                todo.append(to)
    return seen
