"""The daemon's background tasks on its loop: a callable run every so many seconds (the
ticker, the retry of missing devices and of storage), systemd's watchdog, all stopped
together."""

from __future__ import annotations

import asyncio
import logging
import math
from typing import Any, Callable, Coroutine

log = logging.getLogger("worms-table")


async def every(seconds: float, fn: Callable[[], Any], what: str,
                origin: float | None = None) -> None:
    """``fn()`` every ``seconds``, on the beat: at ``origin`` + a whole number of ``seconds``
    on the loop's clock (``time.monotonic()``; ``origin`` None: now), so neither the time
    ``fn`` takes nor a late wake-up shifts the next one (an animation keeps its period,
    table/app/showing/presenter.py); a beat missed (a long press) is skipped, not caught up with a
    burst.  An exception is logged (as ``what`` failing), never the end."""
    loop = asyncio.get_running_loop()
    origin = loop.time() if origin is None else origin
    beat = math.floor((loop.time() - origin) / seconds)
    while True:
        beat += 1
        now = loop.time()
        if origin + beat * seconds < now:     # missed (the loop was held): the next one ahead
            beat = math.floor((now - origin) / seconds) + 1
        await asyncio.sleep(origin + beat * seconds - now)
        try:
            fn()
        except Exception:
            log.exception("%s failed; going on", what)


async def paced(beat: Callable[[], float], wake: asyncio.Event, what: str) -> None:
    """``beat()`` again and again, each time after the seconds the last one said to hold, or
    at once when ``wake`` is set (an input: its screen goes up now, not after the hold).  An
    exception is logged (as ``what`` failing), never the end."""
    while True:
        wake.clear()
        try:
            hold = beat()
        except Exception:
            log.exception("%s failed; going on", what)
            hold = 1.0
        woken = asyncio.ensure_future(wake.wait())
        try:                                  # (asyncio.wait: a cancel is never swallowed)
            await asyncio.wait([woken], timeout=max(hold, 0.01))
        finally:
            woken.cancel()


async def watchdog(notifier: Any) -> None:
    while True:
        notifier.watchdog()
        await asyncio.sleep(notifier.watchdog_interval)


async def run_until(stopping: asyncio.Event, *jobs: Coroutine[Any, Any, None]) -> None:
    """Run ``jobs`` as tasks until ``stopping`` is set; then cancel them all and wait."""
    tasks = [asyncio.create_task(job) for job in jobs]
    try:
        await stopping.wait()
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
