"""Small solid-building helpers over build123d (boxes and cylinders placed by their extents)."""

from __future__ import annotations

from typing import Iterable

import build123d as bd

MIN = bd.Align.MIN
CEN = bd.Align.CENTER


def box(x0: float, x1: float, y0: float, y1: float, z0: float, z1: float) -> bd.Part:
    """An axis-aligned box from its extents."""
    return bd.Pos(x0, y0, z0) * bd.Box(x1 - x0, y1 - y0, z1 - z0, align=(MIN, MIN, MIN))


def cyl(x: float, y: float, z0: float, z1: float, d: float) -> bd.Part:
    """A vertical cylinder of diameter d from z0 to z1."""
    return bd.Pos(x, y, z0) * bd.Cylinder(d / 2, z1 - z0, align=(CEN, CEN, MIN))


def cyl_y(x: float, z: float, y0: float, y1: float, d: float) -> bd.Part:
    """A cylinder along y of diameter d from y0 to y1."""
    return bd.Pos(x, y0, z) * bd.Rot(-90, 0, 0) * bd.Cylinder(d / 2, y1 - y0,
                                                              align=(CEN, CEN, MIN))


def cyl_x(y: float, z: float, x0: float, x1: float, d: float) -> bd.Part:
    """A cylinder along x of diameter d from x0 to x1."""
    return bd.Pos(x0, y, z) * bd.Rot(0, 90, 0) * bd.Cylinder(d / 2, x1 - x0,
                                                             align=(CEN, CEN, MIN))


def prism(points: list[tuple[float, float]], z0: float, z1: float) -> bd.Part:
    """A vertical prism over a polygon, from z0 up to z1 whichever way the polygon winds (a
    face's normal follows its winding, and extrude would go down from a clockwise one)."""
    face = bd.Polygon(*points, align=None)
    return bd.Pos(0, 0, z0) * bd.extrude(face, z1 - z0, dir=(0, 0, 1))


def hexes(centres: list[tuple[float, float]], across_flats: float, z0: float, z1: float
          ) -> bd.Part:
    """Flat-topped hexagonal prisms at each centre, as one part."""
    r = across_flats / 3 ** 0.5
    sketch = bd.Sketch() + [bd.Pos(x, y) * bd.RegularPolygon(r, 6) for x, y in centres]
    return bd.Pos(0, 0, z0) * bd.extrude(sketch, z1 - z0)


def union(parts: Iterable[bd.Part | None]) -> bd.Part:
    """The parts fused into one (None, a feature the box leaves out, is skipped)."""
    solids = [p for p in parts if p is not None]
    if not solids:
        raise ValueError("union of no parts: give at least one")
    if len(solids) == 1:
        return solids[0]
    return solids[0].fuse(*solids[1:])


def cut(part: bd.Part, tools: Iterable[bd.Part | None]) -> bd.Part:
    """The part less each tool (None, a feature the box leaves out, is skipped)."""
    kept = [t for t in tools if t is not None]
    return part.cut(*kept) if kept else part


class Inside:
    """Point-in-solid tests against a few shapes, with one classifier kept per solid (building
    a classifier per point, as Shape.is_inside does, is ten times slower)."""

    def __init__(self, shapes: list):
        from OCP.BRepClass3d import BRepClass3d_SolidClassifier
        self._solids = []
        for shape in shapes:
            for s in shape.solids():
                bb = s.bounding_box()
                self._solids.append((BRepClass3d_SolidClassifier(s.wrapped),
                                     (bb.min.X, bb.min.Y, bb.min.Z, bb.max.X, bb.max.Y, bb.max.Z)))

    def __call__(self, x: float, y: float, z: float) -> bool:
        from OCP.gp import gp_Pnt
        from OCP.TopAbs import TopAbs_IN
        for classifier, (x0, y0, z0, x1, y1, z1) in self._solids:
            if x0 <= x <= x1 and y0 <= y <= y1 and z0 <= z <= z1:
                classifier.Perform(gp_Pnt(x, y, z), 1e-6)
                if classifier.State() == TopAbs_IN:
                    return True
        return False
