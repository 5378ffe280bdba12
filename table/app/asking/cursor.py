"""Where a cursor starts and where a direction button takes it: the choice a player most
likely wants is the one under OK.

* Aiming starts on an enemy worm (the one with the most Accuracy dice, then the nearest),
  else on any other Thing, else on the land hex with the most dice; never on water, never off
  the LED grid (the option list's order is the engine's, not the players').
* Choosing a worm, or where a Drop card's Thing goes among the emptiest hexes: a direction
  button jumps to an option that way, not to the next hex, each of up to six others a button
  of its own (:func:`reach`: one press to any of them, where stepping to the nearest that way
  would leave one behind another), where those presses reach every option from every option
  (:func:`jump_table`); else to the next hex.  The worm question picks the worm a button
  reaches at once (table/app/asking/worm.py).

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


#: the most options a cursor jumping between them weighs from one hex (the nearest)
NEAREST = 8
#: each direction's unit step on the screen (x right, y down)
_UNIT = {d: (math.sin(math.radians(a)), -math.cos(math.radians(a))) for d, a in ANGLE.items()}


def reach(here: Hex, options) -> dict[int, Hex]:
    """Where each direction button takes a cursor that jumps between ``options`` from
    ``here``: one option a button, each the way its button points give or take 90 degrees,
    as many options as six buttons can give one press each (the rest are reached through
    them), the nearest and the closest in angle first; a button left over takes the nearest
    option within 60 degrees of its way, if any.  So a press reaches any of up to six others
    (two worms the same way from here each get a button of their own, not one behind the
    other).

    >>> reach((0, 0), [(0, 0), (0, -1), (0, -2)])
    {1: (0, -1), 2: (0, -2), 6: (0, -1)}
    """
    others = sorted((h for h in set(options) if h != here),
                    key=lambda h: (distance(here, h), h))[:NEAREST]
    x0, y0 = _xy(here)
    ways: list[dict[int, float]] = []     # each option: how near each button's way and it are
    costs: list[dict[int, float]] = []    # its cost on each button it may take
    for h in others:
        x, y = _xy(h)
        dist = math.hypot(x - x0, y - y0)
        cos = {d: ((x - x0) * ux + (y - y0) * uy) / dist for d, (ux, uy) in _UNIT.items()}
        ways.append({d: dist * (2 - c) for d, c in cos.items() if c >= 0.49})
        # (a near option bent off its way costs more than a far one: the nearest goes straight)
        costs.append({d: (1 - c) / dist + 0.01 * dist for d, c in cos.items() if c > 0.01})
    given = dict(_most_given(costs))
    for d in _UNIT:
        near = [(way[d], i) for i, way in enumerate(ways) if d in way]
        if d not in given and near:
            given[d] = min(near)[1]
    return {d: others[i] for d, i in sorted(given.items())}


def _most_given(costs: list[dict[int, float]]) -> tuple[tuple[int, int], ...]:
    """(button, option) pairs, one option a button, of the most options given a button, at
    the least cost: option by option, over the sets of buttons taken so far."""
    best: dict[int, tuple[int, float, tuple]] = {0: (0, 0.0, ())}
    for i, cost in enumerate(costs):
        nxt = dict(best)
        for used, (n, c, picks) in best.items():
            for d, k in cost.items():
                if used & (1 << d):
                    continue
                cand = (n + 1, c + k, picks + ((d, i),))
                old = nxt.get(used | (1 << d))
                if old is None or (cand[0], -cand[1]) > (old[0], -old[1]):
                    nxt[used | (1 << d)] = cand
        best = nxt
    return max(best.values(), key=lambda b: (b[0], -b[1]))[2]


def jump_table(options) -> dict[Hex, dict[int, Hex]] | None:
    """Where each direction button takes a cursor that jumps between ``options``, from each
    of them (:func:`reach`), if those presses reach every option from every option (so the
    cursor can be walked anywhere: all reached from the first, and the first from all); else
    None."""
    order = list(options)
    table = {h: reach(h, order) for h in order}
    if len(order) < 2:
        return table
    ahead = {h: set(tos.values()) for h, tos in table.items()}
    back: dict = {h: set() for h in order}
    for h, tos in ahead.items():
        for to in tos:
            back[to].add(h)
    whole = all(len(_reached(order[0], edges)) == len(order) for edges in (ahead, back))
    return table if whole else None


def _reached(start: Hex, edges: dict) -> set:
    seen, todo = {start}, [start]
    while todo:
        for to in edges[todo.pop()]:
            if to not in seen:
                seen.add(to)
                todo.append(to)
    return seen
