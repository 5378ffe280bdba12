"""Load and validate a hardware profile (TOML) into named tuples.

A profile says which backend drives each device, which pins and I2C addresses it uses, how the
LED strip is laid over the hex grid and where the servo points for each direction.  Every
problem found is collected and raised at once as one ProfileError naming the file and the key.
The keys are documented in hardware/README.md.

The records are ``typing.NamedTuple``s, immutable and compared by value like frozen dataclasses,
because every start reads a profile: a frozen dataclass compiles five methods from source when
its module is imported (about 0.6 ms a class on a desktop, ten times that at a Pi Zero's speed),
a named tuple one small one (docs/benchmarks.md, "Start to READY").  Change one with
``_replace``.
"""

from collections import Counter
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping, NamedTuple

from table.profiles.box import BoxConfig, parse_box
from table.profiles.pi import PiConfig, parse_pi
from table.profiles.pins import (HAT_EEPROM, I2C1_PINS, PCA9685_ALL_CALL, UART_PINS,  # noqa: F401
                                 I2CUse, PinUse, check_i2c, check_pins, i2c_uses, pin_uses)
from table import filetext
from table.hexgrid import Hex, distance, hexagon
from table.profiles.reader import PI_GPIOS, PICO_GPIOS, README, REQUIRED, Reader  # noqa: F401


REFERENCE = Path(__file__).with_name("reference.toml")
DIRECTIONS = (1, 2, 3, 4, 5, 6)
BUTTON_INPUTS = ("1", "2", "3", "4", "5", "6", "ok", "back")
ENCODER_INPUTS = ("a", "b", "ok", "back")
BACKENDS = {
    "wind": ("pico", "pca9685", "gpio", "sim"),
    "leds": ("pico", "sim"),
    "display": ("ssd1306", "sh1106", "sim"),
    "buttons": ("gpio", "encoder", "sim"),
    "cards": ("pn532", "rdm6300", "sim"),
}
WIRINGS = ("serpentine-columns", "serpentine-rows", "map")
COLOR_ORDERS = ("GRB", "RGB", "BRG", "RBG", "GBR", "BGR")   # as linkcodec.COLOR_ORDERS
SERVO_LIMITS_US = (400, 2600)                 # no hobby servo takes pulses beyond these


class ProfileError(Exception):
    """Everything wrong with one profile file: .path and .problems (one line each)."""

    def __init__(self, path: Path | str, problems: list[str]):
        self.path = Path(path)
        self.problems = list(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        noun = "problem" if len(self.problems) == 1 else "problems"
        super().__init__(f"hardware profile {self.path}: {len(self.problems)} {noun}:\n{lines}")


class Grid(NamedTuple):
    """The hexes that carry LEDs: a hexagon of `radius` around `centre`, less `skip`.

    `skip` are hexes of the hexagon with no LED (the Wind Dial's hex in the box); `in` still
    tells whether a hex lies within the hexagon.
    """

    centre: Hex
    radius: int
    skip: frozenset[Hex] = frozenset()

    @property
    def hexes(self) -> frozenset[Hex]:
        return frozenset(hexagon(self.centre, self.radius)) - self.skip

    def __contains__(self, h: object) -> bool:
        return isinstance(h, tuple) and distance(h, self.centre) <= self.radius


class PicoConfig(NamedTuple):
    port: str


class Pca9685Config(NamedTuple):
    bus: int
    address: int
    channel: int


class WindConfig(NamedTuple):
    backend: str
    hex: Hex
    pulse_min_us: int
    pulse_max_us: int
    calibration: Mapping[int, int]
    pico_pin: int | None
    gpio_pin: int | None
    pca9685: Pca9685Config | None


class LedsConfig(NamedTuple):
    backend: str
    pico_pin: int | None
    brightness: float
    grid: Grid
    leds_per_hex: int
    wiring: str
    led_map: tuple[Hex, ...]          # LED index -> hex
    color_order: str = "GRB"          # on the wire: GRB (WS2812B), RGB (PL9823)


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


def serpentine(grid: Grid, wiring: str, leds_per_hex: int = 1) -> tuple[Hex, ...]:
    """The LED index -> hex map of a strip laid in a serpentine over the grid.

    serpentine-columns: columns of constant q from west (q = -radius) to east; the first column
    runs north to south (r ascending), the next south to north, and so on.
    serpentine-rows: rows of constant r from r = -radius to +radius; the first row runs q
    ascending, the next q descending, and so on.
    Each hex takes `leds_per_hex` consecutive LEDs.  Offsets are relative to the grid centre.
    Hexes in `grid.skip` get no LED: the strip's wire jumps over them.
    """
    cq, cr, n = grid.centre[0], grid.centre[1], grid.radius
    lines: list[list[Hex]] = []
    for a in range(-n, n + 1):
        span = range(max(-n, -a - n), min(n, -a + n) + 1)
        if wiring == "serpentine-columns":
            lines.append([(cq + a, cr + b) for b in span])
        else:
            lines.append([(cq + b, cr + a) for b in span])
    order: list[Hex] = []
    for i, line in enumerate(lines):
        for h in (line if i % 2 == 0 else reversed(line)):
            if h not in grid.skip:
                order.extend([h] * leds_per_hex)
    return tuple(order)


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
    wind = _wind(r, data)
    leds = _leds(r, data, wind)
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


def _device(r: Reader, data: Mapping[str, Any], name: str, keys: tuple[str, ...]
            ) -> tuple[dict, str | None] | None:
    """The table of the device ``name`` (None when the profile has none), any key in it but
    ``backend`` and ``keys`` reported, and its backend (None when that is wrong)."""
    t = r.table(data, "", name)
    if t is None:
        return None
    r.known(t, name, ("backend", *keys))
    return t, r.choice(t, name, "backend", BACKENDS[name])


def _pico(r: Reader, data: Mapping[str, Any]) -> PicoConfig | None:
    t = r.table(data, "", "pico")
    if t is None:
        return None
    r.known(t, "pico", ("port",))
    port = r.value(t, "pico", "port", str)
    return PicoConfig(port) if port is not None else None


def _wind(r: Reader, data: Mapping[str, Any]) -> WindConfig | None:
    device = _device(r, data, "wind", ("hex", "pulse_min_us", "pulse_max_us", "pico_pin",
                                       "gpio_pin", "pca9685", "calibration"))
    if device is None:
        return None
    t, backend = device
    w = "wind"
    hex_ = r.hex(t, w, "hex", default=(0, 0))
    lo = r.int_in(t, w, "pulse_min_us", *SERVO_LIMITS_US, 500, "a servo pulse in microseconds")
    hi = r.int_in(t, w, "pulse_max_us", *SERVO_LIMITS_US, 2500, "a servo pulse in microseconds")
    if lo is not None and hi is not None and lo >= hi:
        r.problem("wind.pulse_max_us", f"{hi} is not above pulse_min_us ({lo}): the servo's "
                                       "range runs from pulse_min_us up to pulse_max_us")
    pico_pin = r.pico_gpio(t, w, "pico_pin", None if backend != "pico" else REQUIRED)
    gpio_pin = r.gpio(t, w, "gpio_pin", None if backend != "gpio" else REQUIRED)
    pca = None
    pt = r.table(t, w, "pca9685")
    if pt is None and backend == "pca9685":
        r.problem("wind.pca9685", "missing: add a [wind.pca9685] table with bus, address "
                                  "and channel")
    elif pt is not None:
        p = "wind.pca9685"
        r.known(pt, p, ("bus", "address", "channel"))
        bus = r.int_in(pt, p, "bus", 0, 99, 1, "an I2C bus number")
        address = r.int_in(pt, p, "address", 0x08, 0x77, 0x40, "a 7-bit I2C address")
        channel = r.int_in(pt, p, "channel", 0, 15, 0, "a PCA9685 output")
        if bus is not None and address is not None and channel is not None:
            pca = Pca9685Config(bus, address, channel)
    calibration = _calibration(r, t, lo if lo is not None else SERVO_LIMITS_US[0],
                               hi if hi is not None else SERVO_LIMITS_US[1])
    if backend is None or hex_ is None:
        return None
    return WindConfig(backend, hex_, lo or 500, hi or 2500, calibration, pico_pin, gpio_pin, pca)


def _calibration(r: Reader, t: Mapping[str, Any], lo: int, hi: int) -> Mapping[int, int]:
    c = r.value(t, "wind", "calibration", dict)
    if c is None:
        return MappingProxyType({})
    names = tuple(str(d) for d in DIRECTIONS)
    r.known(c, "wind.calibration", names)
    out = {}
    for d in DIRECTIONS:
        v = r.int_in(c, "wind.calibration", str(d), lo, hi,
                     what=f"the pulse for direction {d} must lie in the servo's range "
                          "(pulse_min_us..pulse_max_us),")
        if v is not None:
            out[d] = v
    if len(out) == 6:
        steps = [out[d + 1] - out[d] for d in DIRECTIONS[:-1]]
        if not (all(s > 0 for s in steps) or all(s < 0 for s in steps)):
            r.problem("wind.calibration", f"the pulses {[out[d] for d in DIRECTIONS]} must rise "
                                          "(or fall) steadily from direction 1 to 6, since the "
                                          "servo cannot wrap round: run worms-table calibrate")
    return MappingProxyType(out)


def _leds(r: Reader, data: Mapping[str, Any], wind: WindConfig | None) -> LedsConfig | None:
    device = _device(r, data, "leds", ("pico_pin", "brightness", "color_order", "grid"))
    if device is None:
        return None
    t, backend = device
    w = "leds"
    color_order = r.choice(t, w, "color_order", COLOR_ORDERS, "GRB")
    pico_pin = r.pico_gpio(t, w, "pico_pin", None if backend != "pico" else REQUIRED)
    brightness = r.value(t, w, "brightness", float, 1.0)
    if brightness is not None and not 0 < brightness <= 1:
        r.problem("leds.brightness", f"{brightness} is out of range: use a cap above 0 and at "
                                     "most 1 (0.35 is 35% of full power)")
        brightness = None
    g = r.value(t, w, "grid", dict, {})
    if g is None:
        return None
    w = "leds.grid"
    r.known(g, w, ("radius", "centre", "leds_per_hex", "wiring", "map", "skip"))
    radius = r.int_in(g, w, "radius", 1, 20, 4, "a hexagon radius")
    centre = r.hex(g, w, "centre", default=wind.hex if wind else (0, 0))
    per_hex = r.int_in(g, w, "leds_per_hex", 1, 16, 1, "a number of LEDs")
    wiring = r.choice(g, w, "wiring", WIRINGS, "serpentine-columns")
    skip = _skip(r, g, centre, radius)
    if (backend is None or brightness is None or color_order is None or radius is None
            or centre is None or per_hex is None or wiring is None or skip is None):
        return None
    grid = Grid(centre, radius, skip)
    if wiring == "map":
        led_map = _explicit_map(r, g, grid, per_hex)
    else:
        if "map" in g:
            r.problem("leds.grid.map", f"given, but wiring = {wiring!r} generates the map: "
                                       "remove map, or set wiring = \"map\"")
        led_map = serpentine(grid, wiring, per_hex)
    if wind is not None and wind.hex not in grid:
        r.problem("wind.hex", f"{list(wind.hex)} is outside the LED grid (radius {radius} "
                              f"around {list(centre)}): the dial sits on a hex of the grid")
    if led_map is None:
        return None
    return LedsConfig(backend, pico_pin, brightness, grid, per_hex, wiring, led_map, color_order)


def _skip(r: Reader, g: Mapping[str, Any], centre: Hex | None, radius: int | None
          ) -> frozenset[Hex] | None:
    raw = r.value(g, "leds.grid", "skip", list, [])
    if raw is None or centre is None or radius is None:
        return None
    out = set()
    for i, item in enumerate(raw):
        if not (isinstance(item, list) and len(item) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in item)):
            r.problem(f"leds.grid.skip[{i}]", f"should be a hex [q, r], not {item!r}")
            return None
        if distance((item[0], item[1]), centre) > radius:
            r.problem(f"leds.grid.skip[{i}]", f"{item} is outside the grid (radius {radius} "
                                              f"around {list(centre)}): only grid hexes can "
                                              "be skipped")
            return None
        out.add((item[0], item[1]))
    return frozenset(out)


def _explicit_map(r: Reader, g: Mapping[str, Any], grid: Grid, per_hex: int
                  ) -> tuple[Hex, ...] | None:
    raw = r.value(g, "leds.grid", "map", list)
    if raw is None:
        return None
    led_map: list[Hex] = []
    bad = False
    for i, item in enumerate(raw):
        if not (isinstance(item, list) and len(item) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in item)):
            r.problem(f"leds.grid.map[{i}]", f"should be a hex [q, r], not {item!r}")
            bad = True
            continue
        h = (item[0], item[1])
        if h not in grid:
            r.problem(f"leds.grid.map[{i}]", f"LED {i} is on hex {list(h)}, outside the grid "
                                             f"(radius {grid.radius} around {list(grid.centre)}):"
                                             " fix the hex or enlarge leds.grid.radius")
            bad = True
        elif h in grid.skip:
            r.problem(f"leds.grid.map[{i}]", f"LED {i} is on hex {list(h)}, which "
                                             "leds.grid.skip says has no LED: remove one")
            bad = True
        led_map.append(h)
    counts = Counter(led_map)
    for h in sorted(grid.hexes):
        if counts[h] == 0:
            r.problem("leds.grid.map", f"hex {list(h)} has no LED: every hex of the grid needs "
                                       f"{per_hex} LED(s); add it at its place in the strip")
            bad = True
        elif counts[h] != per_hex:
            where = [i for i, x in enumerate(led_map) if x == h]
            r.problem("leds.grid.map", f"hex {list(h)} has {counts[h]} LEDs (indexes "
                                       f"{where}), but leds_per_hex = {per_hex}: remove the "
                                       "repeat or fix the hex")
            bad = True
    return None if bad else tuple(led_map)


def _display(r: Reader, data: Mapping[str, Any]) -> DisplayConfig | None:
    device = _device(r, data, "display", ("bus", "address", "rotate", "bus_hz"))
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
    device = _device(r, data, "buttons", ("bounce_ms", "hold_s", "gpio", "encoder"))
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
    for kind, inputs in (("gpio", BUTTON_INPUTS), ("encoder", ENCODER_INPUTS)):
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
    device = _device(r, data, "cards", ("port", "tx_pin", "rx_pin"))
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
