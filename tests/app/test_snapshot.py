"""One snapshot per change: the OLED is drawn once, its image and words, the LED frame and the
wind all in the one frozen TableSnapshot the devices were drawn from and the page is pushed."""

from __future__ import annotations

import asyncio

import pytest

from table.app.core.mode import Mode
from table.app.asking.prompts import Menu
from table.ui.snapshot import TableSnapshot

from tests.spies import posts

from .driver import Player, running, sim_daemon


def test_each_press_is_one_snapshot_drawn_once(tmp_path, monkeypatch):
    drawn = []                                  # each OLED screen drawn (the wizard's menus)
    screen = Menu.screen
    monkeypatch.setattr(Menu, "screen", lambda self, v: (drawn.append(self), screen(self, v))[1])

    async def main():
        # no ticker, no retry task: only the presses change the table
        daemon = sim_daemon(tmp_path, fps=0.001, retry_s=1000.0)
        snaps: list[TableSnapshot] = []
        daemon.page.on_snapshot = snaps.append
        async with running(daemon):
            display, leds = daemon.dev["display"], daemon.dev["leds"]
            posted = posts(display)
            player = Player(daemon)
            seen = []
            for name in ("4", "4", "1", "ok"):
                before = (len(snaps), len(drawn), len(posted))
                await player.press(name)
                seen.append((len(snaps) - before[0], len(drawn) - before[1],
                             len(posted) - before[2]))
                snap = snaps[-1]
                assert snap.screen.tobytes() == display.image.tobytes()
                assert {h: leds.capped(c) for h, c in snap.frame.items()} == leds.shown()
                assert snap.oled == tuple(snap.oled) and len(snap.oled) >= 2   # the words shown
            return seen, snaps
    seen, snaps = asyncio.run(main())
    assert seen == [(1, 1, 1)] * 4                   # one snapshot, one drawing, one frame sent
    assert [s.version for s in snaps] == list(range(1, len(snaps) + 1))
    assert all(s.mode == Mode.WIZARD and s.lang == "en" for s in snaps[:-1])


def test_a_snapshot_never_changes(tmp_path):
    snap = TableSnapshot(1, "play", "en", oled=("Blue", "Move 1"), wind=3)
    with pytest.raises(AttributeError):
        snap.wind = 4
    later = snap.next(wind=4)
    assert (snap.version, snap.wind, later.version, later.wind) == (1, 3, 2, 4)
    assert later.oled == snap.oled
