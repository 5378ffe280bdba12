"""The box's hard player: a search over the team's turn, the rules' chance weighed exactly.

A player at the table never sees the order of the decks nor the other teams' hands; the box
playing a team must not either.  So every copy the search tries an answer on is a
*determinization*: a copy of the game (``game.fork(seed, viewer=team)``) in which the decks are
shuffled again and the other teams' hidden cards are dealt anew from the cards this team has not
seen (information-set Monte Carlo).  The dice and the Danger coins are not sampled: the copies
are ``typed`` (each face asked for) and every outcome is tried with its probability
(table/bots/expect.py: expectimax, a budget of leaves for each answer, the deep many-dice tails
drawn by their chance once the budget is spent).

For every question of the team's own turn (which worm, each movement step, which card, where to
aim, which Accuracy die to keep, which Thing) the search tries every option (the most promising
few when there are many) on the same few determinizations, plays each on to the end of the
team's turn with a fast policy that moves towards a firing position, plays the best card it
finds and aims at the enemy, scores the position the turn leaves (worms kept and lost, how
exposed they stand, and what the other side's best attack in its reply can be expected to cost:
table/bots/danger.py; and a share of what its own next turn's prod can take:
table/bots/prods.py) and keeps the option with the best expected score.  Once the weapon
cards are spent a prod (E7.4) is the only way left to take a worm: the trials prod the enemy's
worms towards the water, and a movement that prods one is always among the options tried.

Everything is seeded from the bot's seed and the position (the log's length), so the same
game asks the same question and gets the same answer: a replay, an undo and a resume after a
power cut choose exactly as before.  The budget is a number of leaves, never wall time, for
the same reason.
"""

from __future__ import annotations

import random

from table.engine.decisions import TIMED, DecisionKind, Purpose, Way
from table.hexgrid import distance, neighbour

from .careful import CarefulBot, drown_chance, is_quiet, policy, value
from .danger import Hands, danger
from .expect import Expect
from .greedy import GreedyBot, hex_value, sensible
from .prods import prod_share, threat, trial_answer

#: a turn's own decisions: its rollouts (and the easy level) play these
TURN_KINDS = TIMED


class SearchBot:
    """``SearchBot(seed, trials=96)``: a callable bot (``bot(game) -> answer``); ``trials``
    the leaves its search weighs per decision, ``leaves`` per option and copy
    (table/bots/expect.py; a budget in counts, so answers never depend on the machine's
    speed)."""

    name = "search"

    def __init__(self, seed: int | str = 0, trials: int = 96, max_options: int = 10,
                 leaves: int = 16, rounds: int = 4, samples: int = 4):
        self.seed = seed
        self.trials = trials
        self.max_options = max_options
        self.leaves = leaves
        self.rounds = rounds
        self.greedy = CarefulBot(f"search:{seed}", samples=samples)

    def __call__(self, game):
        d = game.request
        if d.kind == DecisionKind.CARD_TAPPED:
            return d.default
        team = self.greedy._team(game, d)
        options = sensible(game)
        if team is None or len(options) == 1:
            return options[0]
        if game.turn.team != team or d.kind in (DecisionKind.PILE, DecisionKind.EDIT):
            return self.greedy(game)
        return self._search(game, d, team, options)

    # -- the search ---------------------------------------------------------------------------
    def _search(self, game, d, team, options):
        rnd = random.Random(f"search:{self.seed}:{len(game.log)}:{d.why}")
        options = self._candidates(game, d, team, options)
        n = len(options)
        total = [0.0] * n
        memo: dict = {}                  # the reply's price of each position met (danger.py)
        hands = Hands(game, team)        # what the team knows of the other hands
        rounds = leaves = 0
        # every option tried on the same copies of the game as the team could believe it is
        # (one a round), each copy's chance weighed exactly (Expect), until the leaves are
        # spent; the options of a round share their random numbers too (the policy's own tries,
        # the tails drawn), so they differ by what they do, not by luck
        while rounds < self.rounds and (rounds == 0 or leaves < self.trials):
            seed = rnd.getrandbits(64)
            for k, option in enumerate(options):
                r = random.Random(seed)
                expect = Expect(team, lambda g, r=r: rollout(g, team, r),
                                lambda g: evaluate(g, team, memo, hands), r)
                trial = game.fork(f"{seed}", viewer=team, typed=True)
                trial.answer(option)
                total[k] += expect(trial, self.leaves)
                leaves += expect.leaves
            rounds += 1
        best = max(range(n), key=lambda k: (round(total[k] / rounds, 9), is_quiet(options[k]), -k))
        return options[best]

    def _candidates(self, game, d, team, options):
        if len(options) <= self.max_options:
            return options
        board = game.board
        if d.kind == DecisionKind.HEX and d.purpose is Purpose.TARGET:
            enemies = [w.at for w in board.worms() if w.team != team]
            return sorted(options, key=lambda h: (-hex_value(board, h, team), min(
                (distance(h, e) for e in enemies), default=0)))[:self.max_options]
        worm = board.things.get(game.turn.worm)
        if d.kind != DecisionKind.MOVE or worm is None:
            return options[:self.max_options]
        kept = sorted(options, key=lambda o: _stance(board, o[1] or worm.at, team))[:self.max_options]
        # a movement that prods an enemy worm (E7.4) is always tried, however it stands
        return kept + [o for o in options if o not in kept and o[1] is not None
                       and prod_share(board, o[1], team) > 0]


def rollout(game, team, rnd):
    """The fast policy a trial plays its own turn on with."""
    d = game.request
    options = d.options
    if len(options) == 1:
        return options[0]
    if d.kind == DecisionKind.MOVE:
        worm = game.board.things.get(game.turn.worm)
        if worm is not None:
            board = game.board
            kept = [o for o in options if o[0] == Way.SKIP or drown_chance(board, o) < 0.25]
            prods = [(prod_share(board, o[1], team), o) for o in kept if o[0] == Way.INCH]
            best = max(prods, default=(0.0, None), key=lambda po: po[0])
            if best[0] >= PROD:          # an inch that prods an enemy worm into the water
                return best[1]
            return min(kept, key=lambda o: _stance(board, o[1] or worm.at, team))
    if d.kind == DecisionKind.CARD:
        return _best_card(game, team, rnd)
    if d.kind == DecisionKind.CARD_TAPPED:
        return d.default
    return _policy(game, team)


def _policy(game, team):
    """The trials' answer to the effects' questions: a prod's (table/bots/prods.py), else the
    careful bot's."""
    answer = trial_answer(game, team)
    return policy(game, team) if answer is None else answer


def _best_card(game, team, rnd):
    """Each card of the hand tried once, to the end of its effects; the best kept."""
    best, best_v = None, None
    for opt in game.request.options:
        trial = game.fork(f"{rnd.getrandbits(64)}")
        trial.answer(opt)
        steps = 0
        while (trial.request is not None and steps < 30 and trial.result is None
               and trial.request.kind not in TURN_KINDS):
            trial.answer(_policy(trial, team))
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


#: how much of the team's own best prod in its next turn (table/bots/prods.py: an enemy worm
#: among three Things that stay, a worm of the team within reach) the hard level counts: less
#: than the reply's price, as the other side moves first and may walk away
PRESS = 0.35
#: what taking the other team's last worm is worth beside the worm itself (the final round)
LAST = 50.0
#: the chance of drowning an enemy worm at which a trial's movement takes the prod (E7.4)
PROD = 0.25


#: what a shared win (a tie the end's comparison cannot break, T6) is worth to the hard level:
#: no more than an even game, so it never gambles a lead for one (nor the game for a lead)
TIE = 0.0
#: how much of the reply's expected cost (table/bots/danger.py: the other side's best attack,
#: priced as if it found it) the hard level counts; the normal level counts none of it
REPLY = 0.7


def evaluate(game, team, memo: dict | None = None, hands: Hands | None = None) -> float:
    """The score of the position a trial's turn leaves: what it holds, less what the other
    side's reply may cost (:func:`~table.bots.danger.danger`: ``memo`` its prices met,
    ``hands`` what the team knows of the other hands), plus a share of the prod the team's
    next turn may make (:func:`~table.bots.prods.threat`)."""
    v = value(game, team, TIE)
    if game.result is not None:
        return v
    board = game.board
    exposed = 0.0
    for w in board.worms(team):
        shore = sum(1 for dd in range(1, 7) if neighbour(w.at, dd) not in board.land)
        exposed += 0.08 * shore * (2.0 if w.damaged else 1.0)
    return v - exposed - REPLY * danger(game, team, memo, hands) + PRESS * threat(board, team, LAST)


class EasyBot:
    """The box at its easiest: the greedy bot's judgement with a single look, and one answer
    in three (of the turn's big choices) the first sensible idea rather than the best, but
    never a movement that may cost the worm (skipping one always can't).  ``offer``: among
    answers found equally good, the box's offer (:class:`GreedyBot`)."""

    name = "easy"

    def __init__(self, seed: int | str = 0, careless: float = 0.35, offer: bool = False):
        self.greedy = GreedyBot(f"easy:{seed}", samples=1, offer=offer)
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
