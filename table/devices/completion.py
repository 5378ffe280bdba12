"""What a device's own thread makes of something handed to it, known later: a
:class:`Completion`.

A frame of LEDs goes to the Pico link's send queue and the caller goes on at once; the link's
I/O thread completes the frame when the Pico has acknowledged it (or it failed, or a newer
frame took its place before it was sent).  Whoever cares asks to be told with :meth:`then`;
the event loop asks through its bridge (``LoopBridge.wrap``), so the loop resumes the work
that follows once the answer is in and never waits for it, as Klipper's reactor runs a
completion that its serial thread finished (``reactor.async_complete``).

>>> done = Completion(parts=2)
>>> done.then(lambda c: print("done:", c.error, c.superseded))
>>> done.part_done(None)
>>> done.part_done(None, superseded=True)
done: None True
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from table.devices import DeviceError


class Completion:
    """Done once each of its ``parts`` (the messages of one frame) is: ``error`` the first
    error of a part (None: every part got through), ``superseded`` if a part was taken back
    unsent (no news: a newer one took its place)."""

    __slots__ = ("done", "error", "superseded", "_left", "_then", "_lock")

    def __init__(self, parts: int = 1) -> None:
        self.done = False
        self.error: DeviceError | None = None
        self.superseded = False
        self._left = parts
        self._then: list[Callable[[Completion], None]] = []
        self._lock = threading.Lock()

    def part_done(self, error: DeviceError | None, superseded: bool = False) -> None:
        """One part is done (called by the device's thread: the link's, with its lock held)."""
        with self._lock:
            if self.done:
                return
            self.error = self.error or error
            self.superseded = self.superseded or superseded
            self._left -= 1
            if self._left > 0:
                return
            self.done = True
            then, self._then = self._then, []
        for fn in then:
            fn(self)

    def then(self, fn: Callable[[Completion], None]) -> None:
        """Call ``fn(self)`` once done: at once if it is, else in the thread that completes it
        (the link's, holding its lock): ``fn`` hands the news on (``LoopBridge.wrap``, a flag)
        and returns; it takes no lock and does no I/O."""
        with self._lock:
            if not self.done:
                self._then.append(fn)
                return
        fn(self)
