"""Load and validate a hardware profile (TOML) into named tuples.

A profile says which backend drives each device, which pins and I2C addresses it uses, how the
LED strip is laid over the hex grid and where the servo points for each direction.  Every
problem found is collected and raised at once as one ProfileError naming the file and the key.
The keys are documented in hardware/README.md.  Each table with more than a few keys is read
in a module of its own: `[wind]` (wind.py), `[leds]` (leds.py), `[box]` (box.py), `[pi]`
(pi.py); the pins and I2C addresses they use are checked in pins.py, through reader.py's
:class:`Reader`, which collects the problems.

The records are ``typing.NamedTuple``s, immutable and compared by value like frozen dataclasses,
because every start reads a profile: a frozen dataclass compiles five methods from source when
its module is imported (about 0.6 ms a class on a desktop, ten times that at a Pi Zero's speed),
a named tuple one small one (docs/benchmarks.md, "Start to READY").  Change one with
``_replace``.
"""

from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping, NamedTuple

from table import filetext
from table.inputs import BUTTONS, ENCODER_PINS
from table.profiles import leds, wind
from table.profiles.box import BoxConfig, parse_box
from table.profiles.leds import LedsConfig, parse_leds
from table.profiles.pi import PiConfig, parse_pi
from table.profiles.pins import I2CUse, PinUse, check_i2c, check_pins, i2c_uses, pin_uses
from table.profiles.reader import README, Reader
from table.profiles.wind import WindConfig, parse_wind

REFERENCE = Path(__file__).with_name("reference.toml")
#: each device's backends, one of which its table's `backend` names
BACKENDS = {
    "wind": wind.BACKENDS,
    "leds": leds.BACKENDS,
    "display": ("ssd1306", "sh1106", "sim"),
    "buttons": ("gpio", "encoder", "sim"),
    "cards": ("pn532", "rdm6300", "sim"),
}


class ProfileError(Exception):
    """Everything wrong with one profile file: .path and .problems (one line each)."""

    def __init__(self, path: Path | str, problems: list[str]):
        self.path = Path(path)
        self.problems = list(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        noun = "problem" if len(self.problems) == 1 else "problems"
        super().__init__(f"hardware profile {self.path}: {len(self.problems)} {noun}:\n{lines}")


class PicoConfig(NamedTuple):
    port: str


class DisplayConfig(NamedTuple):
    backend: str
    bus: int
    address: int
    rotate: int
    bus_hz: int = 400_000       # the I2C clock (dtparam=i2c_arm_baudrate); the sim takes its time


class ButtonsConfig(NamedTuple):
    backend: str
    bounce_ms: int
    hold_s: float
    pins: Mapping[str, int]           # the active backend's inputs -> Pi GPIO


class CardsConfig(NamedTuple):
    backend: str
    port: str
    tx_pin: int | None
    rx_pin: int | None


class Profile(NamedTuple):
    path: Path
    name: str
    pico: PicoConfig | None
    wind: WindConfig | None
    leds: LedsConfig | None
    display: DisplayConfig | None
    buttons: ButtonsConfig | None
    cards: CardsConfig | None
    pin_uses: tuple[PinUse, ...]
    i2c_uses: tuple[I2CUse, ...]
    box: BoxConfig | None = None      # the printed parts' sizes and modules (profiles/box.py)
    pi: PiConfig = PiConfig()         # the Pi itself: its pin library (profiles/pi.py)


# ---- loading ----

def load(path: str | Path | None = None) -> Profile:
    """Read and validate a profile file (the packaged reference when path is None)."""
    path = Path(path) if path is not None else REFERENCE
    try:
        data = filetext.read_toml(path)
    except FileNotFoundError:
        raise ProfileError(path, ["the file does not exist: give the path of a hardware "
                                  f"profile ({README}; hardware/reference.toml is a start)"]) from None
    except OSError as err:
        raise ProfileError(path, [f"cannot read the file ({err}): check its permissions"]) from None
    except filetext.Unreadable as err:     # not UTF-8 or TOML, too deep, a huge integer
        raise ProfileError(path, [f"{err}: fix the file (the line, where the message names "
                                  "one)"]) from None
    return parse(data, path)


def parse(data: Mapping[str, Any], path: str | Path = "<profile>") -> Profile:
    """Validate an already-parsed TOML document; raise ProfileError listing every problem."""
    r = Reader()
    r.known(data, "", ("name", "pi", "pico", "wind", "leds", "display", "buttons", "cards",
                       "box"))
    name = r.value(data, "", "name", str, default="unnamed")
    pi = parse_pi(r, data)
    pico = _pico(r, data)
    wind = parse_wind(r, data)
    leds = parse_leds(r, data, wind)
    display = _display(r, data)
    buttons = _buttons(r, data)
    cards = _cards(r, data)
    box = parse_box(r, data, display.backend if display is not None else None,
                    cards.backend if cards is not None else None)
    devices = {"wind": wind, "leds": leds, "display": display, "buttons": buttons, "cards": cards}
    if pico is None and any(d is not None and d.backend == "pico" for d in devices.values()):
        users = ", ".join(k for k, d in devices.items() if d is not None and d.backend == "pico")
        r.problem("pico.port", f"missing, but {users} use the Pico: add a [pico] table with "
                               "port = \"/dev/serial/by-id/...\"")
    pins = pin_uses(wind, leds, display, buttons, cards)
    i2c = i2c_uses(wind, display)
    check_pins(r, pins)
    check_i2c(r, i2c, wind)
    if r.problems:
        raise ProfileError(path, r.problems)
    return Profile(Path(path), name, pico, wind, leds, display, buttons, cards,
                   tuple(pins), tuple(i2c), box, pi)


def _pico(r: Reader, data: Mapping[str, Any]) -> PicoConfig | None:
    t = r.table(data, "", "pico")
    if t is None:
        return None
    r.known(t, "pico", ("port",))
    port = r.value(t, "pico", "port", str)
    return PicoConfig(port) if port is not None else None


def _display(r: Reader, data: Mapping[str, Any]) -> DisplayConfig | None:
    device = r.device(data, "display", ("bus", "address", "rotate", "bus_hz"),
                      BACKENDS["display"])
    if device is None:
        return None
    t, backend = device
    w = "display"
    bus_hz = r.int_in(t, w, "bus_hz", 10_000, 3_400_000, 400_000, "the I2C clock in hertz")
    bus = r.int_in(t, w, "bus", 0, 99, 1, "an I2C bus number")
    address = r.int_in(t, w, "address", 0x08, 0x77, 0x3C, "a 7-bit I2C address")
    rotate = r.value(t, w, "rotate", int, 0)
    if rotate is not None and rotate not in (0, 2):
        r.problem("display.rotate", f"{rotate} is not 0 or 2: the screen is 128x64 either way "
                                    "up (2 turns it upside down)")
        rotate = None
    if backend is None or bus is None or address is None or rotate is None or bus_hz is None:
        return None
    return DisplayConfig(backend, bus, address, rotate, bus_hz)


def _buttons(r: Reader, data: Mapping[str, Any]) -> ButtonsConfig | None:
    device = r.device(data, "buttons", ("bounce_ms", "hold_s", "gpio", "encoder"),
                      BACKENDS["buttons"])
    if device is None:
        return None
    t, backend = device
    w = "buttons"
    bounce = r.int_in(t, w, "bounce_ms", 0, 1000, 30, "milliseconds")
    hold = r.value(t, w, "hold_s", float, 1.0)
    if hold is not None and not 0.1 <= hold <= 10:
        r.problem("buttons.hold_s", f"{hold} is out of range: use 0.1 to 10 seconds")
        hold = None
    tables = {}
    for kind, inputs in (("gpio", BUTTONS), ("encoder", ENCODER_PINS)):
        pt = r.table(t, w, kind)
        if pt is None:
            if backend == kind:
                r.problem(f"buttons.{kind}", f"missing: add a [buttons.{kind}] table with a "
                                             f"GPIO for each of {', '.join(inputs)}")
            continue
        r.known(pt, f"buttons.{kind}", inputs)
        pins = {name: r.gpio(pt, f"buttons.{kind}", name) for name in inputs}
        tables[kind] = {k: v for k, v in pins.items() if v is not None}
    if backend is None or bounce is None or hold is None:
        return None
    return ButtonsConfig(backend, bounce, hold, MappingProxyType(tables.get(backend, {})))


def _cards(r: Reader, data: Mapping[str, Any]) -> CardsConfig | None:
    device = r.device(data, "cards", ("port", "tx_pin", "rx_pin"), BACKENDS["cards"])
    if device is None:
        return None
    t, backend = device
    w = "cards"
    port = r.value(t, w, "port", str, "/dev/serial0")
    uart = backend in ("pn532", "rdm6300")
    tx = r.gpio(t, w, "tx_pin", 14 if uart else None)
    rx = r.gpio(t, w, "rx_pin", 15 if uart else None)
    if backend is None or port is None:
        return None
    return CardsConfig(backend, port, tx, rx)
