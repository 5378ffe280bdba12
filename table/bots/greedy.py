"""The quick bots: random and greedy (and their shared rules of thumb).

* :class:`RandomBot` answers with a uniformly random legal option (never a jump into water).
* :class:`GreedyBot` tries every option on copies of the game (``game.fork``: its own dice,
  the hidden decks reshuffled, never the game's upcoming rolls), plays each copy on with a
  quick rule-of-thumb policy until the next movement, card or worm choice (or the end of the
  turn), scores the position for its team and keeps the option with the best average.

The score: two points a healthy worm, one a damaged worm, for its team, minus the same for
the strongest other team; a small bonus for cards in hand; a win or loss dominates.
"""

from __future__ import annotations

import random

from table.engine.board import EXPLOSIVE
from table.engine.decisions import TIMED, DecisionKind, Purpose, Way, team_of
from table.hexgrid import distance

#: decisions after which a bot's trial stops and scores the position
TOP = TIMED + (DecisionKind.PILE,)


def sensible(game) -> list:
    """The request's options less the ones no player would pick: a jump onto water (T1 allows
    it; the worm sinks); a card drawn from the players' own deck is its top card.  Never
    empty (skipping a move is always an option)."""
    d = game.request
    if d.kind in (DecisionKind.CARD_TAPPED, DecisionKind.EDIT):   # the top card of the players'
        return [d.default]       # own deck; card text resolved by hand: a bot reports no change
    options = list(d.options)
    if d.kind == DecisionKind.MOVE:
        board = game.board
        kept = [o for o in options if o[0] != Way.JUMP or board.is_land(o[1])]
        return kept or options
    return options


class RandomBot:
    name = "random"

    def __init__(self, seed=0):
        self.rnd = random.Random(f"random:{seed}")

    def __call__(self, game):
        options = sensible(game)
        # (one option: a card drawn from the players' own deck; no random number is spent,
        # so the bot plays the same game whoever draws)
        if game.request.kind == DecisionKind.CARD_TAPPED:
            return options[0]
        return self.rnd.choice(options)


def team_value(board, team) -> float:
    return sum(1.0 if w.damaged else 2.0 for w in board.worms(team))


def score(game, team) -> float:
    res = game.result
    if res is not None:
        if team in res.winners:
            return 100.0 if not res.shared else 50.0
        return -100.0
    board = game.board
    teams = game.teams
    mine = team_value(board, team)
    others = [team_value(board, t) for t in teams if t != team]
    hand = game.hand_size(team)
    return mine - (max(others) if others else 0.0) + 0.05 * hand


def quick(game, team):
    """The trial policy: aim at the hex with the most enemy worms, pick the die that lands
    nearest to one, prod and push others' Things; otherwise the rulings' default."""
    d = game.request
    board = game.board
    if d.kind == DecisionKind.HEX and d.purpose is Purpose.TARGET:
        return max(d.options, key=lambda h: hex_value(board, h, team))
    if (d.kind == DecisionKind.DIE and d.purpose is Purpose.ACCURACY
            and board.target is not None):
        from table.engine.chance import face_direction
        from table.hexgrid import neighbour

        def land(face):
            dd = face_direction(face, board.wind)
            return board.target if dd is None else neighbour(board.target, dd)
        return max(d.options, key=lambda f: hex_value(board, land(f), team))
    return d.default


def hex_value(board, h, team) -> float:
    v = 0.0
    for t in board.in_hex(h):
        if t.kind == "worm":
            v += 1.0 if t.team != team else -1.5
        elif t.kind in EXPLOSIVE:
            v += 0.2
    return v


class GreedyBot:
    """``GreedyBot(seed)``: each trial is a copy of the game as its team could believe it is
    (``game.fork(..., viewer=team)``: the hidden cards dealt from the ones it has not seen), so
    no answer depends on another team's hand or a deck's order.  Among answers it finds equally
    good it picks one at random, or, ``offer=True``, the box's offer (the decision's default)
    when that is one of them: a group that sees no difference presses OK."""

    name = "greedy"

    def __init__(self, seed=0, samples=2, max_options=16, depth=12, offer=False):
        self.seed = seed
        self.offer = offer
        self.samples = samples
        self.max_options = max_options
        self.depth = depth
        self.rnd = random.Random(f"greedy:{seed}")
        self.calls = 0

    def __call__(self, game):
        d = game.request
        if d.kind == DecisionKind.CARD_TAPPED:      # from the players' own deck: the top one
            return d.default
        team = self._team(game, d)
        options = sensible(game)
        if d.kind == DecisionKind.PILE or team is None:
            return self.rnd.choice(options)
        if (d.kind == DecisionKind.HEX and d.purpose is Purpose.TARGET
                and len(options) > self.max_options):
            options.sort(key=lambda h: -hex_value(game.board, h, team))
            options = options[:self.max_options]
        best, best_v = [], None
        for opt in options:
            v = self._value(game, opt, team, d)
            if best_v is None or v > best_v + 1e-9:
                best, best_v = [opt], v
            elif abs(v - best_v) <= 1e-9:
                best.append(opt)
        if self.offer and len(best) > 1 and d.default in best:
            return d.default
        return self._pick(best)

    def _pick(self, best: list):
        """One of the answers found equally good."""
        return self.rnd.choice(best)

    def _team(self, game, d):
        return team_of(d.actor, game.seats)

    def _value(self, game, opt, team, d) -> float:
        total = 0.0
        n = self.samples
        for k in range(n):
            trial = self._trial(game, opt, team)
            total += self._score(trial, team) + self._position(trial, team, d)
            if k == 0 and not any("chance" in e or "reveal" in e for e in trial.log):
                return total          # nothing random happened: one trial is the answer
        return total / n

    def _trial(self, game, opt, team):
        """A copy of ``game`` with ``opt`` answered, played on with the quick policy until the
        next movement, card or worm choice (or the end of the turn)."""
        self.calls += 1
        trial = game.fork(f"{self.seed}:{self.calls}", viewer=team)
        trial.answer(opt)
        steps = 0
        while (trial.request is not None and steps < self.depth
               and trial.request.kind not in TOP):
            trial.answer(self._policy(trial, team))
            steps += 1
        return trial

    def _policy(self, game, team):
        return quick(game, team)

    def _score(self, game, team) -> float:
        return score(game, team)

    def _position(self, game, team, d) -> float:
        """Where the active worm stands: off the shore, in range of enemies."""
        if d.kind not in (DecisionKind.MOVE, DecisionKind.WORM) or game.result is not None:
            return 0.0
        worm = game.board.things.get(game.turn.worm)
        if worm is None or worm.team != team:
            return 0.0
        board = game.board
        shore = sum(1 for dd in range(1, 7) if _step(worm.at, dd) not in board.land)
        enemies = [w for w in board.worms() if w.team != team]
        near = min((distance(worm.at, w.at) for w in enemies), default=9)
        return -0.05 * shore - 0.03 * max(0, near - 2)


def _step(h, d):
    from table.hexgrid import neighbour
    return neighbour(h, d)

