"""Waiting for something another thread does, without depending on the machine's speed."""

from __future__ import annotations

import time
from typing import Callable


def until(predicate: Callable[[], object], timeout: float = 10.0, step: float = 0.002,
          what: str = "the condition") -> None:
    """Return as soon as ``predicate()`` is true; fail after ``timeout`` seconds (generous: a
    loaded machine is slow, never wrong)."""
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise AssertionError(f"{what} did not hold within {timeout} s")
        time.sleep(step)
