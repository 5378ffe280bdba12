"""The players' own dice: typed in as requests that say what each die is for, logged as
ordinary chance outcomes, so the journal replays them; the face typed in last can be taken
back (a mistyped die), the box's own dice never."""

import random

import pytest

from table.engine.dice import TYPED
from table.engine.game import GameConfig
from table.librarygame import LibraryGame
from table.bots import RandomBot
from table.engine.decisions import Illegal


@pytest.mark.parametrize("seed", [0, 5])
def test_typed_dice_replay_exactly_with_undos_on_the_way(seed):
    game = LibraryGame.new(GameConfig(teams=2 + seed % 3, own_dice=True), seed)
    bot, rnd, n, typed = RandomBot(seed), random.Random(seed), 0, 0
    while game.request is not None:
        d = game.request
        if d.kind in TYPED:
            typed += 1
            game.answer(rnd.choice(d.options))
        else:
            game.answer(bot(game))
        n += 1
        if n % 7 == 0 and game.can_undo:
            typed -= game.log[-1].get("chance") in ("die", "flip")
            game.undo()
    again = LibraryGame.replay(game.config.as_json(), seed, game.log)
    assert again.result == game.result and again.log == game.log
    assert typed > 10
    # every die and coin came from the players, once each (the ones taken back are gone)
    assert typed == sum(1 for e in game.log if e.get("chance") in ("die", "flip"))


def test_a_typed_face_must_be_a_face_and_can_be_taken_back_until_the_next():
    game = LibraryGame.new(GameConfig(teams=2, own_dice=True), 3)
    bot = RandomBot(3)
    while not (game.request.kind == "die_typed" and game.request.info[0] == "accuracy"
               and game.request.info[1] < game.request.info[2]):  # a die with another after it
        d = game.request
        game.answer("3" if d.kind == "die_typed" else "safe" if d.kind == "flip_typed"
                    else bot(game))
    asked, log = game.request, list(game.log)
    with pytest.raises(Illegal):
        game.answer("7")
    assert game.log == log
    game.answer("4")
    assert game.log[len(log):][0] == {"chance": "die", "value": "4"}
    while game.log[-1].get("chance") != "die":    # answers after it go back first
        game.undo()
    game.undo()                                   # then the face typed in
    assert game.log == log and game.request == asked
    game.answer("5")
    assert {"chance": "die", "value": "5"} in game.log[len(log):]


def test_the_box_s_own_dice_are_never_taken_back():
    game = LibraryGame.new(GameConfig(teams=2), 1)
    while not game.log or game.log[-1].get("chance") != "die":
        game.answer(game.request.default)
    assert not game.can_undo
    with pytest.raises(Illegal, match="random result"):
        game.undo()


def test_each_typed_die_says_what_it_is_for_and_which_of_how_many():
    """Aiming rolls its Accuracy dice together: die k of n; the setup's wind roll is one die."""
    game = LibraryGame.new(GameConfig(teams=2, own_dice=True), 3)
    asked, bot = [], RandomBot(3)
    while game.request is not None and len(asked) < 80:
        d = game.request
        if d.kind == "die_typed":
            asked.append(d.info)
            game.answer("hit" if d.info[0] == "accuracy" else "3")
        elif d.kind == "flip_typed":
            game.answer("safe")
        else:
            game.answer(bot(game))
    assert asked[0] == ("wind", 1, 1, None)
    runs = [info for info in asked if info[0] == "accuracy"]
    assert runs, "no Accuracy roll in the first moves"
    n = runs[0][2]
    assert [info[1] for info in runs[:n]] == list(range(1, n + 1))
    assert all(info[2] == n for info in runs[:n])


def test_a_bots_copy_of_a_players_dice_game_rolls_for_itself():
    game = LibraryGame.new(GameConfig(teams=2, own_dice=True), 5)
    while game.request.kind in TYPED or game.request.kind != "card":
        game.answer(game.request.default)
    fork = game.fork(1)
    while fork.request is not None and fork.request.kind not in TYPED and fork.turn.number < 4:
        fork.answer(fork.request.default)
    assert fork.request is None or fork.request.kind not in TYPED     # never asks a die


def test_the_journal_config_keeps_own_dice():
    config = GameConfig(teams=3, own_dice=True)
    assert GameConfig.from_json(config.as_json()) == config
