"""The full-hex rule as the hard level's weapon (issue 35 item 2): once the weapon cards are
spent, a prod is the one way left to take an enemy worm off the board.

E7.4: when a Thing enters a hex and the hex then holds four or more Things, the active player
prods one of its worms (any team's) with a Knockback Scatter (E6): one die, and on ``hit`` the
active player chooses the way.  A worm that walks in opens the crates there, sets off the Mines
and douses the Fire first (E7.3), so those do not count; worms, Craters and Oil Drums do.

* :func:`knock_share`: the chance a Knockback Scatter from a hex puts a worm into the water
  (the six numbers and the wind's face that point at water, and the bullseye, where the
  active player picks the water when there is some);
* :func:`prod_share`: that chance for the best enemy worm a worm of the team prods by entering
  a hex (0: entering it prods nobody of theirs);
* :func:`threat`: what the team's worms can expect to take by a prod in its next turn, where
  an enemy worm stands among three Things that stay and a worm of the team is within two
  inches (the mirror of the reply's prod in table/bots/danger.py);
* :func:`prod_pick` and :func:`knock_way`: the answers of the trials (the quick policy used to
  take the first worm in the hex, often the team's own, and the first direction).
"""

from __future__ import annotations

from table.engine.decisions import DecisionKind, Purpose
from table.engine.entering import FULL_HEX
from table.hexgrid import DIRECTIONS, distance, neighbour

from .careful import landings

#: what a worm entering a hex takes away before the full-hex rule counts (E7.3)
_GONE = frozenset({"crate", "mine", "fire"})


def knock_share(board, h) -> float:
    """The share of a Knockback Scatter's eight faces that put a Thing in ``h`` into the water
    (the bullseye counts when a way from ``h`` is water: the active player chooses it)."""
    wet = [not board.is_land(f) for f in landings(h, board.wind)[:7]]
    return (sum(wet) + (1 if any(wet[:6]) else 0)) / 8


def staying(board, h) -> int:
    """The Things in ``h`` that stay when a worm walks in (E7.3 takes crates, Mines, Fire)."""
    return sum(1 for t in board.in_hex(h) if t.kind not in _GONE)


def threat(board, team, last: float) -> float:
    """The points the team's best prod in its next turn can be expected to take, were the enemy
    worms to stay: an enemy worm in a hex where three Things stay, a worm of the team outside
    it within two inches of it; a worm that is its team's last is worth ``last`` more."""
    mine = [w.at for w in board.worms(team)]
    best = 0.0
    for e in board.worms():
        if e.team == team or staying(board, e.at) + 1 < FULL_HEX:
            continue
        if not any(at != e.at and distance(at, e.at) <= 2 for at in mine):
            continue
        worth = (1.0 if e.damaged else 2.0) + (last if len(board.worms(e.team)) == 1 else 0.0)
        best = max(best, knock_share(board, e.at) * worth)
    return best


def prod_share(board, h, team) -> float:
    """The chance that a worm of ``team`` entering ``h`` prods an enemy worm into the water:
    ``h`` holds an enemy worm and, with the entering worm, four or more Things that stay."""
    here = board.in_hex(h)
    if not board.is_land(h) or not any(t.kind == "worm" and t.team != team for t in here):
        return 0.0
    if staying(board, h) + 1 < FULL_HEX:
        return 0.0
    return knock_share(board, h)


def prod_pick(game, team):
    """The Thing a trial prods (E7.4): an enemy worm (the healthy first: it is worth more), else
    the Thing the rules would take."""
    d = game.request
    board = game.board
    theirs = [board.things[t] for t in d.options if t in board.things
              and board.things[t].kind == "worm" and board.things[t].team != team]
    if not theirs:
        return d.default
    return min(theirs, key=lambda w: (w.damaged, d.options.index(w.id))).id


def knock_way(game, team):
    """The way a trial's Knockback goes on a bullseye: an enemy worm into the water (else onto
    a Mine or Fire), the team's own worm onto land away from them."""
    d = game.request
    board = game.board
    thing = _knocked(game)
    if thing is None or thing.kind != "worm":
        return d.default

    def bad(way) -> float:
        to = neighbour(thing.at, way)
        if not board.is_land(to):
            return 2.0
        return 1.0 if any(t.kind in ("mine", "fire") for t in board.in_hex(to)) else 0.0
    ways = [w for w in d.options if w in DIRECTIONS]
    if thing.team == team:
        return min(ways, key=lambda w: (bad(w), ways.index(w)))
    return max(ways, key=lambda w: (bad(w), -ways.index(w)))


def _knocked(game):
    """The Thing a Knockback on a bullseye moves: the one just prodded."""
    for e in reversed(game.events[-4:]):
        if e.get("event") == "prod":
            return game.board.things.get(e.get("thing"))
    return None


def trial_answer(game, team):
    """The prod's answers in a trial (None: not a prod's question)."""
    d = game.request
    if d.kind == DecisionKind.THING and d.purpose is Purpose.PROD:
        return prod_pick(game, team)
    if d.kind == DecisionKind.DIRECTION and d.purpose is Purpose.KNOCKBACK:
        return knock_way(game, team)
    return None
