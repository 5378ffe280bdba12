"""The box's layout, in millimetres, from the hardware profile (pure Python, no CAD).

One source: the cells are the profile's LED grid (`leds.grid`), each cell's LED is its index
in `leds.led_map`, the dial sits at `wind.hex`, and the sizes come from `[box]`.  Axes: x east,
y north (map direction 1), z up; the dial's axis is x = y = 0; the floor's underside is z = 0.
A flat-topped hex (q, r) has its centre at x = 1.5 R q, y = -hex_mm (r + q / 2), R = hex_mm/sqrt 3.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from table.hexgrid import Hex
from table.profiles import Profile
from table.profiles.box import BoxConfig

from . import modules as M

SQRT3 = math.sqrt(3.0)
FLOOR = 4.0          # floor of the enclosure, base of the panel (thick enough for key pins)
GEAR_MODULE = 1.0
GEAR_TEETH = (30, 15)  # servo gear, dial gear: 2:1, the servo's 180 degrees turn the dial 360
GEAR_THICK = 5.0
SHAFT = 3.0          # the dial's shaft (printed with the dial gear), through a 623 bearing


class LayoutError(ValueError):
    """The profile asks for a box that cannot be built (said in one line)."""


@dataclass(frozen=True)
class Cell:
    hex: tuple[int, int]
    x: float
    y: float
    led: int | None          # the LED's index along the chain, None for the dial / a skip


@dataclass
class Layout:
    box: BoxConfig
    cells: list[Cell]
    dial_hex: tuple[int, int]
    s: float                 # hex across flats
    R: float                 # hex corner radius
    t: float                 # cell wall
    wall: float              # enclosure wall
    depth: float             # cell depth
    diffuser: float          # diffuser thickness
    hull: list[tuple[float, float]]       # the honeycomb's outline (cells' outer corners)
    width: float             # enclosure outside, x
    length: float            # enclosure outside, y (the front plate is extra, at y < -length/2)
    front_t: float
    z_top: float             # top of the enclosure's walls = underside of the panel
    extra: dict = field(default_factory=dict)

    @property
    def gear_centre(self) -> float:
        """Centre distance of the gear pair: module x (z1 + z2) / 2."""
        return GEAR_MODULE * sum(GEAR_TEETH) / 2

    @property
    def leds(self) -> list[Cell]:
        """The cells that hold an LED, in the chain's order."""
        at = {c.led: c for c in self.cells if c.led is not None}
        return [at[i] for i in sorted(at)]


def hex_xy(h: tuple[int, int], s: float) -> tuple[float, float]:
    R = s / SQRT3
    return (1.5 * R * h[0], -s * (h[1] + h[0] / 2))


def hexagon_points(x: float, y: float, across_flats: float) -> list[tuple[float, float]]:
    """A flat-topped hexagon's corners."""
    r = across_flats / SQRT3
    return [(x + r * math.cos(math.radians(60 * k)), y + r * math.sin(math.radians(60 * k)))
            for k in range(6)]


def inside_hex(x: float, y: float, across_flats: float) -> bool:
    """Whether (x, y) lies in a flat-topped hexagon at the origin."""
    h = across_flats / 2
    return abs(y) <= h and abs(y) <= SQRT3 * (across_flats / SQRT3 - abs(x))


def convex_hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Counter-clockwise convex hull (monotone chain), collinear points dropped."""
    pts = sorted(set((round(x, 6), round(y, 6)) for x, y in points))

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    upper: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 1e-9:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 1e-9:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def layout(profile: Profile) -> Layout:
    """Everything the parts are built from; LayoutError if the profile cannot make a box."""
    box = profile.box
    leds = profile.leds
    if box is None:
        raise LayoutError(f"the profile {profile.path} has an invalid [box] table")
    if leds is None:
        raise LayoutError(f"the profile {profile.path} has no [leds] table: the panel's cells "
                          "are the LED grid's hexes")
    if leds.leds_per_hex != 1:
        raise LayoutError("the printed panel holds one LED per cell: set "
                          "leds.grid.leds_per_hex = 1")
    dial = profile.wind.hex if profile.wind is not None else leds.grid.centre
    grid = leds.grid
    first: dict[Hex, int] = {}
    for i, h in enumerate(leds.led_map):
        first.setdefault(h, i)
    if dial in first:
        raise LayoutError(f"the dial's hex {list(dial)} (wind.hex) has LED {first[dial]}, but "
                          "the servo dial sits in that cell: add it to leds.grid.skip")
    from table.hexgrid import hexagon
    s, t = box.hex_mm, box.wall_mm
    dx, dy = hex_xy(dial, s)
    cells = [Cell(h, x - dx, y - dy, first.get(h))
             for h in hexagon(grid.centre, grid.radius) for x, y in [hex_xy(h, s)]]
    name, (lx, ly, _) = M.LEDS[box.led]
    inner = (s - t) / 2                       # the cell's inscribed radius
    corners = [(sx * (lx / 2 + 0.5), sy * (ly / 2 + 0.5)) for sx in (-1, 1) for sy in (-1, 1)]
    if box.led == "pixel-board":
        corners = [(0.0, lx / 2 + 0.5)]
    if not all(inside_hex(x, y, s - t) for x, y in corners):
        raise LayoutError(f"a {name} ({lx} x {ly} mm) does not fit a {s:g} mm cell with "
                          f"{t:g} mm walls: raise box.hex_mm or choose another box.led")
    if inner < M.BEARING_SIZE[1] / 2 + 1.2:
        raise LayoutError(f"the dial's bearing ({M.BEARING_SIZE[1]:g} mm) does not fit a "
                          f"{s:g} mm cell: use box.hex_mm of 16 or more")
    outer = [p for c in cells for p in hexagon_points(c.x, c.y, s + t)]
    hull = convex_hull(outer)
    wall = 2 * t
    diffuser = 0.8 if box.diffuser == "printed" else 2.0
    rim = 2.0
    xs, ys = [p[0] for p in hull], [p[1] for p in hull]
    half_w = max(max(xs), -min(xs)) + rim + 1.0 + wall
    half_l = max(max(ys), -min(ys)) + rim + 1.0 + wall
    front_t = 4.0
    fl = front_layout(box, front_t)
    half_w = max(half_w, fl["width"] / 2 + wall + 10)
    width, length = 2 * half_w, 2 * half_l
    z_top = FLOOR + max(58.0, fl["height"] + 2)
    lay = Layout(box, cells, dial, s, s / SQRT3, t, wall, box.cell_depth_mm, diffuser, hull,
                 width, length, front_t, z_top)
    lay.extra.update(front=fl, rim=rim)
    return lay


def front_layout(box: BoxConfig, front_t: float) -> dict:
    """Where the OLED, the buttons and the card pad sit on the front (x across, z up from the
    front's centre line), and how wide and tall the front must be."""
    oled = M.BOARDS[box.oled]
    btn = M.BUTTONS[box.buttons]
    reader = M.BOARDS[box.reader]
    gap = 7.0
    rosette = 2 * btn.pitch + btn.hole + 0.8 * btn.pitch     # Back sits at its lower right
    col_oled = oled.size[0] + 2 * gap
    col_pad = max(reader.size[0], 50.0) + 2 * gap
    width = col_oled + rosette + col_pad + gap
    x0 = -width / 2
    x_oled = x0 + col_oled / 2
    x_ros = x0 + col_oled + btn.pitch + btn.hole / 2
    x_pad = x0 + col_oled + rosette + gap + col_pad / 2
    height = max(2 * btn.pitch + btn.hole, oled.size[1], reader.size[1] + 10) + 2 * gap
    buttons = {"ok": (x_ros, 0.0)}
    for d, bearing in zip(range(1, 7), (0, 60, 120, 180, 240, 300)):
        a = math.radians(bearing)
        buttons[str(d)] = (x_ros + btn.pitch * math.sin(a), btn.pitch * math.cos(a))
    oled_z = 0.0
    buttons["back"] = (x_ros + 1.8 * btn.pitch, -1.2 * btn.pitch)
    return {"width": width, "height": height, "oled": (x_oled, oled_z), "pad": (x_pad, 0.0),
            "buttons": buttons, "gap": gap}


def front_frame(lay: Layout) -> dict:
    """The front plate's back (y1, inside), its face (y0) and its middle height (zc)."""
    y1 = -lay.length / 2
    y0 = y1 - lay.front_t
    zc = FLOOR + (lay.z_top - FLOOR) / 2
    return {"y0": y0, "y1": y1, "zc": zc}


def chain_text(lay: Layout) -> list[str]:
    """The LED chain, one line per straight run (a column or a row of the serpentine, or a
    single LED of a free map): the order a maker wires the cells in."""
    runs: list[list[Cell]] = []
    for c in lay.leds:
        run = runs[-1] if runs else None
        if run and (len(run) == 1 and _axis(run[0], c) is not None
                    or len(run) > 1 and _axis(run[0], c) == _axis(run[0], run[1])):
            run.append(c)
        else:
            runs.append([c])
    return [_run(run) for run in runs]


def _axis(a: Cell, b: Cell) -> str | None:
    if a.hex[0] == b.hex[0]:
        return "q"
    if a.hex[1] == b.hex[1]:
        return "r"
    return None


def _run(run: list[Cell]) -> str:
    first, last = run[0], run[-1]
    if len(run) == 1:
        return f"LED {first.led}: [{first.hex[0]}, {first.hex[1]}]"
    hexes = ", ".join(f"[{c.hex[0]}, {c.hex[1]}]" for c in run)
    if first.hex[0] == last.hex[0]:
        heading = "north to south" if last.hex[1] > first.hex[1] else "south to north"
        what = f"column q = {first.hex[0]}"
    else:
        heading = "west to east" if last.hex[0] > first.hex[0] else "east to west"
        what = f"row r = {first.hex[1]}"
    return f"LEDs {first.led}-{last.led}, {what}, {heading}: {hexes}"
