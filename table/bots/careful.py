"""The care the box's levels take that the quick bots (the yardstick) do not (issue 35 item 1).

* A movement's chance of losing the worm is known from the map (E5: a jump lands, then
  scatters by one die of eight faces; a Mine entered goes off one time in two;
  :func:`drown_chance`), not guessed from a few trials: such a move is worth ``(1 - p)``
  times what its trials that kept the worm are worth, plus ``p`` times what losing it is
  worth.
* A team down to one damaged worm is one hit from the end, and a card drawn from a Supply
  Crate is worth having: :func:`value` counts both.
* In the trials, a Thing to damage is a Mine or Oil Drum when enemy worms share its hex and
  outnumber the team's own (the chain), else an enemy worm, damaged first (:func:`policy`).
* Of answers found equally good the quieter wins: passing, not moving (:func:`is_quiet`);
  in the final round nothing is gained by a risk that nothing repays.

:class:`CarefulBot` is the greedy bot with that care: the box's ``normal`` level.
"""

from __future__ import annotations

from table.engine.board import EXPLOSIVE
from table.engine.decisions import PASS, DecisionKind, Purpose, Way
from table.hexgrid import neighbour

from .greedy import GreedyBot, quick, score

#: a team's last worm, damaged: what being one hit from the end costs
LAST_WORM = 1.5
#: a card drawn from a Supply Crate in a trial (beside the small worth of any card held)
CRATE = 0.3


def drown_chance(board, option) -> float:
    """The chance that the movement ``option`` (a ``(way, hex)``) costs the worm at once: a
    Mine where it enters goes off one time in two (its Blast destroys the worm under *One
    Life*, else may push it into the water by its die), and a jump to land scatters it once
    (six directions, ``wind``, ``hit`` staying) and the water takes it."""
    way, to = option
    if way == Way.SKIP:
        return 0.0
    if not board.is_land(to):
        return 1.0
    wet = water_share(board, to)
    kept = 1.0
    for thing in board.in_hex(to):
        if thing.kind == "mine":
            kept *= 1 - 0.5 * (1.0 if "one_life" in board.rules else wet)
    if way == Way.JUMP:
        kept *= 1 - wet
    return 1 - kept


def landings(h, wind: int) -> list:
    """Where each of a die's eight faces sends a Thing from ``h`` (D2): the six numbers, the
    wind's face, the bullseye (it stays)."""
    return [neighbour(h, d) for d in range(1, 7)] + [neighbour(h, wind), h]


def water_share(board, h) -> float:
    """The share of a die's eight faces that move a Thing from ``h`` into the water."""
    return sum(1 for f in landings(h, board.wind) if not board.is_land(f)) / 8


def is_quiet(answer) -> bool:
    return answer == PASS or (isinstance(answer, tuple) and answer[:1] == (Way.SKIP,))


def value(game, team, tie: float = 50.0) -> float:
    """:func:`~table.bots.greedy.score`, less :data:`LAST_WORM` for a team whose only worm is
    damaged (more for its own); once a team is out (the final round is on, T6) the result the
    comparison would give now weighs in, nearly as much as the end itself.  ``tie``: what a
    shared win is worth (:func:`~table.bots.greedy.score`'s 50 unless said)."""
    v = score(game, team)
    res = game.result
    if res is not None:
        return tie if res.shared and team in res.winners else v
    v += 0.9 * as_it_stands(game, team, tie) + CRATE * _drawn(game, team)
    for t in game.teams:
        worms = game.board.worms(t)
        if len(worms) == 1 and worms[0].damaged:
            v += -LAST_WORM if t == team else LAST_WORM / 2
    return v


def _drawn(game, team) -> int:
    """The Supply cards ``team`` drew in a bot's copy of the game (its log is its own)."""
    return sum(1 for e in game.log if e.get("reveal") == "supply" and e.get("team") == team
               and e.get("card") is not None)


def as_it_stands(game, team, tie: float = 50.0) -> float:
    """Once a team has lost its last worm (without True Elimination the game ends after the
    round that follows, T6): what the end's comparison would give ``team`` now (most worms,
    then most undamaged; a tie a shared win, worth ``tie``); before that, 0."""
    board = game.board
    if "true_elimination" in game.config.options or all(board.worms(t) for t in game.teams):
        return 0.0
    rank = {t: (len(board.worms(t)), sum(1 for w in board.worms(t) if not w.damaged))
            for t in game.teams}
    top = max(rank.values())
    if rank[team] != top:
        return -100.0
    return 100.0 if sum(1 for r in rank.values() if r == top) == 1 else tie


def policy(game, team):
    """The trial policy: :func:`~table.bots.greedy.quick`, but a Thing to damage is chosen."""
    d = game.request
    if d.kind == DecisionKind.THING and d.purpose is Purpose.AFFECT:
        return max(d.options, key=lambda t: _damage_worth(game.board, t, team))
    return quick(game, team)


def _damage_worth(board, tid, team) -> float:
    thing = board.things.get(tid)
    if thing is None:
        return -9.0
    if thing.kind == "worm":
        return (1.0 + thing.damaged) if thing.team != team else -3.0
    if thing.kind in EXPLOSIVE:
        here = board.in_hex(thing.at)
        theirs = sum(1 for t in here if t.kind == "worm" and t.team != team)
        mine = sum(1 for t in here if t.kind == "worm" and t.team == team)
        return 2.5 * theirs if theirs > mine else -1.0
    return 0.0


class CarefulBot(GreedyBot):
    """The greedy bot with the box's care (the module's list): the ``normal`` level."""

    name = "careful"

    def __init__(self, seed=0, samples=2, max_options=16, depth=12):
        super().__init__(f"careful:{seed}", samples=samples, max_options=max_options, depth=depth)

    def _pick(self, best: list):
        quiet = [a for a in best if is_quiet(a)]
        return quiet[0] if quiet else self.rnd.choice(best)

    def _policy(self, game, team):
        return policy(game, team)

    def _score(self, game, team) -> float:
        return value(game, team)

    def _value(self, game, opt, team, d) -> float:
        p = drown_chance(game.board, opt) if d.kind == DecisionKind.MOVE else 0.0
        if p in (0.0, 1.0):
            return super()._value(game, opt, team, d)
        worm = game.turn.worm
        kept: list[float] = []
        lost: list[float] = []
        for _ in range(max(4, self.samples)):
            trial = self._trial(game, opt, team)
            v = self._score(trial, team) + self._position(trial, team, d)
            (kept if worm in trial.board.things else lost).append(v)
        if not lost:
            lost.append(self._drowned(game, team, d))
        if not kept:
            return sum(lost) / len(lost)
        return (1 - p) * sum(kept) / len(kept) + p * sum(lost) / len(lost)

    def _drowned(self, game, team, d) -> float:
        """What losing the active worm now is worth: a jump into the water, where there is one
        within reach, else the score without it."""
        water = next((o for o in d.options if o[0] == Way.JUMP and not game.board.is_land(o[1])),
                     None)
        if water is None:
            worm = game.board.things.get(game.turn.worm)
            stay = self._trial(game, next(o for o in d.options if o[0] == Way.SKIP), team)
            return self._score(stay, team) - (1.0 if worm is not None and worm.damaged else 2.0)
        trial = self._trial(game, water, team)
        return self._score(trial, team)
