"""What must hold for a box to be buildable, measured on the built parts.

Each check returns a list of problems (empty when it holds) so the tests, the command and the
benchmark report the same findings.
"""

from __future__ import annotations

import itertools
import math

import build123d as bd

from . import dial as D
from . import panel as P
from . import boardcheck, steppics
from . import fitcheck as F
from .features import features
from .assembly import Build, Result
from .backlash import gear_backlash
from .bridges import bridges
from .geometry import GEAR_MODULE, GEAR_TEETH
from .solids import Inside
from .split import fits, oriented_size

VOLUME_TOLERANCE = 0.01       # mm^3: what a boolean of touching faces may leave


def volume(shape) -> float:
    if shape is None:
        return 0.0
    if hasattr(shape, "volume"):
        return float(shape.volume)
    return float(sum(s.volume for s in shape))


def closed_solids(bld: Build) -> list[str]:
    out = []
    for p in bld.parts:
        solids = p.shape.solids()
        if len(solids) != 1:
            out.append(f"{p.name}: {len(solids)} solids, not one")
        elif not (solids[0].is_valid and solids[0].is_manifold):
            out.append(f"{p.name}: not a closed, valid solid")
    return out


def bed_fit(bld: Build) -> list[str]:
    bed = bld.layout.box.bed_mm      # (the layout is made only from a valid [box])
    out = []
    for p in bld.parts:
        if not p.printed:
            continue
        size = oriented_size(p.shape, p.orient)
        if not fits(size, bed):
            out.append(f"{p.name}: {size[0]:.1f} x {size[1]:.1f} x {size[2]:.1f} mm does not fit "
                       f"the {bed[0]:g} x {bed[1]:g} x {bed[2]:g} mm bed")
    return out


def max_part_mm(bld: Build) -> list[float]:
    sizes = [oriented_size(p.shape, p.orient) for p in bld.parts if p.printed]
    return [round(max(s[i] for s in sizes), 1) for i in range(3)]


def _overlap(a, b) -> bool:
    lo_a, hi_a = (a.min.X, a.min.Y, a.min.Z), (a.max.X, a.max.Y, a.max.Z)
    lo_b, hi_b = (b.min.X, b.min.Y, b.min.Z), (b.max.X, b.max.Y, b.max.Z)
    return all(lo_a[i] < hi_b[i] and lo_b[i] < hi_a[i] for i in range(3))


def interference(bld: Build) -> dict[str, float]:
    """Volume shared by each pair of parts in the assembly (pairs that share none left out)."""
    boxes = [(p, p.shape.bounding_box()) for p in bld.parts]
    out = {}
    for (a, ba), (b, bb) in itertools.combinations(boxes, 2):
        if not _overlap(ba, bb):
            continue
        v = volume(a.shape & b.shape)
        if v > VOLUME_TOLERANCE:
            out[f"{a.name} / {b.name}"] = round(v, 3)
    return out


def gear_mesh(bld: Build) -> list[str]:
    """The pair sits at module x (z1 + z2) / 2, turns 2:1, and its teeth are that module's."""
    servo = bld.part("servo_gear")[0].shape
    dial = bld.part("dial_gear")[0].shape
    out = []
    sb, db = servo.bounding_box(), dial.bounding_box()
    axes = []
    for shape, r in ((servo, D.SERVO_GEAR_BORE / 2), (dial, D.dial_gear_bore(bld.layout) / 2)):
        circles = [e for e in shape.edges().filter_by(bd.GeomType.CIRCLE)
                   if abs(e.radius - r) < 1e-6]
        if not circles:
            return [f"no {2 * r:g} mm bore found on a gear: its axis is unknown"]
        axes.append(circles[0].arc_center)
    centre = math.hypot(axes[0].X - axes[1].X, axes[0].Y - axes[1].Y)
    want = GEAR_MODULE * sum(GEAR_TEETH) / 2
    if abs(centre - want) > 0.001:
        out.append(f"gear centre distance {centre:.3f} mm, not m (z1 + z2) / 2 = {want:.3f}")
    for name, bb, teeth in (("servo gear", sb, GEAR_TEETH[0]), ("dial gear", db, GEAR_TEETH[1])):
        tip = max(bb.size.X, bb.size.Y)
        want_tip = GEAR_MODULE * (teeth + 2)
        if not want_tip - 0.3 <= tip <= want_tip + 0.01:
            out.append(f"{name}: tip diameter {tip:.2f} mm, not module x (z + 2) = {want_tip}")
    if bld.gear_ratio != 2.0:
        out.append(f"gear ratio {bld.gear_ratio}, not 2:1")
    v = volume(servo & dial)
    if v > VOLUME_TOLERANCE:
        out.append(f"the gears' teeth overlap by {v:.3f} mm^3")
    return out


def cells(bld: Build) -> list[str]:
    """One empty cell per grid hex, and an LED holder in exactly the cells the profile lights."""
    lay = bld.layout
    z = P.z_levels(lay)
    shapes = Inside([p.shape for p in bld.part("panel")])
    out = []
    holders = 0
    for c in lay.cells:
        if shapes(c.x + lay.s / 4, c.y, (z["base1"] + z["walls"]) / 2):
            out.append(f"cell {list(c.hex)} is not open")
        probe = (c.x + 2.0, c.y + 2.0, z["base1"] - 0.4)
        if not shapes(*probe):
            holders += 1
            if c.led is None:
                out.append(f"cell {list(c.hex)} has a holder but no LED in the profile")
    leds = bld.profile.leds
    n = len(leds.led_map) if leds is not None else 0
    if holders != n:
        out.append(f"{holders} LED holders, but the profile has {n} LEDs")
    walls = sum(1 for c in lay.cells
                if shapes(c.x + 1.0, c.y + lay.s / 2, (z["base1"] + z["walls"]) / 2))
    if walls != len(lay.cells):
        out.append(f"{walls} of {len(lay.cells)} cells have their north wall")
    return out


def holes(bld: Build) -> list[str]:
    """Every screw's hole is clear along its axis through each part it passes, and each of those
    parts has material round it: the holes of mating parts line up."""
    out = []
    probes: dict[str, Inside] = {}
    for j in bld.joints:
        for name, d, s0, s1 in j.holes:
            shapes = probes.setdefault(name, Inside([p.shape for p in bld.part(name)]))
            problems = []
            for k in range(5):
                s = s0 + (s1 - s0) * k / 4
                centre = _along(j, s)
                if shapes(*centre):
                    problems.append("blocked")
                    break
            ring = d / 2 + 0.6
            mid = _along(j, (s0 + s1) / 2)
            around = sum(shapes(*_offset(j.axis, mid, ring, a)) for a in range(8))
            if around < 3:
                problems.append("no material round it")
            if problems:
                out.append(f"{j.name} ({j.size}, {name}): {', '.join(problems)}")
    return out


def _along(j, s: float) -> tuple[float, float, float]:
    x, y, z = j.at
    return {"x": (s, y, z), "y": (x, s, z), "z": (x, y, s)}[j.axis]


def _offset(axis: str, p, r: float, k: int) -> tuple[float, float, float]:
    a = math.radians(45 * k)
    u, v = r * math.cos(a), r * math.sin(a)
    x, y, z = p
    return {"x": (x, y + u, z + v), "y": (x + u, y, z + v), "z": (x + u, y + v, z)}[axis]


def pockets(bld: Build) -> list[str]:
    """Each bought part (data-sheet size) fits where it goes without touching any part, and its
    pocket is snug: moved by the clearance and a bit more, it hits the pocket's walls."""
    out = []
    boxes = [(p, p.shape.bounding_box()) for p in bld.parts]
    for pk in bld.pockets:
        bb = pk.body.bounding_box()
        for p, pb in boxes:
            if _overlap(bb, pb):
                v = volume(pk.body & p.shape)
                if v > VOLUME_TOLERANCE:
                    out.append(f"{pk.name} does not fit: it overlaps {p.name} by {v:.2f} mm^3")
        hosts = [p.shape for p in bld.part(pk.host)]
        for dx, dy, dz in pk.snug:
            moved = bd.Pos(dx, dy, dz) * pk.body
            if all(volume(moved & h) <= VOLUME_TOLERANCE for h in hosts):
                out.append(f"{pk.name}: the pocket in {pk.host} is loose towards "
                           f"({dx:g}, {dy:g}, {dz:g})")
    return out


def run_all(bld: Build, pictures: bool = True) -> dict[str, Result]:
    """Every check: name -> (problems, the figure it measured); kept on the build, so the
    command, the tests and the benchmark measure a build once.  `pictures`: draw the step
    pictures (kept on the build for the files) and check them too."""
    if bld.checked is not None:
        return bld.checked

    inter = interference(bld)
    sizes = max_part_mm(bld)
    bed = bld.layout.box.bed_mm      # (the layout is made only from a valid [box])
    printed = [p for p in bld.parts if p.printed]
    out = {
        "closed solids": (closed_solids(bld), f"{len(bld.parts)} parts, each one closed solid"),
        "bed": (bed_fit(bld), f"largest {sizes[0]:g} x {sizes[1]:g} x {sizes[2]:g} mm on the "
                              f"{bed[0]:g} x {bed[1]:g} x {bed[2]:g} mm bed ({len(printed)} "
                              "printed)"),
        "interference": ([f"{k}: {v} mm^3" for k, v in inter.items()],
                         f"{sum(inter.values()):g} mm^3 shared by the assembled parts"),
        "gears": (gear_mesh(bld), f"{bld.gear_ratio:g}:1 at {bld.layout.gear_centre:g} mm"),
        "cells": (cells(bld), f"{len(bld.layout.cells)} cells, {len(bld.layout.leds)} LED "
                              "holders"),
        "holes": (holes(bld), f"{len(bld.joints)} screw holes in line with their mates"),
        "pockets": (pockets(bld), f"{len(bld.pockets)} bought parts fit their pockets"),
        "bridges": bridges(bld),
        "screws": F.screws(bld),
        "tool access": F.tool_access(bld),
        "gear mesh": gear_backlash(bld),
        "wire clearance": F.wire_clearance(bld),
        "service": F.service(bld),
        "boards": F.boards(bld),
        "power board": boardcheck.check(),
        "features": features(bld),
    }
    if pictures:
        out["step pictures"] = steppics.check(bld)
    bld.checked = out
    return out
