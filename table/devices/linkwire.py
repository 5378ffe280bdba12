"""What the Pico link has due on its port: frames to write and dropped ports to close.

Whoever pumps the link's window (the event loop's thread too, queueing an LED frame) puts
frames here under the link's lock; only the link's I/O thread writes them, after it has let go
of the lock (:meth:`Wire.take`, then :meth:`Wire.carry_out`).  So a Pico whose USB stops
draining makes a write wait (up to pyserial's ``write_timeout``) on that thread alone, and
nobody waits for the lock meanwhile.  The I/O thread is woken from its read when frames come
(:meth:`Wire.wake`: pyserial's ``cancel_read``), so they go at once.  A dropped port is closed
the same way, with the lock let go: a port that does not drain may take its time to close.
"""

from __future__ import annotations

import time

from table.devices.linkport import Port, quiet_close


class Wire:
    """The frames due and the ports to close; every method but :meth:`carry_out` under the
    link's lock."""

    def __init__(self) -> None:
        self._frames: list[bytes] = []
        self._closing: list[Port] = []
        self._woken = False             # the I/O thread was woken for the frames here
        self.last_put = 0.0             # when a frame was last put (time.monotonic())

    def put(self, frame: bytes) -> bool:
        """Put ``frame`` on the wire (the window's ``write``: it gets there, or the port fails
        and the link drops the connection when the I/O thread writes it)."""
        self._frames.append(frame)
        self.last_put = time.monotonic()
        return True

    def wake(self, ser: Port | None) -> None:
        """Frames are due: wake the I/O thread from its read of ``ser`` (the link's port,
        None: none open), once for all that come before it takes them.  A port without
        ``cancel_read`` is read with a short timeout (the link's ``read_poll_s``): they go
        after it."""
        if self._frames and not self._woken and ser is not None:
            self._woken = True
            cancel = getattr(ser, "cancel_read", None)
            if cancel is not None:
                cancel()       # a byte in pyserial's own pipe: the port's read returns at once

    def retire(self, ser: Port | None) -> None:
        """The port is given up: what was due on it is dropped, and it is to be closed."""
        self._frames = []
        if ser is not None:
            self._closing.append(ser)

    def take(self) -> tuple[bytes, list[Port]]:
        """What is due (the frames, joined) and the ports to close, taken."""
        data, closing = b"".join(self._frames), self._closing
        self._frames, self._closing, self._woken = [], [], False
        return data, closing

    @staticmethod
    def carry_out(ser: Port | None, data: bytes, closing: list[Port]) -> None:
        """Close the ports and write ``data`` to ``ser`` (the I/O thread, the lock let go);
        the write's error (SerialException, its write_timeout, or OSError) is raised."""
        for old in closing:
            quiet_close(old)
        if data and ser is not None:
            ser.write(data)
