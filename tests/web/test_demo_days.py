"""The shop demo over days: what a failing beat or an early stop leaves behind."""

from __future__ import annotations

import asyncio

from .test_demo import on_show


def test_a_stop_asked_before_the_loop_runs_is_kept(devices, clock):
    """SIGTERM while the page is being served (before Daemon.run): the daemon stops once it
    runs, it does not run on."""
    daemon, show = on_show(devices, clock, start=False)
    daemon.stop()

    async def main() -> None:
        await asyncio.wait_for(daemon.run(), timeout=5)
    asyncio.run(main())
    daemon.close()
