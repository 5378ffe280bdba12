"""Waiting for something another thread (or the loop) does, without depending on the machine's
speed: poll a condition until it holds, within a generous bound; never a bare sleep.

>>> until(lambda: True) >= 0
True
"""

from __future__ import annotations

import asyncio
import time
from typing import Callable


def until(predicate: Callable[[], object], timeout: float = 10.0, step: float = 0.002,
          what: str = "the condition") -> float:
    """Return as soon as ``predicate()`` is true, with the seconds it took; fail after
    ``timeout`` seconds (generous: a loaded machine is slow, never wrong), naming ``what``."""
    start = time.monotonic()
    end = start + timeout
    while not predicate():
        if time.monotonic() > end:
            raise AssertionError(f"{what} did not hold within {timeout} s")
        time.sleep(step)
    return time.monotonic() - start


async def until_async(predicate: Callable[[], object], timeout: float = 10.0,
                      step: float = 0.01, what: str = "the condition") -> float:
    """:func:`until` on a running event loop: the loop runs while it waits."""
    start = time.monotonic()
    end = start + timeout
    while not predicate():
        if time.monotonic() > end:
            raise AssertionError(f"{what} did not hold within {timeout} s")
        await asyncio.sleep(step)
    return time.monotonic() - start
