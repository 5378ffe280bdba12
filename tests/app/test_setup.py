"""Making the daemon builds its parts and touches no file; its setup reads the state folder,
the card library and the tags in a worker thread, so the loop goes on meanwhile (issue 31)."""

from __future__ import annotations

import asyncio
import threading

import table.app.daemon as daemon_module
import table.app.storage.opening as opening
from table.devices.build import build_devices
from table.profiles import load


def test_making_the_daemon_reads_and_writes_nothing(tmp_path, monkeypatch):
    read = []
    monkeypatch.setattr(opening, "load_cards", lambda cards: read.append(True) or (cards, None))
    devices = build_devices(load(None), sim=True)
    folder = tmp_path / "state"
    try:
        daemon = daemon_module.Daemon(devices, folder, seed=1)
        assert not folder.exists() and read == []
        assert daemon.journal is None and daemon.opened is False
        assert devices.built() == {}                     # no device opened either
    finally:
        devices.close()


def test_setup_reads_the_state_off_the_loop_and_only_once(tmp_path):
    devices = build_devices(load(None), sim=True)
    (tmp_path / "settings.json").write_text('{"lang": "cs"}')
    daemon = daemon_module.Daemon(devices, tmp_path, seed=1)
    opened_in = []
    open_folder = daemon.store.open

    def open_recorded():
        opened_in.append(threading.current_thread())
        return open_folder()
    daemon.store.open = open_recorded

    async def main():
        ticks = 0

        async def ticker():                              # the loop goes on meanwhile
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0)
        task = asyncio.create_task(ticker())
        await daemon.setup()
        await daemon.setup()
        task.cancel()
        return ticks
    try:
        assert asyncio.run(main()) > 0
        assert len(opened_in) == 1 and opened_in[0] is not threading.main_thread()
        assert daemon.journal is not None and (tmp_path / "journal.sqlite").exists()
        assert daemon.lang == "cs" and "bazooka" in daemon.cards
        daemon.start()                                   # on the loop's thread: it works on
        assert daemon.game is None and daemon.wizard is not None
    finally:
        daemon.close()
        devices.close()
