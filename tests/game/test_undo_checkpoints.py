"""Undo rebuilds the game from a checkpoint a few entries back, not from the start: the game
it gives is the one a replay of the shortened log gives, in every respect a player sees."""

import random

import pytest

from table.bots import RandomBot
from table.engine.game import GameConfig
from table.engine.rerun import same_entry
from table.librarygame import LibraryGame


def seen(game):
    return ([same_entry(e) for e in game.log], game.request, game.board.as_json(), game.events,
            game.hands, game.deck_cards, game.turn, game.can_undo)


@pytest.mark.parametrize("config", [
    GameConfig(teams=4, max_rounds=40),
    GameConfig(teams=3, options=("parting_gifts", "longer_game"), max_rounds=40),
    GameConfig(teams=2, own_dice=True, max_rounds=40),
    GameConfig(teams=2, own_decks=True, max_rounds=40),
], ids=["four", "options", "own_dice", "own_decks"])
def test_undo_gives_the_game_a_replay_gives(config, monkeypatch):
    undos, longest = 0, 0
    for seed in range(3, 13):                 # games until undo has been tried often enough
        game = LibraryGame.new(config, seed)
        rnd, bot = random.Random(seed), RandomBot(seed)
        while game.request is not None and len(game.log) < 400:
            if rnd.random() < 0.4 and game.can_undo:
                typed = config.own_dice and game.log[-1].get("chance") in ("die", "flip")
                undo_point = len(game.log) - 1 if typed else \
                    max(i for i, e in enumerate(game.log) if "answer" in e)   # (a face typed
                # in last is taken back first: issue 23)
                replayed = LibraryGame.replay(config, seed, game.log[:undo_point])
                with monkeypatch.context() as m:      # never the whole game again
                    m.setattr(LibraryGame, "replay", None)
                    game.undo()
                undos += 1
                assert seen(game) == seen(replayed)
            else:
                game.answer(bot(game))
        longest = max(longest, len(game.log))
        if undos >= 10 and longest > 120:
            break
    assert undos >= 10 and longest > 120


def test_undo_in_a_game_resumed_from_a_log_without_the_setup_record():
    config = GameConfig(teams=3, max_rounds=40)
    game = LibraryGame.new(config, 17)
    bot = RandomBot(17)
    for _ in range(40):
        game.answer(bot(game))
    old = [e for e in game.log if "setup" not in e]
    resumed = LibraryGame.replay(config, 17, old)
    while not resumed.can_undo:
        resumed.answer(resumed.request.options[0])
    point = max(i for i, e in enumerate(resumed.log) if "answer" in e)
    expected = LibraryGame.replay(config, 17, resumed.log[:point])
    resumed.undo()
    assert seen(resumed) == seen(expected)
    assert not any("setup" in e for e in resumed.log)
    assert resumed.setup.as_json() == game.setup.as_json()
