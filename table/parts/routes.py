"""Where the boards sit on the floor and how long each wire is (pure Python, no CAD).

Every length is measured on the layout: the run along the box's axes (wires follow the floor and
the walls, not the diagonal) plus a stated slack, rounded up to 10 mm.  The LED chain's wires run
in the channels under the panel (`panel.channel_paths`), round the dial's shaft.  `table.wiring`
puts these lengths in the harness and `hardware/BOM.md` quotes the reference's.
"""

from __future__ import annotations

import math

from . import modules as M
from .geometry import FLOOR, Layout, front_frame
from .powerboard import BOARD as PERFBOARD
from .powerboard import PARTS as BOARD_PARTS

SLACK_MM = 60.0        # each cable: 2 x 30 mm to strip, solder and lift a board out by its wires
SOLDER_ABOVE = 10.0    # each LED's wires stand this far above its cell while it is soldered
DIAL_KEEP_MM = 9.0     # LED wires stay this far from the dial's axis (its turning shaft)
MOUNT_HALF_Y = 20.0    # the servo mount's flange reaches this far north and south of the axis
SPARE = 1.15           # the thin wire bought: the chain's total plus 15 % for mistakes

BOSS_H = {"pi": 5.0, "pico": 4.0, "shifter": 5.0}
COLUMN = 9.0           # the enclosure's corner columns reach this far in from the walls
ANCHOR_IN = 16.0       # the floor's cable-tie anchors: this far in from the east and west walls
UNDER_PANEL = 8.0      # the lid lead runs this far under the panel's top, out of its hole


def pi_notch_y(lay: Layout) -> float:
    """y of the notch in the west wall for the Pi's own supply cable: 30 mm south of the Pi's
    USB-C edge, room for the plug's 25 mm body before the cable bends to the wall."""
    return board_poses(lay)["pi"][1] - M.BOARDS["pi"].size[1] / 2 - 30.0


def board_poses(lay: Layout) -> dict[str, tuple[float, float, float]]:
    """(x, y, turn in degrees) of each board's centre on the floor.

    The Pi's microSD end sits 2 mm from the west wall, at the slot that reaches the card from
    outside; its USB-A ports face east into the box, with room for a straight plug; its USB-C
    edge faces south, where its own supply's cable comes in through the west wall's notch.  The
    Pico lies at the back on the east, its micro-USB end facing the Pi.  The power board (the
    74AHCT125, the resistors, the capacitors, D1 and the lid connector J1) sits front right."""
    w, ln, t = lay.width / 2, lay.length / 2, lay.wall
    pi = M.BOARDS["pi"].size
    sh = M.BOARDS["shifter"].size
    pico = M.BOARDS["pico"].size
    back = ln - t - COLUMN - 1.0          # clear of the corner columns
    return {
        "pi": (-w + t + 2 + pi[0] / 2, back - pi[1] / 2, 0.0),
        "pico": (w - t - 4 - pico[0] / 2, back - 1 - pico[1] / 2, 180.0),
        "shifter": (w - t - 3 - sh[0] / 2, -ln + 17 + sh[1] / 2, 0.0),
    }


def board_holes(lay: Layout, name: str) -> list[tuple[float, float]]:
    x, y, turn = board_poses(lay)[name]
    s = -1.0 if turn == 180.0 else 1.0
    return [(x + s * hx, y + s * hy) for hx, hy in M.BOARDS[name].holes]


def jack_xz(lay: Layout) -> tuple[float, float]:
    """(x, z) of the panel barrel jack J0 in the back wall, between the Pi's ports and the Pico."""
    return 20.0, FLOOR + 14.0


def sd_slot(lay: Layout) -> tuple[float, float, float]:
    """(y, z, width) of the microSD card where it meets the Pi's west edge (under the board)."""
    _, y, _ = board_poses(lay)["pi"]
    return y, FLOOR + BOSS_H["pi"] - 1.5, 13.0


def points(lay: Layout) -> dict[str, tuple[float, float, float]]:
    """Where each cable ends (x, y, z): on the boards, the front's modules and the panel."""
    poses = board_poses(lay)
    px, py, _ = poses["pi"]
    cx, cy, _ = poses["pico"]
    sx, sy, _ = poses["shifter"]
    fl = lay.extra["front"]
    fr = front_frame(lay)
    board_top = FLOOR + BOSS_H["shifter"] + 2
    j1 = PERFBOARD.xy(next(p for p in BOARD_PARTS if p.ref == "J1").leads[2].hole)
    leds = lay.leds
    jx, jz = jack_xz(lay)
    return {
        "pi header": (px - 42.5 + 32.5, py - 28 + 52.5, FLOOR + BOSS_H["pi"] + 10),
        "pico": (cx, cy, FLOOR + BOSS_H["pico"] + 2),
        "power board": (sx, sy, board_top),
        "J1": (sx - M.BOARDS["shifter"].size[0] / 2 + j1[0],
               sy - M.BOARDS["shifter"].size[1] / 2 + j1[1], board_top),
        "J0": (jx, lay.length / 2, jz),
        "LED 0": (leds[0].x, leds[0].y, lay.z_top) if leds else (0.0, 0.0, lay.z_top),
        "LED last": (leds[-1].x, leds[-1].y, lay.z_top) if leds else (0.0, 0.0, lay.z_top),
        "oled": (fl["oled"][0], fr["y1"], fr["zc"] + fl["oled"][1]),
        "reader": (fl["pad"][0], fr["y1"], fr["zc"] + fl["pad"][1]),
        "buttons": (fl["buttons"]["ok"][0], fr["y1"] + 8, fr["zc"]),
        "servo": (lay.gear_centre + 20, 0.0, FLOOR + 10),
    }


def run_mm(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """Along the axes: wires follow the floor and the walls."""
    return sum(abs(p - q) for p, q in zip(a, b))


def _round(mm: float) -> int:
    return int(math.ceil(mm / 10.0) * 10)


# the lid's leads: both unplug at the lid connector (table.wiring draws them so)
LID_CONNECTOR = "J1"
LID_LEADS = {"lid": ("J1", "LED 0"), "lid end": ("J1", "LED last")}

# each cable of the harness: its two ends
CABLES = {
    **LID_LEADS, "oled": ("pi header", "oled"),
    "reader": ("pi header", "reader"), "buttons": ("pi header", "buttons"),
    "servo": ("pico", "servo"), "supply": ("J0", "power board"), "pico": ("power board", "pico"),
}


def cable_mm(lay: Layout, name: str) -> int:
    """The length to cut for one cable: its run plus SLACK_MM, rounded up to 10 mm."""
    if name == "lid":
        route = lid_route(lay)
        return _round(sum(run_mm(a, b) for a, b in zip(route, route[1:])) + SLACK_MM)
    a, b = CABLES[name]
    p = points(lay)
    return _round(run_mm(p[a], p[b]) + SLACK_MM)


def anchors(lay: Layout) -> list[tuple[float, float]]:
    """(x, y) of the floor's two cable-tie anchors, west then east."""
    x = lay.width / 2 - lay.wall - ANCHOR_IN
    return [(-x, 0.0), (x, 0.0)]


def lid_route(lay: Layout) -> list[tuple[float, float, float]]:
    """The lid lead's way (W-LID), as hardware/ASSEMBLY.md step 10 says: out of LED 0's hole,
    south under the panel clear of the Pi, down to the west floor anchor (tied there), south
    along the floor past the servo mount, east beside the mount's south side, round the power
    board's west edge and along its front edge to J1: never over the gears."""
    p = points(lay)
    x0, y0, z0 = p["LED 0"]
    jx, jy, jz = p["J1"]
    (ax, ay), _ = anchors(lay)
    sx, sy, _ = board_poses(lay)["shifter"]
    bw, bh = M.BOARDS["shifter"].size[:2]
    pi_south = board_poses(lay)["pi"][1] - M.BOARDS["pi"].size[1] / 2
    clear_y = min(y0, pi_south - 12.0)          # south of the Pi before going down
    below = z0 - UNDER_PANEL
    south = -MOUNT_HALF_Y - 8.0                 # the servo mount's south side, 8 mm off
    west = sx - bw / 2 - 4.0                    # the power board's west edge, 4 mm off
    front = sy - bh / 2 - 4.0                   # its front edge, 4 mm off
    return [(x0, y0, z0), (x0, y0, below), (x0, clear_y, below), (ax, clear_y, below),
            (ax, ay, FLOOR), (ax, south, FLOOR), (west, south, FLOOR), (west, front, FLOOR),
            (jx, front, jz), (jx, jy, jz)]


def channel_paths(lay: Layout) -> list[list[tuple[float, float]]]:
    """The wire from each LED to the next, under the panel: straight between neighbours, round
    the dial's shaft (at DIAL_KEEP_MM) where the straight line would pass over it."""
    out = []
    leds = lay.leds
    for a, b in zip(leds, leds[1:]):
        out.append(_detour((a.x, a.y), (b.x, b.y)))
    return out


def _detour(a: tuple[float, float], b: tuple[float, float]) -> list[tuple[float, float]]:
    ux, uy = b[0] - a[0], b[1] - a[1]
    ln = math.hypot(ux, uy)
    ux, uy = ux / ln, uy / ln
    t = max(0.0, min(ln, -(a[0] * ux + a[1] * uy)))
    near = math.hypot(a[0] + ux * t, a[1] + uy * t)
    if near >= DIAL_KEEP_MM:
        return [a, b]
    nx, ny = -uy, ux                         # pass the shaft on this side
    k = DIAL_KEEP_MM
    return [a, (nx * k - ux * k * 0.7, ny * k - uy * k * 0.7),
            (nx * k + ux * k * 0.7, ny * k + uy * k * 0.7), b]


def path_mm(path: list[tuple[float, float]]) -> float:
    return sum(math.hypot(q[0] - p[0], q[1] - p[1]) for p, q in zip(path, path[1:]))


def tail_mm(lay: Layout) -> float:
    """Each end of an LED-to-LED wire beyond its channel: up through the panel's floor and the
    cell, and SOLDER_ABOVE more to solder the board above the cell; pressed down, the slack
    folds into the recess under the hole."""
    return FLOOR + lay.depth + SOLDER_ABOVE


def chain_wire_mm(lay: Layout) -> dict[str, float]:
    """The LED chain's thin wire: per link 3 wires (5 V, GND, data) along its channel plus a
    tail at each end; the total to buy adds SPARE."""
    links = channel_paths(lay)
    tail = tail_mm(lay)
    per_wire = sum(path_mm(p) + 2 * tail for p in links)
    total = 3 * per_wire
    return {"links": len(links), "tail_mm": tail, "per_wire_mm": round(per_wire),
            "total_mm": round(total),
            "buy_m": math.ceil(total * SPARE / 500) / 2}


def lengths(lay: Layout) -> dict[str, int]:
    return {name: cable_mm(lay, name) for name in CABLES}
