"""The host side of the link to the Pico (LEDs and wind dial), over USB serial.

Frames, acks and message types are in ``firmware/PROTOCOL.md``; the codec is
``firmware/linkcodec.py`` (imported here as :mod:`table.devices.linkcodec`, the same file).

:class:`PicoLink` opens the Pico by its ``/dev/serial/by-id/...`` path, exclusively, greets
it (hello: firmware and protocol version; :mod:`table.devices.linkport`), then keeps it: every
message is numbered and retransmitted until acknowledged (up to ``window`` in flight,
go-back-N: :mod:`table.devices.linkwindow`), a heartbeat goes out when nothing else does, and
when the port vanishes (USB unplugged) the link waits for the path to come back, greets the
Pico again and tells the listeners so they can restore what the Pico shows.

One I/O thread reads the port, runs the timers and does every write, with the lock let go
(:mod:`table.devices.linkwire`): a port that stops draining holds that thread alone.
:meth:`PicoLink.send` may be called from any thread (the event loop's too): it queues the
message, wakes the I/O thread to write it and, by default, waits for its acknowledgement;
without, it returns at once and the I/O thread completes the message's completion
(:mod:`table.devices.completion`: the event loop's way).  Failures are raised as
:class:`table.devices.DeviceError`.  Every buffer is bounded: the decoder holds at most
``linkcodec.KEEP`` bytes, a read takes at most ``max_read`` bytes, and the send queue
(:mod:`table.devices.linkqueue`) at most one LED frame and ``max_queued`` other messages.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Iterable

from table.devices import DeviceError
from table.devices import linkcodec as C
from table.devices.completion import Completion
from table.devices.linkport import (DEVICE, Backoff, Listeners, Port, Throttled, command,  # noqa: F401
                                    connect, open_serial, quiet_close as _quiet_close)
from table.devices.linkqueue import DEFAULT_LIMIT, Message, QueueFull, SendQueue
from table.devices.linkwindow import Window
from table.devices.linkwire import Wire

log = logging.getLogger(__name__)


class Reconnected(DeviceError):
    """The link reconnected since the sender last looked (see ``send(generation=...)``)."""


class PicoLink:
    """A reliable, reconnecting message link to the Pico firmware.

    All the timings are injectable so tests run fast; the defaults suit a real Pico on USB.
    The retransmission timeout adapts to the measured round trip between ``min_ack_timeout``
    and ``ack_timeout`` (:mod:`table.devices.linkwindow`).
    ``serial_factory(path, timeout)`` opens the port (default: pyserial, exclusive).
    """

    def __init__(self, path: str, *, ack_timeout: float = 0.1, min_ack_timeout: float = 0.005,
                 connect_timeout: float = 3.0, heartbeat_s: float = 1.0,
                 lost_after_s: float = 3.0, lost_color: tuple[int, int, int] = (255, 40, 0),
                 window: int = 4, dead_after_s: float = 2.0, reconnect_poll_s: float = 0.05,
                 max_reconnect_s: float = 5.0, stable_s: float = 10.0,
                 read_poll_s: float = 0.01, send_timeout: float = 5.0,
                 max_queued: int = DEFAULT_LIMIT, max_read: int = 4096,
                 serial_factory: Callable[[str, float], Port] | None = None):
        self.path = str(path)
        self.ack_timeout = ack_timeout
        self.connect_timeout = connect_timeout
        self.heartbeat_s, self.lost_after_s, self.lost_color = heartbeat_s, lost_after_s, lost_color
        self.window, self.dead_after_s = window, dead_after_s
        self._backoff = Backoff(reconnect_poll_s, max_reconnect_s, stable_s)
        self._say = Throttled(log)              # its warnings, throttled
        self.read_poll_s, self.send_timeout, self.max_read = read_poll_s, send_timeout, max_read
        self._serial_factory = serial_factory or open_serial
        self.generation = 0            # counts connections: 1 after the first hello
        self.firmware_version: str | None = None
        self.protocol_version: int | None = None
        self.supply_volts: float | None = None     # VSYS as the Pico last reported it
        self.rail_volts: float | None = None       # the LEDs' 5 V rail (GP26), as last reported
        self.stats = {"sent": 0, "retransmitted": 0, "timeouts": 0, "fast_retransmits": 0,
                      "rejected": 0, "reconnects": 0, "garbage_bytes": 0, "superseded": 0,
                      "queue_full": 0}
        self.error: DeviceError | None = None     # why the link is down, while it is
        self._listeners = Listeners()
        self._cond = threading.Condition()
        self._outbox = SendQueue(max_queued)
        self._window = Window(window, ack_timeout, min_ack_timeout, self.stats, self._say)
        self._closed = False
        self._stop = threading.Event()
        self._decoder = C.Decoder()
        self._ser: Port | None = None
        self._wire = Wire()            # due on the port: written by the I/O thread alone
        ser = self._connect()          # raises DeviceError: the Pico must be there at start
        with self._cond:
            self._begin(ser)
        self._thread = threading.Thread(target=self._run, name="pico-link", daemon=True)
        self._thread.start()

    # ---- public -----------------------------------------------------------------------

    @property
    def connected(self) -> bool:
        return self._ser is not None

    @property
    def retry_s(self) -> float:
        """How long the link waits now before it tries the Pico again."""
        return self._backoff.retry_s

    @property
    def rto(self) -> float:
        """The retransmission timeout now, seconds (adapted to the round trip)."""
        return self._window.rto

    def buffered(self) -> tuple[int, int]:
        """What the link holds now, both bounded: the messages waiting to be sent, and the
        bytes the decoder keeps of a frame not yet whole."""
        return len(self._outbox), len(self._decoder.buf)

    def add_listener(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` (in a fresh thread) after each reconnection."""
        self._listeners.add(callback)

    def remove_listener(self, callback: Callable[[], None]) -> None:
        self._listeners.remove(callback)

    def send(self, mtype: int, data: bytes = b"", *, wait: bool = True,
             timeout: float | None = None, generation: int | None = None) -> Message:
        """Queue a message; with ``wait``, return once the Pico acknowledged it (without,
        at once: its ``completion`` tells when it is done).

        Raises DeviceError if the link is down, the Pico rejected the message, or no ack
        came within ``timeout`` (default ``send_timeout``).  Messages are done in order.
        With ``generation``, refuse (DeviceError) if the link has reconnected since then:
        a sender that assumed the Pico's state from before would be wrong.
        """
        msg = Message(mtype, data)
        if not wait:
            msg.completion = Completion()
        with self._cond:
            self._ready(generation)
            try:
                self._outbox.put(msg, self.path)
            except QueueFull as err:
                self.stats["queue_full"] += 1
                if err.first:                  # one clear fault, not one per message
                    log.error("Pico link: %s", err)
                raise
            self._pump()
            self._wire.wake(self._ser)
        if wait:
            self.wait(msg, timeout)
        return msg

    def send_group(self, group: str, messages: Iterable[tuple[int, bytes]], *,
                   generation: int | None = None) -> list[Message]:
        """Queue messages (type, data) as one group, without waiting: the unsent messages
        of an older group of that name are dropped (marked ``superseded``).  For LED frames,
        so that the newest frame replaces a frame the Pico has not taken yet.  The messages
        share one ``completion``, done once each of them is (:mod:`table.devices.completion`)."""
        msgs = [Message(t, d) for t, d in messages]
        if not msgs:
            raise ValueError("a group of no messages")
        done = Completion(len(msgs))
        for msg in msgs:
            msg.completion = done
        with self._cond:
            self._ready(generation)
            self.stats["superseded"] += len(self._outbox.put_group(group, msgs))
            self._pump()
            self._wire.wake(self._ser)
            self._cond.notify_all()
        return msgs

    def withdraw(self, group: str) -> list[Message]:
        """Take back the messages of ``group`` not sent yet; return them (superseded)."""
        with self._cond:
            dropped = self._outbox.withdraw(group)
            self.stats["superseded"] += len(dropped)
            self._cond.notify_all()
        return dropped

    def wait(self, msg: Message, timeout: float | None = None) -> Message:
        """Block until ``msg`` is acknowledged (or superseded); raise its error, or
        DeviceError if that takes longer than ``timeout`` (default ``send_timeout``)."""
        deadline = time.monotonic() + (self.send_timeout if timeout is None else timeout)
        with self._cond:
            while not msg.done:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise DeviceError(DEVICE, f"no acknowledgement from the Pico on {self.path} "
                                              "within the timeout; check the USB cable")
                self._cond.wait(left)
        if msg.error is not None:
            raise msg.error
        return msg

    def measure_supply(self, timeout: float | None = None) -> float | None:
        """Ask for VSYS and the LED rail now (rail_volts); VSYS in volts, None: not measured."""
        msg = self.send(C.HEARTBEAT, timeout=timeout)
        if msg.reply is None:           # its own answer was lost: the last report is as new
            return self.supply_volts
        return msg.reply / 1000 if msg.reply else None

    def _ready(self, generation: int | None) -> None:
        if self._closed:
            raise DeviceError(DEVICE, "the link is closed; restart the daemon")
        if self._ser is None:
            raise self.error or DeviceError(DEVICE, f"not connected to {self.path}")
        if generation is not None and generation != self.generation:
            raise Reconnected(DEVICE, "the Pico was reconnected; its state must be sent again")

    def close(self) -> None:
        with self._cond:
            if self._closed:
                return
            self._closed = True
            self._stop.set()
            self._fail_all(DeviceError(DEVICE, "the link was closed"))
            self._cond.notify_all()
        if self._thread is not threading.current_thread():
            self._thread.join(timeout=2)
        with self._cond:
            self._close_port()
        self._flush()                  # (closes the port)

    # ---- connecting -------------------------------------------------------------------

    def _connect(self) -> Port:
        """Open the port and greet the Pico; return the open port or raise DeviceError."""
        ser, self.firmware_version, self.protocol_version = connect(
            self.path, self._serial_factory, self.read_poll_s, self._window.next_seq,
            timeout=self.connect_timeout, resend_s=self.ack_timeout, stop=self._stop,
            read=self._read)
        self._window.next_seq = (self._window.next_seq + 1) & 0xFF
        return ser

    # ---- the I/O thread ---------------------------------------------------------------

    def _run(self) -> None:
        while not self._stop.is_set():
            self._flush()
            ser = self._ser
            if ser is None:
                self._reconnect()
                continue
            try:
                data = self._read(ser)
            except Exception as err:  # SerialException / OSError: the port went away
                with self._cond:
                    if self._ser is ser and not self._closed:
                        self._drop(f"lost {self.path} ({err}); waiting for it to come back")
                continue
            with self._cond:
                if self._ser is not ser:
                    continue
                if data:
                    damaged = self._decoder.damaged
                    frames = self._decoder.feed(data)
                    for seq, mtype, body in frames:
                        self._on_frame(seq, mtype, body)
                        if self._ser is not ser:
                            break
                    self.stats["garbage_bytes"] = self._decoder.skipped
                    if (self._decoder.damaged != damaged and not frames and self._window.inflight
                            and self._ser is ser):
                        self._window.fast_retransmit(self._wire.put)   # an answer damaged: our ack?
                if self._ser is ser:
                    self._timers(time.monotonic())

    def _flush(self) -> None:
        """Write what is due on the wire (and close the ports dropped) with the lock let go."""
        with self._cond:
            ser, (data, closing) = self._ser, self._wire.take()
        try:
            Wire.carry_out(ser, data, closing)
        except Exception as err:  # SerialException (its write_timeout) / OSError
            with self._cond:
                if self._ser is ser and not self._closed:
                    self._drop(f"lost {self.path} ({err}); waiting for it to come back")

    def _read(self, ser: Port) -> bytes:
        return ser.read(min(self.max_read, max(1, ser.in_waiting)))

    def _reconnect(self) -> None:
        if self._stop.wait(self._backoff.retry_s):
            return
        with self._cond:
            if self._closed:
                return
        try:
            ser = self._connect()
        except DeviceError as err:
            with self._cond:
                if self.error is None or str(err) != str(self.error):
                    self._say(logging.WARNING, "connect", "%s", err)
                self.error = err
                if os.path.exists(self.path):   # there, but not answering: back off
                    self._backoff.longer()
            return
        with self._cond:
            if self._closed:
                self._wire.retire(ser)
                return
            self._begin(ser)
            self.stats["reconnects"] += 1
            self._say(logging.INFO, "back", "Pico link back on %s (firmware %s)", self.path,
                      self.firmware_version)
        self._listeners.call()

    # ---- under the lock ---------------------------------------------------------------

    def _begin(self, ser: Port) -> None:
        """Start using a port on which the Pico has just been greeted."""
        self._ser = ser
        self.generation += 1
        self._backoff.up()
        self._decoder = C.Decoder()
        self._window.begin(time.monotonic())
        self._wire.last_put = time.monotonic()
        self.error = None
        # the lost-host pattern and timeout go first, ahead of anything queued
        after = max(100, min(0xFFFF, round(self.lost_after_s * 1000)))
        self._outbox.put_first(Message(C.LOST, C.lost(self.lost_color, after)))
        self._pump()
        self._cond.notify_all()

    def _on_frame(self, ack: int, mtype: int, body: bytes) -> None:
        if mtype == C.NEED_HELLO:
            self._drop("the Pico restarted; greeting it again")
            return
        if mtype not in (C.ACK, C.ERROR, C.NAK, C.STATUS):
            return                                 # a stale hello reply
        mv = None
        if mtype == C.STATUS:                      # an ack with the supply voltage
            try:
                mv = C.parse_status(body)
                self.supply_volts, self.rail_volts = mv / 1000 if mv else None, C.rail_volts(body)
            except C.CodecError:
                pass
        acked = self._window.answered(ack, mtype, body, self._wire.put, mv)
        if acked is None:
            return                                 # stale: from before a retransmission
        if acked:
            self._cond.notify_all()
        self._pump()

    def _timers(self, now: float) -> None:
        window = self._window
        if window.timed_out(now):
            if now - window.heard_at >= self.dead_after_s:
                self._drop(f"the Pico on {self.path} stopped answering for "
                           f"{self.dead_after_s:g} s; reconnecting")
                return
            window.retransmit(self._wire.put)
        elif (not window.inflight and not self._outbox
              and now - self._wire.last_put >= self.heartbeat_s):
            self._outbox.put(Message(C.HEARTBEAT, b""))
            self._pump()

    def _pump(self) -> None:
        """Move queued messages onto the wire while the window has room."""
        if self._ser is not None:
            self._window.pump(self._outbox, self._wire.put)

    def _drop(self, reason: str) -> None:
        """The connection is gone: fail what is pending and let the thread reconnect."""
        self._say(logging.WARNING, "drop", "Pico link: %s", reason)
        self._backoff.dropped()
        self.error = DeviceError(DEVICE, reason)
        self._close_port()
        self._fail_all(self.error)
        self._cond.notify_all()

    def _fail_all(self, error: DeviceError) -> None:
        self._window.fail(error)
        for msg in list(self._outbox):
            msg.finish(error)
        self._outbox.clear()

    def _close_port(self) -> None:
        self._wire.retire(self._ser)
        self._ser = None


def open_link(path: str, **options) -> PicoLink:
    """Open the Pico at ``path`` (its /dev/serial/by-id/ path); options as for PicoLink."""
    return PicoLink(path, **options)


def main(argv: list[str] | None = None) -> int:
    """``python -m table.devices.link PATH [--repl]`` (table.devices.linkport.command)."""
    return command(PicoLink, argv)


if __name__ == "__main__":
    raise SystemExit(main())
