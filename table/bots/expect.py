"""The hard level's chance, weighed exactly (issue 35 item 2): expectimax over a turn's dice and
Danger coins.

A copy of the game made with ``game.fork(seed, typed=True)`` rolls no die and flips no coin
itself: it asks for each face and side (a ``die_typed`` or ``flip_typed`` request, its ``info``
saying what for), as the players' own dice do.  :func:`expect` plays such a copy on to the end
of the team's turn with a policy and, at each of those *chance nodes*, tries every outcome, each
weighed by its probability (a die's eight faces, 1/8 each, a coin's two sides, 1/2 each), so an
answer's worth is the exact expectation over the rules' chance, not a guess from a few rolls:

* faces that do the same thing are one outcome (the wind face points where the wind's number
  does; for the wind's own die, ``hit`` and ``wind`` and the wind's number all leave it);
* the Accuracy dice rolled together (E1) are one node: the player keeps the best die, so with
  ``n`` dice the landing of each face is worked out once and weighed by the chance that it is
  the best face rolled (``P(best <= f) = (share of faces no better than f) ** n``), instead of
  the ``8 ** n`` ways the dice can fall;
* the search is bounded by a number of *leaves* (positions scored): a node's budget is shared
  among its outcomes; where it is smaller than the outcomes are many, one outcome is drawn by
  its probability (an unbiased sample), so the nearest chance (a jump's scatter, where the
  Accuracy dice send the shot) is exact and only the deep, many-dice tails are sampled.
"""

from __future__ import annotations

from table.engine.chance import FACES, SIDES
from table.engine.decisions import DecisionKind

#: the requests that are the rules' chance in a typed copy
CHANCE = (DecisionKind.DIE_TYPED, DecisionKind.FLIP_TYPED)
#: at most this many answers of the policy in one line of play (a loop guard)
STEPS = 60


def outcomes(game) -> list[tuple[str, int]]:
    """The distinct outcomes of the chance node ``game.request`` and how many of the die's
    eight faces (the coin's two sides) give each."""
    d = game.request
    if d.kind == DecisionKind.FLIP_TYPED:
        return [(s, 1) for s in SIDES]
    why = d.info[0] if d.info else None
    wind = str(game.board.wind)
    same = {"wind": wind, "hit": wind} if why == "wind" else {"wind": wind}
    counts: dict[str, int] = {}
    for face in FACES:
        f = same.get(face, face)
        counts[f] = counts.get(f, 0) + 1
    return list(counts.items())


def _together(d) -> int:
    """How many dice the node ``d`` stands for: the Accuracy dice rolled together from the
    first (the best is kept), else one."""
    why, k, n = (tuple(d.info or ()) + (None, 1, 1))[:3]
    return n if why == "accuracy" and k == 1 and d.kind == DecisionKind.DIE_TYPED else 1


class Expect:
    """``Expect(team, play, score, rnd)``: ``play(game)`` answers the team's questions in a
    line of play (its policy), ``score(game)`` scores the position the turn leaves, ``rnd`` draws
    an outcome where the budget is too small to try them all.  ``leaves`` counts the positions
    scored (the work done)."""

    def __init__(self, team, play, score, rnd):
        self.team, self.play, self.score, self.rnd = team, play, score, rnd
        self.leaves = 0
        self.forks = 0

    def __call__(self, game, budget: int) -> float:
        """The expected score of the typed copy ``game`` (played on, so spent) at the end of
        the team's turn, with at most about ``budget`` leaves."""
        steps = 0
        while (game.request is not None and game.result is None and game.turn.team == self.team
               and steps < STEPS):
            if game.request.kind in CHANCE:
                return self._chance(game, budget)
            game.answer(self.play(game))
            steps += 1
        self.leaves += 1
        return self.score(game)

    def _chance(self, game, budget: int) -> float:
        d = game.request
        out = outcomes(game)
        total = sum(n for _, n in out)
        dice = _together(d)
        if budget < len(out):                 # too little to try them all: one, by its chance
            game.answer(self._draw(out, total))
            return self(game, budget)
        share = budget // len(out)
        worth = []
        for i, (value, n) in enumerate(out):
            child = game if i == len(out) - 1 else self._copy(game)
            for _ in range(dice):
                child.answer(value)
            worth.append((self(child, share), n))
        if dice == 1:
            return sum(v * n for v, n in worth) / total
        # the best of ``dice`` dice is kept: weigh each face by the chance it is the best rolled
        worth.sort(key=lambda vn: vn[0])
        below, ev = 0, 0.0
        for v, n in worth:
            ev += v * (((below + n) / total) ** dice - (below / total) ** dice)
            below += n
        return ev

    def _draw(self, out, total: int) -> str:
        pick = self.rnd.randrange(total)
        for value, n in out:
            if pick < n:
                return value
            pick -= n
        raise AssertionError("no outcome drawn")      # (the counts add up to ``total``)

    def _copy(self, game):
        self.forks += 1
        return game.fork(f"expect:{self.forks}", typed=True)
