"""Failing storage under the journal (issue 10 items 3 and 5): a write that fails leaves
nothing in memory ahead of the file; a write-ahead log lost or damaged after a kill cannot take
acknowledged entries with it (there is none); an empty journal is reported, not replaced."""

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from table.journal import (Journal, JournalDamaged, JournaledGame, JournalError, JournalFull,
                           JournalIOError)
from tests.journal.faulty import disk_full, io_error, open_journal
from tests.journal.player import choose, game_api

ROOT = Path(__file__).resolve().parents[2]
SIDES = ("-wal", "-shm", "-journal")


@pytest.fixture
def standin():
    api = game_api("standin")
    return api.game_cls, api.config_for(0)


def test_a_failed_write_is_reported_as_full_and_the_game_stays_as_the_file_has_it(standin,
                                                                                 tmp_path):
    game_cls, config = standin
    journal, disk = open_journal(tmp_path / "j.sqlite", game_cls=game_cls)
    with journal:
        played = JournaledGame.new(journal, config, 3)
        for _ in range(5):
            played.answer(choose(played.game, 3))
        disk.error = disk_full()
        before = list(played.log)
        with pytest.raises(JournalFull) as err:
            played.answer(choose(played.game, 3))
        assert isinstance(err.value, JournalIOError) and "j.sqlite" in str(err.value)
        assert list(played.log) == before == journal.entries(played.game_id)
        disk.error = None
        played.answer(choose(played.game, 3))               # storage back: on from the file
        assert journal.entries(played.game_id) == list(played.log)


def test_when_even_the_reload_fails_every_later_change_is_refused(standin, tmp_path):
    """Nothing is ever written after a gap: a game that may be ahead of its file refuses to
    go on until it is reloaded."""
    game_cls, config = standin
    journal, disk = open_journal(tmp_path / "j.sqlite", game_cls=game_cls)
    with journal:
        played = JournaledGame.new(journal, config, 4)
        played.answer(choose(played.game, 4))
        disk.error = io_error()
        real_load = journal.load
        journal.load = lambda gid: (_ for _ in ()).throw(JournalIOError("cannot read"))
        with pytest.raises(JournalError):
            played.answer(choose(played.game, 4))
        disk.error = None
        with pytest.raises(JournalIOError, match="ahead of"):      # (the first error's class)
            played.answer(choose(played.game, 4))
        journal.load = real_load
        played = JournaledGame.load(journal, played.game_id)      # as the daemon resumes it
        played.answer(choose(played.game, 4))
        assert journal.entries(played.game_id) == list(played.log)
        assert journal.load(played.game_id).log == played.log


def test_the_time_up_path_is_journaled_and_fails_cleanly(tmp_path):
    from table.engine.game import TIMED, GameConfig
    from table.librarygame import LibraryGame
    journal, disk = open_journal(tmp_path / "j.sqlite", game_cls=LibraryGame)
    with journal:
        played = JournaledGame.new(journal, GameConfig(teams=2, options=("timer",)), 31)
        for _ in range(6):
            played.answer(choose(played.game, 31))
        while played.request.kind not in TIMED:
            played.answer(choose(played.game, 31))
        disk.error = disk_full()
        before = list(played.log)
        with pytest.raises(JournalError):
            played.time_up()
        assert list(played.log) == before == journal.entries(played.game_id)


def _writer(path, answers):
    """A child that commits ``answers`` answers, says how many entries are acknowledged, and
    waits to be killed."""
    code = f"""
import os, sys, time
from table.journal import Journal, JournaledGame
from tests.journal.player import choose, game_api
api = game_api("standin")
j = Journal({str(path)!r}, game_cls=api.game_cls)
played = JournaledGame.new(j, api.config_for(0), 8)
for _ in range({answers}):
    played.answer(choose(played.game, 8))
os.write(1, f"{{len(played.log)}}\\n".encode())
time.sleep(60)
"""
    child = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)})
    line = child.stdout.readline()
    assert line, child.stderr.read().decode()
    child.send_signal(signal.SIGKILL)
    child.communicate()
    return int(line)


@pytest.mark.parametrize("harm", ["deleted", "garbled"])
def test_side_files_lost_or_damaged_after_a_kill_lose_no_acknowledged_entry(tmp_path, harm):
    """A SIGKILL'd writer, then its side files (a write-ahead log, if any) deleted or filled
    with garbage: every entry it was told is stored is still there."""
    path = tmp_path / "journal.sqlite"
    acked = _writer(path, 12)
    for side in SIDES:
        f = Path(f"{path}{side}")
        if f.exists():
            if harm == "deleted":
                f.unlink()
            elif f.stat().st_size:
                f.write_bytes(bytes((i * 7919) % 251 for i in range(f.stat().st_size)))
    api = game_api("standin")
    with Journal(path, game_cls=api.game_cls) as journal:
        assert journal.info(1).entries == acked
        journal.load(1)


def test_an_empty_journal_is_reported_not_silently_replaced(tmp_path):
    path = tmp_path / "journal.sqlite"
    path.write_bytes(b"")
    with pytest.raises(JournalDamaged, match="empty"):
        Journal(path)
    assert path.exists() and path.stat().st_size == 0          # left for the caller


def test_a_new_journal_appears_whole_or_not_at_all(tmp_path):
    path = tmp_path / "journal.sqlite"
    Path(f"{path}.new").write_bytes(b"half made by a start that was killed")
    Journal(path).close()
    assert path.stat().st_size > 0 and not Path(f"{path}.new").exists()
    Journal(path).close()


def test_a_journal_an_older_version_left_in_wal_mode_keeps_what_its_wal_held(standin, tmp_path):
    """The file and its write-ahead log as a power cut left them (copied while the writer
    still had them open): opening it folds the log into the file and drops WAL mode."""
    game_cls, config = standin
    path, copy = tmp_path / "journal.sqlite", tmp_path / "cut" / "journal.sqlite"
    copy.parent.mkdir()
    journal, db = open_journal(path, game_cls=game_cls)
    with journal:
        played = JournaledGame.new(journal, config, 6)
        assert db.execute("PRAGMA journal_mode = WAL").fetchone()[0] == "wal"
        db.execute("PRAGMA wal_autocheckpoint = 0")
        for _ in range(6):
            played.answer(choose(played.game, 6))
        assert Path(f"{path}-wal").stat().st_size > 0
        for side in ("", "-wal"):
            Path(f"{copy}{side}").write_bytes(Path(f"{path}{side}").read_bytes())
        log = list(played.log)
    journal, db = open_journal(copy, game_cls=game_cls)
    with journal:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "persist"
        assert journal.entries(played.game_id) == log
    assert not Path(f"{copy}-wal").exists()
