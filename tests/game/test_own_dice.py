"""The players' own dice: typed in as requests, logged as ordinary chance outcomes, so the
journal replays them and undo never goes back past one."""

import random

import pytest

from table.engine.dice import TYPED
from table.engine.game import GameConfig
from table.game import Game
from table.bots import RandomBot
from table.engine.decisions import Illegal


@pytest.mark.parametrize("seed", [0, 5])
def test_typed_dice_replay_exactly_with_undos_on_the_way(seed):
    game = Game.new(GameConfig(teams=2 + seed % 3, own_dice=True), seed)
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
            game.undo()
    again = Game.replay(game.config.as_json(), seed, game.log)
    assert again.result == game.result and again.log == game.log
    assert typed > 10
    # every die and coin came from the players, once each (undo never took one back)
    assert typed == sum(1 for e in game.log if e.get("chance") in ("die", "flip"))


def test_a_typed_face_must_be_a_face_and_the_roll_cannot_be_undone():
    game = Game.new(GameConfig(teams=2, own_dice=True), 1)
    while game.request.kind != "die_typed":
        game.answer(game.request.default)
    log = list(game.log)
    with pytest.raises(Illegal):
        game.answer("7")
    assert game.log == log
    game.answer("4")
    assert {"chance": "die", "value": "4"} in game.log[len(log):]
    assert not game.can_undo or "answer" in game.log[-1]


def test_a_bots_copy_of_a_players_dice_game_rolls_for_itself():
    game = Game.new(GameConfig(teams=2, own_dice=True), 5)
    while game.request.kind in TYPED or game.request.kind != "card":
        game.answer(game.request.default)
    fork = game.fork(1)
    while fork.request is not None and fork.request.kind not in TYPED and fork.turn.number < 4:
        fork.answer(fork.request.default)
    assert fork.request is None or fork.request.kind not in TYPED     # never asks a die


def test_the_journal_config_keeps_own_dice():
    config = GameConfig(teams=3, own_dice=True)
    assert GameConfig.from_json(config.as_json()) == config
