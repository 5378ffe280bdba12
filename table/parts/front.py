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
READER_SPACER = 2.0        # under each clamp's washer when the reader's parts face the pad
READER_SCREW = 3.0         # the clamp screw's length (M2.5), flat side towards the pad
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


def oled_window(lay: Layout) -> tuple[float, float]:
    """(x, z) of the OLED's active area's middle: the module's own figure, or the profile's
    box.oled_offset_mm, from the middle of the board (its header at the top)."""
    fr = front_frame(lay)
    ox, oz = lay.extra["front"]["oled"]
    oled = M.BOARDS[lay.box.oled]
    dx, dz = lay.box.oled_offset_mm or oled.window_at
    return ox + dx, fr["zc"] + oz + dz


def oled_header(lay: Layout) -> float:
    """z of the OLED module's header row (at the top, HEADER_IN below the board's edge)."""
    oz = lay.extra["front"]["oled"][1]
    return front_frame(lay)["zc"] + oz + M.BOARDS[lay.box.oled].size[1] / 2 - M.HEADER_IN


def reader_clamps(lay: Layout) -> tuple[list[tuple[float, float]], float]:
    """(x, z) of the two screws whose washers hold the reader's edges, and where the washers
    sit from the plate's back (out positive): on the board's back with its flat (antenna) side
    towards the pad, in a seat cut into the plate where that is below its back.  With its parts
    towards the pad, a READER_SPACER under each washer lifts it onto the board (either way the
    same screw's tip).  None for a reader glued in (the RDM6300's flat coil)."""
    fr = front_frame(lay)
    px, pz = lay.extra["front"]["pad"]
    w, _, t = M.BOARDS[lay.box.reader].size
    y_face = fr["y0"] + M.READER_SKIN_MM[lay.box.reader]
    if y_face + t - fr["y1"] < 0.5:
        return [], 0.0
    seat = y_face + M.READER_FLAT.get(lay.box.reader, t) - fr["y1"]
    off = w / 2 + 2 * M.CLEARANCE + CLAMP_BOSS / 2       # the screw clear of the pocket
    return [(px + sx * off, fr["zc"] + pz) for sx in (-1, 1)], seat


def front(lay: Layout) -> bd.Part:
    fr = front_frame(lay)
    fl = lay.extra["front"]
    y0, y1, zc = fr["y0"], fr["y1"], fr["zc"]
    c = M.CLEARANCE
    plate = box(-lay.width / 2, lay.width / 2, y0, y1, 0.0, lay.z_top)
    adds, tools = [], []
    # the OLED: its glass sits in a pocket from behind, its active area shows through a window
    # where the module has it (oled_window), a relief takes its header's pin ends
    oled = M.BOARDS[lay.box.oled]
    ox, oz = fl["oled"]
    gx, gz, gt = oled.glass
    wx, wz = oled.window
    (ax, az), hz = oled_window(lay), oled_header(lay)
    hw = 4 * 2.54 + 1.5
    tools += [box(ox - gx / 2 - c, ox + gx / 2 + c, y1 - gt, y1 + 1, zc + oz - gz / 2 - c,
                  zc + oz + gz / 2 + c),
              box(ax - wx / 2 - 0.5, ax + wx / 2 + 0.5, y0 - 1, y1, az - wz / 2 - 0.5,
                  az + wz / 2 + 0.5),
              # relief for a soldered header's pin ends on the glass side
              box(ox - hw / 2, ox + hw / 2, y1 - M.HEADER_PROUD - 0.4, y1 + 1, hz - 1.4, hz + 1.4)]
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
    clamps, seat = reader_clamps(lay)
    if seat > 0:
        adds += [cyl_y(x, z, y1 - 0.5, y1 + seat, CLAMP_BOSS) for x, z in clamps]
    else:
        tools += [cyl_y(x, z, y1 + seat, y1 + 1, WASHER[0] + 0.6) for x, z in clamps]
    tools += [cyl_y(x, z, y1 - 3.0, y1 + max(seat, 0) + 1, bd_tap("M2.5")) for x, z in clamps]
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
