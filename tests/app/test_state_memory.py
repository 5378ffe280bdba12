"""The state in memory only (``Daemon(devices, None)``, table/app/storage/folder.py): the shop demo's,
which runs for days on an SD card: a journal in SQLite's memory, nothing written to any
file, finished games pruned (all but the last) so that memory stays flat."""

from __future__ import annotations

import os

from table.app.storage.folder import StateFolder
from table.engine.game import GameConfig
from table.librarygame import LibraryGame
from table.journal import Journal, JournaledGame

from .driver import sim_daemon


def test_a_journal_in_memory_keeps_games_and_writes_no_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with Journal(":memory:", keep_finished=0, game_cls=LibraryGame) as journal:
        jg = JournaledGame.new(journal, GameConfig(teams=2, max_rounds=1), 5)
        jg.answer(jg.request.default)
        again = JournaledGame.load(journal, jg.game_id)
        assert again.game.log == jg.game.log
        journal.finish(jg.game_id, {"winners": []})
        assert journal.games() == []              # finished: pruned at once
    assert os.listdir(tmp_path) == []


def test_the_state_in_memory_reads_and_writes_no_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    store = StateFolder(None, keep_finished=0, game_cls=LibraryGame).open()
    assert store.memory and store.fault is None and store.problems == []
    assert store.journal is not None and store.settings == {}
    store.save_settings({"lang": "cs"})
    assert store.settings == {"lang": "cs"}
    tags = store.tags({"bazooka": object()})
    tags.enrol("04AA", "bazooka")
    assert tags.card("04aa") == "bazooka"
    assert store.retry() and store.fault is None
    gid = store.journal.new_game(GameConfig(teams=2), 1)
    store.save_progress(gid, 3, [4], 1)
    assert store.progress(gid, 9) == (3, [4], 1)
    store.close()
    assert os.listdir(tmp_path) == []


def test_a_daemon_with_its_state_in_memory_plays_and_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    daemon = sim_daemon(None, seed=2)
    daemon.supervisor.open_all()
    daemon.start_game(GameConfig(teams=2, max_rounds=1))
    assert daemon.game is not None and daemon.journal is not None
    for _ in range(3000):
        game = daemon.game
        if daemon.queue:
            daemon.queue.confirm()
            daemon.save_progress()
        elif game.request is None:
            break
        else:
            daemon.answer(game.request.default)
    assert daemon.game.result is not None
    assert [g.status for g in daemon.journal.games()] == ["finished"]   # the last one only
    daemon.close()
    daemon.devices.close()
    assert os.listdir(tmp_path) == []
