"""Opening the Pico's serial port and greeting it (hello: firmware and protocol version),
and opening it again after a drop (:class:`Backoff`, :class:`Listeners`), for
:class:`table.devices.link.PicoLink`; and ``python -m table.devices.link PATH [--repl]``.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from typing import Protocol

from table.devices import DeviceError
from table.devices import linkcodec as C

DEVICE = "Pico (LEDs and wind dial)"
log = logging.getLogger("table.devices.link")


class Port(Protocol):
    """What the link uses of its serial port (pyserial's ``Serial``, or a test's stand-in)."""

    @property
    def in_waiting(self) -> int: ...

    def read(self, size: int = 1) -> bytes: ...

    def write(self, data: bytes, /) -> int | None: ...

    def reset_input_buffer(self) -> None: ...

    def close(self) -> None: ...


class Throttled:
    """A logger that says each kind of line at most once every ``every_s`` seconds, then how
    many of that kind it kept quiet: a glitching Pico cannot fill the log (issue 24)."""

    def __init__(self, log, every_s: float = 30.0, clock: Callable[[], float] = time.monotonic):
        self.log, self.every_s, self.clock = log, every_s, clock
        self._said: dict[str, tuple[float, int]] = {}      # kind: (when said, kept quiet)

    def __call__(self, level: int, kind: str, msg: str, *args) -> None:
        now = self.clock()
        said, quiet = self._said.get(kind, (-1e18, 0))
        if now - said < self.every_s:
            self._said[kind] = (said, quiet + 1)
            return
        if quiet:
            msg += f" ({quiet} more like this in the last {now - said:.0f} s)"
        self._said[kind] = (now, 0)
        self.log.log(level, msg, *args)


class Backoff:
    """How long the link waits before trying the Pico again: ``poll_s`` at first; a link that
    keeps dropping waits twice as long each time (up to ``max_s``) until one connection lasts
    ``stable_s``, and so does a path that is there but does not answer."""

    def __init__(self, poll_s: float, max_s: float, stable_s: float):
        self.poll_s, self.max_s, self.stable_s = poll_s, max(poll_s, max_s), stable_s
        self.retry_s = poll_s
        self._up_at = 0.0

    def up(self) -> None:
        """A connection began."""
        self._up_at = time.monotonic()

    def dropped(self) -> None:
        """The connection dropped: wait ``poll_s`` again if it lasted, else longer."""
        lasted = time.monotonic() - self._up_at >= self.stable_s
        self.retry_s = self.poll_s if lasted else self.longer()

    def longer(self) -> float:
        """Twice the wait (at most ``max_s``)."""
        self.retry_s = min(self.max_s, 2 * self.retry_s)
        return self.retry_s


class Listeners:
    """What to call after each reconnection (the backends that restore what the Pico shows),
    each in a fresh thread; a listener's DeviceError is logged, not raised."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._calls: list[Callable[[], None]] = []

    def add(self, callback: Callable[[], None]) -> None:
        with self._lock:
            self._calls.append(callback)

    def remove(self, callback: Callable[[], None]) -> None:
        with self._lock:
            if callback in self._calls:
                self._calls.remove(callback)

    def call(self) -> None:
        """Start each listener in a thread of its own."""
        with self._lock:
            calls = list(self._calls)
        for callback in calls:
            threading.Thread(target=_safe_call, args=(callback,), daemon=True,
                             name="pico-link-restore").start()


def _safe_call(callback: Callable[[], None]) -> None:
    try:
        callback()
    except DeviceError as err:
        log.warning("restoring the Pico's state failed: %s", err)
    except Exception:
        log.exception("restoring the Pico's state failed")


def open_port(path: str, factory: Callable[[str, float], Port], timeout: float) -> Port:
    """``factory(path, timeout)``, with its failures turned into a DeviceError that says
    what to do."""
    if not os.path.exists(path):
        raise DeviceError(DEVICE, f"{path} does not exist: plug the Pico in over USB "
                                  "and check the path in the profile (ls -l /dev/serial/by-id/)")
    try:
        return factory(path, timeout)
    except Exception as err:  # pyserial raises SerialException, or OSError underneath
        text = str(err)
        if "lock" in text.lower():
            what = (f"{path} is in use by another program (another worms-table, "
                    "mpremote or a serial console?): close it")
        elif isinstance(err, PermissionError) or "ermission denied" in text:
            what = (f"no permission to open {path}: add this user to the 'dialout' "
                    "group and log in again")
        else:
            what = f"cannot open {path} ({text}); unplug and replug the Pico"
        raise DeviceError(DEVICE, what) from None


def connect(path: str, factory: Callable[[str, float], Port], read_poll_s: float, seq: int,
            **greeting) -> tuple[Port, str, int]:
    """:func:`open_port`, then :func:`greet` the Pico with HELLO numbered ``seq`` (``greeting``:
    greet's timings and hooks); the open port, firmware version and protocol version, or
    DeviceError (the port closed again)."""
    ser = open_port(path, factory, read_poll_s)
    try:
        firmware, version = greet(ser, seq, path=path, **greeting)
    except DeviceError:
        quiet_close(ser)
        raise
    return ser, firmware, version


def greet(ser: Port, seq: int, *, path: str, timeout: float, resend_s: float,
          stop: threading.Event, read: Callable) -> tuple[str, int]:
    """Send HELLO numbered ``seq`` on a freshly opened port (again every ``resend_s``) until
    the Pico replies; return (firmware version, protocol version).  The Pico expects
    ``seq + 1`` next.  DeviceError if it does not answer, refuses, or speaks another
    protocol version."""
    frame = C.encode(seq, C.HELLO, C.hello())
    decoder = C.Decoder()
    deadline = time.monotonic() + timeout
    resend_at = 0.0
    try:
        ser.reset_input_buffer()
        while True:
            now = time.monotonic()
            if stop.is_set():
                raise DeviceError(DEVICE, "the link was closed")
            if now >= deadline:
                raise DeviceError(DEVICE, f"no hello from {path} within {timeout:g} s: is the "
                                          "worms-table firmware on the Pico, and as new as this "
                                          "worms-table? (older firmware cannot read its frames: "
                                          "copy firmware/ to the Pico again, firmware/README.md)")
            if now >= resend_at:
                ser.write(frame)
                resend_at = now + resend_s
            for ack, mtype, data in decoder.feed(read(ser)):
                if mtype == C.ERROR and ack == 0 and data[:1] == bytes((C.HELLO,)):
                    _, reason = C.parse_error(data)
                    raise DeviceError(DEVICE, f"the Pico refused the hello: {reason}")
                if mtype != C.HELLO_REPLY or ack != (seq + 1) & 0xFF:
                    continue
                version, n, firmware = C.parse_hello_reply(data)
                if version != C.PROTOCOL_VERSION:
                    raise DeviceError(DEVICE, f"the Pico firmware {firmware} speaks link protocol "
                                              f"{version}, this worms-table speaks "
                                              f"{C.PROTOCOL_VERSION}: copy firmware/ to the Pico "
                                              "again (firmware/README.md)")
                return firmware, version
    except DeviceError:
        raise
    except Exception as err:  # SerialException, OSError, a garbled hello reply
        raise DeviceError(DEVICE, f"{path} failed while greeting the Pico ({err})") from None


def open_serial(path: str, timeout: float) -> Port:
    import serial  # pyserial

    return serial.Serial(path, baudrate=115200, timeout=timeout, write_timeout=2,
                         exclusive=True)


def quiet_close(ser: Port) -> None:
    try:
        ser.close()
    except Exception:
        pass


def command(link_cls, argv: list[str] | None = None) -> int:
    """``python -m table.devices.link PATH [--repl]``: greet the Pico and print its version;
    with --repl, also hand its USB port back to the MicroPython REPL (for mpremote): the
    Pico restarts and stays in the REPL.  ``link_cls``: :class:`table.devices.link.PicoLink`
    (handed in: this module sits below it)."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m table.devices.link", description=command.__doc__)
    parser.add_argument("path", help="the Pico's port, e.g. /dev/serial/by-id/usb-MicroPython_...")
    parser.add_argument("--repl", action="store_true", help="stop the firmware, back to the REPL")
    args = parser.parse_args(argv)
    try:
        link = link_cls(args.path)
    except DeviceError as err:
        print(err)
        return 1
    try:
        supply = link.measure_supply()
        rail = link.rail_volts
        print(f"firmware {link.firmware_version}, protocol {link.protocol_version}, supply "
              + ("not measured" if supply is None else f"{supply:.2f} V")
              + (f", LED rail {rail:.2f} V" if rail is not None else ""))
        if args.repl:
            link.send(C.REPL)       # the firmware stops and hands its USB port to the REPL
            print("the firmware stopped (the Pico restarts into the REPL); mpremote can connect "
                  "in a moment")
    except DeviceError as err:
        print(err)
        return 1
    finally:
        link.close()
    return 0
