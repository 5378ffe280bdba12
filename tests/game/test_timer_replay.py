"""The Timer running out (Game.time_up) is taken by a game in play exactly where a replay of its
log takes it again, so a journaled game with the Timer always resumes after a power cut.

A time-up while the players give a die, a coin or a card (the players' own dice or decks) is
held until that is given: a replay has the log's faces and cards at hand and never stops at
such a question, so the timeout entry must stand where the game next asks the turn something.
"""

import json
import random

import pytest

from table.bots import RandomBot
from table.engine.decisions import Illegal
from table.engine.dice import TYPED
from table.engine.game import TURN_PHASES
from table.librarygame import GameConfig, LibraryGame
from table.journal import Journal, JournaledGame, resume


def same_again(game):
    """Replay ``game``'s log: the same log, board, result and question."""
    again = LibraryGame.replay(game.config, game.seed, json.loads(json.dumps(game.log)))
    assert again.log == game.log
    assert again.board.as_json() == game.board.as_json()
    assert again.result == game.result and again.request == game.request
    return again


def typed_in_turn(config, seed, kinds):
    """The game (and its bot) at the first die, coin or card the players give during a turn."""
    game, bot = LibraryGame.new(config, seed), RandomBot(seed)
    while not (game.request.kind in kinds and game.turn.step in TURN_PHASES):
        game.answer(bot(game))
    return game, bot


def play_out(game, bot):
    while game.request is not None:
        game.answer(bot(game))


def test_a_time_up_while_a_drawn_card_is_tapped_ends_the_turn_where_a_replay_does():
    # seed 1: the worm activated opens a crate; the players tap the card they drew, and the
    # clock runs out meanwhile (before: logged before the tap, the live game then lost it when
    # the step ended, and the replay, which knew the tap, ended the turn one question later)
    config = GameConfig(teams=2, options=("timer",), max_rounds=30, own_decks=True)
    game, bot = typed_in_turn(config, 1, ("card_tapped",))
    assert game.turn.step == "move1" and game.request.why == "draw:supply"
    turn, n = game.turn.number, len(game.log)
    game.time_up()
    assert len(game.log) == n                   # held: the card is still to be tapped
    assert not game.can_undo
    with pytest.raises(Illegal, match="once"):
        game.time_up()
    game.answer(game.request.options[0])
    assert game.log[n]["reveal"] == "supply" and game.log[n + 1] == {"timeout": True}
    assert game.turn.step == "end" or game.turn.number > turn      # no movement step played
    assert not any(e["event"] == "move" for e in game.events[-8:])
    same_again(game)
    play_out(game, bot)
    same_again(game)


def test_a_time_up_while_accuracy_dice_are_typed_lets_the_text_finish_and_replays():
    # seed 14: the Bazooka's Accuracy dice are typed in when the clock runs out (before: the
    # timeout was logged between the target and the dice; the replay met it after the dice)
    config = GameConfig(teams=2, options=("timer",), max_rounds=30, own_dice=True)
    game, bot = typed_in_turn(config, 14, ("die_typed", "flip_typed"))
    assert game.turn.step == "weapon" and game.log[-1]["why"] == "bazooka:target"
    n = len(game.log)
    game.time_up()
    while game.request.kind in TYPED:
        assert {"timeout": True} not in game.log[n:]
        game.answer(game.request.options[0])
    dice = [e for e in game.log[n:] if e.get("chance") == "die"]
    assert dice and game.log[n + len(dice)] == {"timeout": True}
    same_again(game)
    turn = game.turn.number
    while game.request is not None and game.turn.number == turn:
        assert game.request.why != "bazooka:move"      # the text finished, the card's MOVE not
        game.answer(bot(game))
    play_out(game, bot)
    assert game.log.count({"timeout": True}) == 1
    same_again(game)


def test_a_held_time_up_is_dropped_when_the_given_die_ends_the_turn():
    # seed 6: the die typed during the first movement step ends the turn by itself
    config = GameConfig(teams=2, options=("timer",), max_rounds=30, own_dice=True)
    game, bot = typed_in_turn(config, 6, ("die_typed", "flip_typed"))
    game.time_up()
    while game.request.kind in TYPED:
        game.answer(bot(game))
    assert game.turn.step == "end" and {"timeout": True} not in game.log
    same_again(game)


def test_a_journaled_game_with_a_held_time_up_resumes(tmp_path):
    config = GameConfig(teams=2, options=("timer",), max_rounds=30, own_decks=True)
    path = tmp_path / "journal.db"
    with Journal(path, game_cls=LibraryGame) as journal:
        played = JournaledGame.new(journal, config, 1)
        bot = RandomBot(1)
        while not (played.request.kind == "card_tapped" and played.game.turn.step in TURN_PHASES):
            played.answer(bot(played.game))
        played.time_up()
        played.answer(played.request.options[0])
        assert {"timeout": True} in played.log
        assert journal.entries(played.game_id) == list(played.log)
        log = list(played.log)
    resumed = resume(path, game_cls=LibraryGame)
    try:
        assert resumed.log == log
    finally:
        resumed.close()


CONFIGS = {"seeded": {}, "own_dice": {"own_dice": True}, "own_decks": {"own_decks": True}}


@pytest.mark.parametrize("chance", sorted(CONFIGS))
def test_random_time_ups_and_undos_always_replay_to_the_same_game(chance):
    config = GameConfig(teams=2, options=("timer",), max_rounds=30, **CONFIGS[chance])
    held = taken = 0
    for seed in range(21):
        game, bot, rnd = LibraryGame.new(config, seed), RandomBot(seed), random.Random(seed)
        while game.request is not None:
            roll = rnd.random()
            if roll < 0.1:
                before = len(game.log)
                try:
                    game.time_up()
                except Illegal:
                    continue
                taken += 1
                held += len(game.log) == before
            elif roll < 0.15 and game.can_undo:
                game.undo()
            else:
                game.answer(bot(game))
        same_again(game)
    assert taken > 20
    assert (held > 0) == (chance != "seeded")     # the players' dice or decks: some were held
