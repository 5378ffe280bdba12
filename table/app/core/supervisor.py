"""The devices of a table, supervised: each opened when it can be, a failing one tried again
every ``retry_s`` (not on every frame: its timeouts must not hold up the loop), and its owner
told when one fails and when it is back.  The table daemon names a fault on the OLED (on the
LEDs when the OLED is the one missing), in the shop demo too (over the show a while).
"""

from __future__ import annotations

import logging
import time
from typing import Any, Callable

from table.devices import BY_ATTR, DEVICES, PICO_WORDS, DeviceError
from table.devices.completion import Completion

from table.app.core.bridge import LoopBridge

log = logging.getLogger("worms-table")



class Supervisor:
    """``devices`` (a :class:`table.devices.build.Devices`, or anything with the device names
    as attributes) under watch.

    ``on_fault(name, err)`` is called when a device first fails, ``on_back(name)`` when a
    failing one works again.  Through ``bridge``, on the loop: ``on_input(event)`` for each
    button event, ``on_tap(uid)`` for each tag read, ``on_removed(uid)`` when it leaves the
    reader, ``on_error(name, err)`` for an error a device's own thread met (default:
    :meth:`fault`).  With ``seen`` (called in the device's thread when the press or the tap
    comes), ``on_input(event, seen())`` and ``on_tap(uid, seen())``: what was on show when it
    was made."""

    def __init__(self, devices: Any, *, retry_s: float = 3.0,
                 clock: Callable[[], float] = time.monotonic,
                 on_fault: Callable[[str, DeviceError], None] | None = None,
                 on_back: Callable[[str], None] | None = None,
                 bridge: LoopBridge | None = None,
                 on_input: Callable[[Any], None] | None = None,
                 on_tap: Callable[[str], None] | None = None,
                 on_removed: Callable[[str], None] | None = None,
                 on_error: Callable[[str, DeviceError], None] | None = None,
                 seen: Callable[[], Any] | None = None) -> None:
        self.devices = devices
        self.retry_s = retry_s
        self.clock = clock
        self.on_fault = on_fault
        self.on_back = on_back
        self.bridge = bridge or LoopBridge()
        self.on_input = on_input
        self.on_tap = on_tap
        self.on_removed = on_removed
        self.on_error = on_error or self.fault
        self.seen = seen
        self.dev: dict[str, Any] = {}                 # the devices open, by name
        self.faults: dict[str, DeviceError] = {}      # the devices failing, by name
        self.tried: dict[str, float] = {}             # when each failing one was last tried

    def safely(self, name: str, fn: Callable[..., Any], *args: Any) -> None:
        """``fn(*args)`` on device ``name``: a DeviceError is a fault, not a crash; while the
        device is failing it is tried again every ``retry_s`` only.  When ``fn`` hands the
        work to the device's thread and returns a :class:`Completion` (a frame for the
        Pico), the loop goes on at once and hears how it went when it is done: a failure
        is a fault then (``on_error``), a frame that got through says the device is back."""
        if name in self.faults:
            now = self.clock()
            if now - self.tried.get(name, -1e9) < self.retry_s:
                return
            self.tried[name] = now
        try:
            pending = fn(*args)
        except DeviceError as err:
            self.fault(name, err)
            return
        if isinstance(pending, Completion):
            pending.then(self.bridge.wrap(lambda done: self._landed(name, done)))
        else:
            self.recovered(name)

    def _landed(self, name: str, done: Completion) -> None:
        """On the loop: what ``safely`` handed to device ``name`` is done."""
        if done.error is not None:
            self.on_error(name, done.error)
        elif not done.superseded:              # (taken back unsent: no news of the device)
            self.recovered(name)

    def recovered(self, name: str) -> None:
        if name in self.faults:
            self.faults.pop(name)
            log.info("%s is back", name)
            if self.on_back is not None:
                self.on_back(name)

    def fault(self, name: str, err: DeviceError, *, logged: bool = True) -> bool:
        """Device ``name`` failed with ``err``; True when it was not failing already (then
        the log says so, unless ``logged`` is False, and ``on_fault`` is told)."""
        new = name not in self.faults
        self.faults[name] = err
        if new:
            if logged:
                log.error("%s", fault_line([name], err))
            if self.on_fault is not None:
                self.on_fault(name, err)
        return new

    def missing(self) -> list[str]:
        """The devices not open yet."""
        return [d.attr for d in DEVICES if d.attr not in self.dev]

    def open_all(self) -> None:
        """Every device not open yet opened; what fails is logged once per cause, naming the
        devices it stops (the Pico missing stops both the LEDs and the dial)."""
        met: dict[str, tuple[list[str], DeviceError]] = {}
        for name in self.missing():
            err = self.open(name, logged=False)
            if err is not None:
                met.setdefault(str(err), ([], err))[0].append(name)
        for names, err in met.values():
            log.error("%s", fault_line(names, err))

    def open(self, name: str, *, logged: bool = True) -> DeviceError | None:
        """Device ``name`` opened; the error when it newly failed (logged unless ``logged`` is
        False)."""
        try:
            device = getattr(self.devices, name)
        except DeviceError as err:
            return err if self.fault(name, err, logged=logged) else None
        self.dev[name] = device
        self._wire(name, device)
        self.recovered(name)
        return None

    def _stamped(self, fn: Callable[..., Any]) -> Callable[[Any], None]:
        """A device's callback running ``fn(arg, seen())`` on the loop, ``seen()`` read when
        the device calls (in its thread: what the people saw when they pressed or tapped)."""
        call, seen = self.bridge.call, self.seen
        assert seen is not None

        def callback(arg: Any) -> None:
            call(fn, arg, seen())
        return callback

    def _wire(self, name: str, device: Any) -> None:
        """A device opened: its inputs and errors, from its threads, to the loop."""
        wrap = self.bridge.wrap
        people = wrap if self.seen is None else self._stamped      # (a press, a tap)
        if name == "buttons" and self.on_input is not None:
            device.on_input = people(self.on_input)
        elif name == "display":
            device.on_error = wrap(lambda err: self.on_error("display", err))
        elif name == "card_reader":
            if self.on_tap is not None:
                device.on_tap = people(self.on_tap)
            if self.on_removed is not None:
                device.on_remove = wrap(self.on_removed)
            device.on_error = wrap(lambda err: self.on_error("card_reader", err))


def fault_line(names: list[str], err: DeviceError) -> str:
    """The log's line for ``err`` stopping the devices ``names``: "hex LEDs and wind dial
    (Pico): nothing matches ...", or the error alone where it names the one device already."""
    called = [BY_ATTR[n].called if n in BY_ATTR else n for n in names]
    if called == [err.device]:
        return str(err)
    return f"{' and '.join(called)} ({err.device}): {err.what_to_do}"


def ui_name(name: str, err: DeviceError | None) -> str:
    """The device's name on the screens (the Pico's when the fault is the Pico's)."""
    if err is not None and "pico" in err.device.lower():
        return PICO_WORDS
    return BY_ATTR[name].words if name in BY_ATTR else "display"
