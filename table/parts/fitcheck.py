"""The checks a maker's hands and printer meet, measured on the built parts: bridges in each
part's print orientation, where every screw ends, a straight driver's way to every screw in
the guide's order, the gears' backlash over the servo's play, the wires' distance from the
moving parts, the lid and the SD card for service, and the boards the BOM offers.

Each check returns (problems, figure): no problems when it holds, and a one-line figure that
`worms-table parts` prints either way.
"""

from __future__ import annotations

import math
from typing import Any

import build123d as bd

from . import modules as M
from . import routes as R
from .assembly import Build, Joint
from .solids import Inside, box, cyl

BRIDGE_MAX_MM = 10.0      # the longest unsupported span a part may print with
SCREW_MARGIN_MM = 0.4     # plastic left between a screw's tip and any outer face
WIRE_CLEAR_MM = 3.0       # from any wire hole or wire path to a moving part
BACKLASH_MM = (0.1, 0.3)  # the gear pair's backlash, at the dial gear's pitch circle
PRINT_TOL_MM = 0.1        # a printed wall's position, plus or minus (FDM, 0.4 mm nozzle)
DRIVER_MM = 60.0          # how far a straight screwdriver's shaft must be clear of the head

Result = tuple[list[str], str]


def _solid(part) -> Any:
    """A part's build123d shape (Part.shape is typed as object: the CAD is an extra)."""
    return part.shape
MARGIN_SEEN = 2.0         # screw margins are measured up to this (more is plenty)


# ---- bridges -----------------------------------------------------------------------------

def _downward_faces(shape) -> list:
    zmin = shape.bounding_box().min.Z
    out = []
    for f in shape.faces():
        if f.geom_type != bd.GeomType.PLANE or f.normal_at().Z > -0.99:
            continue
        if f.center().Z > zmin + 0.05:
            out.append(f)
    return out


def _face_points(face, step: float) -> list[tuple[float, float, float]]:
    from OCP.BRepClass import BRepClass_FaceClassifier
    from OCP.gp import gp_Pnt
    from OCP.TopAbs import TopAbs_IN

    bb = face.bounding_box()
    nx = max(1, int((bb.max.X - bb.min.X) / step))
    ny = max(1, int((bb.max.Y - bb.min.Y) / step))
    z = bb.center().Z
    pts = []
    for i in range(nx + 1):
        for k in range(ny + 1):
            x = bb.min.X + (bb.max.X - bb.min.X) * i / nx
            y = bb.min.Y + (bb.max.Y - bb.min.Y) * k / ny
            c = BRepClass_FaceClassifier(face.wrapped, gp_Pnt(x, y, z), 1e-4)
            if c.State() != TopAbs_IN:          # nudge an edge point just inside
                x += (bb.center().X - x) * 0.02
                y += (bb.center().Y - y) * 0.02
                c = BRepClass_FaceClassifier(face.wrapped, gp_Pnt(x, y, z), 1e-4)
            if c.State() == TopAbs_IN:
                pts.append((x, y, z))
    return pts


def _section(shape, z: float):
    """The outline of the layer at height z, as segments (n x 2 x 2), 0.5 mm long at most."""
    import numpy as np
    from OCP.BRepAlgoAPI import BRepAlgoAPI_Section
    from OCP.gp import gp_Dir, gp_Pln, gp_Pnt

    sec = BRepAlgoAPI_Section(shape.wrapped, gp_Pln(gp_Pnt(0, 0, z), gp_Dir(0, 0, 1)), False)
    sec.Build()
    segs = []
    for e in bd.Compound(sec.Shape()).edges():
        n = max(1, int(e.length / 0.5))
        pts = [e.position_at(k / n) for k in range(n + 1)]
        segs += [((a.X, a.Y), (b.X, b.Y)) for a, b in zip(pts, pts[1:])]
    return np.array(segs, dtype=float).reshape(-1, 2, 2)


def _distances(points, segs):
    """Each point's distance to the nearest segment."""
    import numpy as np

    p = np.array(points, dtype=float)[:, None, :2]
    a, b = segs[None, :, 0, :], segs[None, :, 1, :]
    ab = b - a
    t = np.clip(((p - a) * ab).sum(-1) / np.maximum((ab * ab).sum(-1), 1e-12), 0, 1)
    d = np.linalg.norm(p - (a + ab * t[..., None]), axis=-1)
    return d.min(axis=1)


def _span(shape, face, sections: dict, below: float = 0.2) -> float:
    """Twice the farthest any point of a downward face lies from material in the layer below:
    the width a bridge crosses (a one-sided overhang counts double)."""
    bb = face.bounding_box()
    z = round(bb.center().Z - below, 3)
    if z not in sections:
        sections[z] = _section(shape, z)
    segs = sections[z]
    if len(segs) == 0:
        return math.inf
    reach = BRIDGE_MAX_MM
    lo = segs.min(axis=1)
    hi = segs.max(axis=1)
    near = ((lo[:, 0] < bb.max.X + reach) & (hi[:, 0] > bb.min.X - reach)
            & (lo[:, 1] < bb.max.Y + reach) & (hi[:, 1] > bb.min.Y - reach))
    if not near.any():
        return math.inf
    step = min(2.0, max(0.5, min(bb.size.X, bb.size.Y) / 4))
    pts = _face_points(face, step)
    return 2 * float(_distances(pts, segs[near]).max()) if pts else 0.0


def bridges(bld: Build) -> Result:
    out, worst = [], (0.0, "")
    for p in bld.parts:
        if not p.printed:
            continue
        shape = bd.Rot(*p.orient) * _solid(p)
        sections: dict = {}
        for f in _downward_faces(shape):
            span = _span(shape, f, sections)
            if span > worst[0]:
                worst = (span, p.name)
            if span > BRIDGE_MAX_MM:
                c = f.center()
                where = f"{f.bounding_box().size.X:.1f} x {f.bounding_box().size.Y:.1f} mm face"
                out.append(f"{p.name} ({p.face}): a {where} {c.Z:.1f} mm up spans "
                           + ("more than 12 mm" if math.isinf(span) else f"{span:.1f} mm"))
        for f in shape.faces():
            if f.geom_type == bd.GeomType.CYLINDER and abs(f.axis_of_rotation.direction.Z) < 0.1:
                if 2 * f.radius > BRIDGE_MAX_MM:
                    out.append(f"{p.name}: a horizontal round of {2 * f.radius:.1f} mm")
    return out, (f"widest span {worst[0]:.1f} mm ({worst[1]}), each part in its print "
                 f"orientation (limit {BRIDGE_MAX_MM:g} mm)")


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


# ---- gears -------------------------------------------------------------------------------

def _profiles():
    """The two gears' outlines as closed polygons (x, y), from the faces they are cut from."""
    import numpy as np
    from bd_warehouse.gear import SpurGearPlan

    from . import dial as D
    from .geometry import GEAR_MODULE, GEAR_TEETH

    out = []
    for teeth in GEAR_TEETH:
        plan = SpurGearPlan(module=GEAR_MODULE, tooth_count=teeth, pressure_angle=20)
        face = bd.offset(plan, -D.BACKLASH / 4, kind=bd.Kind.INTERSECTION).faces()[0]
        pts = []
        for e in face.outer_wire().edges():
            n = max(2, int(e.length / 0.03))
            pts += [(v.X, v.Y) for v in (e.position_at(k / n) for k in range(n))]
        out.append(np.array(pts))
    return out


def _inside_any(points, polygon) -> bool:
    """Whether any point lies inside the closed polygon (even-odd rule)."""
    import numpy as np

    x0, y0 = polygon[:, 0], polygon[:, 1]
    x1, y1 = np.roll(x0, -1), np.roll(y0, -1)
    band = (np.maximum(y0, y1) >= points[:, 1].min()) & (np.minimum(y0, y1) <= points[:, 1].max())
    x0, y0, x1, y1 = x0[band], y0[band], x1[band], y1[band]     # only edges a ray can cross
    px, py = points[:, 0][:, None], points[:, 1][:, None]
    cross = (y0 > py) != (y1 > py)
    xi = x0 + (py - y0) * (x1 - x0) / np.where(y1 == y0, 1e-12, y1 - y0)
    return bool((((px < xi) & cross).sum(axis=1) % 2 == 1).any())


def _overlap(servo, dial, a: float, turn: float) -> bool:
    """Whether the dial gear turned by `turn` degrees cuts into the servo gear: a point of
    either outline inside the other (checked near the mesh only)."""
    import numpy as np

    from .geometry import GEAR_TEETH

    def turned(pts, deg, dx=0.0):
        c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
        return pts @ np.array([[c, s], [-s, c]]) + np.array([dx, 0.0])

    d = turned(dial, turn)
    g = turned(servo, 180 / GEAR_TEETH[0], a)
    near_d = d[d[:, 0] > a / 2 - 3]
    near_g = g[g[:, 0] < a / 2 + 3]
    return _inside_any(near_d, g) or _inside_any(near_g, d)


def backlash_at(a: float, profiles=None) -> float:
    """The dial gear's free turn between the servo gear's flanks, at its pitch circle (mm)."""
    from .geometry import GEAR_MODULE, GEAR_TEETH

    servo, dial = profiles or _profiles()
    if _overlap(servo, dial, a, 0.0):
        return 0.0
    total = 0.0
    for sign in (1, -1):
        lo, hi = 0.0, 6.0
        for _ in range(16):
            mid = (lo + hi) / 2
            lo, hi = (lo, mid) if _overlap(servo, dial, a, sign * mid) else (mid, hi)
        total += lo
    return math.radians(total) * GEAR_MODULE * GEAR_TEETH[1] / 2


def gear_backlash(bld: Build) -> Result:
    """The servo sits against its pocket's wall at the shaft's end (the guide says to push it
    there while the tab screws go in), so the centre distance is the design's within the
    print tolerance; the backlash must stay in range over it, and the gears never jam."""
    a0 = bld.layout.gear_centre
    prof = _profiles()
    lo, hi = (backlash_at(a0 - PRINT_TOL_MM, prof), backlash_at(a0 + PRINT_TOL_MM, prof))
    nominal = backlash_at(a0, prof)
    slope = (hi - lo) / (2 * PRINT_TOL_MM)
    jam = nominal / slope if slope > 0 else math.inf
    out = []
    if not BACKLASH_MM[0] <= lo and hi <= BACKLASH_MM[1]:
        out.append(f"backlash {lo:.2f}-{hi:.2f} mm over the servo's {PRINT_TOL_MM} mm play, not "
                   f"{BACKLASH_MM[0]}-{BACKLASH_MM[1]}")
    if jam <= PRINT_TOL_MM:
        out.append(f"the gears jam {jam:.2f} mm closer, inside the servo's play")
    return out, (f"backlash {lo:.2f}-{hi:.2f} mm (nominal {nominal:.2f}) with the servo pushed "
                 f"to its stop, +-{PRINT_TOL_MM} mm; they would jam only {jam:.2f} mm closer, "
                 "which the stop prevents")


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
    for end in ("LED 0", "LED last"):
        x, y, zz = pts[end]
        out.append(box(x - 1, x + 1, y - 1, y + 1, j1[2], zz))              # down from the hole
        out.append(box(min(x, j1[0]) - 1, max(x, j1[0]) + 1, y - 1, y + 1, j1[2], j1[2] + 2))
        out.append(box(j1[0] - 1, j1[0] + 1, min(y, j1[1]) - 1, max(y, j1[1]) + 1, j1[2],
                       j1[2] + 2))
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
            shape = _solid(p)
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
    lid = [_solid(p) for p in bld.parts if (p.family or p.name) in LID]
    rest = [p for p in bld.parts if (p.family or p.name) not in LID + ("dial",)]
    for lift in (2.0, 40.0):
        for shape in lid:
            moved = bd.Pos(0, 0, lift) * shape
            for p in rest:
                if not _near(moved.bounding_box(), _solid(p).bounding_box(), 0.0):
                    continue
                common = moved & _solid(p)
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
