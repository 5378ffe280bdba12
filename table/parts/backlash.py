"""The gears' backlash, measured on their outlines: the dial gear's free turn between the servo
gear's flanks at its pitch circle, over the servo's play in its pocket."""

from __future__ import annotations

import math

import build123d as bd

from .assembly import Build, Result

BACKLASH_MM = (0.1, 0.3)  # the gear pair's backlash, at the dial gear's pitch circle
PRINT_TOL_MM = 0.1        # a printed wall's position, plus or minus (FDM, 0.4 mm nozzle)


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
