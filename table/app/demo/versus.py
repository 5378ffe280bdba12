"""A visitor's short game against the box, in the shop demo (issue 25).

Holding OK during the show starts it: a fresh two-team game of one worm each, the visitor
plays Blue through the same prompts as the table, and the box plays Red at the easy level
(table/app/boxseat.py); the show (table/app/demo/show.py) starts it on the daemon with
:func:`config` and asks :func:`outcome` at each beat.  The first worm hurt ends it ("first
blood"): the team that hurt the other's worm in its own turn wins; a worm that hurt or drowned
itself, both hurt at once, or the short game out of rounds is a draw.  Then the show goes on
with the game it was playing (kept in the daemon's journal).
"""

from __future__ import annotations

from dataclasses import dataclass

from table.engine.board import split_id
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
    """None while the short game goes on; else who won it: the team that drew first blood in
    its own turn (a worm that hurt or drowned itself, or a Drop card's damage, wins nobody the
    game: a draw), or a draw."""
    board = game.board
    hurt = {t for t in (VISITOR, BOX)
            if not board.worms(t) or any(w.damaged for w in board.worms(t))}
    if len(hurt) == 1:
        victim = hurt.pop()
        by = hurt_by(game.events, victim)
        return Outcome(by if by != victim else None)
    if hurt or game.request is None:
        result = game.result
        if not hurt and result is not None and len(result.winners) == 1:
            return Outcome(result.winners[0])
        return Outcome(None)
    return None


def hurt_by(events: list[dict], team: str) -> str | None:
    """The team in whose turn ``team``'s worm was first hurt (damaged or destroyed); None if
    it was between turns (a Drop card) or never."""
    acting = None
    for e in events:
        name = e["event"]
        if name == "turn":
            acting = e.get("team")
        elif name == "end_turn":
            acting = None
        elif name in ("damage", "destroy") and split_id(str(e.get("thing") or ""))[0] == team:
            return acting
    return None


def _one_worm_each() -> tuple[dict, ...]:
    """The short game's layout on the standard map: a worm each, three hexes apart on one
    straight line, so the visitor's Bazooka can aim at the box's worm from the first turn
    (and the cursor starts on it); a Mine and an Oil Drum off that line."""
    return ({"id": "blue-1", "kind": "worm", "team": VISITOR, "at": [-2, 1]},
            {"id": "red-1", "kind": "worm", "team": BOX, "at": [1, 1]},
            {"id": "oil_drum-1", "kind": "oil_drum", "at": [-1, -1]},
            {"id": "mine-1", "kind": "mine", "at": [0, -1]})
