"""A device's own worker thread for slow I/O: the event loop hands it the newest frame and
goes on at once; a frame not yet sent is replaced by a newer one (only the newest matters on a
screen), so the loop never waits for a bus and nothing queues up behind a slow device.

>>> sent = []
>>> w = Newest(sent.append, name="demo")
>>> w.post("a"); _ = w.flush(); sent
['a']
>>> w.close(); w.closed
True
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Newest(Generic[T]):
    """Sends each posted value with ``send`` in its own thread, newest first, older unsent ones
    dropped.  An exception from ``send`` is kept and raised by the next :meth:`post` (the
    caller's fault handling sees it where it would have seen a direct call fail) and handed to
    ``on_error`` (called in the worker's thread) so a fault is known before the next frame."""

    def __init__(self, send: Callable[[T], None], *, name: str,
                 on_error: Callable[[BaseException], None] | None = None):
        self._send = send
        self._on_error = on_error
        self._cond = threading.Condition()
        self._pending: tuple[T] | None = None     # the value waiting, boxed (None: none)
        self._busy = False
        self._error: BaseException | None = None
        self.closed = False
        self.sent = 0          # values sent
        self.dropped = 0       # values replaced before they were sent
        self._thread = threading.Thread(target=self._run, name=f"{name} worker", daemon=True)
        self._thread.start()

    def post(self, value: T) -> None:
        """Hand ``value`` over without waiting; raise the last send's error, if one failed."""
        with self._cond:
            if self._error is not None:
                err, self._error = self._error, None
                raise err
            if self.closed:
                raise RuntimeError("the worker is closed")
            if self._pending is not None:
                self.dropped += 1
            self._pending = (value,)
            self._cond.notify()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything posted is sent (tests, shutdown); False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: self._pending is None and not self._busy,
                                       timeout)

    def close(self, timeout: float = 2.0) -> None:
        """Send what is pending, then stop the thread; safe to call twice."""
        with self._cond:
            if self.closed:
                return
            self.closed = True
            self._cond.notify_all()
        self._thread.join(timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending is not None or self.closed)
                if self._pending is None:
                    return                       # closed, nothing left to send
                (value,), self._pending = self._pending, None
                self._busy = True
            try:
                self._send(value)                # the slow part, outside the lock
                self.sent += 1
            except BaseException as err:         # kept for the next post()
                with self._cond:
                    self._error = err
                if self._on_error is not None:
                    self._on_error(err)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
