"""The game's one door: request / answer / log / replay / undo / result."""

import json
import random

import pytest

from table.engine.decisions import Illegal
from table.engine.game import GameConfig, ReplayMismatch
from table.librarygame import LibraryGame


def play_random(game, seed, limit=None):
    rnd = random.Random(seed)
    n = 0
    while game.request is not None and (limit is None or n < limit):
        game.answer(rnd.choice(game.request.options))
        n += 1
    return game


def test_a_random_game_ends_with_a_result():
    g = play_random(LibraryGame.new(GameConfig(teams=2, max_rounds=80), 1), 1)
    assert g.request is None
    res = g.result
    assert res.winners and set(res.winners) <= {"blue", "red"}
    assert res.shared == (len(res.winners) > 1)


def test_same_seed_same_answers_same_game():
    a = play_random(LibraryGame.new(GameConfig(teams=3, max_rounds=40), 5), 9)
    b = play_random(LibraryGame.new(GameConfig(teams=3, max_rounds=40), 5), 9)
    assert a.log == b.log
    assert a.board.as_json() == b.board.as_json()


def test_log_is_json_and_replays_exactly():
    g = play_random(LibraryGame.new(GameConfig(teams=2, max_rounds=40), 3), 4, limit=60)
    log = json.loads(json.dumps(g.log))
    again = LibraryGame.replay(g.config, 3, log)
    assert again.board.as_json() == g.board.as_json()
    assert again.request == g.request
    assert again.hands == g.hands


def test_replay_refuses_a_log_from_another_seed():
    g = play_random(LibraryGame.new(GameConfig(teams=2), 3), 4, limit=30)
    with pytest.raises(ReplayMismatch):
        LibraryGame.replay(g.config, 4, g.log)


def test_illegal_answer_changes_nothing():
    g = LibraryGame.new(GameConfig(teams=2), 11)
    before = (list(g.log), g.request, g.board.as_json())
    with pytest.raises(Illegal, match="not a legal answer"):
        g.answer("no-such-worm")
    assert (g.log, g.request, g.board.as_json()) == before


def test_undo_steps_back_one_answer_but_never_past_a_die():
    g = LibraryGame.new(GameConfig(teams=2), 2)
    assert g.request.kind == "worm"
    first = g.request
    # a worm with no crate in its hex (opening one draws a card: a revealed random result)
    worm = next(w for w in first.options
                if not any(t.kind == "crate" for t in g.board.in_hex(g.board.things[w].at)))
    g.answer(worm)
    assert g.request.kind == "move"
    assert g.can_undo
    g.undo()
    assert g.request == first
    # a jump rolls its scatter die: that die may not be taken back
    g.answer(worm)
    here = g.board.things[g.turn.worm].at
    jump = next(o for o in g.request.options
                if o[0] == "jump" and o[1] != here and g.board.is_land(o[1]))
    g.answer(jump)
    if g.log[-1].get("chance"):
        assert not g.can_undo
        with pytest.raises(Illegal, match="never goes back"):
            g.undo()


def test_config_round_trips_through_json():
    cfg = GameConfig(teams=4, options=("parting_gifts", "timer"), max_rounds=3)
    assert GameConfig.from_json(json.loads(json.dumps(cfg.as_json()))) == cfg
    with pytest.raises(ValueError, match="unknown option"):
        GameConfig(options=("no_such_rule",))
    with pytest.raises(ValueError, match="2 to 6 teams"):
        GameConfig(teams=7)
