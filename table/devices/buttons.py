"""The players' buttons, mapped to logical inputs.

Logical inputs (named in :mod:`table.inputs`): "1".."6" (the six direction buttons round OK),
"ok", "back"; a rotary encoder build has "cw"/"ccw" (one event per detent) instead of the
direction buttons.
A press is reported on release as ``InputEvent(name)``; a button held for ``hold_s`` is
reported once, while still held, as ``InputEvent(name, long=True)``, and its release is then
swallowed, so a long press never also counts as a short one.

Callbacks come from gpiozero's threads (the pin thread for presses, a hold thread for long
presses): ``on_input`` must hand the event on to the daemon's loop and return quickly.
"""

from typing import NamedTuple
import threading
from abc import ABC
from collections.abc import Callable, Mapping

from table.devices import Device, DeviceError
from table.inputs import BUTTONS, ENCODER

DEFAULT_BOUNCE_S = 0.03
DEFAULT_HOLD_S = 0.8


class InputEvent(NamedTuple):
    """A button pressed (``long``: held)."""

    name: str
    long: bool = False


class Buttons(Device, ABC):
    """Emits :class:`InputEvent` to ``on_input``."""

    inputs: tuple[str, ...] = BUTTONS

    def __init__(self) -> None:
        self.on_input: Callable[[InputEvent], None] | None = None

    def _emit(self, name: str, long: bool = False) -> None:
        handler = self.on_input
        if handler is not None:
            handler(InputEvent(name, long))


class SimButtons(Buttons):
    """Buttons on screen: :meth:`press` emits an input as a real press would."""

    def __init__(self, inputs: tuple[str, ...] = BUTTONS) -> None:
        super().__init__()
        self.inputs = tuple(inputs)

    def press(self, name: str, long: bool = False) -> None:
        if name not in self.inputs:
            raise ValueError(f"no button {name!r}; the inputs are {', '.join(self.inputs)}")
        self._emit(name, long)


class _GpioBase(Buttons):
    device_name = "buttons"

    def __init__(self, pin_factory=None) -> None:
        super().__init__()
        self._pin_factory = pin_factory
        self._devices: list = []
        self._held: set[str] = set()
        self._lock = threading.Lock()
        self._hold_s = DEFAULT_HOLD_S

    @property
    def hold_s(self) -> float:
        """How long a press lasts to be a long one; setting it changes every button's."""
        return self._hold_s

    @hold_s.setter
    def hold_s(self, seconds: float) -> None:
        self._hold_s = seconds
        for device in self._devices:
            if hasattr(device, "hold_time"):             # (buttons; not the encoder)
                device.hold_time = seconds

    def _open(self, what: str, pin, build: Callable[[], object]):
        from gpiozero.exc import BadPinFactory, GPIOZeroError

        try:
            device = build()
        except (BadPinFactory, ImportError) as err:
            self.close()
            raise DeviceError(
                self.device_name,
                f"no GPIO pin library ({err}); on a Pi install the 'pi' extra (lgpio), "
                "elsewhere run the simulation",
            ) from None
        except (GPIOZeroError, OSError, ValueError) as err:
            self.close()
            raise DeviceError(
                self.device_name, f"cannot use GPIO {pin} for {what} ({err}); check the profile"
            ) from None
        self._devices.append(device)
        return device

    def _add_button(self, name: str, pin, bounce_s: float, hold_s: float) -> None:
        from gpiozero import Button

        button = self._open(f"the {name!r} button", pin, lambda: Button(
            pin, pull_up=True, bounce_time=bounce_s or None, hold_time=hold_s,
            pin_factory=self._pin_factory,
        ))
        self._hold_s = hold_s
        button.when_held = lambda: self._on_held(name)
        button.when_released = lambda: self._on_released(name)

    def _on_held(self, name: str) -> None:
        with self._lock:
            self._held.add(name)
        self._emit(name, long=True)

    def _on_released(self, name: str) -> None:
        with self._lock:
            was_held = name in self._held
            self._held.discard(name)
        if not was_held:
            self._emit(name)

    def _close_device(self) -> None:
        devices, self._devices = self._devices, []
        for device in devices:
            device.close()


def _check_pins(pins: Mapping[str, object], names: tuple[str, ...]) -> dict[str, object]:
    pins = dict(pins)
    unknown = sorted(set(pins) - set(names))
    if unknown:
        raise ValueError(f"unknown button(s) {unknown}; the inputs are {', '.join(names)}")
    missing = [n for n in names if n not in pins]
    if missing:
        raise ValueError(f"no pin given for button(s) {missing}")
    seen: dict[object, str] = {}
    for name, pin in pins.items():
        if pin in seen:
            raise ValueError(f"buttons {seen[pin]!r} and {name!r} are both on pin {pin}")
        seen[pin] = name
    return pins


class GpioButtons(_GpioBase):
    """Six direction buttons, OK and Back, each between a GPIO pin and ground.

    ``pins`` maps each of :data:`BUTTONS` to a pin (BCM number or gpiozero pin name).
    """

    def __init__(self, pins: Mapping[str, int | str], *, bounce_s: float = DEFAULT_BOUNCE_S,
                 hold_s: float = DEFAULT_HOLD_S, pin_factory=None):
        super().__init__(pin_factory)
        for name, pin in _check_pins(pins, BUTTONS).items():
            self._add_button(name, pin, bounce_s, hold_s)


class EncoderButtons(_GpioBase):
    """A rotary encoder (pins ``a``, ``b``; "cw"/"ccw" per detent) with OK and Back buttons."""

    inputs = ENCODER

    def __init__(self, *, a: int | str, b: int | str, ok: int | str, back: int | str,
                 bounce_s: float = DEFAULT_BOUNCE_S, hold_s: float = DEFAULT_HOLD_S,
                 pin_factory=None):
        super().__init__(pin_factory)
        _check_pins({"cw": a, "ccw": b, "ok": ok, "back": back}, ENCODER)
        from gpiozero import RotaryEncoder

        encoder = self._open("the rotary encoder", f"{a}/{b}", lambda: RotaryEncoder(
            a, b, max_steps=0, pin_factory=pin_factory,
        ))
        encoder.when_rotated_clockwise = lambda: self._emit("cw")
        encoder.when_rotated_counter_clockwise = lambda: self._emit("ccw")
        self._add_button("ok", ok, bounce_s, hold_s)
        self._add_button("back", back, bounce_s, hold_s)
