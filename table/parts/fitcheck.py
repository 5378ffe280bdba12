"""The checks a maker's hands meet, measured on the built parts: where every screw ends, a
straight driver's way to every screw in the guide's order, the wires' distance from the
moving parts, the lid and the SD card for service, and the boards the BOM offers.  What the
printer meets is in :mod:`.bridges`, the gears' backlash in :mod:`.backlash`.

Each check returns a :data:`table.parts.assembly.Result`: no problems when it holds, and a
one-line figure that `worms-table parts` prints either way.
"""

from __future__ import annotations

import math
import build123d as bd

from . import modules as M
from . import routes as R
from .assembly import Build, Joint, Result
from .solids import Inside, box, cyl

SCREW_MARGIN_MM = 0.4     # plastic left between a screw's tip and any outer face
MARGIN_SEEN = 2.0         # screw margins are measured up to this (more is plenty)
WIRE_CLEAR_MM = 3.0       # from any wire hole or wire path to a moving part
DRIVER_MM = 60.0          # how far a straight screwdriver's shaft must be clear of the head


# ---- screws ------------------------------------------------------------------------------

def _ring(j: Joint, s: float, r: float, n: int = 6) -> list[tuple[float, float, float]]:
    x, y, z = j.point(s)
    out = []
    for k in range(n):
        a = math.radians(360 / n * k)
        u, v = r * math.cos(a), r * math.sin(a)
        out.append({"x": (x, y + u, z + v), "y": (x + u, y, z + v), "z": (x + u, y + v, z)}[j.axis])
    return out


def screw_margin(j: Joint, solid: Inside, hole_d: float) -> float:
    """How far past the screw's tip the part it ends in goes on (negative: the tip is out of
    it): the first step along the screw where the ring round its hole leaves the material."""
    r = hole_d / 2 + 0.3

    def inside(s: float) -> bool:
        return all(solid(*p) for p in _ring(j, s, r, 4))

    if not inside(j.tip):
        s = 0.0
        while s < 10 and not inside(j.tip - j.sign * s):
            s += 0.1
        return -s
    s = 0.0
    while s < MARGIN_SEEN and inside(j.tip + j.sign * (s + 0.2)):
        s += 0.2
    return s


def screws(bld: Build) -> Result:
    out = []
    solids: dict[str, Inside] = {}
    worst = (math.inf, "")
    for j in bld.joints:
        name, d, _, _ = j.holes[-1]
        solid = solids.setdefault(name, Inside([p.shape for p in bld.part(name)]))
        if solid(*j.point(j.tip)):
            out.append(f"{j.name} ({j.screw}): bottoms out: its hole in {name} is too short")
            continue
        margin = screw_margin(j, solid, d)
        if margin < worst[0]:
            worst = (margin, j.name)
        if margin < 0:
            out.append(f"{j.name} ({j.screw}): its tip comes {-margin:.1f} mm out of {name}")
        elif margin < SCREW_MARGIN_MM:
            out.append(f"{j.name} ({j.screw}): its tip is {margin:.1f} mm short of {name}'s "
                       f"outer face (at least {SCREW_MARGIN_MM} mm)")
    return out, (f"{len(bld.joints)} screws, each ends inside its part; the least plastic past "
                 f"a tip {worst[0]:.1f} mm ({worst[1]})")


# ---- tool access -------------------------------------------------------------------------

def driver_points(j: Joint) -> list[tuple[float, float, float]]:
    """A straight driver's shaft: the head's diameter, from the head outwards."""
    from .assembly import HEAD_D

    r = HEAD_D[j.size] / 2 - 0.3
    pts = []
    s = 0.5
    while s <= DRIVER_MM:
        at = j.head - j.sign * s
        pts.append(j.point(at))
        pts += _ring(j, at, r, 4)
        s += 3.0
    return pts


def _clamped(bld: Build, j: Joint) -> set[int]:
    """The bought block a board screw goes through (its body box stands for the board and its
    tallest parts, which keep clear of its mounting holes)."""
    board = j.name.split(" screw")[0]
    return {id(pk.body) for pk in bld.pockets if pk.name == board}


def tool_access(bld: Build) -> Result:
    from .steps import scenes

    out, n = [], 0
    for step, shapes, joints in scenes(bld):
        solids: dict[frozenset, Inside] = {}
        for j in joints:
            n += 1
            skip = frozenset(_clamped(bld, j))
            if skip not in solids:
                solids[skip] = Inside([s for s in shapes if id(s) not in skip])
            solid = solids[skip]
            hit = next((p for p in driver_points(j) if solid(*p)), None)
            if hit is not None:
                out.append(f"{j.name} (step {step}): a straight driver hits something at "
                           f"({hit[0]:.0f}, {hit[1]:.0f}, {hit[2]:.0f})")
    return out, (f"{n} screws, each reached by a straight driver {DRIVER_MM:g} mm long in the "
                 "guide's order with the parts before it in place")


# ---- wires -------------------------------------------------------------------------------

def wire_solids(bld: Build) -> list:
    """Where wires are: each LED's hole through the panel's floor, the channels under it, and
    the lid's leads down to J1."""
    from .panel import CHANNEL, z_levels

    lay = bld.layout
    z = z_levels(lay)
    out = [cyl(c.x, c.y, z["base0"], z["base1"], 5.0) for c in lay.leds]
    w, depth = CHANNEL
    for path in R.channel_paths(lay):
        for (x0, y0), (x1, y1) in zip(path, path[1:]):
            ln = math.hypot(x1 - x0, y1 - y0)
            ang = math.degrees(math.atan2(y1 - y0, x1 - x0))
            out.append(bd.Pos((x0 + x1) / 2, (y0 + y1) / 2, z["base0"]) * bd.Rot(0, 0, ang)
                       * bd.Box(ln, w, depth, align=(bd.Align.CENTER, bd.Align.CENTER,
                                                     bd.Align.MIN)))
    pts = R.points(lay)
    j1 = pts["J1"]
    x, y, zz = pts["LED last"]                      # down from the hole, along to J1
    route = [(x, y, zz), (x, y, j1[2]), (j1[0], y, j1[2]), j1]
    for way in (R.lid_route(lay), route):           # the lid lead's stated way (step 10)
        for a, b in zip(way, way[1:]):
            lo = [min(a[i], b[i]) - 1 for i in range(3)]
            hi = [max(a[i], b[i]) + 1 for i in range(3)]
            out.append(box(lo[0], hi[0], lo[1], hi[1], lo[2], hi[2]))
    return out


def _near(a, b, gap: float) -> bool:
    lo_a, hi_a = (a.min.X, a.min.Y, a.min.Z), (a.max.X, a.max.Y, a.max.Z)
    lo_b, hi_b = (b.min.X, b.min.Y, b.min.Z), (b.max.X, b.max.Y, b.max.Z)
    return all(lo_a[i] - gap < hi_b[i] and lo_b[i] - gap < hi_a[i] for i in range(3))


def wire_clearance(bld: Build) -> Result:
    from OCP.BRepExtrema import BRepExtrema_DistShapeShape

    solids = wire_solids(bld)
    out, least = [], (math.inf, "")
    for name in ("servo_gear", "dial_gear", "dial"):
        for p in bld.part(name):
            shape = p.shape
            bb = shape.bounding_box()
            near = [w for w in solids if _near(w.bounding_box(), bb, 2 * WIRE_CLEAR_MM)]
            if not near:
                continue
            d = BRepExtrema_DistShapeShape(bd.Compound(near).wrapped, shape.wrapped)
            if d.IsDone() and d.Value() < least[0]:
                least = (d.Value(), name)
            if d.IsDone() and d.Value() < WIRE_CLEAR_MM:
                out.append(f"a wire comes {d.Value():.1f} mm from the {name} "
                           f"(at least {WIRE_CLEAR_MM:g} mm)")
    return out, (f"{len(bld.layout.leds)} wire holes, {len(R.channel_paths(bld.layout))} "
                 f"channels and the lid's leads: nearest moving part {least[0]:.1f} mm away "
                 f"({least[1]})")


# ---- service -----------------------------------------------------------------------------

LID = ("panel", "diffuser")


def service(bld: Build) -> Result:
    out = []
    for lead, (a, _to) in R.LID_LEADS.items():
        if a != R.LID_CONNECTOR:
            out.append(f"the lid's {lead} runs from {a} without a connector")
    fixed = {j.name for j in bld.joints for name, *_ in j.holes if name == "panel"}
    if any(not n.startswith("panel screw") for n in fixed):
        out.append("the panel is held by more than its corner screws")
    lid = [p.shape for p in bld.parts if (p.family or p.name) in LID]
    rest = [p for p in bld.parts if (p.family or p.name) not in LID + ("dial",)]
    for lift in (2.0, 40.0):
        for shape in lid:
            moved = bd.Pos(0, 0, lift) * shape
            for p in rest:
                if not _near(moved.bounding_box(), p.shape.bounding_box(), 0.0):
                    continue
                common = moved & p.shape
                if common is not None and common.volume > 0.01:
                    out.append(f"lifted {lift:g} mm the lid hits the {p.name}")
    y, z, width = R.sd_slot(bld.layout)
    x_edge = R.board_poses(bld.layout)["pi"][0] - M.BOARDS["pi"].size[0] / 2
    path = box(-bld.layout.width / 2 - 10, x_edge - 2.5, y - 5.5, y + 5.5, z - 0.5, z + 0.5)
    for p in bld.parts:
        common = path & p.shape
        if common is not None and common.volume > 0.01:
            out.append(f"the microSD card's way out is blocked by the {p.name}")
    return out, (f"the lid unplugs at J1 and lifts off after {len(fixed)} screws; the microSD "
                 "card comes out through the west wall's slot with the box closed")


# ---- boards ------------------------------------------------------------------------------

def boards(bld: Build) -> Result:
    out, names = [], []
    for slot, options in M.BOARD_OPTIONS.items():
        bosses = sorted(R.board_holes(bld.layout, slot))
        x, y, turn = R.board_poses(bld.layout)[slot]
        s = -1.0 if turn == 180.0 else 1.0
        for option in options:
            names.append(option.name)
            holes = sorted((x + s * hx, y + s * hy) for hx, hy in option.holes)
            miss = max(math.hypot(a[0] - b[0], a[1] - b[1]) for a, b in zip(holes, bosses))
            if len(holes) != len(bosses) or miss > 0.2:
                out.append(f"{option.name}: its holes miss the {slot}'s bosses by {miss:.1f} mm")
            if option.size[:2] != M.BOARDS[slot].size[:2]:
                out.append(f"{option.name}: {option.size[0]:g} x {option.size[1]:g} mm, not the "
                           f"pocket's {M.BOARDS[slot].size[0]:g} x {M.BOARDS[slot].size[1]:g}")
    return out, f"{', '.join(names)}: every hole on its boss"
