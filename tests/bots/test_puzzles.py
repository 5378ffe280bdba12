"""The tactical suite (tests/bots/puzzles.py, issue 35 item 1): every position is reached and
asks what it says, its right answers (or blunders) are among the options, and the levels solve
their share (hard 95%, normal 80%; easy stays beatable: bench/run bots)."""

import pytest

from table.bots import for_level

from .puzzles import PUZZLES, jump_risk, position


def _plain(a):
    return tuple(_plain(x) for x in a) if isinstance(a, (list, tuple)) else getattr(a, "value", a)


def test_there_are_forty_positions_of_every_kind_the_issue_names():
    assert len(PUZZLES) >= 40
    assert len({p.name for p in PUZZLES}) == len(PUZZLES)
    assert {t for p in PUZZLES for t in p.tags} == {"pass_wins", "no_water", "finish", "own_worm",
                                                    "crate", "chain", "prod"}


@pytest.mark.parametrize("p", PUZZLES, ids=lambda p: p.name)
def test_each_position_asks_blue_its_question_with_the_answers_among_the_options(p):
    game = position(p)
    d = game.request
    assert d.kind == p.kind and d.actor == "blue" and game.turn.number == p.turn
    options = [_plain(o) for o in d.options]
    listed = p.want or p.avoid
    assert listed and all(_plain(a) in options for a in listed), (options, listed)
    assert len(options) > len(p.want)            # (a question with a wrong answer)


def test_a_jump_drowns_as_often_as_the_faces_that_end_on_water():
    strip = [(q, 0) for q in range(5)]
    assert jump_risk(strip, (2, 0), wind=3) == pytest.approx(4 / 8)      # wind along the strip
    assert jump_risk(strip, (2, 0), wind=1) == pytest.approx(5 / 8)
    assert jump_risk(strip, (9, 0), wind=1) == 1


@pytest.mark.parametrize("level, share", [("hard", 0.95), ("normal", 0.8)])
def test_the_level_solves_its_share(level, share):
    missed = [p.name for p in PUZZLES if not p.solved(for_level(level, 1)(position(p)))]
    assert 1 - len(missed) / len(PUZZLES) >= share, missed
