"""Cut a part larger than the print bed into pieces that fit, with alignment keys.

A part is cut by planes across its longest bed axes into equal pieces.  Across each cut, key
pins (1.75 mm filament, 12 mm long) go into 1.9 mm holes drilled 6 mm into both faces, where
the part is solid round the pin (its floor or base plate): glue the faces, push the pins in.
"""

from __future__ import annotations

import math
from typing import Any

import build123d as bd

from .geometry import FLOOR
from .solids import Inside, box, cyl, cyl_x, cyl_y

KEY_HOLE = 1.9
KEY_DEPTH = 6.0
MARGIN = 6.0          # room left on the bed round a piece


def oriented_size(shape, orient) -> tuple[float, float, float]:
    bb = (bd.Rot(*orient) * shape).bounding_box()
    return (bb.size.X, bb.size.Y, bb.size.Z)


def fits(size: tuple[float, float, float], bed: tuple[float, float, float]) -> bool:
    x, y, z = size
    return z <= bed[2] and ((x <= bed[0] and y <= bed[1]) or (x <= bed[1] and y <= bed[0]))


def _axis_map(orient) -> dict[int, int]:
    """Which print axis (0 x, 1 y, 2 z) each assembly axis lands on."""
    rot = bd.Rot(*orient)
    out = {}
    for i, v in enumerate((bd.Vector(1, 0, 0), bd.Vector(0, 1, 0), bd.Vector(0, 0, 1))):
        w = rot * bd.Pos(v.X, v.Y, v.Z)
        p = w.position
        comps = [abs(p.X), abs(p.Y), abs(p.Z)]
        out[i] = comps.index(max(comps))
    return out


def _key_line(part_name: str, bld) -> tuple[int, float]:
    """The fixed coordinate (axis index, value) along which keys sit in a cut face."""
    lay = bld.layout
    if part_name == "front":
        return 1, -lay.length / 2 - lay.front_t / 2       # mid-plate
    if part_name == "panel":
        return 2, lay.z_top + FLOOR / 2                   # the panel's base
    return 2, FLOOR / 2                                   # the enclosure's floor


def _solid_round(inside: Inside, centre: list[float], axis: int, radius: float) -> bool:
    """Whether the part is solid along a pin at centre (normal to the cut along axis)."""
    others = [i for i in range(3) if i != axis]
    for da, db in ((0, 0), (radius, 0), (-radius, 0), (0, radius), (0, -radius)):
        for along in (-KEY_DEPTH, -KEY_DEPTH / 2, -1.0, 1.0, KEY_DEPTH / 2, KEY_DEPTH):
            p = list(centre)
            p[axis] += along
            p[others[0]] += da
            p[others[1]] += db
            if not inside(*p):
                return False
    return True


def _keys(inside: Inside, bb, axis: int, at: float, line: tuple[int, float]
          ) -> list[list[float]]:
    """Up to four pins spread along the cut, each where the part is solid round it."""
    free = [i for i in range(3) if i not in (axis, line[0])][0]
    lo, hi = (bb.min.X, bb.min.Y, bb.min.Z)[free], (bb.max.X, bb.max.Y, bb.max.Z)[free]
    chosen: list[list[float]] = []
    for frac in (0.12, 0.37, 0.63, 0.88):
        target = lo + frac * (hi - lo)
        for step in range(0, 12):
            v = target + (step + 1) // 2 * 3.0 * (1 if step % 2 else -1)
            if not lo + 5 <= v <= hi - 5 or any(abs(v - k[free]) < 15 for k in chosen):
                continue
            c = [0.0, 0.0, 0.0]
            c[axis], c[line[0]], c[free] = at, line[1], v
            if _solid_round(inside, c, axis, KEY_HOLE / 2 + 0.8):
                chosen.append(c)
                break
    return chosen


def _pin(c: list[float], axis: int) -> bd.Part:
    lo, hi = c[axis] - KEY_DEPTH, c[axis] + KEY_DEPTH
    if axis == 0:
        return cyl_x(c[1], c[2], lo, hi, KEY_HOLE)
    if axis == 1:
        return cyl_y(c[0], c[2], lo, hi, KEY_HOLE)
    return cyl(c[0], c[1], lo, hi, KEY_HOLE)


def split_to_bed(bld) -> None:
    """Replace each part too large for the bed by its pieces (named name-1, name-2, ...)."""
    bed = bld.layout.box.bed_mm
    out = []
    for part in bld.parts:
        if fits(oriented_size(part.shape, part.orient), bed) or not part.printed:
            out.append(part)
            continue
        out.extend(_split(part, bld, bed))
    bld.parts = out


def _split(part, bld, bed) -> list:
    from dataclasses import replace
    shape = part.shape
    bb = shape.bounding_box()
    amap = _axis_map(part.orient)
    lows, highs = (bb.min.X, bb.min.Y, bb.min.Z), (bb.max.X, bb.max.Y, bb.max.Z)
    cuts: dict[int, list[float]] = {}
    for axis in range(3):
        printed_as = amap[axis]
        if printed_as == 2:
            continue
        room = min(bed[0], bed[1]) - MARGIN
        extent = highs[axis] - lows[axis]
        n = math.ceil(extent / room) if extent > room else 1
        if n > 1:
            cuts[axis] = [lows[axis] + extent * k / n for k in range(1, n)]
    line = _key_line(part.family or part.name, bld)
    pins = []
    inside = Inside([shape])
    for axis, planes in cuts.items():
        for at in planes:
            pins += [_pin(c, axis) for c in _keys(inside, bb, axis, at, line)]
    if pins:
        shape = shape.cut(*pins)
    bld.keys += len(pins)
    cells: list[list[tuple[float, float]]] = [[]]
    for axis in range(3):
        edges = [lows[axis] - 1, *cuts.get(axis, []), highs[axis] + 1]
        cells = [c + [(edges[i], edges[i + 1])] for c in cells for i in range(len(edges) - 1)]
    pieces: list[Any] = []            # of assembly.Part (assembly imports this module)
    for (x0, x1), (y0, y1), (z0, z1) in cells:
        piece = shape & box(x0, x1, y0, y1, z0, z1)
        solids = piece.solids() if piece is not None else []
        for s in solids:
            name = f"{part.name}-{len(pieces) + 1}"
            pieces.append(replace(part, name=name, shape=s, family=part.name,
                                  note=f"{part.note}; piece {len(pieces) + 1} of the split "
                                       f"{part.name}, keyed to its neighbours"))
    return pieces
