"""The `features` check: each named feature of a part is really in its solid.

A feature can vanish from a part without any other check noticing (the diffuser's ticks once
extruded down into the sheet, and the union added nothing).  Each feature here is probed where
it must be: a point that must be plastic (a tick, the boss under the dial gear) or must be
empty (the servo cable's way out, the shaft's lead-in cone).  The button caps' height is
measured from the carrier's place.
"""

from __future__ import annotations

import math

from . import dial as D
from . import modules as M
from . import panel as P
from .assembly import Build, Result
from .front import oled_header, oled_window, reader_clamps
from .geometry import front_frame
from .solids import Inside


def probes(bld: Build) -> list[tuple[str, str, tuple[float, float, float], bool]]:
    """(part, feature, point, True if the point must be inside the part's solid)."""
    lay = bld.layout
    z = P.z_levels(lay)
    r = P.dial_radius(lay)
    out = []
    ticks = range(6) if lay.box.diffuser == "printed" else ()    # cut acrylic has none
    for d in ticks:                          # a raised tick per direction round the dial
        a = math.radians(60 * d)
        out.append(("diffuser", f"the tick of direction {d + 1}",
                    (math.sin(a) * (r + 1.15), math.cos(a) * (r + 1.15), z["top"] + 0.2), True))
    for i, point in enumerate(D.cable_path(lay)):
        out.append(("servo_mount", f"the SG90 cable's way out (point {i + 1})", point, False))
    g0, _ = D.gear_z(lay)
    x = lay.gear_centre
    out += [("servo_mount", "the boss that carries the dial gear", (0.0, 3.0, g0 - 0.15), True),
            ("servo_gear", "the horn's hub, snug round it", (x, D.HORN_HUB / 2 + 0.1, g0 + 1.0),
             True),
            ("servo_gear", "the horn's hub pocket", (x, D.HORN_HUB / 2 - 0.1, g0 + 1.0), False),
            ("panel", "the lead-in cone under the shaft's hole",
             (0.0, P.LEAD_IN / 2 - 0.6, z["base0"] + 0.2), False)]
    fr = front_frame(lay)
    ax, az = oled_window(lay)
    wx, wz = M.BOARDS[lay.box.oled].window
    mid = (fr["y0"] + fr["y1"]) / 2
    out += [("front", f"the OLED window over the active area's {name} corner",
             (ax + sx * (wx / 2 - 0.1), mid, az + sz * (wz / 2 - 0.1)), False)
            for name, sx, sz in (("top left", -1, 1), ("bottom right", 1, -1))]
    out.append(("front", "the relief for the OLED header's pin ends",
                (lay.extra["front"]["oled"][0], fr["y1"] - M.HEADER_PROUD, oled_header(lay)),
                False))
    if D.steel(lay):                           # the steel pin's way: glued, then turning
        bottom, _, _ = D.steel_pin(lay)
        out += [("dial_gear", "the steel pin's bore through it", (0.0, 0.0, g0 + 2.5), False),
                ("servo_mount", "the bore the steel pin turns in", (0.0, 0.0, bottom + 0.2),
                 False)]
    clamps, seat = reader_clamps(lay)
    for i, (x, zz) in enumerate(clamps):       # each washer's seat at the board's flat back
        out += [("front", f"the reader clamp {i + 1}'s washer seat",
                 (x, fr["y1"] + seat + 0.2, zz + 2.0), False),
                ("front", f"the reader clamp {i + 1}'s plastic under its washer",
                 (x, fr["y1"] + seat - 0.2, zz + 2.0), True)]
    return out


def features(bld: Build) -> Result:
    out = []
    found = probes(bld)
    inside = {name: Inside([p.shape for p in bld.part(name)])
              for name in {name for name, *_ in found}}
    for name, what, point, solid in found:
        if inside[name](*point) != solid:
            out.append(f"{name}: {what} is not there")
    return out, f"{len(found)} features probed in their parts"
