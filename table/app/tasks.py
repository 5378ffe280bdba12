"""The daemon's background tasks on its loop: a callable run every so many seconds (the
ticker, the retry of missing devices and of storage), systemd's watchdog, all stopped
together."""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Callable, Coroutine

log = logging.getLogger("worms-table")


async def every(seconds: float, fn: Callable[[], Any], what: str) -> None:
    """``fn()`` every ``seconds``, on a steady beat (the time ``fn`` takes is not added to the
    wait, so an animation keeps its period); an exception is logged (as ``what`` failing),
    never the end."""
    loop = asyncio.get_running_loop()
    due = loop.time()
    while True:
        due += seconds
        now = loop.time()
        if due < now:                   # fell behind (a long press, a slow bus): no burst
            due = now
        await asyncio.sleep(due - now)
        try:
            fn()
        except Exception:
            log.exception("%s failed; going on", what)


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
