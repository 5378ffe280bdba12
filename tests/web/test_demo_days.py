"""The shop demo over days: what a failing beat or an early stop leaves behind."""

from __future__ import annotations

import asyncio

from table.app import boxseat

from .test_demo import on_show


def test_a_game_given_up_after_a_failed_beat_does_not_stay_in_memory(devices, clock,
                                                                      monkeypatch):
    """A beat that fails starts a new game; the game it gave up is finished in the journal
    (so pruned as any other), not left in play in memory for the days the demo runs."""
    daemon, show = on_show(devices, clock, seed=2)
    choose, calls = boxseat.choose, []

    def flaky(game, seed, level=None):
        calls.append(1)
        if len(calls) % 5 == 0:
            raise RuntimeError("a bug in a bot")
        return choose(game, seed, level)
    monkeypatch.setattr(boxseat, "choose", flaky)
    for _ in range(300):
        show.beat()
    assert len(calls) >= 25                         # (five beats failed, and more)
    playing = [g for g in daemon.journal.games() if g.status == "playing"]
    assert [g.id for g in playing] == [daemon.jg.game_id]
    assert len(daemon.journal.games()) <= 2
    daemon.close()


def test_a_stop_asked_before_the_loop_runs_is_kept(devices, clock):
    """SIGTERM while the page is being served (before Daemon.run): the daemon stops once it
    runs, it does not run on."""
    daemon, show = on_show(devices, clock, start=False)
    daemon.stop()

    async def main() -> None:
        await asyncio.wait_for(daemon.run(), timeout=5)
    asyncio.run(main())
    daemon.close()
