"""The daemon's background tasks on its loop: a callable run every so many seconds (the
ticker, the retry of missing devices and of storage), systemd's watchdog, all stopped
together."""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Callable, Coroutine

log = logging.getLogger("worms-table")


async def every(seconds: float, fn: Callable[[], Any], what: str) -> None:
    """``fn()`` every ``seconds``; an exception is logged (as ``what`` failing), never the end."""
    while True:
        await asyncio.sleep(seconds)
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
