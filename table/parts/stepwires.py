"""The wires each step of `hardware/ASSEMBLY.md` lays, as polylines for its picture
(`steppics`), from the same routes the cable lengths are measured on (`routes`): the LED chain
in the panel's channels (step 2), the jack's leads, the Pico's six wires, its USB cable and the
servo's cable (step 7), the front's three cables to the Pi's header (step 9), the lid's leads
by the way of step 10.  Each step's lines come with their legend and callouts.
"""

from __future__ import annotations

import math

import build123d as bd
from PIL import ImageColor

from . import modules as M
from . import routes as R
from .assembly import Build
from .geometry import FLOOR, Layout
from .powerboard import BOARD, COLOURS, PARTS, PICO_WIRES
from .render import Line
from .steps import Step

LIFT = 80.0                  # step 10 draws the lid this far above its place
RED, BLACK, GREEN = (205, 35, 35), (35, 35, 35), (40, 160, 70)
GREY, ORANGE = (110, 110, 118), (235, 125, 20)
FRONT = {"oled": ((40, 90, 210), "W-OLED (4 jumpers)"),
         "reader": ((150, 60, 180), "W-READER (4 jumpers)"),
         "buttons": ((225, 175, 20), "W-BUTTONS (8 jumpers)")}


def lifted(shape: bd.Shape, lay: Layout) -> bd.Shape:
    """The lid's shapes (from the panel's underside up) raised by LIFT."""
    if shape.bounding_box().min.Z >= lay.z_top - 1:
        return bd.Pos(0, 0, LIFT) * shape
    return shape


def _offset(path: list[tuple[float, float]], d: float) -> list[tuple[float, float]]:
    """A 2D polyline moved sideways by d (each vertex along its segments' mean normal)."""
    out = []
    for i, (x, y) in enumerate(path):
        a, b = path[max(i - 1, 0)], path[min(i + 1, len(path) - 1)]
        ux, uy = b[0] - a[0], b[1] - a[1]
        ln = math.hypot(ux, uy) or 1.0
        out.append((x - uy / ln * d, y + ux / ln * d))
    return out


def hole_xyz(lay: Layout, hole: tuple[int, int]) -> tuple[float, float, float]:
    """A hole of the power board where it sits on its bosses, on its top face."""
    sx, sy, _ = R.board_poses(lay)["shifter"]
    w, h, t = M.BOARDS["shifter"].size
    x, y = BOARD.xy(hole)
    return sx - w / 2 + x, sy - h / 2 + y, FLOOR + R.BOSS_H["shifter"] + t


def _chain(lay: Layout):
    z = lay.z_top - 0.3
    lines = [([(x, y, z) for x, y in _offset(path, d)], colour, 3.0)
             for path in R.channel_paths(lay) for d, colour in ((-1.0, RED), (0.0, GREEN),
                                                                 (1.0, BLACK))]
    leds = lay.leds
    callouts = [(f"LED {c.led}", [(c.x, c.y, lay.z_top)]) for c in (leds[0], leds[-1])]
    legend = [("5 V", RED), ("data (DOUT to the next DIN)", GREEN), ("GND", BLACK)]
    return lines, legend, callouts


def _floor(lay: Layout):
    p = R.points(lay)
    jx, jy, jz = p["J0"]
    jy -= lay.wall
    low = FLOOR + 3.0
    lines: list[Line] = []
    for pin, colour, dx in (("+", RED, 0.0), ("-", BLACK, 1.5)):
        lead = next(ld for pt in PARTS if pt.ref == "J0" for ld in pt.leads if ld.pin == pin)
        hx, hy, hz = hole_xyz(lay, lead.hole)
        lines.append(([(jx + dx, jy, jz), (jx + dx, jy - 8, low), (hx, jy - 8, low),
                       (hx, hy, low), (hx, hy, hz)], colour, 3.0))
    cx, cy, _ = p["pico"]
    pz = p["pico"][2]
    pico = M.BOARDS["pico"].size
    for k, (_, hole, net) in enumerate(PICO_WIRES):
        hx, hy, hz = hole_xyz(lay, hole)
        tx, ty = cx + pico[0] / 2 - 3 - 2.54 * k, cy - pico[1] / 2 + 1
        up = hz + 6 + 0.8 * k
        lines.append(([(hx, hy, hz), (hx, hy, up), (hx, ty - 6, up), (tx, ty - 6, up),
                       (tx, ty, pz)], ImageColor.getrgb(COLOURS[net]), 3.0))
    px, py, _ = R.board_poses(lay)["pi"]
    pi = M.BOARDS["pi"].size
    uz = FLOOR + R.BOSS_H["pi"] + 8
    lines.append(([(px + pi[0] / 2, py + 9, uz), (px + pi[0] / 2 + 20, py + 9, uz),
                   (cx - pico[0] / 2 - 12, cy, pz + 2), (cx - pico[0] / 2, cy, pz + 2)],
                  GREY, 7.0))
    sig = hole_xyz(lay, next(ld.hole for pt in PARTS if pt.ref == "SERVO" for ld in pt.leads
                             if ld.pin == "+5V"))
    sx, sy, sz = p["servo"]
    lines.append(([(sx, sy, sz), (sx, sy, low), (sig[0], sy, low), (sig[0], sig[1], low),
                   sig], ORANGE, 5.0))
    legend = [("J0's leads: + red, - black", RED), ("the Pico's six wires (colours of "
              "power_board.svg)", ImageColor.getrgb(COLOURS["GP2"])), ("USB cable, Pi to Pico", GREY),
              ("the servo's cable", ORANGE)]
    callouts = [("J0 leads to the board's J0 holes", [(jx, jy, jz)])]
    return lines, legend, callouts


def _front(lay: Layout):
    p = R.points(lay)
    hx, hy, hz = p["pi header"]
    lines, legend = [], []
    for k, (name, (colour, label)) in enumerate(FRONT.items()):
        tx, ty, tz = p[name]
        mid = ty + 14 + 3 * k
        lines.append(([(hx + 2 * k, hy, hz), (hx + 2 * k, hy, hz + 6 + 2 * k),
                       (hx + 2 * k, mid, hz + 6 + 2 * k), (tx, mid, tz), (tx, ty, tz)],
                      colour, 5.0))
        legend.append((label, colour))
    return lines, legend, [("the Pi's header", [(hx, hy, hz)])]


def _lid(lay: Layout):
    route = R.lid_route(lay)
    top = lay.z_top - R.UNDER_PANEL - 0.5

    def up(pt):
        return (pt[0], pt[1], pt[2] + (LIFT if pt[2] >= top else 0.0))

    lines = [([up((x + d, y + d, z + d)) for x, y, z in route], colour, 3.0)
             for d, colour in ((-0.9, RED), (0.0, GREEN), (0.9, BLACK))]
    p = R.points(lay)
    x, y, z = p["LED last"]
    jx, jy, jz = p["J1"]
    for d, colour in ((-0.9, RED), (0.9, BLACK)):
        lines.append(([(x + d, y, z + LIFT), (x + d, y, jz), (jx + d, y, jz), (jx + d, jy, jz)],
                      colour, 3.0))
    (ax, ay), _ = R.anchors(lay)
    legend = [("W-LID, J1 to LED 0: +5V, DIN (green), GND", GREEN),
              ("W-LED-END, J1 to the last LED: +5V, GND", RED)]
    callouts = [("west floor anchor: tie the lead here", [(ax, ay, FLOOR)]),
                ("J1 (brick unplugged)", [(jx, jy, jz)])]
    return lines, legend, callouts


LAYS = {2: _chain, 7: _floor, 9: _front, 10: _lid}


def step_lines(bld: Build, step: Step):
    """(lines for render.draw, legend [(label, colour)], callouts [(label, points)])."""
    make = LAYS.get(step.number)
    return make(bld.layout) if make is not None else ([], [], [])
