"""The hard level's chance, weighed exactly (table/bots/expect.py, issue 35 item 2): on a copy
whose dice are asked for (``game.fork(seed, typed=True)``), every outcome is tried with its
probability, so a jump's worth is its exact chance of keeping the worm and the Accuracy dice's
is the chance that the best of them lands where it should."""

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from table.bots.expect import Expect, outcomes
from table.engine.decisions import DecisionKind

from .puzzles import PUZZLES, jump_risk, position


def _puzzle(name):
    return next(p for p in PUZZLES if p.name == name)


def defaults(game):
    return game.request.default


@pytest.mark.parametrize("name", ["strip", "hook", "strip_wind"])
def test_a_jump_is_worth_its_exact_chance_of_keeping_the_worm(name):
    p = _puzzle(name)
    game = position(p)
    jumps = [o for o in game.request.options if o[0] == "jump" and game.board.is_land(o[1])]
    assert jumps
    for jump in jumps:
        copy = game.fork("t", viewer="blue", typed=True)
        copy.answer(jump)
        assert copy.request.kind == DecisionKind.DIE_TYPED           # the scatter, asked for
        expect = Expect("blue", defaults, lambda g: float("blue-1" in g.board.things),
                        random.Random(1))
        kept = expect(copy, 16)
        assert kept == pytest.approx(float(1 - jump_risk(p.land, jump[1], p.wind))), jump


@pytest.mark.parametrize("name", ["die_east", "die_wind"])
def test_the_best_of_the_accuracy_dice_is_weighed_by_its_chance(name):
    """Worth 1 where the kept die is the bullseye: with n dice, 1 - (7/8)^n (not 8^n tries)."""
    p = _puzzle(name)
    game = position(replace(p, kind="hex", before=p.before[:-1]))
    copy = game.fork("t", viewer="blue", typed=True)
    copy.answer(p.before[-1][1])
    d = copy.request
    assert d.kind == DecisionKind.DIE_TYPED and d.info[0] == "accuracy"
    n = d.info[2]
    expect = Expect("blue", defaults, lambda g: float(any(
        e["event"] == "accuracy" and e["picked"] == "hit" for e in g.events)), random.Random(1))
    assert expect(copy, 64) == pytest.approx(float(1 - Fraction(7, 8) ** n))
    assert n > 1 and expect.leaves <= 64 < 8 ** n              # (the budget, not 8^n rolls)


def test_faces_that_do_the_same_are_one_outcome():
    game = position(_puzzle("strip"))           # (the wind points 1)
    copy = game.fork("t", viewer="blue", typed=True)
    copy.answer(next(o for o in game.request.options if o[0] == "jump"))
    assert sorted(outcomes(copy)) == [("1", 2), ("2", 1), ("3", 1), ("4", 1), ("5", 1), ("6", 1),
                                      ("hit", 1)]


def test_a_shared_win_is_worth_no_more_than_an_even_game_to_the_hard_level():
    """The final round, Blue's last worm jumps into the water: no team has a worm, a shared
    win (T6).  The normal level counts it half a win; the hard one as nothing won, so it never
    gambles a lead away for one (bench/run bots: shared wins were most of its undecided games)."""
    from table.bots.careful import value
    from table.bots.search import TIE, evaluate

    game = position(_puzzle("final_stay_small"))
    water = next(o for o in game.request.options if o[0] == "jump" and not game.board.is_land(o[1]))
    game.answer(water)
    while game.request is not None:
        game.answer(game.request.default)
    assert game.result.shared and set(game.result.winners) == {"blue", "red"}
    assert value(game, "blue") == 50.0 and evaluate(game, "blue") == TIE == 0.0
