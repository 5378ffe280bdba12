"""A visitor's short game against the box, in the shop demo (issue 25).

Holding OK during the show starts it: a fresh two-team game of one worm each, the visitor
plays Blue through the same prompts as the table, and the box plays Red at the easy level
(table/app/boxseat.py); the show (table/app/demo/show.py) starts it on the daemon with
:func:`config` and asks :func:`outcome` at each beat.  The first worm hurt ends it ("first
blood"): the team that kept its worm whole wins; if both are hurt at once, or the short game
runs out of rounds, it is a draw.  Then the show goes on with the game it was playing (kept
in the daemon's journal).
"""

from __future__ import annotations

from dataclasses import dataclass

from table.engine.game import GameConfig
from table.librarygame import LibraryGame

VISITOR = "blue"
BOX = "red"
LEVEL = "easy"
ROUNDS = 4              # a short game: the round limit ends it if nobody is hurt


@dataclass
class Outcome:
    winner: str | None      # VISITOR, BOX, or None (a draw)


def config() -> GameConfig:
    """The short game: two teams of one worm each, the box plays Red at the easy level."""
    return GameConfig(teams=2, max_rounds=ROUNDS, box=((BOX, LEVEL),), things=_one_worm_each())


def outcome(game: LibraryGame) -> Outcome | None:
    """None while the short game goes on; else who won it (first blood, or a draw)."""
    board = game.board
    hurt = {t for t in (VISITOR, BOX)
            if not board.worms(t) or any(w.damaged for w in board.worms(t))}
    if len(hurt) == 1:
        return Outcome(({VISITOR, BOX} - hurt).pop())
    if hurt or game.request is None:
        result = game.result
        if not hurt and result is not None and len(result.winners) == 1:
            return Outcome(result.winners[0])
        return Outcome(None)
    return None


def _one_worm_each() -> tuple[dict, ...]:
    """The short game's layout on the standard map: a worm each, three hexes apart, an Oil
    Drum and a Mine between them."""
    return ({"id": "blue-1", "kind": "worm", "team": VISITOR, "at": [-1, 0]},
            {"id": "red-1", "kind": "worm", "team": BOX, "at": [2, -1]},
            {"id": "oil_drum-1", "kind": "oil_drum", "at": [0, 1]},
            {"id": "mine-1", "kind": "mine", "at": [1, 0]})
