"""Invariants of a game position, checked by selfplay after every step.

``problems(game)`` lists every broken one (empty: all hold):

* no hex holds more than three Things once a resolution is over (i.e. unless the game waits
  in the middle of a step) while one of them is neither a Crater nor Fire: the full-hex rule
  prods until three are left, and only Craters and Fire are never prodded (E7.4);
* conservation: every Thing is in exactly one hex, where it says it is; nothing destroyed is
  still on the board; no kind exceeds the box (E13); every starting worm is on the board or
  destroyed;
* nothing on water;
* at most four worms a team;
* every card is somewhere: hands, decks, the discard, the revealed Sudden Death card.
"""

from __future__ import annotations

from collections import Counter

from .board import BOX, FIXED, WORMS_PER_TEAM


def problems(game) -> list[str]:
    return (_hexes(game) + _conservation(game.board) + _kinds(game.board)
            + _worms(game, set(game.board.destroyed)))


def _hexes(game) -> list[str]:
    """Every hex: not empty, not over-full once a resolution is over, on land, and each Thing
    where it says it is; each Thing in exactly one hex."""
    board = game.board
    out = []
    seen: Counter[str] = Counter()
    for h, ids in board.hexes.items():
        if not ids:
            out.append(f"empty hex entry {list(h)}")
        if len(ids) > 3 and not game.mid_step and any(
                i in board.things and board.things[i].kind not in FIXED for i in ids):
            out.append(f"hex {list(h)} holds {len(ids)} Things")
        if not board.is_land(h):
            out.append(f"Things on water at {list(h)}: {ids}")
        for i in ids:
            seen[i] += 1
            t = board.things.get(i)
            if t is None:
                out.append(f"{i} listed in {list(h)} but not on the board")
            elif t.at != h:
                out.append(f"{i} listed in {list(h)} but says it is at {list(t.at)}")
    for i in board.things:
        if seen[i] != 1:
            out.append(f"{i} is in {seen[i]} hexes")
    return out


def _conservation(board) -> list[str]:
    """Nothing destroyed twice, nothing destroyed still on the board."""
    out = []
    destroyed = set(board.destroyed)
    if len(destroyed) != len(board.destroyed):
        out.append("a Thing was destroyed twice")
    back = destroyed & set(board.things)
    if back:
        out.append(f"destroyed Things on the board: {sorted(back)}")
    return out


def _kinds(board) -> list[str]:
    """No kind beyond the box (E13), the board's counts true, at most four worms a team."""
    out = []
    kinds = Counter(t.kind for t in board.things.values())
    for kind, n in BOX.items():
        if kinds[kind] > n:
            out.append(f"{kinds[kind]} of {kind} on the board, the box holds {n}")
        if board.on_board(kind) != kinds[kind]:
            out.append(f"the board counts {board.on_board(kind)} of {kind}, there are {kinds[kind]}")
    teams = Counter(t.team for t in board.things.values() if t.kind == "worm")
    for team, n in teams.items():
        if n > WORMS_PER_TEAM:
            out.append(f"team {team} has {n} worms")
    return out


def _worms(game, destroyed: set[str]) -> list[str]:
    """Every starting worm on the board or destroyed, no other; a team without worms is out."""
    board = game.board
    out = []
    started = game.worms_at_start
    if started:
        lost = [w for w in started if w not in board.things and w not in destroyed]
        extra = [t.id for t in board.things.values() if t.kind == "worm" and t.id not in started]
        if lost or extra:
            out.append(f"worms appeared or vanished: {lost + extra}")
    if game.result is None and game.seats and not game.mid_step:
        for team in game.teams:
            if team not in game.eliminated and not board.worms(team):
                out.append(f"team {team} has no worms but is not eliminated")
    return out
