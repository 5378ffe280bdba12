"""The `[leds]` table of a hardware profile: the LED strip laid over the hex grid, each LED's hex
(a serpentine or an explicit map), its colour order and its brightness cap.
"""

from collections import Counter
from typing import Any, Mapping, NamedTuple

from table.hexgrid import Hex, distance, hexagon
from table.profiles.reader import REQUIRED, Reader
from table.profiles.wind import WindConfig

BACKENDS = ("pico", "sim")
WIRINGS = ("serpentine-columns", "serpentine-rows", "map")
COLOR_ORDERS = ("GRB", "RGB", "BRG", "RBG", "GBR", "BGR")   # as linkcodec.COLOR_ORDERS


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


class LedsConfig(NamedTuple):
    backend: str
    pico_pin: int | None
    brightness: float
    grid: Grid
    leds_per_hex: int
    wiring: str
    led_map: tuple[Hex, ...]          # LED index -> hex
    color_order: str = "GRB"          # on the wire: GRB (WS2812B), RGB (PL9823)


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


def parse_leds(r: Reader, data: Mapping[str, Any], wind: WindConfig | None) -> LedsConfig | None:
    """The `[leds]` table (None when the profile has none, or it is wrong: each problem is r's);
    ``wind``: the dial, whose hex must lie on the grid."""
    device = r.device(data, "leds", ("pico_pin", "brightness", "color_order", "grid"), BACKENDS)
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
