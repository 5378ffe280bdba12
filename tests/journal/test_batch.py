"""Journal.batch: every write of a block in one transaction, committed when the block ends
(one sync for what one press changes); nothing of it in the file before; a failure inside it
leaves the file as it was before the failing write's block, or as committed."""

import sqlite3

import pytest

from table.engine.game import GameConfig
from table.librarygame import LibraryGame
from table.journal import Journal, JournaledGame, JournalError
from tests.journal.faulty import open_journal


def other_reader(path):
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT count(*) FROM entries").fetchone()[0], \
            db.execute("SELECT count(*) FROM progress").fetchone()[0]
    finally:
        db.close()


def test_writes_of_a_block_are_committed_together_at_its_end(tmp_path):
    path = tmp_path / "j.sqlite"
    journal, db = open_journal(path, game_cls=LibraryGame)          # (db: the journal's connection)
    with journal:
        played = JournaledGame.new(journal, GameConfig(teams=2), 3)
        before = other_reader(path)
        commits = []
        db.set_trace_callback(lambda sql: commits.append(sql) if sql == "COMMIT" else None)
        with journal.batch():
            played.answer(played.request.options[0])
            journal.set_progress(played.game_id, {"shown": 1})
            assert other_reader(path) == before          # nothing durable yet
            assert journal.progress(played.game_id) == {"shown": 1}   # but read back here
        assert commits == ["COMMIT"]
        assert other_reader(path) == (len(played.log), 1)
    resumed = Journal(path, game_cls=LibraryGame)
    try:
        assert resumed.entries(played.game_id) == played.log
    finally:
        resumed.close()


def test_a_failing_block_keeps_what_was_written_and_a_failing_write_keeps_nothing(tmp_path):
    path = tmp_path / "j.sqlite"
    with Journal(path, game_cls=LibraryGame) as journal:
        played = JournaledGame.new(journal, GameConfig(teams=2), 3)
        with pytest.raises(RuntimeError):
            with journal.batch():
                journal.set_progress(played.game_id, {"shown": 2})
                raise RuntimeError("a bug after the write")
        assert other_reader(path)[1] == 1                 # the write was committed
        with pytest.raises(JournalError):
            with journal.batch():
                journal.set_progress(played.game_id, {"shown": 3})
                journal.set_progress(played.game_id + 99, {"shown": 4})   # no such game
        assert journal.progress(played.game_id) == {"shown": 2}   # the block's writes undone


def test_a_finished_game_is_pruned_after_the_commit(tmp_path):
    path = tmp_path / "j.sqlite"
    with Journal(path, game_cls=LibraryGame, keep_finished=0) as journal:
        played = JournaledGame.new(journal, GameConfig(teams=2, max_rounds=1), 3)
        with journal.batch():
            while played.request is not None:
                played.answer(played.request.options[-1])
        assert journal.games() == []                      # finished, then pruned

