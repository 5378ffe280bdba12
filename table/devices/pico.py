"""The Pico backends: the hex LEDs and the wind dial, both over one :class:`PicoLink`.

Build the link once and hand it to both::

    link = open_link("/dev/serial/by-id/usb-MicroPython_...")
    leds = PicoLeds(link, led_map)
    dial = PicoWindDial(link, calibration)
    ...
    leds.close(); dial.close(); link.close()

While the Pico is unplugged, ``show()`` and ``point()`` raise DeviceError; once the link is
back both backends restore what the table should show (the last frame, the last
direction) by themselves.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable

from table.devices import DeviceError
from table.devices import linkcodec as C
from table.devices.completion import Completion
from table.devices.leds import Color, Hex, HexLeds
from table.devices.link import PicoLink, Reconnected
from table.devices.wind import (DEFAULT_SETTLE_S, Calibration, Pulses, ServoWindDial,
                                check_direction)

log = logging.getLogger(__name__)


def _cap(brightness: float) -> int:
    return round(brightness * 255)


class PicoLeds(HexLeds):
    """WS2812 LEDs on the Pico: changed LEDs only, then an acknowledged show.

    The brightness cap is applied by the Pico (so its lost-host pattern obeys it too);
    :meth:`capped` uses the firmware's own arithmetic, so :meth:`shown` is exactly what the
    strip receives.  ``color_order`` is the strip's order on the wire ("GRB" for WS2812B,
    "RGB" for PL9823), sent with the LED count after every (re)connection.

    Each frame goes to the link as one group: a newer frame takes back the part of an
    older one the Pico has not been sent yet, so frames shown faster than the Pico takes
    them never pile up (the caller of a replaced frame returns; the newest is shown).  The
    host keeps what the Pico's LED buffer holds once everything sent has arrived (the link
    delivers in order, or reconnects); LEDs of messages taken back are sent again.
    """

    device_name = "LED grid (Pico)"
    GROUP = "leds"

    def __init__(self, link: PicoLink, led_map: Iterable[Hex], brightness: float = 1.0, *,
                 leds_per_frame: int = C.LEDS_PER_FRAME, color_order: str = "GRB"):
        super().__init__(led_map, brightness)
        if not 1 <= leds_per_frame <= C.LEDS_PER_FRAME:
            raise ValueError(f"leds_per_frame must be 1..{C.LEDS_PER_FRAME}")
        if color_order not in C.COLOR_ORDERS:
            raise ValueError(f"colour order {color_order!r} is not one of {', '.join(C.COLOR_ORDERS)}")
        self.link = link
        self.leds_per_frame = leds_per_frame
        self.color_order = color_order
        self._lock = threading.Lock()
        # the Pico's LED buffer (None: unknown), cap and configuration as they will be once
        # what was sent arrives; valid only for link generation _generation (a reconnected
        # Pico may have rebooted: then everything is sent again)
        self._generation: int | None = None
        self._buffer: list[Color | None] = []
        self._cap_on_pico: int | None = None
        self._sent: dict[int, tuple] = {}          # id(message) -> (message, its LEDs)
        self._wanted: list[Color] | None = None    # the last frame asked for
        self._stale = False     # a frame failed: what the Pico holds is unknown (all again)
        self._closed = False
        link.add_listener(self._restore)

    @property
    def supply_volts(self) -> float | None:
        """The Pico's supply (VSYS) as last reported with a heartbeat; None if unknown."""
        return self.link.supply_volts

    def measure_supply(self) -> float | None:
        """Ask the Pico for its supply voltage now (volts; None if it cannot measure)."""
        return self.link.measure_supply()

    def measure_rail(self) -> float | None:
        """Ask the Pico for the LEDs' 5 V rail now (volts; None from firmware 1.1)."""
        self.link.measure_supply()
        return self.link.rail_volts

    def capped(self, color: Color) -> Color:
        cap = _cap(self.brightness)
        return (C.scale(color[0], cap), C.scale(color[1], cap), C.scale(color[2], cap))

    def post(self) -> Completion:
        """Show the staged frame without waiting for the Pico (the event loop's way): the
        link sends it, and the completion returned tells once the Pico has it, or why not.
        Raises DeviceError at once while the link is down."""
        frame = self.frame()
        queued = self._queued(self._raw(), _cap(self.brightness))
        self._shown = dict(zip(self.led_map, frame))
        done = queued[-1].completion
        assert done is not None                     # (a group's messages share one)
        return done

    def _push(self, frame: tuple[Color, ...]) -> None:
        self._send(self._raw(), _cap(self.brightness))

    def _raw(self) -> list[Color]:
        raw = [self._staged[h] for h in self.led_map]    # the Pico applies the cap itself
        with self._lock:
            if self._closed:
                raise DeviceError(self.device_name, "the LEDs are closed; restart the daemon")
            self._wanted = raw
        return raw

    def _send(self, raw: list[Color], cap: int) -> None:
        """Queue the frame and wait for the Pico's acknowledgement (a thread's way)."""
        queued = self._queued(raw, cap)
        try:
            self.link.wait(queued[-1])
            for msg in queued:              # done in order, so all were acknowledged by now
                if msg.error is not None:
                    raise msg.error
        except DeviceError:
            self._stale = True              # what the Pico holds is unknown now
            raise

    def _queued(self, raw: list[Color], cap: int) -> list:
        try:
            queued = self._queue(raw, cap)
        except Reconnected:
            queued = self._queue(raw, cap)   # reconnected meanwhile: once more, everything
        queued[-1].completion.then(self._landed)
        return queued

    def _landed(self, done: Completion) -> None:
        """A frame is done (in the link's thread, under its lock: no lock taken here)."""
        if done.error is not None:
            self._stale = True              # what the Pico holds is unknown: all again

    def _queue(self, raw: list[Color], cap: int) -> list:
        with self._lock:
            link = self.link
            generation = link.generation
            messages = []
            if generation != self._generation or self._stale:
                self._stale = False
                self._buffer, self._cap_on_pico, self._sent = [None] * len(raw), None, {}
                configure = True
            else:
                configure = self._take_back()
            if configure:
                messages.append((C.LED_COUNT, C.led_count(len(raw))))
                messages.append((C.LED_ORDER, C.led_order(self.color_order)))
            buffer = self._buffer
            changed = [(i, c) for i, c in enumerate(raw) if buffer[i] != c]
            step = self.leds_per_frame
            chunks = [changed[k:k + step] for k in range(0, len(changed), step)]
            messages += [(C.LED_SET, C.led_set(chunk)) for chunk in chunks]
            if cap != self._cap_on_pico:
                messages.append((C.BRIGHTNESS, C.brightness(cap)))
            messages.append((C.LED_SHOW, b""))
            queued = link.send_group(self.GROUP, messages, generation=generation)
            self._generation = generation
            self._sent = {}
            sets = iter(chunks)
            for msg in queued:
                leds = [i for i, _ in next(sets)] if msg.mtype == C.LED_SET else []
                self._sent[id(msg)] = (msg, leds)
            for i, c in changed:
                buffer[i] = c
            self._cap_on_pico = cap
            return queued

    def _take_back(self) -> bool:
        """Withdraw what the link has not sent of the last frame; forget what it would have
        set.  True if the LED count and order must be sent again."""
        configure = False
        for msg in self.link.withdraw(self.GROUP):
            sent = self._sent.get(id(msg))
            if sent is None or sent[0] is not msg:
                continue
            if msg.mtype == C.LED_SET:
                for i in sent[1]:
                    self._buffer[i] = None
            elif msg.mtype == C.BRIGHTNESS:
                self._cap_on_pico = None
            elif msg.mtype in (C.LED_COUNT, C.LED_ORDER):
                configure = True
        return configure

    def _restore(self) -> None:
        """After a reconnection (the Pico may have rebooted): show the last frame again."""
        with self._lock:
            wanted = self._wanted
            if wanted is None or self._closed:
                return
        self._send(wanted, _cap(self.brightness))
        self._shown = {h: self.capped(c) for h, c in zip(self.led_map, wanted)}

    def _close_device(self) -> None:
        """Stop restoring after reconnections (the link itself is closed by its owner)."""
        with self._lock:
            self._closed = True
        self.link.remove_listener(self._restore)


class PicoWindDial(ServoWindDial):
    """The wind-dial servo on the Pico's PWM pin.

    Besides the host's own release after ``settle_s``, each pulse is sent with a hold time
    after which the Pico stops it by itself, so the servo never hums for long even if the
    host goes away mid-move.
    """

    device_name = "wind dial (Pico)"

    def __init__(self, link: PicoLink, calibration: Calibration | Pulses, *,
                 wrap_us: float | None = None, settle_s: float = DEFAULT_SETTLE_S):
        super().__init__(calibration, wrap_us=wrap_us, settle_s=settle_s)
        self.link = link
        self._wanted: int | None = None
        link.add_listener(self._restore)

    def point(self, direction: int) -> None:
        self._wanted = check_direction(direction)
        super().point(direction)

    def post(self, direction: int) -> Completion | None:
        self._wanted = check_direction(direction)
        return super().post(direction)

    def _drive(self, pulse_us: float, wait: bool = True) -> Completion | None:
        hold_ms = 0 if self.settle_s <= 0 else min(0xFFFF, round(self.settle_s * 1000) + 500)
        return self.link.send(C.SERVO, C.servo(round(pulse_us), hold_ms), wait=wait).completion

    def _drive_kept(self, pulse_us: float) -> None:
        self.link.send(C.SERVO, C.servo(round(pulse_us), 0))

    def _release(self) -> None:
        try:
            self.link.send(C.SERVO_OFF, wait=False)
        except DeviceError as err:      # the Pico stops the pulse after its hold anyway
            log.warning("%s", err)

    def _restore(self) -> None:
        if self._wanted is not None and not self._closed:
            self.point(self._wanted)

    def _close(self) -> None:
        self.link.remove_listener(self._restore)
