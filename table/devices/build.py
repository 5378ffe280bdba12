"""Build the table's devices from a hardware profile: the real backends, or all simulated.

`build_devices(profile, sim=False)` returns a :class:`Devices` container.  Each device is
built the first time it is used (so `selftest` of the LEDs never opens the card reader), by
the backend the profile names; with ``sim=True`` every device is the simulated backend (the
LED grid still takes the profile's LED map and brightness cap).  A device the profile leaves
out raises :class:`DeviceError` naming it.  Only the backend that is built imports its library.
"""

from __future__ import annotations

import glob
import logging
import os
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, cast

from table.devices import BY_ATTR, Device, DeviceError
from table.hexgrid import hexagon
from table.inputs import BUTTONS, ENCODER
from table.profiles import Profile

if TYPE_CHECKING:
    from table.devices.buttons import Buttons
    from table.devices.cards import CardReader
    from table.devices.display import Display
    from table.devices.leds import HexLeds
    from table.devices.wind import WindDial
    from table.devices.link import PicoLink
    from table.devices.pins import PinLibrary

log = logging.getLogger(__name__)


class Devices:
    """wind, leds, display, buttons, card_reader: each built on first use; close() them all."""

    def __init__(self, profile: Profile, sim: bool = False, bus_time: bool = False):
        self.profile = profile
        self.sim = sim
        self.bus_time = bus_time      # simulated buses take a real bus's time (benchmarks)
        self._built: dict[str, Device] = {}
        self._link: PicoLink | None = None
        self._pins: PinLibrary | None = None

    # -- the five devices --
    @property
    def wind(self) -> WindDial:
        return cast("WindDial", self._get("wind", self._make_wind))

    @property
    def leds(self) -> HexLeds:
        return cast("HexLeds", self._get("leds", self._make_leds))

    @property
    def display(self) -> Display:
        return cast("Display", self._get("display", self._make_display))

    @property
    def buttons(self) -> Buttons:
        return cast("Buttons", self._get("buttons", self._make_buttons))

    @property
    def card_reader(self) -> CardReader:
        return cast("CardReader", self._get("card_reader", self._make_card_reader))

    @property
    def pin_library(self):
        """The Pi's pin library (table.devices.pins.PinLibrary), opened on first use."""
        if self._pins is None:
            from table.devices.pins import open_pin_library

            self._pins = open_pin_library(self.profile.pi.pin_library)
        return self._pins

    def describe_pin_library(self) -> str:
        """One line naming the pin library in use (or, simulating, the one the profile would use)."""
        from table.devices.pins import would_choose

        if self.sim:
            return f"none, the devices are simulated; {would_choose(self.profile.pi.pin_library)}"
        p = self.profile
        if not ((p.buttons is not None and p.buttons.backend in ("gpio", "encoder"))
                or (p.wind is not None and p.wind.backend == "gpio")):
            return "none needed: no device of the profile is on the Pi's GPIO"
        return self.pin_library.describe()

    def built(self) -> dict[str, Device]:
        """The devices built so far, by name."""
        return dict(self._built)

    def rebuild_wind(self, calibration: Mapping[int, int]):
        """Close the wind dial and build it again with another calibration (for calibrate)."""
        old = self._built.pop("wind", None)
        if old is not None:
            old.close()
        self._built["wind"] = self._make_wind(calibration)
        return self._built["wind"]

    def close(self) -> None:
        """Close every device built, then the Pico link; safe to call twice.

        A device that fails to close is logged and the others are still closed."""
        closers = [self._built.pop(name).close for name in reversed(list(self._built))]
        link, self._link = self._link, None
        if link is not None:
            closers.append(link.close)
        pins, self._pins = self._pins, None
        if pins is not None:
            closers.append(pins.close)
        for close in closers:
            try:
                close()
            except (DeviceError, OSError) as err:
                log.warning("closing a device: %s", err)

    def __enter__(self) -> "Devices":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- building --
    def _get(self, name: str, make: Callable[[], Device]) -> Device:
        """The device ``name``, made by ``make`` the first time it is asked for."""
        if name not in self._built:
            self._built[name] = make()
        return self._built[name]

    def _config(self, name: str):
        """The device's profile table; None when simulating a device the profile lacks."""
        names = BY_ATTR[name]
        config = getattr(self.profile, names.section)
        if config is None and not self.sim:
            raise DeviceError(names.called,
                              f"the hardware profile {self.profile.path} has no [{names.section}]"
                              " table: add one (see hardware/README.md) or run with --sim")
        return config

    def _backend(self, name: str) -> str:
        config = self._config(name)
        return "sim" if self.sim or config is None else config.backend

    def _make_wind(self, calibration: Mapping[int, int] | None = None):
        from table.devices import wind

        config = self._config("wind")
        backend = self._backend("wind")
        if backend == "sim":
            return wind.SimWindDial()
        calibration = dict(calibration if calibration is not None else config.calibration)
        if backend == "pca9685":
            pca = config.pca9685
            return wind.Pca9685WindDial(calibration, bus_number=pca.bus, address=pca.address,
                                        channel=pca.channel)
        if backend == "gpio":
            return wind.GpioWindDial(calibration, pin=config.gpio_pin,
                                     pin_factory=self.pin_library.factory)
        link = self._pico_link()
        from table.devices.pico import PicoWindDial

        return PicoWindDial(link, calibration)

    def _make_leds(self):
        from table.devices import leds

        config = self._config("leds")
        if config is None:
            return leds.SimHexLeds(hexagon((0, 0), 4))
        if self._backend("leds") == "sim":
            return leds.SimHexLeds(config.led_map, config.brightness)
        link = self._pico_link()
        from table.devices.pico import PicoLeds

        return PicoLeds(link, config.led_map, config.brightness, color_order=config.color_order)

    def _make_display(self):
        from table.devices import display

        config = self._config("display")
        if self._backend("display") == "sim":
            return display.SimDisplay(config.bus_hz if self.bus_time else None)
        return display.LumaDisplay(config.backend, port=config.bus, address=config.address,
                                   rotate=config.rotate)

    def _make_buttons(self):
        from table.devices import buttons

        config = self._config("buttons")
        backend = self._backend("buttons")
        if backend == "sim":
            encoder = config is not None and config.backend == "encoder"
            return buttons.SimButtons(ENCODER if encoder else BUTTONS)
        timing = {"bounce_s": config.bounce_ms / 1000, "hold_s": config.hold_s,
                  "pin_factory": self.pin_library.factory}
        if backend == "encoder":
            return buttons.EncoderButtons(**config.pins, **timing)
        return buttons.GpioButtons(config.pins, **timing)

    def _make_card_reader(self):
        config = self._config("card_reader")
        backend = self._backend("card_reader")
        if backend == "sim":
            from table.devices.cards import SimCardReader
            return SimCardReader()
        if backend == "rdm6300":
            from table.devices.rdm6300 import Rdm6300Reader
            return Rdm6300Reader(config.port)
        from table.devices.pn532 import Pn532Reader
        return Pn532Reader(config.port)

    def _pico_link(self):
        if self._link is None:
            if self.profile.pico is None:
                raise DeviceError("Pico", f"the hardware profile {self.profile.path} has no "
                                          "[pico] port: add one (see hardware/README.md)")
            port = resolve_port(self.profile.pico.port)
            from table.devices.link import open_link

            self._link = open_link(port)
        return self._link


def resolve_port(pattern: str) -> str:
    """The one serial port matching `pattern` (a path, or a glob for the board's serial)."""
    if not glob.has_magic(pattern):
        return pattern
    matches = sorted(glob.glob(pattern))
    if len(matches) == 1:
        return matches[0]
    if not matches:
        folder = os.path.dirname(pattern) or "."
        there = sorted(os.path.basename(p) for p in glob.glob(os.path.join(folder, "*")))
        seen = (f"{folder} holds only {', '.join(there)}" if there else
                f"no serial device is plugged in ({folder} is empty or absent)")
        raise DeviceError("Pico", f"nothing matches {pattern}: {seen}; plug the Pico in over "
                                  "USB and check it runs firmware/ (firmware/README.md)")
    raise DeviceError("Pico", f"{len(matches)} ports match {pattern} ({', '.join(matches)}): "
                              "put the exact path in the profile's pico.port")


def build_devices(profile: Profile, sim: bool = False, *, bus_time: bool = False) -> Devices:
    """The devices of `profile`, built lazily: real backends, or all simulated with sim=True
    (with ``bus_time``, the simulated OLED takes as long as the profile's I2C clock would)."""
    return Devices(profile, sim, bus_time)
