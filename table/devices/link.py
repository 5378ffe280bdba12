"""The host side of the link to the Pico (LEDs and wind dial), over USB serial.

Frames, acks and message types are in ``firmware/PROTOCOL.md``; the codec is
``firmware/linkcodec.py`` (imported here as :mod:`table.devices.linkcodec`, the same file).

:class:`PicoLink` opens the Pico by its ``/dev/serial/by-id/...`` path, exclusively, greets
it (hello: firmware and protocol version), then keeps it: every message is numbered and
retransmitted until acknowledged (up to ``window`` in flight, go-back-N), a heartbeat goes
out when nothing else does, and when the port vanishes (USB unplugged) the link waits for
the path to come back, greets the Pico again and tells the listeners so they can restore
what the Pico shows.

One I/O thread reads the port and runs the timers; :meth:`PicoLink.send` may be called from
any thread (the asyncio loop's executor, a timer): it queues the message and, by default,
waits for its acknowledgement.  Failures are raised as :class:`table.devices.DeviceError`.

Every buffer is bounded: the decoder holds at most ``linkcodec.KEEP`` bytes, a read takes at
most ``max_read`` bytes, and the send queue (:mod:`table.devices.linkqueue`) holds one LED
frame (a newer one replaces the unsent rest of an older one) and at most ``max_queued``
other messages; past that, :meth:`PicoLink.send` raises DeviceError and logs the fault.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Iterable

from table.devices import DeviceError
from table.devices import linkcodec as C
from table.devices.linkport import (DEVICE, Port, Throttled, command, greet, open_port,  # noqa: F401
                                    open_serial, quiet_close as _quiet_close)
from table.devices.linkqueue import DEFAULT_LIMIT, Message, QueueFull, SendQueue

log = logging.getLogger(__name__)


class Reconnected(DeviceError):
    """The link reconnected since the sender last looked (see ``send(generation=...)``)."""


class PicoLink:
    """A reliable, reconnecting message link to the Pico firmware.

    All the timings are injectable so tests run fast; the defaults suit a real Pico on USB.
    The retransmission timeout adapts to the measured round trip (as TCP's does, RFC 6298)
    between ``min_ack_timeout`` and ``ack_timeout``, doubling after each timeout.
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
        if not 1 <= window <= 64:
            raise ValueError(f"link window must be 1..64 messages, not {window}")
        self.path = str(path)
        self.ack_timeout = ack_timeout
        self.min_ack_timeout = min(min_ack_timeout, ack_timeout)
        self.connect_timeout = connect_timeout
        self.heartbeat_s, self.lost_after_s, self.lost_color = heartbeat_s, lost_after_s, lost_color
        self.window, self.dead_after_s = window, dead_after_s
        self.reconnect_poll_s = reconnect_poll_s
        # a link that keeps dropping waits longer each time (doubling up to max_reconnect_s)
        # until one connection lasts stable_s; its warnings are throttled
        self.max_reconnect_s, self.stable_s = max(reconnect_poll_s, max_reconnect_s), stable_s
        self.retry_s, self._up_at, self._say = reconnect_poll_s, 0.0, Throttled(log)
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
        self._listeners: list[Callable[[], None]] = []
        self._cond = threading.Condition()
        self._outbox = SendQueue(max_queued)
        self._full = False             # the queue is full: logged once until it drains
        self._inflight: list[Message] = []
        self._next_seq = 0
        self._sent_at = 0.0            # last (re)transmission of the window
        self._last_tx = 0.0
        self._heard_at = 0.0           # the Pico's last ack of something waiting, or the wait's start
        self.rto = ack_timeout         # current retransmission timeout
        self._srtt: float | None = None
        self._rttvar = 0.0
        self._quiet_until = 0.0        # no fast retransmission before: answers still due
        self._closed = False
        self._stop = threading.Event()
        self._decoder = C.Decoder()
        self._ser: Port | None = None
        ser = self._connect()          # raises DeviceError: the Pico must be there at start
        with self._cond:
            self._begin(ser)
        self._thread = threading.Thread(target=self._run, name="pico-link", daemon=True)
        self._thread.start()

    # ---- public -----------------------------------------------------------------------

    @property
    def connected(self) -> bool:
        return self._ser is not None

    def buffered(self) -> tuple[int, int]:
        """What the link holds now, both bounded: the messages waiting to be sent, and the
        bytes the decoder keeps of a frame not yet whole."""
        return len(self._outbox), len(self._decoder.buf)

    def add_listener(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` (in a fresh thread) after each reconnection."""
        with self._cond:
            self._listeners.append(callback)

    def remove_listener(self, callback: Callable[[], None]) -> None:
        with self._cond:
            if callback in self._listeners:
                self._listeners.remove(callback)

    def send(self, mtype: int, data: bytes = b"", *, wait: bool = True,
             timeout: float | None = None, generation: int | None = None) -> Message:
        """Queue a message; with ``wait``, return once the Pico acknowledged it.

        Raises DeviceError if the link is down, the Pico rejected the message, or no ack
        came within ``timeout`` (default ``send_timeout``).  Messages are done in order.
        With ``generation``, refuse (DeviceError) if the link has reconnected since then:
        a sender that assumed the Pico's state from before would be wrong.
        """
        msg = _message(mtype, data)
        with self._cond:
            self._ready(generation)
            try:
                self._outbox.put(msg)
            except QueueFull:
                raise self._queue_full() from None
            if self._full and self._outbox.plain < self._outbox.limit // 2:
                self._full = False
            self._pump()
        if wait:
            self.wait(msg, timeout)
        return msg

    def send_group(self, group: str, messages: Iterable[tuple[int, bytes]], *,
                   generation: int | None = None) -> list[Message]:
        """Queue messages (type, data) as one group, without waiting: the unsent messages
        of an older group of that name are dropped (marked ``superseded``).  For LED frames,
        so that the newest frame replaces a frame the Pico has not taken yet."""
        msgs = [_message(t, d) for t, d in messages]
        with self._cond:
            self._ready(generation)
            self.stats["superseded"] += len(self._outbox.put_group(group, msgs))
            self._pump()
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

    def _queue_full(self) -> DeviceError:
        self.stats["queue_full"] += 1
        err = DeviceError(DEVICE, f"{self._outbox.plain} messages already wait for the Pico on "
                                  f"{self.path} (at most {self._outbox.limit}): it is not taking "
                                  "them; this one was refused")
        if not self._full:
            self._full = True
            log.error("Pico link: %s", err)
        return err

    def wait_connected(self, timeout: float) -> bool:
        """Block until the link is up (True) or ``timeout`` seconds pass (False)."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._ser is None and not self._closed:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
            return self._ser is not None

    def exit_to_repl(self) -> None:
        """Ask the firmware to stop and hand the USB port to the MicroPython REPL."""
        self.send(C.REPL)

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

    # ---- connecting -------------------------------------------------------------------

    def _connect(self) -> Port:
        """Open the port and greet the Pico; return the open port or raise DeviceError."""
        ser = open_port(self.path, self._serial_factory, self.read_poll_s)
        try:
            self.firmware_version, self.protocol_version = greet(
                ser, self._next_seq, path=self.path, timeout=self.connect_timeout,
                resend_s=self.ack_timeout, stop=self._stop, read=self._read)
        except DeviceError:
            _quiet_close(ser)
            raise
        self._next_seq = (self._next_seq + 1) & 0xFF
        return ser

    # ---- the I/O thread ---------------------------------------------------------------

    def _run(self) -> None:
        while not self._stop.is_set():
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
                    if (self._decoder.damaged != damaged and not frames and self._inflight
                            and self._ser is ser):
                        self._fast_retransmit()   # an answer was damaged: likely our ack
                if self._ser is ser:
                    self._timers(time.monotonic())

    def _read(self, ser: Port) -> bytes:
        return ser.read(min(self.max_read, max(1, ser.in_waiting)))

    def _reconnect(self) -> None:
        if self._stop.wait(self.retry_s):
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
                    self.retry_s = min(self.max_reconnect_s, 2 * self.retry_s)
            return
        with self._cond:
            if self._closed:
                _quiet_close(ser)
                return
            self._begin(ser)
            self.stats["reconnects"] += 1
            self._say(logging.INFO, "back", "Pico link back on %s (firmware %s)", self.path,
                      self.firmware_version)
            listeners = list(self._listeners)
        for callback in listeners:
            threading.Thread(target=_safe_call, args=(callback,), daemon=True,
                             name="pico-link-restore").start()

    # ---- under the lock ---------------------------------------------------------------

    def _begin(self, ser: Port) -> None:
        """Start using a port on which the Pico has just been greeted."""
        self._ser = ser
        self.generation += 1
        self._up_at = time.monotonic()
        self._decoder = C.Decoder()
        self._quiet_until = 0.0
        self._heard_at = time.monotonic()
        self._last_tx = time.monotonic()
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
        base = self._inflight[0].seq if self._inflight else self._next_seq
        n = (ack - base) & 0xFF
        if 0 < n <= len(self._inflight):
            acked, self._inflight = self._inflight[:n], self._inflight[n:]
            if mtype == C.ERROR:
                try:
                    rtype, reason = C.parse_error(body)
                except (C.CodecError, UnicodeError):
                    rtype, reason = acked[-1].mtype, body.hex()
                self.stats["rejected"] += 1
                name = C.NAMES.get(rtype, hex(rtype))
                self._say(logging.WARNING, "rejected", "the Pico rejected a %s message: %s",
                          name, reason)
                acked[-1].error = DeviceError(DEVICE, f"the Pico rejected a {name} message: {reason}")
            now = time.monotonic()
            if not acked[-1].resent:
                self._measured(now - acked[-1].sent_at)
            for msg in acked:
                msg.done = True
            if mv is not None and acked[-1].mtype == C.HEARTBEAT:
                acked[-1].reply = mv
            self._sent_at = self._heard_at = now     # answers that ack nothing keep no link
            self._cond.notify_all()
        elif n != 0:
            return                                 # stale: from before a retransmission
        if mtype == C.NAK and self._inflight:
            # a later message reached the Pico, the one it expects was lost: send the window
            # again now rather than at the timeout
            self._fast_retransmit()
        self._pump()

    def _fast_retransmit(self) -> None:
        # answers to what was sent before the last retransmission arrive within about a
        # round trip of it; until then a nak is stale and says nothing new
        now = time.monotonic()
        if now < self._quiet_until:
            return
        self.stats["fast_retransmits"] += 1
        self._retransmit()

    def _measured(self, rtt: float) -> None:
        if self._srtt is None:
            self._srtt, self._rttvar = rtt, rtt / 2
        else:
            self._rttvar = 0.75 * self._rttvar + 0.25 * abs(self._srtt - rtt)
            self._srtt = 0.875 * self._srtt + 0.125 * rtt
        self.rto = min(self.ack_timeout, max(self.min_ack_timeout, self._srtt + 4 * self._rttvar))

    def _timers(self, now: float) -> None:
        if self._inflight and now - self._sent_at >= self.rto:
            self.stats["timeouts"] += 1
            self.rto = min(self.ack_timeout, 2 * self.rto)
            if now - self._heard_at >= self.dead_after_s:
                self._drop(f"the Pico on {self.path} stopped answering for "
                           f"{self.dead_after_s:g} s; reconnecting")
                return
            self._retransmit()
        elif (not self._inflight and not self._outbox
              and now - self._last_tx >= self.heartbeat_s):
            self._outbox.put(Message(C.HEARTBEAT, b""))
            self._pump()

    def _pump(self) -> None:
        """Move queued messages onto the wire while the window has room."""
        if self._ser is None:
            return
        while self._outbox and len(self._inflight) < self.window:
            msg = self._outbox.popleft()
            msg.seq = self._next_seq
            self._next_seq = (self._next_seq + 1) & 0xFF
            now = time.monotonic()
            if not self._inflight:
                self._sent_at = self._heard_at = now
            msg.sent_at = now
            self._inflight.append(msg)
            self.stats["sent"] += 1
            if not self._write(C.encode(msg.seq, msg.mtype, msg.data)):
                return

    def _retransmit(self) -> None:
        self._sent_at = time.monotonic()
        rtt = self._srtt if self._srtt is not None else self.rto / 2
        self._quiet_until = self._sent_at + 1.5 * rtt
        for msg in self._inflight:
            msg.resent = True
            self.stats["retransmitted"] += 1
            if not self._write(C.encode(msg.seq, msg.mtype, msg.data)):
                return

    def _write(self, frame: bytes) -> bool:
        assert self._ser is not None               # (written only while connected: _pump, _retransmit)
        try:
            self._ser.write(frame)
        except Exception as err:  # SerialException / OSError
            self._drop(f"lost {self.path} ({err}); waiting for it to come back")
            return False
        self._last_tx = time.monotonic()
        return True

    def _drop(self, reason: str) -> None:
        """The connection is gone: fail what is pending and let the thread reconnect."""
        self._say(logging.WARNING, "drop", "Pico link: %s", reason)
        lasted = time.monotonic() - self._up_at >= self.stable_s
        self.retry_s = self.reconnect_poll_s if lasted else min(self.max_reconnect_s,
                                                                  2 * self.retry_s)
        self.error = DeviceError(DEVICE, reason)
        self._close_port()
        self._fail_all(self.error)
        self._cond.notify_all()

    def _fail_all(self, error: DeviceError) -> None:
        for msg in list(self._inflight) + list(self._outbox):
            msg.error, msg.done = error, True
        self._inflight.clear()
        self._outbox.clear()

    def _close_port(self) -> None:
        if self._ser is not None:
            _quiet_close(self._ser)
            self._ser = None


def _message(mtype: int, data: bytes) -> Message:
    if len(data) > C.MAX_DATA:
        raise ValueError(f"message data too long: {len(data)} bytes, at most {C.MAX_DATA}")
    return Message(mtype, data)


def open_link(path: str, **options) -> PicoLink:
    """Open the Pico at ``path`` (its /dev/serial/by-id/ path); options as for PicoLink."""
    return PicoLink(path, **options)


def _safe_call(callback: Callable[[], None]) -> None:
    try:
        callback()
    except DeviceError as err:
        log.warning("restoring the Pico's state failed: %s", err)
    except Exception:
        log.exception("restoring the Pico's state failed")


def main(argv: list[str] | None = None) -> int:
    """``python -m table.devices.link PATH [--repl]`` (table.devices.linkport.command)."""
    return command(PicoLink, argv)


if __name__ == "__main__":
    raise SystemExit(main())
