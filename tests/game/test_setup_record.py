"""The setup record: the board as laid, the hands as dealt and what the decks hold are written
into the log when setup ends, and read back from it (``Game.setup``), never re-derived."""

import random

from table.engine.board import Board
from table.engine.game import GameConfig
from table.librarygame import LibraryGame
from table.journal import Journal, JournaledGame


def played(config, seed, answers):
    game = LibraryGame.new(config, seed)
    rnd = random.Random(seed)
    for _ in range(answers):
        if game.request is None:
            break
        game.answer(rnd.choice(game.request.options))
    return game


def test_the_record_is_the_game_as_setup_left_it():
    game = LibraryGame.new(GameConfig(teams=3, options=("late_superweapons",)), 4)
    assert game.turn.step == "activate"          # setup is over, no answer given yet
    records = [e for e in game.log if "setup" in e]
    assert len(records) == 1 and game.log[-1] is records[0]
    setup = game.setup
    assert setup.board.as_json() == game.board.as_json()
    assert setup.hands == game.hands
    assert setup.decks == game.deck_cards


def test_no_record_while_the_players_set_up():
    game = LibraryGame.new(GameConfig(teams=2, placement="players"), 8)
    assert game.request.kind == "pile"
    assert game.setup is None and not any("setup" in e for e in game.log)
    rnd = random.Random(8)
    while game.turn.step == "place":
        game.answer(rnd.choice(game.request.options))
    placed = game.board.as_json()
    assert game.setup.board.as_json() == placed


def test_the_record_stays_through_play_undo_and_replay():
    config = GameConfig(teams=2)
    start = LibraryGame.new(config, 21).setup
    game = played(config, 21, 12)
    assert game.board.as_json() != start.board.as_json()
    assert game.setup.as_json() == start.as_json()
    while game.can_undo:
        game.undo()
    assert game.setup.as_json() == start.as_json()
    again = LibraryGame.replay(config, 21, game.log)
    assert again.log == game.log and again.setup.as_json() == start.as_json()


def test_a_log_from_before_the_record_replays_as_it_is_stored(tmp_path):
    """Journals written before the record: the game resumes with the log as stored (entry for
    entry), answers and undoes, and still knows its setup."""
    config = GameConfig(teams=2)
    game = played(config, 5, 12)
    old_log = [e for e in game.log if "setup" not in e]
    with Journal(tmp_path / "j.sqlite", game_cls=LibraryGame) as journal:
        game_id = journal.new_game(config, 5, old_log)
        resumed = JournaledGame.load(journal, game_id)
        assert resumed.log == old_log
        assert resumed.game.setup.as_json() == game.setup.as_json()
        resumed.answer(resumed.request.options[0])
        assert journal.entries(game_id) == resumed.log
        assert resumed.undo()
        assert journal.entries(game_id) == resumed.log == old_log[:len(resumed.log)]
        assert resumed.game.setup.as_json() == game.setup.as_json()


def test_a_board_comes_back_from_its_json():
    board = played(GameConfig(teams=4, options=("reduced_blast",)), 9, 150).board
    data = board.as_json()
    back = Board.from_json(data)
    assert back.as_json() == data
    assert {t.id: (t.at, t.team, t.damaged) for t in back.things.values()} == \
        {t.id: (t.at, t.team, t.damaged) for t in board.things.values()}
    assert all(back.id_taken(i) for i in data["destroyed"])


def test_a_board_copy_is_equal_and_shares_nothing_that_changes():
    """Board.copy (each batch of changes the players copy, each undo takes one): the same
    board, and nothing done to the copy reaches the original."""
    from table.engine.board import Board, Thing

    board = Board(land={(0, 0), (1, 0), (0, 1)}, wind=3)
    board.add(Thing("red-1", "worm", (0, 0), "red"))
    board.add(Thing("mine-1", "mine", (1, 0)))
    board.frozen.add("red-1")
    board.target = (0, 1)
    copied = board.copy()
    assert copied.as_json() == board.as_json() and copied.things == board.things
    assert copied.land_in_order() == board.land_in_order()
    copied.things["red-1"].damaged = True
    copied.lift(copied.things["mine-1"])
    copied.put(copied.things["mine-1"], (0, 1))
    copied.remove(copied.things["red-1"])
    copied.land.discard((1, 0))
    copied.frozen.clear()
    assert board.things["red-1"].damaged is False and board.things["mine-1"].at == (1, 0)
    assert board.in_hex((1, 0))[0].id == "mine-1" and board.in_hex((0, 0))[0].id == "red-1"
    assert (1, 0) in board.land and board.frozen == {"red-1"} and board.destroyed == []
