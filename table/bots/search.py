"""The box's hard player: determinized Monte Carlo search over a turn.

A player at the table never sees the order of the decks nor the other teams' hands; the box
playing a team must not either.  So every trial the search runs is played on a
*determinization*: a copy of the game (``game.fork``) in which the decks are shuffled again
and the other teams' hidden cards are dealt anew from the cards this team has not seen
(information-set Monte Carlo).  The dice of each trial are its own (chance is sampled, never
peeked at: the fork rolls from its own seed).

For a decision that shapes the turn (which worm, each movement step, which card) the search
tries every option (the most promising few when there are many) on a number of such
determinizations, spends its trials where they are most promising (UCB1), plays each trial
on to the end of the team's turn with a fast policy that moves towards a firing position,
plays the best card it finds and aims at the enemy, and scores the position the turn leaves
(worms kept and lost, how exposed they stand).  For the decisions inside an effect (where to
aim, which die to keep) it asks the greedy bot's one-step trials, with more samples.

Everything is seeded from the bot's seed and the position (the log's length), so the same
game asks the same question and gets the same answer: a replay, an undo and a resume after a
power cut choose exactly as before.  The budget is a number of trials, never wall time, for
the same reason.
"""

from __future__ import annotations

import math
import random

from table.engine.decisions import TIMED, DecisionKind, Way
from table.hexgrid import distance, neighbour

from .careful import CarefulBot, drown_chance, is_quiet, policy, value
from .greedy import GreedyBot, sensible

#: decisions the search plays whole turns for (a turn's own choices); the rest use one-step
#: trials
TURN_KINDS = TIMED


class SearchBot:
    """``SearchBot(seed, trials=64)``: a callable bot (``bot(game) -> answer``); ``trials``
    whole-turn trials per big decision (the budget: a count, so answers never depend on the
    machine's speed)."""

    name = "search"

    def __init__(self, seed: int | str = 0, trials: int = 64, max_options: int = 10,
                 samples: int = 4):
        self.seed = seed
        self.trials = trials
        self.max_options = max_options
        self.greedy = CarefulBot(f"search:{seed}", samples=samples)

    def __call__(self, game):
        d = game.request
        if d.kind == DecisionKind.CARD_TAPPED:
            return d.default
        team = self.greedy._team(game, d)
        options = sensible(game)
        if team is None or len(options) == 1:
            return options[0]
        if d.kind not in TURN_KINDS or game.turn.team != team:
            return self.greedy(game)
        return self._search(game, d, team, options)

    # -- the search ---------------------------------------------------------------------------
    def _search(self, game, d, team, options):
        rnd = random.Random(f"search:{self.seed}:{len(game.log)}:{d.why}")
        options = self._candidates(game, d, team, options)
        n = len(options)
        # each option's trials, those that kept the active worm and those that lost it at once
        # (a jump: the chance of each is known exactly, drown_chance)
        kept = [[0.0, 0] for _ in range(n)]
        lost = [[0.0, 0] for _ in range(n)]
        risk = [drown_chance(game.board, o) if d.kind == DecisionKind.MOVE else 0.0
                for o in options]
        budget = max(self.trials, 2 * n)
        for i in range(budget):
            k = i if i < n else _ucb(kept, lost, i)
            v, gone = self._trial(game, options[k], team, rnd)
            row = lost[k] if gone else kept[k]
            row[0] += v
            row[1] += 1

        def mean(k):
            return _mean(kept[k], lost[k], risk[k])
        best = max(range(n), key=lambda k: (round(mean(k), 9), is_quiet(options[k]), -k))
        return options[best]

    def _candidates(self, game, d, team, options):
        if d.kind != DecisionKind.MOVE or len(options) <= self.max_options:
            return options
        board = game.board
        worm = board.things.get(game.turn.worm)
        if worm is None:
            return options[:self.max_options]
        return sorted(options, key=lambda o: _stance(board, o[1] or worm.at, team))[
            :self.max_options]

    def _trial(self, game, option, team, rnd) -> tuple[float, bool]:
        """One trial of ``option``: its value and whether the active worm was lost at once."""
        worm = game.turn.worm
        trial = determinize(game, team, rnd)
        trial.answer(option)
        gone = worm is not None and worm not in trial.board.things
        steps = 0
        while trial.request is not None and steps < 60:
            if trial.turn.team != team or trial.result is not None:
                break
            trial.answer(rollout(trial, team, rnd))
            steps += 1
        return evaluate(trial, team), gone


def _mean(kept, lost, risk: float) -> float:
    """An option's value: the trials' mean, or, for a jump that may drown the worm, the means
    of the trials that kept it and lost it weighed by the exact chance of each."""
    n = kept[1] + lost[1]
    if not 0.0 < risk < 1.0 or not kept[1] or not lost[1]:
        return (kept[0] + lost[0]) / n
    return (1 - risk) * kept[0] / kept[1] + risk * lost[0] / lost[1]


def _ucb(kept, lost, i) -> int:
    logn = math.log(i + 1)

    def bound(k):
        n = kept[k][1] + lost[k][1]
        return (kept[k][0] + lost[k][0]) / n / 100.0 + 0.6 * math.sqrt(logn / n)
    return max(range(len(kept)), key=bound)


def determinize(game, team, rnd):
    """A copy of ``game`` as ``team`` might believe it is (:meth:`Game.fork` with a viewer)."""
    return game.fork(f"{rnd.getrandbits(64)}", viewer=team)


def rollout(game, team, rnd):
    """The fast policy a trial plays its own turn on with."""
    d = game.request
    options = d.options
    if len(options) == 1:
        return options[0]
    if d.kind == DecisionKind.MOVE:
        worm = game.board.things.get(game.turn.worm)
        if worm is not None:
            kept = [o for o in options if o[0] == Way.SKIP or drown_chance(game.board, o) < 0.25]
            return min(kept, key=lambda o: _stance(game.board, o[1] or worm.at, team))
    if d.kind == DecisionKind.CARD:
        return _best_card(game, team, rnd)
    if d.kind == DecisionKind.CARD_TAPPED:
        return d.default
    return policy(game, team)


def _best_card(game, team, rnd):
    """Each card of the hand tried once, to the end of its effects; the best kept."""
    best, best_v = None, None
    for opt in game.request.options:
        trial = game.fork(f"{rnd.getrandbits(64)}")
        trial.answer(opt)
        steps = 0
        while (trial.request is not None and steps < 30 and trial.result is None
               and trial.request.kind not in TURN_KINDS):
            trial.answer(policy(trial, team))
            steps += 1
        v = value(trial, team)
        if best_v is None or v > best_v:
            best, best_v = opt, v
    return best


def _stance(board, at, team) -> float:
    """How badly a worm of ``team`` stands at ``at`` (lower is better): near the water's edge,
    far from a firing distance to the nearest enemy."""
    shore = sum(1 for dd in range(1, 7) if neighbour(at, dd) not in board.land)
    enemies = [w.at for w in board.worms() if w.team != team]
    near = min((distance(at, e) for e in enemies), default=3)
    return 0.4 * shore + abs(near - 2) + (3.0 if at not in board.land else 0.0)


def evaluate(game, team) -> float:
    """The score of the position a trial's turn leaves."""
    v = value(game, team)
    if game.result is not None:
        return v
    board = game.board
    exposed = 0.0
    for w in board.worms(team):
        shore = sum(1 for dd in range(1, 7) if neighbour(w.at, dd) not in board.land)
        exposed += 0.08 * shore * (2.0 if w.damaged else 1.0)
    return v - exposed


class EasyBot:
    """The box at its easiest: the greedy bot's judgement with a single look, and one answer
    in three (of the turn's big choices) the first sensible idea rather than the best, but
    never a movement that may cost the worm (skipping one always can't)."""

    name = "easy"

    def __init__(self, seed: int | str = 0, careless: float = 0.35):
        self.greedy = GreedyBot(f"easy:{seed}", samples=1)
        self.careless = careless
        self.seed = seed

    def __call__(self, game):
        d = game.request
        options = sensible(game)
        rnd = random.Random(f"easy:{self.seed}:{len(game.log)}:{d.why}")
        if d.kind in TURN_KINDS and len(options) > 1 and rnd.random() < self.careless:
            if d.kind == DecisionKind.MOVE:
                options = [o for o in options if drown_chance(game.board, o) == 0.0]
            return rnd.choice(options)
        return self.greedy(game)
