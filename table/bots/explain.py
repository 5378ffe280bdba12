"""Why the box does what it does, in a few words (issue 35 item 3): the reason a player would
give for the box's answer, found from the position as everyone sees it.

:func:`why` gives a catalog key of ``why.*``, or None where no short reason holds: passing
wins the game (once a team is out, the end's comparison as it would stand says so); the worm
aimed at is the last of its team, or damaged (one hit destroys it), or stands by the water (a
push can drown it).
"""

from __future__ import annotations

from table.engine.decisions import PASS, Purpose
from table.hexgrid import neighbour

from .careful import as_it_stands


def why(game, d, answer, team: str) -> str | None:
    """The reason for ``answer`` to ``d`` (``team``'s decision): a ``why.*`` key, or None."""
    if d.purpose is Purpose.WEAPON and answer == PASS:
        return "why.passing_wins" if as_it_stands(game, team) == 100.0 else None
    if d.purpose is not Purpose.TARGET or d.card is None:
        return None
    board = game.board
    theirs = [t for t in board.in_hex(answer) if t.kind == "worm" and t.team != team]
    if not theirs:
        return None
    worm = theirs[0]
    if len(board.worms(worm.team)) == 1:
        return "why.last_worm"
    if worm.damaged:
        return "why.damaged"
    if any(not board.is_land(neighbour(answer, k)) for k in range(1, 7)):
        return "why.by_water"
    return None
