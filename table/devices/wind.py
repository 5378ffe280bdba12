"""The Wind Dial: a servo that points the cardboard dial at one of the six directions.

Directions are numbered 1..6 clockwise from north (1 N, 2 NE, 3 SE, 4 S, 5 SW, 6 NW), so
direction ``d`` sits at compass angle ``(d - 1) * 60`` degrees on the dial.

How a direction becomes a pulse (the calibration table)
-------------------------------------------------------
A hobby servo (SG90/MG90S) turns about 180 degrees and cannot wrap round.  It drives the
dial through a 2:1 gear, so each direction step is 30 degrees of servo travel and 1..6 take
150 degrees -- they all fit inside the servo's travel.  The profile gives one pulse width
per direction, ``{1: us, ..., 6: us}``, measured with ``worms-table calibrate``; the pulses
must run strictly one way (up or down) from 1 to 6, because the servo's travel is a line,
not a circle.  A typical table is ``{1: 700, 2: 1030, 3: 1360, 4: 1690, 5: 2020, 6: 2350}``.

"The short way"
---------------
On a line there is only one path between two positions, so the servo always moves straight
from where it is to the target pulse; it never detours or overshoots, and the dial sweeps
over the directions between them.  The one move that is long on the circle but short on the
dial is 6 <-> 1 (one step clockwise, five steps back on the servo).  If the servo has the
travel for a seventh position -- direction 1 again, one step past 6 (dial at 360 degrees) --
give its pulse as ``wrap_us``: direction 1 then has two positions, and :meth:`point` picks
whichever is nearer the servo's current pulse, so 5 -> 6 -> 1 -> 2 never needs the long
sweep except when leaving the wrapped 1 for 2..5.  Without ``wrap_us`` (the default) the
calibration never needs to wrap and 6 -> 1 is the full sweep.

"No hum"
--------
Once the servo has had time to reach its position (``settle_s``), the backend stops sending
pulses: the gear holds the dial, and the servo neither hums nor draws current.  The release
runs on a timer thread so :meth:`point` never blocks; ``settle_s=0`` releases at once
(tests).
"""

from __future__ import annotations

import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping

from table.devices import Device, DeviceError
from table.devices.completion import Completion

DIRECTIONS = (1, 2, 3, 4, 5, 6)
MIN_PULSE_US = 400
MAX_PULSE_US = 2600
# direction -> pulse in microseconds; the directions as numbers, or as a TOML table's keys ("1")
Pulses = Mapping[int, float] | Mapping[str, float]
DEFAULT_SETTLE_S = 0.5


def check_direction(direction: object) -> int:
    """Return ``direction`` if it is one of 1..6, else raise a clear ValueError."""
    if isinstance(direction, bool) or not isinstance(direction, int) or direction not in DIRECTIONS:
        raise ValueError(f"wind direction must be a whole number 1..6, not {direction!r}")
    return direction


def compass_angle(direction: int) -> float:
    """The dial angle of a direction, in degrees clockwise from north."""
    return (check_direction(direction) - 1) * 60.0


class Calibration:
    """The pulse width (microseconds) for each direction, plus an optional wrap position."""

    def __init__(self, pulses: Pulses, wrap_us: float | None = None):
        table: dict[int, float] = {}
        for key, value in pulses.items():
            try:
                direction = int(key)
            except (TypeError, ValueError):
                raise ValueError(f"servo calibration: {key!r} is not a direction 1..6") from None
            check_direction(direction)
            table[direction] = _check_pulse(f"direction {direction}", value)
        missing = [d for d in DIRECTIONS if d not in table]
        if missing:
            raise ValueError(
                f"servo calibration: no pulse for direction(s) {missing}; "
                "give one pulse in microseconds for each of 1..6 (run worms-table calibrate)"
            )
        order = [table[d] for d in DIRECTIONS]
        if wrap_us is not None:
            order.append(_check_pulse("wrap_us", wrap_us))
        steps = [b - a for a, b in zip(order, order[1:])]
        if not (all(s > 0 for s in steps) or all(s < 0 for s in steps)):
            raise ValueError(
                "servo calibration: pulses must rise (or fall) steadily from direction 1 to 6"
                + (" and on to wrap_us" if wrap_us is not None else "")
                + f", got {order}; the servo cannot wrap round"
            )
        self.pulses = table
        self.wrap_us = None if wrap_us is None else float(wrap_us)

    @property
    def low(self) -> float:
        return min(list(self.pulses.values()) + ([self.wrap_us] if self.wrap_us is not None else []))

    @property
    def high(self) -> float:
        return max(list(self.pulses.values()) + ([self.wrap_us] if self.wrap_us is not None else []))

    def pulse(self, direction: int, current_us: float | None = None) -> float:
        """The pulse for ``direction``, taking the wrap position for 1 when it is nearer."""
        target = self.pulses[check_direction(direction)]
        if direction == 1 and self.wrap_us is not None and current_us is not None:
            if abs(self.wrap_us - current_us) < abs(target - current_us):
                return self.wrap_us
        return target


def _check_pulse(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"servo calibration: {name} must be a pulse in microseconds, not {value!r}")
    if not MIN_PULSE_US <= value <= MAX_PULSE_US:
        raise ValueError(
            f"servo calibration: {name} = {value} us is outside {MIN_PULSE_US}..{MAX_PULSE_US} us"
        )
    return float(value)


class WindDial(Device, ABC):
    """Points the dial; ``direction`` is the last direction pointed at (None before the first)."""

    direction: int | None = None

    @abstractmethod
    def point(self, direction: int) -> None:
        """Turn the dial to ``direction`` (1..6)."""

    def post(self, direction: int) -> Completion | None:
        """:meth:`point` without waiting for the device (the event loop's way): None once
        done, or a completion that tells when it is (the Pico's)."""
        self.point(direction)
        return None

    def hold(self, pulse_us: float) -> None:
        """Drive ``pulse_us`` and keep driving it until the next :meth:`point` or close (to fit
        the gear at the servo's centre: `worms-table calibrate --centre`)."""
        raise DeviceError("wind dial", "this dial has no servo to hold")


class SimWindDial(WindDial):
    """A dial on screen: ``angle`` (compass degrees) it points at, ``history`` of directions,
    ``held`` the pulse :meth:`hold` keeps (None once it points again).

    Fault switch: ``dead`` (a servo without power or signal): ``direction`` still records what
    was asked, but ``angle``, where the dial really points, no longer moves.
    """

    def __init__(self) -> None:
        self.direction = None
        self.angle: float = 0.0
        self.history: list[int] = []
        self.held: float | None = None
        self.dead = False

    def point(self, direction: int) -> None:
        target = compass_angle(direction)
        self.held = None
        if self.dead:
            self.direction = direction
            self.history.append(direction)
            return
        self.angle = target
        self.direction = direction
        self.history.append(direction)

    def hold(self, pulse_us: float) -> None:
        self.held = _check_pulse("the held pulse", pulse_us)


class ServoWindDial(WindDial):
    """A servo behind the dial: drive the calibrated pulse, release once settled."""

    device_name = "wind dial servo"

    def __init__(self, calibration: Calibration | Pulses, *,
                 wrap_us: float | None = None, settle_s: float = DEFAULT_SETTLE_S):
        if not isinstance(calibration, Calibration):
            calibration = Calibration(calibration, wrap_us)
        self.calibration = calibration
        self.settle_s = settle_s
        self.direction = None
        self.pulse_us: float | None = None   # last pulse driven (the servo stays there)
        self.driving = False                 # True while pulses are being sent
        self._lock = threading.Lock()
        self._timer: threading.Timer | None = None
        self._closed = False

    def point(self, direction: int) -> None:
        self._aim(direction, wait=True)

    def post(self, direction: int) -> Completion | None:
        return self._aim(direction, wait=False)

    def _aim(self, direction: int, wait: bool) -> Completion | None:
        check_direction(direction)
        with self._lock:
            if self._closed:
                raise DeviceError(self.device_name, "the dial is closed; restart the daemon")
            self._cancel_timer()
            pulse = self.calibration.pulse(direction, self.pulse_us)
            done = self._drive(pulse, wait)
            self.pulse_us, self.direction, self.driving = pulse, direction, True
            if self.settle_s <= 0:
                self._release_locked()
            else:
                self._timer = threading.Timer(self.settle_s, self._settled)
                self._timer.daemon = True
                self._timer.start()
            return done

    def hold(self, pulse_us: float) -> None:
        pulse_us = _check_pulse("the held pulse", pulse_us)
        with self._lock:
            if self._closed:
                raise DeviceError(self.device_name, "the dial is closed; restart the daemon")
            self._cancel_timer()
            self._drive_kept(pulse_us)
            self.pulse_us, self.direction, self.driving = pulse_us, None, True

    def _drive_kept(self, pulse_us: float) -> None:
        """Drive ``pulse_us`` with no end of its own (the Pico's pulses otherwise stop)."""
        self._drive(pulse_us)

    def _close_device(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._cancel_timer()
            try:
                if self.driving:
                    self._release_locked()
            finally:
                self._closed = True
                self._close()

    def _settled(self) -> None:
        with self._lock:
            if self.driving and not self._closed:
                self._release_locked()

    def _release_locked(self) -> None:
        self._release()
        self.driving = False

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    @abstractmethod
    def _drive(self, pulse_us: float, wait: bool = True) -> Completion | None:
        """Start sending ``pulse_us`` pulses; without ``wait``, a backend whose device answers
        later (the Pico) returns a completion instead of waiting."""

    @abstractmethod
    def _release(self) -> None:
        """Stop sending pulses (the servo goes limp, the gear holds the dial)."""

    def _close(self) -> None:
        """Free the hardware."""


# PCA9685 registers (NXP datasheet, section 7.3)
MODE1 = 0x00
MODE2 = 0x01
LED0_ON_L = 0x06
PRESCALE = 0xFE
MODE1_SLEEP = 0x10
MODE1_AI = 0x20          # register auto-increment
MODE2_OUTDRV = 0x04      # totem-pole outputs
FULL_OFF = 0x10          # bit 4 of LEDn_OFF_H
PCA9685_CLOCK_HZ = 25_000_000
SERVO_HZ = 50


class Pca9685WindDial(ServoWindDial):
    """The servo on one channel of a PCA9685 PWM board, over I2C with smbus2.

    ``bus`` is an open ``smbus2.SMBus`` (or anything with ``write_byte_data``); without it,
    ``SMBus(bus_number)`` is opened here.  ``sleep`` is injectable for tests.
    """

    device_name = "wind dial (PCA9685)"

    def __init__(self, calibration, *, bus=None, bus_number: int = 1, address: int = 0x40,
                 channel: int = 0, wrap_us: float | None = None,
                 settle_s: float = DEFAULT_SETTLE_S,
                 sleep: Callable[[float], None] = time.sleep):
        super().__init__(calibration, wrap_us=wrap_us, settle_s=settle_s)
        if not 0 <= channel <= 15:
            raise ValueError(f"PCA9685 channel must be 0..15, not {channel!r}")
        self.address, self.channel = address, channel
        self.prescale = round(PCA9685_CLOCK_HZ / (4096 * SERVO_HZ)) - 1      # 121 for 50 Hz
        self.period_us = 4096 * (self.prescale + 1) * 1e6 / PCA9685_CLOCK_HZ
        self._own_bus = bus is None
        if bus is None:
            try:
                import smbus2
                bus = smbus2.SMBus(bus_number)
            except (FileNotFoundError, PermissionError, OSError) as err:
                raise DeviceError(
                    self.device_name,
                    f"cannot open I2C bus {bus_number} ({err}); enable I2C "
                    "(raspi-config > Interface Options > I2C) and check the wiring",
                ) from None
        self.bus = bus
        try:
            self._write(MODE1, MODE1_SLEEP)    # the prescaler can only be set while asleep
            self._write(PRESCALE, self.prescale)
            self._write(MODE2, MODE2_OUTDRV)
            self._write(MODE1, MODE1_AI)       # wake up
            sleep(0.0005)                      # oscillator start-up: 500 us
            self._release()                    # channel off until the first point()
        except DeviceError:
            self._close()
            raise

    def counts(self, pulse_us: float) -> int:
        """The 12-bit OFF count for a pulse (ON at count 0)."""
        return min(4095, round(pulse_us * 4096 / self.period_us))

    def _drive(self, pulse_us: float, wait: bool = True) -> None:
        count = self.counts(pulse_us)
        base = LED0_ON_L + 4 * self.channel
        for offset, value in enumerate((0, 0, count & 0xFF, count >> 8)):
            self._write(base + offset, value)

    def _release(self) -> None:
        self._write(LED0_ON_L + 4 * self.channel + 3, FULL_OFF)

    def _close(self) -> None:
        if self._own_bus:
            try:
                self.bus.close()
            except OSError:
                pass

    def _write(self, register: int, value: int) -> None:
        try:
            self.bus.write_byte_data(self.address, register, value)
        except OSError as err:
            raise DeviceError(
                self.device_name,
                f"no answer at I2C address 0x{self.address:02X} ({err}); "
                "check the board's power, wiring and address jumpers",
            ) from None


class GpioWindDial(ServoWindDial):
    """The servo on a Pi GPIO pin through gpiozero's Servo (software PWM under lgpio)."""

    device_name = "wind dial (GPIO servo)"

    def __init__(self, calibration, *, pin: int | str, wrap_us: float | None = None,
                 settle_s: float = DEFAULT_SETTLE_S, pin_factory=None):
        super().__init__(calibration, wrap_us=wrap_us, settle_s=settle_s)
        from gpiozero import Servo
        from gpiozero.exc import GPIOZeroError
        try:
            self.servo = Servo(
                pin, initial_value=None, min_pulse_width=self.calibration.low / 1e6,
                max_pulse_width=self.calibration.high / 1e6, pin_factory=pin_factory,
            )
        except (GPIOZeroError, OSError) as err:
            raise DeviceError(
                self.device_name,
                f"cannot use GPIO {pin} for the servo ({err}); check the profile's pin",
            ) from None

    def _drive(self, pulse_us: float, wait: bool = True) -> None:
        low, high = self.calibration.low, self.calibration.high
        if not low <= pulse_us <= high:
            raise DeviceError(self.device_name, f"{pulse_us:g} us is outside the calibrated "
                              f"{low:g}..{high:g} us this pin drives")
        self.servo.value = -1 + 2 * (pulse_us - low) / (high - low)

    def _release(self) -> None:
        self.servo.detach()

    def _close(self) -> None:
        self.servo.close()
