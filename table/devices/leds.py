"""The hex LED grid: one or more LEDs under each hex of the table.

Hexes are axial ``(q, r)``, flat-topped, centred on the Wind Dial hex ``(0, 0)``.  The
grid's ``led_map`` says which hex each LED (by index along the strip) lights; several LEDs
may share a hex.  Callers stage colours per hex with :meth:`HexLeds.set` / :meth:`fill` (a
whole frame with :meth:`stage`) and push the whole frame with :meth:`show`; nothing changes
on the table until then.

``brightness`` (0..1) caps every colour: it is applied when a frame is shown, so
:meth:`shown` reports what the LEDs really emit.  The cap protects the power supply and
the players' eyes; the Pico firmware enforces its own cap as well.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping

from table.devices import Device
from table.devices.completion import Completion
from table.hexgrid import Hex, hexagon

Color = tuple[int, int, int]

OFF: Color = (0, 0, 0)
#: the most colours a strip keeps checked and capped (an animation blends many more)
_KEPT = 4096


def check_color(color: object) -> Color:
    """Return ``color`` as an (r, g, b) tuple of ints 0..255, or raise a clear ValueError."""
    if (
        isinstance(color, (tuple, list))
        and len(color) == 3
        and all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in color)
    ):
        return (color[0], color[1], color[2])
    raise ValueError(f"LED colour must be (red, green, blue) with each 0..255, not {color!r}")


def _check_hex(value: object) -> Hex:
    if (
        isinstance(value, (tuple, list))
        and len(value) == 2
        and all(isinstance(c, int) and not isinstance(c, bool) for c in value)
    ):
        return (value[0], value[1])
    raise ValueError(f"a hex is (q, r), two whole numbers, not {value!r}")


class HexLeds(Device, ABC):
    """Stage colours per hex, then :meth:`show` them all at once."""

    def __init__(self, led_map: Iterable[Hex], brightness: float = 1.0):
        self.led_map: tuple[Hex, ...] = tuple(_check_hex(h) for h in led_map)
        if not self.led_map:
            raise ValueError("the LED map is empty: list the hex of each LED in the profile")
        self.hexes: frozenset[Hex] = frozenset(self.led_map)
        self._capped: dict[Color, Color] = {}          # each colour under the cap, once
        self.brightness = brightness
        self._good: set[Color] = set()                # colours already checked (every frame)
        self._staged: dict[Hex, Color] = {h: OFF for h in self.hexes}
        self._shown: dict[Hex, Color] = dict(self._staged)

    @property
    def brightness(self) -> float:
        return self._brightness

    @brightness.setter
    def brightness(self, value: float) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
            raise ValueError(f"LED brightness must be a number 0..1, not {value!r}")
        self._brightness = float(value)
        self._capped.clear()

    def set(self, hex: Hex, color: Color) -> None:
        """Stage ``color`` for every LED under ``hex``."""
        if type(hex) is tuple and type(color) is tuple and len(hex) == 2 and len(color) == 3:
            q, r = hex                   # the common case, checked quickly (every frame)
            red, green, blue = color
            if (type(q) is int and type(r) is int and hex in self.hexes and type(red) is int
                    and type(green) is int and type(blue) is int
                    and 0 <= red <= 255 and 0 <= green <= 255 and 0 <= blue <= 255):
                self._staged[hex] = color
                return
        key = _check_hex(hex)
        if key not in self.hexes:
            raise ValueError(
                f"hex {key} has no LED: the grid covers {len(self.hexes)} hexes "
                "(see the LED map in the hardware profile)"
            )
        self._staged[key] = check_color(color)

    def stage(self, frame: Mapping[Hex, Color]) -> None:
        """Stage each hex's colour of ``frame`` (what :meth:`set` does for each; a hex with
        no LED under it left out)."""
        staged, hexes, good = self._staged, self.hexes, self._good
        for h, color in frame.items():
            if h in hexes:
                if not (type(color) is tuple and color in good and type(color[0]) is int
                        and type(color[1]) is int and type(color[2]) is int):
                    color = check_color(color)        # (raises on anything but a colour)
                    if len(good) < _KEPT:
                        good.add(color)
                staged[h] = color

    def fill(self, color: Color) -> None:
        """Stage ``color`` for the whole grid."""
        color = check_color(color)
        for h in self._staged:
            self._staged[h] = color

    def capped(self, color: Color) -> Color:
        """``color`` as the LEDs emit it under the brightness cap."""
        b = self._brightness
        return (round(color[0] * b), round(color[1] * b), round(color[2] * b))

    def frame(self) -> tuple[Color, ...]:
        """The staged frame, capped, one colour per LED index (what :meth:`show` pushes)."""
        staged, capped = self._staged, self._capped
        if self._brightness == 1.0:
            return tuple(map(staged.__getitem__, self.led_map))
        out = []
        for h in self.led_map:
            c = staged[h]
            cap = capped.get(c)
            if cap is None:
                cap = self.capped(c)
                if len(capped) < _KEPT:        # (an animation's blends are many colours)
                    capped[c] = cap
            out.append(cap)
        return tuple(out)

    def show(self) -> None:
        """Push the staged frame to the LEDs."""
        frame = self.frame()
        self._push(frame)
        self._shown = dict(zip(self.led_map, frame))

    def post(self) -> Completion | None:
        """:meth:`show` without waiting for the device (the event loop's way): None once
        shown, or a completion that tells when it is (the Pico's, which answers later)."""
        self.show()
        return None

    def shown(self) -> dict[Hex, Color]:
        """What each hex shows now, after the cap."""
        return dict(self._shown)

    @abstractmethod
    def _push(self, frame: tuple[Color, ...]) -> None:
        """Send ``frame`` (a capped colour per LED index) to the hardware; raise on failure."""


SUPPLY_VOLTS = 5.0           # the simulated 5 V supply with no load
SUPPLY_OHMS = 0.1            # a sound supply and wiring: 0.13 V lower at the reference's cap
LED_MA_PER_CHANNEL = 20.0    # a WS2812B channel at full brightness
LED_IDLE_MA = 1.0            # each LED, even dark
USB_VSYS_VOLTS = 4.7         # VSYS from the Pi's USB through the Pico's own diode


class SimHexLeds(HexLeds):
    """LEDs drawn on screen; ``frames`` counts the frames shown.

    It also simulates the strip as hardware, for ``selftest --sim --auto`` to look at:
    ``strip`` is what each LED really emits and ``supply_volts`` the 5 V supply under the
    strip's current.  Fault switches: ``data_wire_cut`` (frames no longer reach the strip:
    it stays as it was), ``supply_ohms`` (the supply's and wiring's resistance: about 0.8
    for a supply that sags under load), ``supply_off`` (the LEDs' 5 V supply unplugged: the rail reads 0 V
    while the Pico, fed by USB, still sees about 4.7 V on VSYS), ``dead`` (the indexes of
    LEDs that never light) and ``red_green_swapped`` (a strip that takes its colours in
    the other order than the profile says: RGB for GRB).
    """

    def __init__(self, led_map: Iterable[Hex] | None = None, brightness: float = 1.0,
                 radius: int = 4):
        super().__init__(hexagon((0, 0), radius) if led_map is None else led_map, brightness)
        self.frames = 0
        self.strip: list[Color] = [OFF] * len(self.led_map)
        self.data_wire_cut = False
        self.supply_ohms = SUPPLY_OHMS
        self.supply_off = False
        self.dead: set[int] = set()
        self.red_green_swapped = False

    def _push(self, frame: tuple[Color, ...]) -> None:
        self.frames += 1
        if not self.data_wire_cut:
            self.strip = [OFF if i in self.dead else (g, r, b) if self.red_green_swapped
                          else (r, g, b) for i, (r, g, b) in enumerate(frame)]

    def emitted(self) -> dict[int, Color]:
        """What each LED (by index along the strip) really shows."""
        return dict(enumerate(self.strip))

    def measure_supply(self) -> float:
        """VSYS as the Pico measures it: the higher of USB (5 V less its diode) and the rail
        (less D1's 0.3 V)."""
        rail = 0.0 if self.supply_off else self.supply_volts
        return round(max(USB_VSYS_VOLTS, rail - 0.3), 3)

    def measure_rail(self) -> float:
        """The LEDs' 5 V rail as the Pico measures it through the divider on GP26."""
        return 0.0 if self.supply_off else self.supply_volts

    @property
    def supply_volts(self) -> float:
        """The supply's voltage at the strip under the current the strip draws now."""
        amps = sum(LED_IDLE_MA + LED_MA_PER_CHANNEL * sum(c) / 255 for c in self.strip) / 1000
        return round(SUPPLY_VOLTS - amps * self.supply_ohms, 3)
