"""All the parts in their assembled places, with the screw joints and the bought parts' pockets
that `checks` verifies, and the splits of any part larger than the print bed."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import build123d as bd

from table.profiles import Profile

from . import dial as D
from . import enclosure as E
from . import front as F
from . import modules as M
from . import panel as P
from . import routes as R
from .coupon import coupon
from .geometry import FLOOR, GEAR_MODULE, GEAR_TEETH, Layout, layout
from .solids import box, cyl
from .split import split_to_bed


@dataclass
class Part:
    name: str
    shape: bd.Shape          # in its assembled place (a Part, or a Solid of a split one)
    material: str
    orient: tuple[float, float, float]    # rotation (degrees about x, y, z) onto the bed
    face: str                # which face goes down on the bed
    settings: str
    note: str
    colour: tuple[int, ...]       # RGB, or RGBA for a see-through preview
    printed: bool = True
    count: int = 1
    family: str = ""         # the part it was split from ("" when whole)


@dataclass
class Joint:
    name: str
    size: str                # M3, M2.5, M2
    axis: str                # x, y or z
    at: tuple[float, float, float]
    holes: list[tuple[str, float, float, float]]   # (part, diameter, from, to along the axis)
    mate: str                # what it holds: a part's name or a bought board
    head: float = 0.0        # where the head seats, along the axis
    sign: int = -1           # the way the screw goes in along the axis (+1 or -1)
    length: float = 0.0      # under the head
    screw: str = ""          # what to buy, e.g. "M3 x 10 button head"

    @property
    def tip(self) -> float:
        return self.head + self.sign * self.length

    def point(self, s: float) -> tuple[float, float, float]:
        x, y, z = self.at
        return {"x": (s, y, z), "y": (x, s, z), "z": (x, y, s)}[self.axis]


@dataclass
class Pocket:
    name: str
    body: bd.Shape           # the bought part at its place (data-sheet size, no clearance)
    host: str                # the part whose pocket holds it
    snug: tuple[tuple[float, float, float], ...] = ()   # moves that must hit the host


#: what a check of the built box found: its problems (none when it holds) and the figure it
#: measured, which `worms-table parts` prints either way
Result = tuple[list[str], str]


@dataclass
class Build:
    profile: Profile
    layout: Layout
    parts: list[Part]
    joints: list[Joint]
    pockets: list[Pocket]
    keys: int = 0            # alignment pins in split parts
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)
    checked: dict[str, Result] | None = None    # checks.run_all's findings, once run
    pictures: list | None = None     # steppics.images: each step's picture, once drawn

    def part(self, name: str) -> list[Part]:
        return [p for p in self.parts if p.name == name or p.family == name]

    @property
    def gear_ratio(self) -> float:
        return GEAR_TEETH[0] / GEAR_TEETH[1]


PLA = "PLA (or PETG)"
MAT_SETTINGS = "0.2 mm layers, 3 walls, 20% gyroid infill, no supports"


def build(profile: Profile) -> Build:
    started = time.perf_counter()
    lay = layout(profile)
    z = P.z_levels(lay)
    g0, g1 = D.gear_z(lay)
    acrylic = lay.box.diffuser == "acrylic"
    parts = [
        Part("panel", P.panel(lay), "PLA, black (opaque: the cells must not leak light)",
             (0, 0, 0), "underside down, cells up", MAT_SETTINGS,
             f"{len(lay.cells)} cells, {len(lay.leds)} LED holders; the box's lid",
             (78, 78, 88)),
        Part("diffuser", P.diffuser(lay),
             "2 mm opal acrylic, laser-cut from diffuser.svg" if acrylic
             else "PLA, white or natural", (0, 0, 0), "flat",
             "laser cut" if acrylic else "0.2 mm layers, 100% infill (4 layers), no supports",
             "lies in the panel's rim over the cells", (235, 235, 225, 90),
             printed=not acrylic),
        Part("dial", D.dial(lay), "PLA, yellow", (0, 0, 0), "flat side down, arrow up",
             MAT_SETTINGS, "pressed on the shaft, arrow at the wind direction",
             (240, 200, 40)),
        Part("dial_gear", D.dial_gear(lay), PLA, (0, 0, 0), "gear down, shaft up",
             "0.12 mm layers, 4 walls, 50% infill, no supports",
             f"{GEAR_TEETH[1]} teeth, module {GEAR_MODULE:g}, with the 3 mm shaft",
             (200, 90, 40)),
        Part("servo_gear", D.servo_gear(lay), PLA, (180, 0, 0), "horn pocket up",
             "0.12 mm layers, 4 walls, 50% infill, no supports",
             f"{GEAR_TEETH[0]} teeth, module {GEAR_MODULE:g}, on the servo's horn",
             (200, 120, 60)),
        Part("servo_mount", D.servo_mount(lay), PLA, (0, 0, 0), "flange down", MAT_SETTINGS,
             "holds the servo and the dial gear's pin", (90, 130, 170)),
        Part("front", F.front(lay), "PLA, any colour", (90, 0, 0), "face down",
             "0.2 mm layers, 3 walls, 20% infill, no supports",
             "OLED window, buttons, tap pad", (70, 110, 90)),
        Part("enclosure", E.enclosure(lay), "PLA, any colour", (0, 0, 0), "floor down",
             MAT_SETTINGS, "the tray: bosses, jack, vents", (150, 150, 150)),
    ]
    parts.append(Part("test_coupon", coupon(lay), PLA, (0, 0, 0), "flat",
                      "as the parts it tests (0.12 mm layers for the gears' pins)",
                      "print first: the gears' fit, the insert holes, the button hole "
                      "(hardware/ASSEMBLY.md, step 0)", (230, 160, 60)))
    carrier = F.button_carrier(lay)
    if carrier is not None:
        parts.append(Part("button_carrier", carrier, PLA, (-90, 0, 0), "back down, recesses up",
                          MAT_SETTINGS, "holds the seven switches behind the front's holes",
                          (120, 120, 200)))
    joints = _joints(lay, z)
    pockets = _pockets(lay, z, g0)
    bld = Build(profile, lay, parts, joints, pockets)
    split_to_bed(bld)
    bld.seconds = time.perf_counter() - started
    return bld


HEAD_D = {"M3": 5.7, "M2.5": 5.0, "M2": 4.0}     # ISO 7380 button / pan heads: the driver too


def _j(name: str, size: str, axis: str, at, holes, mate: str, head: float, sign: int,
       length: float, kind: str = "pan head") -> Joint:
    return Joint(name, size, axis, at, holes, mate, head, sign, length,
                 f"{size} x {length:g} {kind}")


def _joints(lay: Layout, z: dict) -> list[Joint]:
    out = []
    zt = lay.z_top
    for i, (x, y) in enumerate(P.corner_screws(lay)):
        out.append(_j(f"panel screw {i + 1}", "M3", "z", (x, y, 0),
                      [("panel", P.bd_clearance("M3"), z["base0"] + 0.3, z["base1"] - 0.3),
                       ("enclosure", M.INSERT_HOLE["M3"], zt - 6.0, zt - 0.3)], "enclosure",
                      z["base1"], -1, 10.0, "button head"))
    fr = F.front_frame(lay)
    for i, (x, zz) in enumerate(F.front_screws(lay)):
        out.append(_j(f"front screw {i + 1}", "M3", "y", (x, 0, zz),
                      [("front", P.bd_clearance("M3"), fr["y0"] + 0.3, fr["y1"] - 0.3),
                       ("enclosure", M.INSERT_HOLE["M3"], fr["y1"] + 0.3, fr["y1"] + 6.0)],
                      "enclosure", fr["y0"], 1, 10.0, "button head"))
    f0, f1 = D.mount_z(lay)
    for i, (x, y) in enumerate(D.mount_screws(lay)):
        out.append(_j(f"servo mount screw {i + 1}", "M3", "z", (x, y, 0),
                      [("servo_mount", P.bd_clearance("M3"), f0 + 0.3, f1 - 0.3),
                       ("enclosure", M.INSERT_HOLE["M3"], f0 - 5.5, f0 - 0.3)],
                      "enclosure", f1, -1, 10.0, "button head"))
    p = D.servo_pose(lay)
    s = M.SERVOS["SG90"]
    for i, x in enumerate(D.tab_holes(lay)):
        out.append(_j(f"servo tab screw {i + 1}", "M2", "z", (x, 0, 0),
                      [("servo_mount", D.TAB_PILOT, p["seat"] - 6.0, p["seat"] - 0.3)],
                      "the servo's tab", p["seat"] + s.tab_thick, -1, 8.0,
                      "self-tapping (the servo's own)"))
    for name, size in (("pi", "M2.5"), ("pico", "M2"), ("shifter", "M2.5")):
        top = FLOOR + R.BOSS_H[name]
        for i, (x, y) in enumerate(R.board_holes(lay, name)):
            out.append(_j(f"{name} screw {i + 1}", size, "z", (x, y, 0),
                          [("enclosure", M.INSERT_HOLE[size], top - 3.0, top - 0.3)],
                          M.BOARDS[name].name, top + M.BOARDS[name].size[2], -1, 6.0))
    oled = M.BOARDS[lay.box.oled]
    for i, (x, zz) in enumerate(F.oled_screws(lay)):
        out.append(_j(f"OLED screw {i + 1}", "M2", "y", (x, 0, zz),
                      [("front", P.bd_tap("M2"), fr["y1"] - 2.7, fr["y1"] - 0.3)],
                      oled.name, fr["y1"] + oled.size[2], -1, 4.0))
    clamps, seat = F.reader_clamps(lay)
    for i, (x, zz) in enumerate(clamps):
        out.append(_j(f"reader clamp screw {i + 1}", "M2.5", "y", (x, 0, zz),
                      [("front", P.bd_tap("M2.5"), fr["y1"] - 2.7, fr["y1"] + seat - 0.3)],
                      "the card reader's edge", fr["y1"] + seat + F.WASHER[1], -1,
                      F.READER_SCREW))
    board = F.button_board(lay)
    if board is not None:
        ya, yb = board["y"]
        for i, (x, zz) in enumerate(board["holes"]):
            out.append(_j(f"button carrier screw {i + 1}", "M2.5", "y", (x, 0, zz),
                          [("button_carrier", P.bd_clearance("M2.5"), ya + 0.3, yb - 0.3),
                           ("front", P.bd_tap("M2.5"), fr["y1"] + 0.3, ya - 0.3)],
                          "the button carrier", yb, -1, 6.0))
    return out


def _pockets(lay: Layout, z: dict, g0: float) -> list[Pocket]:
    c = M.CLEARANCE + 0.3
    # the pocket takes the longer MG90S; the SG90 is snug on its shaft end and its sides
    out = [Pocket(f"servo {k}", body, "servo_mount", ((-c, 0, 0), (0, c, 0), (0, -c, 0))
                  + (((c, 0, 0),) if k == "MG90S" else ()))
           for k, body in D.servo_bodies(lay).items()]
    for name, body in F.front_bodies(lay).items():
        snug = ((c, 0, 0), (-c, 0, 0), (0, 0, c), (0, 0, -c)) if name != "switches" else ()
        out.append(Pocket(name, body, "front", snug))
    for name, body in E.board_bodies(lay).items():
        out.append(Pocket(name, body, "enclosure"))
    _, od, w = M.BEARING_SIZE
    top = z["base1"] + w + 1.0
    bearing = cyl(0, 0, top - w - 0.2, top - 0.2, od).cut(
        cyl(0, 0, top - w - 1, top + 1, M.BEARING_SIZE[0]))
    out.append(Pocket("623 bearing", bearing, "panel", ((c, 0, 0), (-c, 0, 0), (0, c, 0),
                                                         (0, -c, 0))))
    led = M.LEDS[lay.box.led][1]
    for cell in lay.leds[:1]:
        if lay.box.led == "pixel-board":
            body = cyl(cell.x, cell.y, z["base1"] - led[2] + 0.4, z["base1"] + 0.4, led[0])
        else:
            body = box(cell.x - led[0] / 2, cell.x + led[0] / 2, cell.y - led[1] / 2,
                       cell.y + led[1] / 2, z["base1"] - led[2] + 0.4, z["base1"] + 0.4)
        out.append(Pocket(f"LED {cell.led}", body, "panel", ((c, 0, 0), (-c, 0, 0),
                                                             (0, c, 0), (0, -c, 0))))
    return out
