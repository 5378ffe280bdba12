"""A device's own worker thread for slow I/O: the event loop hands it the newest frame and
goes on at once; a frame not yet sent is replaced by a newer one (only the newest matters on a
screen), so the loop never waits for a bus and nothing queues up behind a slow device.

>>> sent = []
>>> w = Newest(sent.append, name="demo")
>>> w.post("a"); _ = w.flush(); sent
['a']
>>> w.close(); w.closed
True

:class:`Paced` also sends each frame at the moment it is due: an animation's frames, planned a
frame ahead, go out on the beat however busy the loop is when they fall due.

>>> import time
>>> p = Paced(sent.append, name="demo")
>>> p.post("later", at=time.monotonic() + 0.05); p.post("now"); _ = p.flush(); sent
['a', 'now']
>>> p.post("b", at=time.monotonic() + 0.01); _ = p.flush(); sent
['a', 'now', 'b']
>>> p.close()
"""

from __future__ import annotations

import bisect
import threading
import time
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class _Worker(Generic[T]):
    """What both workers share: the thread, the lock, the error kept for the next post."""

    def __init__(self, send: Callable[[T], None], *, name: str,
                 on_error: Callable[[BaseException], None] | None = None):
        self._send = send
        self._on_error = on_error
        self._cond = threading.Condition()
        self._busy = False
        self._error: BaseException | None = None
        self.closed = False
        self.sent = 0          # values sent
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        raise NotImplementedError

    def _ready(self) -> None:
        """Before a post (the lock held): raise the last send's error, if one failed."""
        if self._error is not None:
            err, self._error = self._error, None
            raise err
        if self.closed:
            raise RuntimeError("the worker is closed")

    def _deliver(self, value: T) -> None:
        """Send ``value`` (the slow part, outside the lock); an error is kept for the next
        post and handed to ``on_error``."""
        try:
            self._send(value)
            self.sent += 1
        except BaseException as err:
            with self._cond:
                self._error = err
            if self._on_error is not None:
                self._on_error(err)
        finally:
            with self._cond:
                self._busy = False
                self._cond.notify_all()


class Newest(_Worker[T]):
    """Sends each posted value with ``send`` in its own thread, newest first, older unsent ones
    dropped.  An exception from ``send`` is kept and raised by the next :meth:`post` (the
    caller's fault handling sees it where it would have seen a direct call fail) and handed to
    ``on_error`` (called in the worker's thread) so a fault is known before the next frame."""

    def __init__(self, send: Callable[[T], None], *, name: str,
                 on_error: Callable[[BaseException], None] | None = None):
        self._pending: tuple[T] | None = None     # the value waiting, boxed (None: none)
        self.dropped = 0       # values replaced before they were sent
        super().__init__(send, name=f"{name} worker", on_error=on_error)

    def post(self, value: T) -> None:
        """Hand ``value`` over without waiting; raise the last send's error, if one failed."""
        with self._cond:
            self._ready()
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
            self._deliver(value)


class Paced(_Worker[T]):
    """Sends each posted value with ``send`` in its own thread when it is due.

    ``post(value)`` sends it as soon as the thread can, and drops every value planned before
    (what is shown now replaces the rest of the old animation); ``post(value, at)`` plans it
    for ``at`` (``time.monotonic()`` seconds; a value planned for the same time replaces it).
    Values that fell due while the thread was busy are not sent one after another: only the
    last of them.  Errors as :class:`Newest`: raised by the next :meth:`post` and handed to
    ``on_error``."""

    def __init__(self, send: Callable[[T], None], *, name: str,
                 on_error: Callable[[BaseException], None] | None = None):
        self._plan: list[tuple[float, int, T]] = []       # (due, order, value), by due
        self._order = 0
        self.dropped = 0       # values dropped unsent (replaced, or fallen due behind a newer)
        super().__init__(send, name=f"{name} pacer", on_error=on_error)

    def post(self, value: T, at: float | None = None) -> None:
        """Send ``value`` at once (``at`` None: the values planned are dropped) or at ``at``;
        raise the last send's error, if one failed."""
        with self._cond:
            self._ready()
            self._order += 1
            if at is None:
                self.dropped += len(self._plan)
                self._plan = [(float("-inf"), self._order, value)]
            else:
                same = [i for i, item in enumerate(self._plan) if item[0] == at]
                for i in reversed(same):
                    del self._plan[i]
                self.dropped += len(same)
                bisect.insort(self._plan, (at, self._order, value), key=lambda i: i[:2])
            self._cond.notify()

    def cancel(self) -> None:
        """Drop every value not sent yet."""
        with self._cond:
            self.dropped += len(self._plan)
            self._plan = []
            self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything posted is sent, the planned values included (tests,
        shutdown); False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._plan and not self._busy, timeout)

    def close(self, timeout: float = 2.0) -> None:
        """Send what is due, drop what is planned for later, stop the thread; safe twice."""
        with self._cond:
            if self.closed:
                return
            self.closed = True
            now = time.monotonic()
            self._plan = [item for item in self._plan if item[0] <= now]
            self._cond.notify_all()
        self._thread.join(timeout)

    def _next(self) -> list[T]:
        """[the value to send now], or [] once closed with nothing due; waits for it (called
        with the lock held)."""
        while True:
            if not self._plan:
                if self.closed:
                    return []
                self._cond.wait()
                continue
            wait = self._plan[0][0] - time.monotonic()
            if wait > 0:
                self._cond.wait(wait)
                continue
            now = time.monotonic()
            due = [item for item in self._plan if item[0] <= now]
            self._plan = self._plan[len(due):]
            self.dropped += len(due) - 1
            return [due[-1][2]]

    def _run(self) -> None:
        while True:
            with self._cond:
                value = self._next()
                if not value:
                    self._cond.notify_all()
                    return
                self._busy = True
            self._deliver(value[0])
