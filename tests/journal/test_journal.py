import dataclasses
import os
import sqlite3
from pathlib import Path

import pytest

from table.engine.decisions import Illegal
from table.journal import (APPLICATION_ID, SCHEMA_VERSION, Journal, JournalDamaged, JournaledGame,
                           JournalError, JournalNewer, JournalReplayError, resume)
from table.journal.journaled import as_json
from tests.journal.faulty import open_journal
from tests.journal.player import choose, game_api, play_through

@pytest.fixture(params=["standin", "real"])
def kind(request):
    return request.param


@pytest.fixture
def api(kind):
    api = game_api(kind)
    return api.game_cls, api.config_for(0)


@pytest.fixture
def standin():
    api = game_api("standin")
    return api.game_cls, api.config_for(0)


@pytest.fixture
def path(tmp_path):
    return tmp_path / "journal.sqlite"


def state(game):
    """Everything a player can see of a game, and its log."""
    seen = [getattr(game, name, None) for name in ("hands", "decks", "turn", "eliminated")]
    return game.board.as_json(), list(game.log), game.request, game.result, seen


def play(played, seed, answers):
    for _ in range(answers):
        if played.request is None:
            break
        played.answer(choose(played.game, seed))


def test_a_game_rebuilds_exactly_from_its_journal(api, path):
    game_cls, config = api
    with Journal(path, game_cls=game_cls) as journal:
        played = JournaledGame.new(journal, config, 11)
        play(played, 11, 25)
        before = state(played.game)
        assert len(played.log) > 25              # answers and chance outcomes
    resumed = resume(path, game_cls=game_cls)
    try:
        assert state(resumed.game) == before
        play_through(resumed, 11)
        finished = state(resumed.game)
    finally:
        resumed.close()
    straight = game_cls.new(config, 11)
    play_through(straight, 11)
    assert finished == state(straight)
    assert finished[3] is not None


def test_journal_settings_are_durable(api, path):
    game_cls, _ = api
    journal, db = open_journal(path, game_cls=game_cls)        # (db: the journal's connection)
    with journal:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "persist"    # no WAL
        assert db.execute("PRAGMA synchronous").fetchone()[0] == 2      # FULL
        assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_an_illegal_answer_changes_nothing(api, path):
    game_cls, config = api
    with Journal(path, game_cls=game_cls) as journal:
        played = JournaledGame.new(journal, config, 3)
        play(played, 3, 5)
        before = state(played.game)
        stored = journal.entries(played.game_id)
        with pytest.raises(Illegal):
            played.answer("not an option")
        assert state(played.game) == before
        assert journal.entries(played.game_id) == stored == before[1]


def test_a_failed_write_leaves_the_game_as_the_journal_has_it(api, path, monkeypatch):
    game_cls, config = api
    with Journal(path, game_cls=game_cls) as journal:
        played = JournaledGame.new(journal, config, 4)
        play(played, 4, 3)
        before = state(played.game)

        def disk_full(*args, **kwargs):
            raise JournalError("cannot write journal: database or disk is full")

        monkeypatch.setattr(journal, "extend", disk_full)
        with pytest.raises(JournalError):
            played.answer(choose(played.game, 4))
        assert state(played.game) == before


def test_finished_games_are_closed(api, path):
    game_cls, config = api
    with Journal(path, game_cls=game_cls) as journal:
        played = JournaledGame.new(journal, config, 5)
        play_through(played, 5)
        info = journal.info(played.game_id)
        assert info.status == "finished"
        assert info.result == as_json(played.result)     # the file keeps the JSON form
        assert info.entries == len(played.log)
        assert journal.latest_unfinished() is None
        with pytest.raises(JournalError, match="finished"):
            journal.append(played.game_id, ("answer", "roll"))
    assert resume(path, game_cls=game_cls) is None


def test_latest_unfinished_is_the_newest_game_in_play(api, path):
    game_cls, config = api
    with Journal(path, game_cls=game_cls) as journal:
        first = JournaledGame.new(journal, config, 1)
        second = JournaledGame.new(journal, config, 2)
        assert journal.latest_unfinished() == second.game_id
        play_through(second, 2)
        assert journal.latest_unfinished() == first.game_id
        assert [g.seed for g in journal.games()] == [1, 2]


# -- undo -------------------------------------------------------------------------------------

def test_undo_takes_back_what_the_games_own_undo_does(api, path):
    game_cls, config = api
    with Journal(path, game_cls=game_cls) as journal:
        played = JournaledGame.new(journal, config, 21)
        refused = undone = 0
        while played.request is not None and not (refused and undone >= 3):
            if played.can_undo:
                expected = game_cls.replay(config, 21, list(played.log))
                expected.undo()
                assert played.undo() is True
                assert state(played.game) == state(expected)
                undone += 1
            else:
                before = state(played.game)
                assert played.undo() is False
                assert state(played.game) == before
                refused += 1
            assert journal.entries(played.game_id) == list(played.log)
            assert state(journal.load(played.game_id)) == state(played.game)
            play(played, 21, 2)
        assert refused and undone >= 3


# -- undo (the stand-in's own rule: an answer is undoable until a chance outcome follows it) --

def _to_hex_request(played, seed):
    """Play until the game asks for a hex (just after a hold, with no chance since)."""
    while played.request.kind != "hex":
        played.answer(choose(played.game, seed))


def test_undo_takes_back_an_answer_and_survives_a_restart(standin, path):
    game_cls, config = standin
    with Journal(path, game_cls=game_cls) as journal:
        played = JournaledGame.new(journal, config, 8)
        _to_hex_request(played, 8)
        assert played.log[-1] == ("answer", "hold")
        at_move = state(game_cls.replay(config, 8, played.log[:-1]))
        assert played.undo() is True
        assert state(played.game) == at_move
        assert journal.entries(played.game_id) == at_move[1]
    resumed = resume(path, game_cls=game_cls)
    try:
        assert state(resumed.game) == at_move
        # play on differently: the undone entry stays in the file, marked, and is never replayed
        resumed.answer("roll")
        after = state(resumed.game)
        gid = resumed.game_id
    finally:
        resumed.close()
    with Journal(path, game_cls=game_cls) as journal:
        assert state(journal.load(gid)) == after
        marked = sqlite3.connect(path).execute(
            "SELECT kind, payload FROM entries WHERE game_id = ? AND undone = 1", (gid,)).fetchall()
        assert len(marked) == 1 and marked[0][0] == "answer" and "hold" in marked[0][1]


def test_undo_never_goes_past_a_revealed_random_result(standin, path):
    game_cls, config = standin
    with Journal(path, game_cls=game_cls) as journal:
        played = JournaledGame.new(journal, config, 9)
        while played.log[-1][0] != "die":
            played.answer("roll")
        before = state(played.game)
        assert played.undo() is False
        assert state(played.game) == before
        assert journal.entries(played.game_id) == before[1]
        assert journal.undo(played.game_id) is None


def test_undo_twice_stops_at_the_die(standin, path):
    game_cls, config = standin
    with Journal(path, game_cls=game_cls) as journal:
        played = JournaledGame.new(journal, config, 10)
        _to_hex_request(played, 10)
        assert played.undo() is True
        assert played.undo() is False      # before the hold: a die or the turn's flip
        assert played.log[-1][0] in ("die", "flip")
        again = JournaledGame.load(journal, played.game_id)
        assert state(again.game) == state(played.game)


def test_undo_of_the_winning_answer_reopens_the_game(standin, path):
    game_cls, config = standin
    with Journal(path, game_cls=game_cls) as journal:
        played = JournaledGame.new(journal, config, 12)
        play_through(played, 12)
        assert journal.latest_unfinished() is None
        assert played.log[-1][0] == "answer"        # the winner's marker hex
        assert played.undo() is True
        assert played.result is None and played.request.kind == "hex"
        assert journal.latest_unfinished() == played.game_id
        assert journal.info(played.game_id).result is None


# -- bad files -------------------------------------------------------------------------------

def test_garbage_is_not_a_journal(tmp_path):
    bad = tmp_path / "notes.txt"
    bad.write_bytes(b"shopping list: worms, dice, more worms\n" * 200)
    with pytest.raises(JournalDamaged, match="not a readable worms-table journal"):
        Journal(bad)
    assert bad.read_bytes().startswith(b"shopping list")      # left untouched


def test_another_sqlite_database_is_not_a_journal(tmp_path):
    other = tmp_path / "other.sqlite"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE t (x)")
    db.commit()
    db.close()
    with pytest.raises(JournalDamaged, match="not a worms-table journal"):
        Journal(other)


def test_a_newer_schema_is_refused(path):
    Journal(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(JournalNewer, match="newer worms-table"):
        Journal(path)


def test_a_truncated_journal_is_reported_damaged(standin, path):
    game_cls, config = standin
    with Journal(path, game_cls=game_cls) as journal:
        for seed in range(6):
            play_through(JournaledGame.new(journal, config, seed), seed)
    assert not os.path.exists(f"{path}-wal")            # (no write-ahead log: all is in the file)
    size = os.path.getsize(path)
    assert size > 4 * 4096
    with open(path, "r+b") as f:
        f.truncate(size // 2)
    with pytest.raises(JournalError) as err:
        with Journal(path, game_cls=game_cls) as journal:
            for info in journal.games():
                journal.load(info.id)
    assert str(path) in str(err.value)


def test_a_damaged_entry_names_the_game_and_entry(api, path):
    game_cls, config = api
    with Journal(path, game_cls=game_cls) as journal:
        played = JournaledGame.new(journal, config, 2)
        play(played, 2, 4)
        gid = played.game_id
    db = sqlite3.connect(path)
    db.execute("UPDATE entries SET payload = '{oops' WHERE game_id = ? AND seq = 2", (gid,))
    db.commit()
    db.close()
    with Journal(path, game_cls=game_cls) as journal:
        with pytest.raises(JournalReplayError, match=f"game {gid} entry 2 is not valid JSON"):
            journal.load(gid)


def test_a_log_the_game_refuses_is_reported(api, kind, path):
    game_cls, config = api
    with Journal(path, game_cls=game_cls) as journal:
        played = JournaledGame.new(journal, config, 2)
        play(played, 2, 4)
        journal.append(played.game_id, game_api(kind).bogus)
        with pytest.raises(JournalReplayError, match="does not replay"):
            journal.load(played.game_id)


@pytest.mark.parametrize("where", ["dir", "missing"])
def test_unusable_paths_are_named(tmp_path, where):
    target = tmp_path if where == "dir" else tmp_path / "nowhere" / "j.sqlite"
    with pytest.raises(JournalError, match="directory"):
        Journal(target)


# -- size cap ---------------------------------------------------------------------------------

def _file_size(journal):
    """The size of the journal's file (it keeps no write-ahead log: all is in the file)."""
    assert not os.path.exists(f"{journal.path}-wal")
    return os.path.getsize(journal.path)


def _play_games(journal, config, seeds):
    for seed in seeds:
        play_through(JournaledGame.new(journal, config, seed), seed)


def test_only_the_newest_finished_games_are_kept(standin, path):
    game_cls, config = standin
    config = dataclasses.replace(config, target=8)     # short games: only the count matters
    with Journal(path, keep_finished=3, game_cls=game_cls) as journal:
        in_play = JournaledGame.new(journal, config, 999)
        play(in_play, 999, 3)
        _play_games(journal, config, range(10))
        infos = journal.games()
        assert [i.seed for i in infos] == [999, 7, 8, 9]
        assert infos[0].status == "playing"
        left = sqlite3.connect(path).execute(
            "SELECT DISTINCT game_id FROM entries ORDER BY game_id").fetchall()
        assert [r[0] for r in left] == [i.id for i in infos]
        assert state(journal.load(in_play.game_id)) == state(in_play.game)


def test_the_cap_keeps_the_file_from_growing(standin, tmp_path):
    game_cls, config = standin
    config = dataclasses.replace(config, target=8)     # short games: only the count matters
    capped, uncapped = tmp_path / "capped.sqlite", tmp_path / "uncapped.sqlite"
    with Journal(capped, keep_finished=2, game_cls=game_cls) as a, \
            Journal(uncapped, game_cls=game_cls) as b:
        _play_games(a, config, range(5))
        _play_games(b, config, range(5))
        first_a, first_b = _file_size(a), _file_size(b)
        _play_games(a, config, range(5, 20))
        _play_games(b, config, range(5, 20))
        assert _file_size(a) <= first_a + 2 * 4096
        assert _file_size(b) >= first_b + 4 * 4096


def test_a_timeout_is_journaled_like_an_answer(path):
    from table.engine.game import TIMED, GameConfig
    from table.librarygame import LibraryGame

    config = GameConfig(teams=2, options=("timer",))
    with Journal(path, game_cls=LibraryGame) as journal:
        played = JournaledGame.new(journal, config, 31)
        play(played, 31, 5)
        while played.request.kind not in TIMED:
            played.answer(choose(played.game, 31))
        turn = played.game.turn.number
        played.time_up()
        assert played.game.turn.number == turn      # (the game still waits in that turn)
        assert {"timeout": True} in played.log
        assert journal.entries(played.game_id) == list(played.log)
        after = state(played.game)
        with pytest.raises(Illegal):          # once a turn
            played.time_up()
        assert state(played.game) == after
    resumed = resume(path, game_cls=LibraryGame)
    try:
        assert state(resumed.game) == after
    finally:
        resumed.close()


def test_a_torn_last_write_loses_only_the_last_answer(api, tmp_path):
    """A power cut in the middle of a commit: the commit's pages are partly in the file, the
    old ones in the hot rollback journal beside it.  SQLite rolls that transaction back on
    the next open, and only that one."""
    game_cls, config = api
    path, copy = tmp_path / "journal.sqlite", tmp_path / "after-the-cut.sqlite"
    with Journal(path, game_cls=game_cls) as journal:
        played = JournaledGame.new(journal, config, 41)
        play(played, 41, 8)
        before_last = list(played.log)
        gid = played.game_id
        db = sqlite3.connect(path, isolation_level=None)   # a writer beside the box's own
        db.execute("PRAGMA cache_size = 1")         # dirty pages spill into the file early
        db.execute("BEGIN IMMEDIATE")
        db.executemany("INSERT INTO entries (game_id, seq, kind, payload) VALUES (?, ?, ?, ?)",
                       [(gid, 1000 + i, "answer", '"' + "x" * 3000 + '"') for i in range(40)])
        hot = Path(f"{path}-journal").read_bytes()
        assert len(hot) > 0
        copy.write_bytes(path.read_bytes())          # the disk as the power went off
        Path(f"{copy}-journal").write_bytes(hot)
        db.execute("ROLLBACK")
        db.close()
    with Journal(copy, game_cls=game_cls) as journal:
        assert journal.entries(gid) == before_last
        assert state(journal.load(gid)) == state(game_cls.replay(config, 41, before_last))
