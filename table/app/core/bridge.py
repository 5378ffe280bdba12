"""The bridge from library threads to the event loop.

Threads that libraries start (gpiozero callbacks, serial readers, the display's worker) never
touch the game: :meth:`LoopBridge.wrap` turns a function into a callback any thread may call,
which runs the function on the loop (``call_soon_threadsafe``; ``call_soon`` when already on
it).  Once the loop is closed, or before it runs, such calls are dropped.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable


class LoopBridge:
    """Calls from any thread, run on ``loop`` (set once the loop runs)."""

    def __init__(self, loop: asyncio.AbstractEventLoop | None = None) -> None:
        self.loop = loop

    def call(self, fn: Callable[..., Any], *args: Any) -> None:
        """Run ``fn(*args)`` on the loop soon; dropped if there is no loop or it is closing."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        try:
            if _on_loop(loop):
                loop.call_soon(fn, *args)
            else:
                loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:             # the loop is closing
            pass

    def wrap(self, fn: Callable[..., Any]) -> Callable[..., None]:
        """A callback for a library thread: runs ``fn`` on the loop."""
        def callback(*args: Any) -> None:
            self.call(fn, *args)
        return callback


def _on_loop(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False
