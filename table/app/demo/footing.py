"""The box at the shop demo's level keeps its worms out of the water (issue 38 item 4): at the
easy level it may jump where it could inch, and a jump's scatter may throw the worm into the
water; a passer-by sees the box drown its own worms.  In the show and the short game against
the box, a jump that may end in the water (on a water hex, or next to one, where the scatter
could throw it) becomes the inch to the same hex, or the worm stays put.  A guard of the show's
own: the levels themselves (table/bots) are the box's at the table."""

from __future__ import annotations

from typing import Any

from table.engine.decisions import DecisionKind, Way
from table.hexgrid import DIRECTIONS, neighbour


def risky(board: Any, to: Any) -> bool:
    """A jump landing on ``to`` may end in the water (it, or a hex its scatter reaches)."""
    return not board.is_land(to) or any(not board.is_land(neighbour(to, d)) for d in DIRECTIONS)


def dry(game: Any, answer: Any) -> Any:
    """``answer`` to ``game``'s decision, unless it is a jump that may end in the water: then
    the inch to the same hex if there is one, else no move."""
    d = game.request
    if d is None or d.kind != DecisionKind.MOVE or answer[0] != Way.JUMP:
        return answer
    board = game.board
    if not risky(board, tuple(answer[1])):
        return answer
    options = list(d.options)
    return next((o for o in options if o[0] == Way.INCH and tuple(o[1]) == tuple(answer[1])),
                next((o for o in options if o[0] == Way.SKIP), answer))


__all__ = ["dry", "risky"]
