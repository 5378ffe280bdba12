"""The wind dial: the dial with its arrow, the 2:1 spur gear pair, the shaft and the servo mount.

The dial's axis is x = y = 0.  The servo's output shaft is at x = +centre distance, y = 0; the
servo gear has twice the dial gear's teeth, so the servo's 180 degrees turn the dial 360.  The
shaft is printed with the dial gear; it turns in a 623 bearing in the panel's dial cell above,
and on a pin of the servo mount below.  With `box.shaft = "steel"` a 3 mm steel dowel pin is
the shaft instead: glued through the dial gear, it turns in the bearing above and in a bore of
the mount's boss below (`steel_pin`).  The assembly shows the servo at 1500 us.
"""

from __future__ import annotations

import math

import build123d as bd

from . import modules as M
from .geometry import FLOOR, GEAR_MODULE, GEAR_TEETH, GEAR_THICK, SHAFT, Layout, LayoutError
from .panel import bd_clearance, dial_radius, z_levels
from .solids import box, cut, cyl, prism, union

BACKLASH = 0.15       # each tooth's flanks are offset inwards by a quarter of this (normal)
ARROW_AT_1500US = 150.0   # the dial's bearing (degrees clockwise from north) at 1500 us
SERVO_GEAR_BORE = 3.2     # the servo gear's hole over the horn screw
DIAL_GEAR_BORE = 3.3      # the dial gear's hole on the mount's pin
GEAR_DROP = 3.5           # the gears' tops below the panel: wires in its channels stay 3 mm clear
FLAT = 0.5                # the shaft's D flat: how deep (the dial cannot slip round on it)
BOSS_GAP = 0.1            # the mount's boss top under the dial gear: it carries the gear
FLAT_LEN = 6.0            # how far down from the shaft's top the flat runs
TAB_PILOT = 1.6           # the servo's own self-tapping screws (about 2 x 8 mm)
MARK_D = 1.2              # the dots on the gears that face each other at 1500 us
HORN_HUB = 7.2            # the SG90 single-arm horn's hub (public models: 6.6-7.1) + clearance:
                          # the hub, not the arm, centres the gear on the servo's axis
STEEL_BORE = 3.0          # the dial gear's hole for the steel pin (glued), and the dial's
PIN_BORE = 3.2            # the mount's bore the steel pin turns in
PIN_IN_MOUNT = (2.0, 9.0)  # how far the steel pin reaches into the mount's boss: least, most
CABLE_NOTCH = (5.0, 2.5, 7.5)   # the SG90's cable leaves its shaft end 1.5-5.7 mm above the
                                # bottom: a notch this wide, deep into the datum wall and high


def gear_z(lay: Layout) -> tuple[float, float]:
    top = lay.z_top - GEAR_DROP
    return top - GEAR_THICK, top


def servo_pose(lay: Layout) -> dict:
    """Where the servo sits: its shaft axis x, the tab seat z, the pocket's x range."""
    g0, _ = gear_z(lay)
    spline_top = g0 + 2.0 - 1.5           # horn pocket 2.0 deep, the horn 1.5 thick
    s = M.SERVOS["SG90"]
    seat = spline_top - (s.spline_top - s.tab_bottom)
    x_shaft = lay.gear_centre
    length = max(v.body[0] for v in M.SERVOS.values())
    width = max(v.body[1] for v in M.SERVOS.values())
    near = x_shaft - s.shaft_from_end
    return {"x": x_shaft, "seat": seat, "near": near, "far": near + length, "width": width,
            "mid": near + length / 2, "spline_top": spline_top}


def gear(teeth: int, z0: float) -> bd.Part:
    from bd_warehouse.gear import SpurGearPlan
    plan = SpurGearPlan(module=GEAR_MODULE, tooth_count=teeth, pressure_angle=20)
    face = bd.offset(plan, -BACKLASH / 4, kind=bd.Kind.INTERSECTION)
    return bd.Pos(0, 0, z0) * bd.extrude(face, GEAR_THICK)


def shaft_top(lay: Layout) -> float:
    return z_levels(lay)["top"] + 0.5 + 1.8         # into the dial's 2 mm deep hole


def flat_tool(z0: float, z1: float, clearance: float = 0.0) -> bd.Part:
    """What the D flat removes: the shaft's side towards the servo (+x) at 1500 us."""
    x = SHAFT / 2 - FLAT + clearance
    return box(x, x + 3.0, -3.0, 3.0, z0, z1)


def steel(lay: Layout) -> bool:
    return lay.box.shaft == "steel"


def dial_gear_bore(lay: Layout) -> float:
    """The dial gear's hole: on the mount's printed pin, or glued on the steel pin."""
    return STEEL_BORE if steel(lay) else DIAL_GEAR_BORE


def steel_pin(lay: Layout) -> tuple[float, float, int]:
    """The steel pin (ISO 2338, 3 mm): (its bottom z, its top z, its length in mm), the longest
    standard length that ends at the printed shaft's top and reaches PIN_IN_MOUNT into the
    mount's boss."""
    g0, _ = gear_z(lay)
    top = shaft_top(lay)
    least, most = top - (g0 - PIN_IN_MOUNT[0]), top - (g0 - PIN_IN_MOUNT[1])
    length = max((n for n in M.DOWEL_LENGTHS if least <= n <= most), default=None)
    if length is None:
        raise LayoutError(f"box.shaft = \"steel\": no standard 3 mm pin is {least:.1f} to "
                          f"{most:.1f} mm long; use the printed shaft")
    return top - length, top, length


def dial_gear(lay: Layout) -> bd.Part:
    g0, g1 = gear_z(lay)
    top = shaft_top(lay)
    mark = cyl(4.5, 0, g1 - 0.6, g1 + 0.1, MARK_D)              # the dot facing the servo
    collar = cyl(0, 0, g1 - 0.5, g1 + 1.0, 6.0)                 # a collar under the panel
    if steel(lay):
        body = union([gear(GEAR_TEETH[1], g0), collar])
        return cut(body, [cyl(0, 0, g0 - 1, g1 + 2.0, STEEL_BORE), mark])
    body = union([gear(GEAR_TEETH[1], g0), cyl(0, 0, g1 - 0.5, top, SHAFT), collar])
    return cut(body, [cyl(0, 0, g0 - 1, g0 + 4.0, DIAL_GEAR_BORE),   # on the mount's pin
                      flat_tool(top - FLAT_LEN, top + 1), mark])


def servo_gear(lay: Layout) -> bd.Part:
    g0, _ = gear_z(lay)
    x = lay.gear_centre
    # both plans have a tooth at 0 degrees; the dial gear (odd count) has a gap at 180, facing
    # the servo; the servo gear is turned half a tooth so a tooth of it faces that gap
    body = bd.Pos(x, 0, 0) * bd.Rot(0, 0, 180 / GEAR_TEETH[0]) * gear(GEAR_TEETH[0], g0)
    horn = union([cyl(x, 0, g0 - 1, g0 + 2.0, HORN_HUB),
                  box(x, x + 16.0, -2.9, 2.9, g0 - 1, g0 + 2.0)])
    _, g1 = gear_z(lay)
    mark = cyl(x - 9.0, 0, g1 - 0.6, g1 + 0.1, MARK_D)       # the dot facing the dial gear
    return cut(body, [horn, mark, cyl(x, 0, g0 - 1, g0 + GEAR_THICK + 1, SERVO_GEAR_BORE)])


def dial(lay: Layout) -> bd.Part:
    z = z_levels(lay)
    r = dial_radius(lay)
    z0 = z["top"] + 0.5
    disc = cyl(0, 0, z0, z0 + 2.4, 2 * r)
    arrow = [(0, r - 0.8), (-r * 0.45, r * 0.25), (-r * 0.15, r * 0.25), (-r * 0.15, -r * 0.7),
             (r * 0.15, -r * 0.7), (r * 0.15, r * 0.25), (r * 0.45, r * 0.25)]
    a = math.radians(-ARROW_AT_1500US)
    turned = [(x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a))
              for x, y in arrow]
    body = union([disc, prism(turned, z0 + 2.0, z0 + 3.2)])
    if steel(lay):                     # round, glued on the pin at 1500 us
        return cut(body, [cyl(0, 0, z0 - 1, z0 + 2.0, STEEL_BORE)])
    hole = cut(cyl(0, 0, z0 - 1, z0 + 2.0, SHAFT + 0.1), [flat_tool(z0 - 2, z0 + 3, 0.05)])
    return cut(body, [hole])


def tab_holes(lay: Layout) -> list[float]:
    """x of the servo's two tab screws (SG90 data sheet: 27.8 mm apart round its body)."""
    p = servo_pose(lay)
    s = M.SERVOS["SG90"]
    return [p["mid"] + sx * s.tab_hole_pitch / 2 for sx in (-1, 1)]


def mount_screws(lay: Layout) -> list[tuple[float, float]]:
    p = servo_pose(lay)
    return [(x, y) for x in (-14.0, p["far"] + 12.0) for y in (-14.0, 14.0)]


def mount_z(lay: Layout) -> tuple[float, float]:
    """The mount's flange sits on 4 mm bosses on the floor: (flange bottom, flange top)."""
    return FLOOR + 4.0, FLOOR + 8.0


def servo_mount(lay: Layout) -> bd.Part:
    p = servo_pose(lay)
    g0, _ = gear_z(lay)
    f0, f1 = mount_z(lay)
    c = M.CLEARANCE
    s = M.SERVOS["SG90"]
    half_w = p["width"] / 2 + c + 4.0
    tab_far = p["mid"] + s.tab_span / 2 + 2.0
    xs = [x for x, _ in mount_screws(lay)]
    flange = box(min(xs) - 5, max(xs) + 5, -19.0, 19.0, f0, f1)
    tower = box(-6.0, tab_far, -half_w, half_w, f0, p["seat"])
    pin_top = g0 + 3.0
    # the boss's top carries the dial gear (0.1 mm below it as built), so the gear, the shaft
    # and the dial never drop onto the diffuser
    boss = cyl(0, 0, p["seat"] - 1, g0 - BOSS_GAP, 8.0)
    if not steel(lay):
        boss = union([boss, cyl(0, 0, g0 - 1, pin_top, SHAFT)])
    body = union([flange, tower, boss])
    # no clearance at the shaft's end: the guide pushes the servo against that wall while the
    # tab screws go in, which sets the gears' centre distance (checks.gear_backlash)
    pocket = box(p["near"], p["far"] + c, -p["width"] / 2 - c, p["width"] / 2 + c,
                 f0 - 1, p["seat"] + 1)
    cable = box(p["far"] - 1, tab_far + 1, -3.0, 3.0, f0 - 1, f0 + 6.0)
    notch = cable_notch(lay)
    tabs = [cyl(x, 0, p["seat"] - 8, p["seat"] + 1, TAB_PILOT) for x in tab_holes(lay)]
    d = bd_clearance("M3")
    screws = [cyl(x, y, f0 - 1, f1 + 1, d) for x, y in mount_screws(lay)]
    bore = [cyl(0, 0, steel_pin(lay)[0] - 0.5, g0 + 1, PIN_BORE)] if steel(lay) else []
    return cut(body, [pocket, cable, notch, *tabs, *screws, *bore])


def cable_notch(lay: Layout) -> bd.Part:
    """The notch in the datum wall for the cable at the servo's shaft end: the end still
    touches the wall beside and above it, and the cable bends down into the pocket under the
    servo and out through the slot at the far end."""
    p = servo_pose(lay)
    f0, _ = mount_z(lay)
    w, deep, high = CABLE_NOTCH
    bottom = p["seat"] - M.SERVOS["SG90"].tab_bottom
    return box(p["near"] - deep, p["near"] + 0.1, -w / 2, w / 2, f0 - 1, bottom + high)


def cable_path(lay: Layout) -> list[tuple[float, float, float]]:
    """Points along the SG90 cable's way out of the mount (for the `features` check)."""
    p = servo_pose(lay)
    f0, _ = mount_z(lay)
    s = M.SERVOS["SG90"]
    bottom = p["seat"] - s.tab_bottom
    tab_far = p["mid"] + s.tab_span / 2 + 2.0
    x = p["near"] - CABLE_NOTCH[1] / 2
    return [(x, 0.0, bottom + 3.0), (x, 0.0, bottom - 5.0), (p["mid"], 0.0, f0 + 2.0),
            (tab_far + 0.5, 0.0, f0 + 2.0)]


def servo_bodies(lay: Layout) -> dict[str, bd.Part]:
    """The SG90 and MG90S as boxes (body and tabs) where the pocket holds them."""
    p = servo_pose(lay)
    out = {}
    for key, s in M.SERVOS.items():
        L, W, H = s.body
        bottom = p["seat"] - s.tab_bottom
        body = box(p["near"], p["near"] + L, -W / 2, W / 2, bottom, bottom + H)
        mid = p["near"] + L / 2
        tabs = box(mid - s.tab_span / 2, mid + s.tab_span / 2, -W / 2, W / 2,
                   p["seat"], p["seat"] + s.tab_thick)
        out[key] = union([body, tabs])
    return out
