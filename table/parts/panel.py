"""The LED panel (the box's lid): one light-tight cell per grid hex, an LED holder in every cell
that has an LED, the dial's bearing housing in the dial's cell, and the diffuser on top."""

from __future__ import annotations

import functools
import math

import build123d as bd

from . import modules as M
from .geometry import FLOOR, Layout
from .solids import box, cut, cyl, hexes, prism, union


def offset_polygon(points: list[tuple[float, float]], d: float) -> list[tuple[float, float]]:
    """A convex counter-clockwise polygon moved outwards by d (mitred corners)."""
    n = len(points)
    out = []
    for i in range(n):
        p0, p1, p2 = points[i - 1], points[i], points[(i + 1) % n]
        normals = []
        for a, b in ((p0, p1), (p1, p2)):
            ex, ey = b[0] - a[0], b[1] - a[1]
            ln = math.hypot(ex, ey)
            normals.append((ey / ln, -ex / ln))
        nx, ny = normals[0][0] + normals[1][0], normals[0][1] + normals[1][1]
        ln = math.hypot(nx, ny)
        cos_half = (normals[0][0] * nx + normals[0][1] * ny) / ln
        out.append((p1[0] + nx / ln * d / cos_half, p1[1] + ny / ln * d / cos_half))
    return out


def z_levels(lay: Layout) -> dict[str, float]:
    base0 = lay.z_top
    base1 = base0 + FLOOR
    walls = base1 + lay.depth
    return {"base0": base0, "base1": base1, "walls": walls, "top": walls + lay.diffuser}


def corner_screws(lay: Layout) -> list[tuple[float, float]]:
    """The four M3 screws that hold the panel on the enclosure's corner columns."""
    cx = lay.width / 2 - lay.wall - 4.5
    cy = lay.length / 2 - lay.wall - 4.5
    return [(sx * cx, sy * cy) for sx in (-1, 1) for sy in (-1, 1)]


LEAD_IN = 9.0       # the cone under the dial cell's floor hole that guides the shaft in
SLACK_RECESS = (13.0, 2.0)   # under each LED's hole: across, deep (the wires' folded slack)
NOTCH = (1.5, 1.0)           # each side of an LED pocket: the wire notch's width, how far out


def holder_tools(lay: Layout, x: float, y: float, z_floor: float) -> list[bd.Part]:
    """The pocket an LED sits in, LED up; the hole its wires go down through (pads on the
    board's back); a wire notch through the floor at each side of the pocket (pads on top);
    and under the floor the recess the wires' slack folds into once the board is soldered
    above the cell and pressed down (hardware/ASSEMBLY.md step 2)."""
    lx, ly, lt = M.LEDS[lay.box.led][1]
    c = M.CLEARANCE
    under, recess_top = z_floor - FLOOR - 1, z_floor - FLOOR + SLACK_RECESS[1]
    w, reach = NOTCH
    if lay.box.led == "pixel-board":
        r = lx / 2 + c
        notches = [box(x + min(s * (r - 0.3), s * (r + reach)),
                       x + max(s * (r - 0.3), s * (r + reach)), y - w / 2, y + w / 2, under,
                       z_floor + 1) for s in (-1, 1)]
        return [cyl(x, y, z_floor - lt + 0.4, z_floor + 1, lx + 2 * c),
                cyl(x, y, under, z_floor, 5.0), *notches,
                cyl(x, y, under, recess_top, SLACK_RECESS[0])]
    hx = lx / 2 + c
    notches = [box(x + min(s * (hx - 0.3), s * (hx + reach)),
                   x + max(s * (hx - 0.3), s * (hx + reach)), y - w / 2, y + w / 2, under,
                   z_floor + 1) for s in (-1, 1)]
    return [box(x - lx / 2 - c, x + lx / 2 + c, y - ly / 2 - c, y + ly / 2 + c,
                z_floor - lt + 0.4, z_floor + 1),
            cyl(x - lx / 2 + 2.0, y, under, z_floor, 3.0),
            cyl(x + lx / 2 - 2.0, y, under, z_floor, 3.0), *notches,
            box(x - hx - reach - 1.0, x + hx + reach + 1.0, y - 4.0, y + 4.0, under, recess_top)]


def bearing_housing(lay: Layout, z: dict) -> tuple[bd.Part, list[bd.Part]]:
    """The dial cell's boss round the 623 bearing: (boss, cuts)."""
    x, y = 0.0, 0.0
    _, od, w = M.BEARING_SIZE
    boss_d = min(od + 4.0, lay.s - lay.t - 0.6)
    top = z["base1"] + w + 1.0
    boss = cyl(x, y, z["base1"] - 0.5, top, boss_d)
    lead_in = bd.Pos(x, y, z["base0"] - 0.01) * bd.Cone(LEAD_IN / 2, 1.9, LEAD_IN / 2 - 1.9,
                                                       align=(bd.Align.CENTER, bd.Align.CENTER,
                                                              bd.Align.MIN))
    cuts = [cyl(x, y, top - w - 0.2, top + 1, od + 0.1),
            cyl(x, y, z["base0"] - 1, top, 4.0), lead_in]
    return boss, cuts


def panel(lay: Layout) -> bd.Part:
    z = z_levels(lay)
    rim = lay.extra["rim"]
    y0 = -lay.length / 2 - lay.front_t
    base = box(-lay.width / 2, lay.width / 2, y0, lay.length / 2, z["base0"], z["base1"])
    block = prism(offset_polygon(lay.hull, rim), z["base1"] - 0.5, z["top"])
    boss, bearing_cuts = bearing_housing(lay, z)
    body = union([base, block])
    tools = [prism(offset_polygon(lay.hull, 0.2), z["walls"], z["top"] + 1),
             hexes([(c.x, c.y) for c in lay.cells], lay.s - lay.t, z["base1"], z["top"] + 1)]
    body = cut(body, tools)
    body = union([body, boss])
    tools = list(bearing_cuts)
    for c in lay.cells:
        if c.led is not None:
            tools.extend(holder_tools(lay, c.x, c.y, z["base1"]))
    d = bd_clearance("M3")
    tools.extend(cyl(x, y, z["base0"] - 1, z["base1"] + 1, d) for x, y in corner_screws(lay))
    tools.extend(channels(lay, z["base0"]))
    return cut(body, tools)


CHANNEL = (2.4, 1.6)          # the wire channels under the panel: width, depth


def channels(lay: Layout, z0: float) -> list[bd.Part]:
    """Grooves in the panel's underside from each LED's hole to the next one's, along
    routes.channel_paths (round the dial's shaft): the chain's three wires lie in them under
    tape, above the gears (which turn GEAR_DROP below)."""
    from .routes import channel_paths

    w, depth = CHANNEL
    out = []
    for path in channel_paths(lay):
        for (x0, y0), (x1, y1) in zip(path, path[1:]):
            ln = math.hypot(x1 - x0, y1 - y0)
            ang = math.degrees(math.atan2(y1 - y0, x1 - x0))
            slot = bd.Pos((x0 + x1) / 2, (y0 + y1) / 2, z0 - 1) * bd.Rot(0, 0, ang) * bd.Box(
                ln, w, depth + 1, align=(bd.Align.CENTER, bd.Align.CENTER, bd.Align.MIN))
            out.append(slot)
            out.append(cyl(x1, y1, z0 - 1, z0 + depth, w))        # a round corner
    return out


def diffuser(lay: Layout) -> bd.Part:
    """The diffuser over the cells; printed, it carries the dial's six direction ticks."""
    z = z_levels(lay)
    sheet = prism(lay.hull, z["walls"], z["top"])
    if lay.box.diffuser == "printed":
        sheet = union([sheet, *ticks(lay)])
    return cut(sheet, [cyl(0, 0, z["walls"] - 1, z["top"] + 1, 4.0)])


def diffuser_svg(lay: Layout) -> str:
    """The diffuser's outline and the dial shaft's hole, to laser-cut from opal acrylic."""
    xs = [p[0] for p in lay.hull]
    ys = [p[1] for p in lay.hull]
    pad = 5.0
    x0, y1 = min(xs) - pad, max(ys) + pad
    w, h = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
    path = " ".join(f"{'M' if i == 0 else 'L'} {x - x0:.3f} {y1 - y:.3f}"
                    for i, (x, y) in enumerate(lay.hull)) + " Z"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.2f}mm" height="{h:.2f}mm" '
            f'viewBox="0 0 {w:.3f} {h:.3f}">\n'
            f'  <!-- worms-table diffuser: cut from 2 mm opal acrylic; red = cut lines -->\n'
            f'  <path d="{path}" fill="none" stroke="red" stroke-width="0.1"/>\n'
            f'  <circle cx="{-x0:.3f}" cy="{y1:.3f}" r="2" fill="none" stroke="red" '
            f'stroke-width="0.1"/>\n</svg>\n')


def dial_radius(lay: Layout) -> float:
    """The dial's disc leaves a ring of its cell for the six direction ticks."""
    return (lay.s - lay.t) / 2 - 2.2


def ticks(lay: Layout) -> list[bd.Part]:
    """Six raised ticks on the diffuser round the dial, one per direction (1 at north,
    clockwise), to set the arrow by at 150 degrees: half-way between 3 and 4."""
    z = z_levels(lay)
    r = dial_radius(lay)
    out = []
    for d in range(6):
        a = math.radians(60 * d)
        pts = [(rr * math.sin(a) + w * math.cos(a), rr * math.cos(a) - w * math.sin(a))
               for rr, w in ((r + 0.4, -0.4), (r + 1.9, -0.4), (r + 1.9, 0.4), (r + 0.4, 0.4))]
        out.append(prism(pts, z["top"] - 0.1, z["top"] + 0.4))
    return out



@functools.cache
def bd_clearance(size: str) -> float:
    """A screw's normal clearance hole (bd_warehouse's ISO table)."""
    from bd_warehouse.fastener import SocketHeadCapScrew
    pitch = {"M2": "0.4", "M2.5": "0.45", "M3": "0.5"}[size]
    return SocketHeadCapScrew(f"{size}-{pitch}", 6, simple=True).clearance_hole_diameters["Normal"]


@functools.cache
def bd_tap(size: str) -> float:
    """A screw's pilot hole in plastic (bd_warehouse's 'Soft' tap drill)."""
    from bd_warehouse.fastener import SocketHeadCapScrew
    pitch = {"M2": "0.4", "M2.5": "0.45", "M3": "0.5"}[size]
    return SocketHeadCapScrew(f"{size}-{pitch}", 6, simple=True).tap_hole_diameters["Soft"]
