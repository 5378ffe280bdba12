"""The front: the OLED's window, the buttons (six directions round OK, plus Back) and the
"tap here" pad over the card reader, on a plate that closes the enclosure's open side; and the
printed button carrier that holds the seven switches behind it.

The front prints face down: nothing is recessed into the face (the pad is outlined by a 1.2 mm
groove, so no skin has to bridge), and every pocket opens towards the back.

The plate lies in y from -length/2 - front_t (its face, towards the players) to -length/2.
Its local layout (geometry.front_layout) has x across and z up from the plate's middle.
"""

from __future__ import annotations

from typing import TypedDict

import build123d as bd

from . import modules as M
from .geometry import FLOOR, Layout, front_frame
from .panel import bd_clearance, bd_tap
from .solids import box, cut, cyl_y, union


def front_screws(lay: Layout) -> list[tuple[float, float]]:
    """(x, z) of the four M3 screws into the enclosure's front columns."""
    cx = lay.width / 2 - lay.wall - 4.5
    return [(sx * cx, z) for sx in (-1, 1) for z in (FLOOR + 8.0, lay.z_top - 14.0)]


CARRIER_T = 2.4            # the button carrier's thickness
SWITCH_PINS = (12.5, 5.0)  # Omron B3F-4055 data sheet: the four legs' pitch (x, z)
WASHER = (9.0, 0.8)        # DIN 9021 M3 washer: outside diameter, thickness
CLAMP_BOSS = 5.2
RECESS = 0.6               # how deep each switch sits in the carrier
CAP_PROUD = 1.0            # how far the caps stand out of the face
GROOVE = (1.2, 0.6)        # the tap pad's outline groove: width, depth


class ButtonBoard(TypedDict):
    """Where the button carrier sits, in the box's frame (mm)."""
    x: tuple[float, float]               # its extents across
    z: tuple[float, float]               # and up
    y: tuple[float, float]               # its front face (towards the plate) and back face
    standoff: float                      # from the plate's back to the carrier's front
    holes: list[tuple[float, float]]     # (x, z) of its four screws


def button_board(lay: Layout) -> ButtonBoard | None:
    """The printed carrier behind the front that holds the tactile switches (None for arcade):
    its extents, where it sits (y, its front face towards the plate) and its four screws."""
    kind = M.BUTTONS[lay.box.buttons]
    if not kind.board:
        return None
    fr = front_frame(lay)
    pts = lay.extra["front"]["buttons"].values()
    half = kind.switch[0] / 2 + 6.0
    x0, x1 = min(x for x, _ in pts) - half, max(x for x, _ in pts) + half
    z0, z1 = min(z for _, z in pts) - half, max(z for _, z in pts) + half
    # the caps stand 1 mm proud: the switch sits RECESS deep in the carrier
    standoff = kind.switch[1] - lay.front_t - CAP_PROUD - RECESS
    y = fr["y1"] + standoff
    holes = [(x, z) for x in (x0 + 3.5, x1 - 3.5) for z in (z0 + 3.5, z1 - 3.5)]
    return ButtonBoard(x=(x0, x1), z=(z0 + fr["zc"], z1 + fr["zc"]), y=(y, y + CARRIER_T),
                       standoff=standoff, holes=[(x, z + fr["zc"]) for x, z in holes])


def oled_screws(lay: Layout) -> list[tuple[float, float]]:
    fr = front_frame(lay)
    ox, oz = lay.extra["front"]["oled"]
    return [(ox + hx, fr["zc"] + oz + hz) for hx, hz in M.BOARDS[lay.box.oled].holes]


def reader_clamps(lay: Layout) -> tuple[list[tuple[float, float]], float]:
    """(x, z) of the two bosses whose screws' washers hold the reader's edges, and how far
    they stand out behind the plate (0: no bosses, the flat coil is glued)."""
    fr = front_frame(lay)
    px, pz = lay.extra["front"]["pad"]
    w, _, t = M.BOARDS[lay.box.reader].size
    y_face = fr["y0"] + M.READER_SKIN_MM[lay.box.reader]
    stand = y_face + t - fr["y1"]
    if stand < 0.5:
        return [], 0.0
    off = w / 2 + 2 * M.CLEARANCE + CLAMP_BOSS / 2       # the boss clear of the pocket
    return [(px + sx * off, fr["zc"] + pz) for sx in (-1, 1)], stand


def front(lay: Layout) -> bd.Part:
    fr = front_frame(lay)
    fl = lay.extra["front"]
    y0, y1, zc = fr["y0"], fr["y1"], fr["zc"]
    c = M.CLEARANCE
    plate = box(-lay.width / 2, lay.width / 2, y0, y1, 0.0, lay.z_top)
    adds, tools = [], []
    # the OLED: its glass sits in a pocket from behind, the active area shows through a window
    # chamfered open towards the face (45 degrees: prints face down without a bridge)
    oled = M.BOARDS[lay.box.oled]
    ox, oz = fl["oled"]
    gx, gz, gt = oled.glass
    wx, wz = oled.window
    tools += [box(ox - gx / 2 - c, ox + gx / 2 + c, y1 - gt, y1 + 1, zc + oz - gz / 2 - c,
                  zc + oz + gz / 2 + c),
              box(ox - wx / 2 - 0.5, ox + wx / 2 + 0.5, y0 - 1, y1, zc + oz - wz / 2 - 0.5,
                  zc + oz + wz / 2 + 0.5)]
    tools += [cyl_y(x, z, y1 - 3.0, y1 + 1, bd_tap("M2")) for x, z in oled_screws(lay)]
    # the buttons
    kind = M.BUTTONS[lay.box.buttons]
    tools += [cyl_y(x, zc + z, y0 - 1, y1 + 1, kind.hole) for x, z in fl["buttons"].values()]
    board = button_board(lay)
    if board is not None:
        adds += [cyl_y(x, z, y1 - 0.5, board["y"][0], 6.0) for x, z in board["holes"]]
        tools += [cyl_y(x, z, y1 - 2.0, board["y"][0] + 1, bd_tap("M2.5"))
                  for x, z in board["holes"]]
    # the card pad: outlined by a groove in the face; the reader in a pocket behind, leaving a
    # skin of READER_SKIN_MM between the face and the antenna
    rd = M.BOARDS[lay.box.reader]
    px, pz = fl["pad"]
    skin = M.READER_SKIN_MM[lay.box.reader]
    pad = max(rd.size[0], rd.size[1]) + 6.0
    gw, gd = GROOVE
    ring = cut(box(px - pad / 2, px + pad / 2, y0 - 1, y0 + gd, zc + pz - pad / 2,
                   zc + pz + pad / 2),
               [box(px - pad / 2 + gw, px + pad / 2 - gw, y0 - 2, y0 + gd + 1,
                    zc + pz - pad / 2 + gw, zc + pz + pad / 2 - gw)])
    tools += [ring,
              box(px - rd.size[0] / 2 - c, px + rd.size[0] / 2 + c, y0 + skin, y1 + 1,
                  zc + pz - rd.size[1] / 2 - c, zc + pz + rd.size[1] / 2 + c)]
    clamps, stand = reader_clamps(lay)
    adds += [cyl_y(x, z, y1 - 0.5, y1 + stand, CLAMP_BOSS) for x, z in clamps]
    tools += [cyl_y(x, z, y1 - 3.0, y1 + stand + 1, bd_tap("M2.5")) for x, z in clamps]
    # screws into the enclosure's front columns
    tools += [cyl_y(x, z, y0 - 1, y1 + 1, bd_clearance("M3")) for x, z in front_screws(lay)]
    return cut(union([plate, *adds]), tools)


def switch_points(lay: Layout) -> list[tuple[float, float]]:
    """(x, z) of each switch's centre, in the box's frame."""
    zc = front_frame(lay)["zc"]
    return [(x, zc + z) for x, z in lay.extra["front"]["buttons"].values()]


def button_carrier(lay: Layout) -> bd.Part | None:
    """A plate that holds each switch square in a 0.6 mm recess exactly behind its hole, its
    four legs through 1.3 mm holes (wired on the back), screwed to the front's standoffs."""
    board = button_board(lay)
    if board is None:
        return None
    kind = M.BUTTONS[lay.box.buttons]
    ya, yb = board["y"]
    plate = box(*board["x"], ya, yb, *board["z"])
    sq = kind.switch[0] + 0.2
    tools = []
    for x, z in switch_points(lay):
        tools.append(box(x - sq / 2, x + sq / 2, ya - 1, ya + RECESS, z - sq / 2, z + sq / 2))
        tools += [cyl_y(x + dx, z + dz, ya - 1, yb + 1, 1.3)
                  for dx in (-SWITCH_PINS[0] / 2, SWITCH_PINS[0] / 2)
                  for dz in (-SWITCH_PINS[1] / 2, SWITCH_PINS[1] / 2)]
    tools += [cyl_y(x, z, ya - 1, yb + 1, bd_clearance("M2.5")) for x, z in board["holes"]]
    return cut(plate, tools)


def front_bodies(lay: Layout) -> dict[str, bd.Part]:
    """The OLED module, the card reader and the switches with their caps where the front and
    the carrier hold them."""
    fr = front_frame(lay)
    fl = lay.extra["front"]
    y0, y1, zc = fr["y0"], fr["y1"], fr["zc"]
    oled = M.BOARDS[lay.box.oled]
    ox, oz = fl["oled"]
    gx, gz, gt = oled.glass
    out = {"oled": union([
        box(ox - gx / 2, ox + gx / 2, y1 - gt, y1, zc + oz - gz / 2, zc + oz + gz / 2),
        box(ox - oled.size[0] / 2, ox + oled.size[0] / 2, y1, y1 + oled.size[2],
            zc + oz - oled.size[1] / 2, zc + oz + oled.size[1] / 2)])}
    rd = M.BOARDS[lay.box.reader]
    px, pz = fl["pad"]
    y_face = y0 + M.READER_SKIN_MM[lay.box.reader]
    out["reader"] = box(px - rd.size[0] / 2, px + rd.size[0] / 2, y_face, y_face + rd.size[2],
                        zc + pz - rd.size[1] / 2, zc + pz + rd.size[1] / 2)
    board = button_board(lay)
    if board is not None:
        kind = M.BUTTONS[lay.box.buttons]
        ya = board["y"][0] + RECESS
        h = kind.switch[0] / 2
        parts = []
        for x, z in switch_points(lay):
            parts.append(box(x - h, x + h, ya - 3.5, ya, z - h, z + h))     # the switch body
            parts.append(cyl_y(x, z, ya - kind.switch[1], ya - 3.5, 13.0))   # plunger and cap
        out["switches"] = union(parts)
    return out
