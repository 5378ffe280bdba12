"""The enclosure: a tray open at the top (the panel closes it) and at the front (the front plate
closes it), with corner columns for the screws, bosses for the Pi (M2.5), the Pico (M2), the
level-shifter board and the servo mount, the 5 V jack, the Pi's power slot, vents and cable-tie
anchors."""

from __future__ import annotations

import build123d as bd

from . import modules as M
from .dial import mount_screws
from .front import front_screws
from .geometry import FLOOR, Layout
from .panel import corner_screws
from .solids import box, cut, cyl, cyl_y, union

BOSS_H = {"pi": 5.0, "pico": 4.0, "shifter": 5.0}
PARTS_HEIGHT = {"pi": 17.0, "pico": 4.0, "shifter": 20.0}   # tallest component above the PCB


def board_poses(lay: Layout) -> dict[str, tuple[float, float, float]]:
    """(x, y, turn in degrees) of each board's centre on the floor."""
    w, ln, t = lay.width / 2, lay.length / 2, lay.wall
    pi = M.BOARDS["pi"].size
    sh = M.BOARDS["shifter"].size
    pico = M.BOARDS["pico"].size
    return {
        # the Pi's port edge (USB-C, HDMI) faces the back wall
        "pi": (-w + t + 11 + pi[0] / 2, ln - t - 3 - pi[1] / 2, 180.0),
        "shifter": (w - t - 11 - sh[0] / 2, ln - t - 3 - sh[1] / 2, 0.0),
        "pico": (-w + t + 11 + pico[0] / 2, -ln + 30 + pico[1] / 2, 0.0),
    }


def board_holes(lay: Layout, name: str) -> list[tuple[float, float]]:
    x, y, turn = board_poses(lay)[name]
    s = -1.0 if turn == 180.0 else 1.0
    return [(x + s * hx, y + s * hy) for hx, hy in M.BOARDS[name].holes]


def board_bodies(lay: Layout) -> dict[str, bd.Part]:
    """Each board with its tallest parts, as a box where its bosses hold it."""
    out = {}
    for name, (x, y, _) in board_poses(lay).items():
        sx, sy, st = M.BOARDS[name].size
        z0 = FLOOR + BOSS_H[name]
        out[name] = box(x - sx / 2, x + sx / 2, y - sy / 2, y + sy / 2, z0,
                        z0 + st + PARTS_HEIGHT[name])
    return out


def pi_usb_c(lay: Layout) -> tuple[float, float]:
    """(x, z) of the Pi's USB-C socket, 11.2 mm from its SD-card end, 1.6 mm over the board."""
    x, _, _ = board_poses(lay)["pi"]
    return x + (42.5 - 11.2), FLOOR + BOSS_H["pi"] + M.BOARDS["pi"].size[2] + 1.6


def jack_xz(lay: Layout) -> tuple[float, float]:
    bodies = board_bodies(lay)
    left = bodies["pi"].bounding_box().max.X
    right = bodies["shifter"].bounding_box().min.X
    return (left + right) / 2, FLOOR + 14.0


def columns(lay: Layout) -> list[bd.Part]:
    w, ln, t = lay.width / 2, lay.length / 2, lay.wall
    out = []
    for sx in (-1, 1):
        xs = sorted((sx * (w - t - 9.0), sx * w))
        out.append(box(*xs, ln - t - 9.0, ln, 0.0, lay.z_top))
        out.append(box(*xs, -ln, -ln + t + 9.0, 0.0, lay.z_top))
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
    ux, uz = pi_usb_c(lay)
    tools.append(box(ux - 6.0, ux + 6.0, ln - t - 1, ln + 1, uz - 3.5, uz + 3.5))
    n = 6                                                        # vents in both side walls
    span = lay.length - 60.0
    for i in range(n):
        y = -span / 2 + span * i / (n - 1)
        tools.append(box(-w - 1, -w + t + 1, y - 1.5, y + 1.5, FLOOR + 20, zt - 20))
        tools.append(box(w - t - 1, w + 1, y - 1.5, y + 1.5, FLOOR + 20, zt - 20))
    return cut(union([*shell, *adds]), tools)
