"""Bridges: the widest span each printed part crosses in its print orientation, measured on the
built part: twice the farthest any point of a downward face lies from the material in the
layer below (a one-sided overhang counts double)."""

from __future__ import annotations

import math
import build123d as bd

from .assembly import Build, Result

BRIDGE_MAX_MM = 10.0      # the longest unsupported span a part may print with


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
        shape = bd.Rot(*p.orient) * p.shape
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
