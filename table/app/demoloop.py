"""The shop demo (table/app/demo.py) on an asyncio loop: :func:`run_async` paces the show's
beats and animations in real time, with the daemon's background tasks (table/app/tasks.py): a
ticker moving the LEDs' animation on, on the presenter's beat, and the retry of missing or
failing devices.  The buttons' and the card reader's events come from their threads through
the demo's bridge (its :class:`Supervisor` wires them, as in the daemon); an input cuts the
show short so that its screen goes up at once."""

from __future__ import annotations

import asyncio

from . import tasks
from .demo import Demo


async def run_async(demo: Demo, stop: asyncio.Event, games: int | None = None) -> None:
    """Pace the show on the running loop until ``stop`` (an asyncio.Event) is set or ``games``
    games are over.  Inputs (from any thread) reach the show through its bridge, once it runs."""
    wake = demo.wake = asyncio.Event()
    demo.bridge.loop = asyncio.get_running_loop()     # the devices' inputs and errors, on it
    stage = demo.stage
    jobs = [asyncio.create_task(job) for job in (
        tasks.every(stage.presenter.period, stage.tick, "the show's LEDs", stage.presenter.origin),
        tasks.every(demo.supervisor.retry_s, demo.retry, "the retry"))]
    start_games = demo.games
    try:
        while not stop.is_set() and (games is None or demo.games - start_games < games):
            wake.clear()
            animations, hold = demo.step()
            for scene, seconds in animations:
                demo.stage.play(scene, seconds)
                demo.draw()
                await _wait(wake, stop, seconds)
                if stop.is_set():
                    return
                if wake.is_set():        # an input: its screen goes up now, not after the show
                    break
            if hold > 0 and not wake.is_set():
                await _wait(wake, stop, hold)
    finally:
        for job in jobs:
            job.cancel()
        await asyncio.gather(*jobs, return_exceptions=True)


async def _wait(wake: asyncio.Event, stop: asyncio.Event, seconds: float) -> None:
    """Until ``seconds`` are up, an input wakes the show, or it is stopped."""
    waits = [asyncio.ensure_future(e.wait()) for e in (wake, stop)]
    try:
        await asyncio.wait(waits, timeout=seconds, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for w in waits:
            w.cancel()


__all__ = ["run_async"]
