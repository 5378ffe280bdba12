"""The enclosure: a tray open at the top (the panel closes it) and at the front (the front plate
closes it), with corner columns for the screws, bosses for the Pi (M2.5), the Pico (M2), the
power board and the servo mount, the 5 V jack, a slot to the Pi's microSD card, a notch for the
Pi's own supply cable, vents (inlets low on the east, outlets high on the west) and cable-tie
anchors."""

from __future__ import annotations

import build123d as bd

from . import modules as M
from .dial import mount_screws
from .front import front_screws
from .geometry import FLOOR, Layout
from .panel import corner_screws
from .routes import COLUMN, BOSS_H, board_holes, board_poses, jack_xz, pi_notch_y, sd_slot
from .solids import box, cut, cyl, cyl_y, union

PARTS_HEIGHT = {"pi": 17.0, "pico": 4.0, "shifter": 20.0}   # tallest component above the PCB
PI_NOTCH = (12.0, 14.0)      # the Pi's supply cable: a notch from the west wall's rim (w, depth)


def board_bodies(lay: Layout) -> dict[str, bd.Part]:
    """Each board with its tallest parts, as a box where its bosses hold it."""
    out = {}
    for name, (x, y, _) in board_poses(lay).items():
        sx, sy, st = M.BOARDS[name].size
        z0 = FLOOR + BOSS_H[name]
        out[name] = box(x - sx / 2, x + sx / 2, y - sy / 2, y + sy / 2, z0,
                        z0 + st + PARTS_HEIGHT[name])
    return out


def gable_x(x0: float, x1: float, yc: float, z0: float, z1: float, width: float) -> bd.Part:
    """A slot through a wall normal to x: `width` wide from z0, closed by a 45 degree roof
    that peaks at z1 (no flat ceiling to bridge)."""
    h = width / 2
    pts = [(yc - h, z0), (yc + h, z0), (yc + h, z1 - h), (yc, z1), (yc - h, z1 - h)]
    face = bd.Plane.YZ * bd.Polygon(*pts, align=None)
    return bd.Pos(x0, 0, 0) * bd.extrude(face, x1 - x0)


def columns(lay: Layout) -> list[bd.Part]:
    w, ln, t = lay.width / 2, lay.length / 2, lay.wall
    out = []
    for sx in (-1, 1):
        x0, x1 = sorted((sx * (w - t - COLUMN), sx * w))
        out.append(box(x0, x1, ln - t - COLUMN, ln, 0.0, lay.z_top))
        out.append(box(x0, x1, -ln, -ln + t + COLUMN, 0.0, lay.z_top))
    return out


def boss(x: float, y: float, h: float, size: str) -> tuple[bd.Part, bd.Part]:
    hole = M.INSERT_HOLE[size]
    return (cyl(x, y, FLOOR - 0.5, FLOOR + h, hole + 3.2),
            cyl(x, y, max(1.0, FLOOR + h - 6.5), FLOOR + h + 1, hole))


def enclosure(lay: Layout) -> bd.Part:
    w, ln, t, zt = lay.width / 2, lay.length / 2, lay.wall, lay.z_top
    shell = [box(-w, w, -ln, ln, 0.0, FLOOR),
             box(-w, -w + t, -ln, ln, 0.0, zt), box(w - t, w, -ln, ln, 0.0, zt),
             box(-w, w, ln - t, ln, 0.0, zt), *columns(lay)]
    adds, tools = [], []
    for x, y in corner_screws(lay):                              # the panel's screws
        tools.append(cyl(x, y, zt - 6.5, zt + 1, M.INSERT_HOLE["M3"]))
    for x, z in front_screws(lay):                               # the front's screws
        tools.append(cyl_y(x, z, -ln - 1, -ln + 6.5, M.INSERT_HOLE["M3"]))
    for name, size in (("pi", "M2.5"), ("pico", "M2"), ("shifter", "M2.5")):
        for x, y in board_holes(lay, name):
            b, h = boss(x, y, BOSS_H[name], size)
            adds.append(b)
            tools.append(h)
    for x, y in mount_screws(lay):                               # the servo mount
        b, h = boss(x, y, 4.0, "M3")
        adds.append(b)
        tools.append(h)
    for sx in (-1, 1):                                           # cable-tie anchors
        x = sx * (w - t - 16.0)
        adds.append(box(x - 5, x + 5, -4.0, 4.0, FLOOR - 0.5, FLOOR + 6.0))
        tools.append(box(x - 6, x + 6, -2.5, 2.5, FLOOR + 1.5, FLOOR + 3.5))
    jx, jz = jack_xz(lay)
    tools.append(cyl_y(jx, jz, ln - t - 1, ln + 1, M.DC_JACK_HOLE))
    sy, sz, sw = sd_slot(lay)                                    # the microSD card, from outside
    tools.append(gable_x(-w - 1, -w + t + 1, sy, sz - 2.5, sz + 2.5 + sw / 2, sw))
    nw, nd = PI_NOTCH                                            # the Pi's own supply cable
    ny = pi_notch_y(lay)
    tools.append(box(-w - 1, -w + t + 1, ny - nw / 2, ny + nw / 2, zt - nd, zt + 1))
    n = 6                     # vents: inlets low in the east wall, outlets high in the west wall
    span = lay.length - 60.0
    for i in range(n):
        y = -span / 2 + span * i / (n - 1)
        tools.append(box(w - t - 1, w + 1, y - 1.5, y + 1.5, FLOOR + 2, FLOOR + 16))
        if abs(y - ny) > nw / 2 + 4:
            tools.append(box(-w - 1, -w + t + 1, y - 1.5, y + 1.5, zt - 24, zt - 6))
    return cut(union([*shell, *adds]), tools)
