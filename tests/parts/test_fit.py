"""The maker's checks (table/parts/fitcheck.py, bridges.py, backlash.py) hold on the reference
box, and each finds the snag it is for when the snag is put back (the reference built once:
tests/parts/builds.py)."""

from dataclasses import replace

import build123d as bd
import pytest

from table.parts import backlash as G
from table.parts import bridges as B
from table.parts import checks as C
from table.parts import fitcheck as F
from table.parts import modules as M
from table.parts import steps as S
from table.parts.assembly import Part
from table.parts.solids import box
from tests.parts.builds import built_for


@pytest.fixture(scope="module")
def reference():
    return built_for("reference")


@pytest.fixture(scope="module")
def found(reference):
    return C.run_all(reference)


def moved(bld, name, dx=0.0, dy=0.0, dz=0.0):
    parts = [replace(p, shape=bd.Pos(dx, dy, dz) * p.shape) if p.name == name else p
             for p in bld.parts]
    return replace(bld, parts=parts, checked=None)


@pytest.mark.parametrize("check", ["bridges", "screws", "tool access", "gear mesh",
                                   "wire clearance", "service", "boards", "power board",
                                   "features", "step pictures"])
def test_the_reference_box_passes(found, check):
    problems, figure = found[check]
    assert problems == [], problems
    assert figure


def test_the_figures_are_measured(found):
    assert "widest span" in found["bridges"][1]
    span = float(found["bridges"][1].split("widest span ")[1].split(" mm")[0])
    assert 0 < span <= B.BRIDGE_MAX_MM
    lo, hi = found["gear mesh"][1].split("backlash ")[1].split(" mm")[0].split("-")
    assert G.BACKLASH_MM[0] <= float(lo) < float(hi) <= G.BACKLASH_MM[1]
    nearest = float(found["wire clearance"][1].split("moving part ")[1].split(" mm")[0])
    assert nearest >= F.WIRE_CLEAR_MM


def test_a_skin_over_a_wide_recess_is_a_bridge(reference):
    table = box(0, 40, 0, 30, 0, 6).cut(box(2, 38, -1, 31, -1, 4))      # a 36 mm span at 4 mm
    part = Part("table", table, "PLA", (0, 0, 0), "legs down", "", "", (0, 0, 0))
    problems, _ = B.bridges(replace(reference, parts=[part], checked=None))
    assert len(problems) == 1 and "spans 36.0 mm" in problems[0], problems


def test_a_screw_too_long_for_the_front_comes_out_of_its_face(reference):
    joints = [replace(j, length=6.0) if j.name.startswith("OLED screw") else j
              for j in reference.joints]
    problems, _ = F.screws(replace(reference, joints=joints, checked=None))
    assert len(problems) == 4 and all("OLED screw" in p and "out of front" in p
                                      for p in problems), problems


def test_the_gear_fitted_before_the_tab_screws_blocks_the_driver(reference, monkeypatch):
    steps = list(S.ASSEMBLY_STEPS)
    steps[2], steps[3] = (replace(steps[3], number=3, group="servo"),
                          replace(steps[2], number=4))         # the old guide's order
    steps[2] = replace(steps[2], parts=("servo_mount", "servo_gear"), bought=("servo SG90",))
    steps[3] = replace(steps[3], parts=())
    monkeypatch.setattr(S, "ASSEMBLY_STEPS", tuple(steps))
    problems, _ = F.tool_access(reference)
    assert [p.split(" (")[0] for p in problems] == ["servo tab screw 1"], problems


def test_gears_without_backlash_are_found(reference, monkeypatch):
    from table.parts import dial as D

    monkeypatch.setattr(D, "BACKLASH", 0.0)
    problems, _ = G.gear_backlash(reference)
    assert problems and "backlash" in problems[0], problems


def test_a_gear_raised_towards_the_wires_is_found(reference):
    problems, _ = F.wire_clearance(moved(reference, "servo_gear", dz=2.0))
    assert problems and "servo_gear" in problems[0], problems


def test_a_wall_in_front_of_the_sd_card_is_found(reference):
    problems, _ = F.service(moved(reference, "enclosure", dy=12.0))
    assert any("microSD" in p for p in problems), problems


def test_a_board_the_bosses_do_not_take_is_found(reference, monkeypatch):
    holes = tuple((x - 32.5 + 3.5 + 29, y) for x in (-29, 29) for y in (-11.5, 11.5))  # 58 x 23
    zero = M.Board("Raspberry Pi Zero 2 W", (65.0, 30.0, 1.4), holes, "M2.5")
    monkeypatch.setitem(M.BOARD_OPTIONS, "pi", M.BOARD_OPTIONS["pi"] + (zero,))
    problems, _ = F.boards(reference)
    assert any(p.startswith("Raspberry Pi Zero 2 W: its holes miss") for p in problems)


def test_the_bom_offers_exactly_the_boards_that_fit():
    from pathlib import Path

    bom = (Path(__file__).parents[2] / "hardware" / "BOM.md").read_text()
    line = next(ln for ln in bom.splitlines() if ln.startswith("| 1 | Raspberry Pi |"))
    offered = line.split("|")[3]
    assert "Zero" not in offered
    for option in M.BOARD_OPTIONS["pi"]:
        assert option.name.replace("Raspberry ", "") in offered.replace("Raspberry ", "")
    pico = next(ln for ln in bom.splitlines() if ln.startswith("| 4 |"))
    assert "SC0915" in pico and "not a Pico H" in pico


def test_the_coupon_holds_the_gears_at_their_distance_and_the_front_hole(reference):
    from table.parts.coupon import HOLE_STEPS

    from table.parts.dial import SERVO_GEAR_BORE
    from table.parts.geometry import SHAFT

    coupon = reference.part("test_coupon")[0].shape
    pins = sorted({(round(e.arc_center.X, 3), round(2 * e.radius, 3)) for e in coupon.edges()
                   if e.geom_type == bd.GeomType.CIRCLE and e.radius < 2 and e.arc_center.Z > 9
                   and e.arc_center.Y < 30})                     # (the inserts' row is at 36)
    (x0, dial_pin), (x1, servo_pin) = pins
    assert x1 - x0 == pytest.approx(reference.layout.gear_centre)
    assert (dial_pin, servo_pin) == pytest.approx((SHAFT, SERVO_GEAR_BORE))   # as in the box
    holes = {round(2 * e.radius, 2) for e in coupon.edges()
             if e.geom_type == bd.GeomType.CIRCLE and e.radius > 6}
    front_hole = M.BUTTONS[reference.layout.box.buttons].hole
    assert holes == {round(front_hole + s, 2) for s in HOLE_STEPS}
    assert C.interference(reference) == {}          # it lies apart from the box


def test_each_step_adds_something_and_every_screw_has_its_step(reference):
    walked = list(S.walk(reference))
    assert [s.number for s, *_ in walked] == list(range(1, len(S.ASSEMBLY_STEPS) + 1))
    assert all(new or joints for _, new, _, _, joints in walked)
    driven = [j.name for *_, joints in walked for j in joints]
    assert sorted(driven) == sorted(j.name for j in reference.joints)


def test_the_guide_quotes_the_measured_lengths_and_has_every_step_picture():
    from pathlib import Path

    from table import profiles as hp
    from table.parts.geometry import layout
    from table.parts.routes import chain_wire_mm, lengths

    root = Path(__file__).parents[2] / "hardware"
    guide = (root / "ASSEMBLY.md").read_text()
    mm = lengths(layout(hp.load()))
    for cable, key in (("W-LID", "lid"), ("W-LED-END", "lid end"), ("W-OLED", "oled"),
                       ("W-READER", "reader"), ("W-BUTTONS", "buttons"), ("W-SERVO", "servo"),
                       ("W-C2", "supply")):
        row = next(ln for ln in guide.splitlines() if ln.startswith(f"| {cable} |"))
        assert row.rstrip(" |").endswith(f"{mm[key] / 1000:g} m"), (row, mm[key])
    chain = chain_wire_mm(layout(hp.load()))
    assert f"{chain['total_mm'] / 1000:.1f} m for the 59 links" in guide
    assert f"buy {chain['buy_m']:g} m" in guide
    for step in S.ASSEMBLY_STEPS:
        name = f"img/steps/step{step.number:02d}.png"
        assert f"]({name})" in guide and (root / name).is_file(), name


def test_a_feature_missing_from_its_solid_is_found(reference):
    """The diffuser's ticks once extruded down into the sheet and vanished: a diffuser without
    them, a mount without the cable's notch, are named."""
    from table.parts import dial as D
    from table.parts.features import features
    from table.parts.solids import box

    sheet = reference.part("diffuser")[0]
    bare = box(-150, 150, -150, 150, sheet.shape.bounding_box().min.Z,
               sheet.shape.bounding_box().max.Z - 0.5) & sheet.shape
    mount = reference.part("servo_mount")[0]
    filled = mount.shape.fuse(D.cable_notch(reference.layout))
    parts = [replace(p, shape=bare) if p is sheet else replace(p, shape=filled) if p is mount
             else p for p in reference.parts]
    problems, _ = features(replace(reference, parts=parts, checked=None))
    assert "diffuser: the tick of direction 1 is not there" in problems
    assert "servo_mount: the SG90 cable's way out (point 1) is not there" in problems
    assert features(reference)[0] == []


def test_each_step_picture_is_large_and_shows_what_the_step_adds(found, reference):
    """The pictures the check measured (drawn once for the build): 1000 px or more, and each
    differs from the one before by more than the title."""
    from table.parts import steppics

    pictures = steppics.images(reference)
    assert [s.number for s, _ in pictures] == [s.number for s in S.ASSEMBLY_STEPS]
    assert all(min(img.size) >= 1000 for _, img in pictures)
    assert "differs from the one before" in found["step pictures"][1]


def test_a_picture_like_the_one_before_or_all_grey_is_found(reference):
    """The check on the reference's own pictures: step 6 drawn as step 5 was, step 7 in grey."""
    from table.parts import steppics

    pictures = steppics.images(reference)
    (five, a), (six, _), (seven, c) = pictures[4:7]
    bad = [(five, a), (six, a.copy()), (seven, c.convert("L").convert("RGB"))]
    problems, _ = steppics.check(replace(reference, pictures=bad, checked=None))
    assert problems[0].startswith("step 6: its picture differs from step 5's in 0.00%")
    assert problems[1] == "step 7: 0.00% of its picture in colour"
    assert steppics.check(reference)[0] == []


def test_a_window_at_the_boards_middle_and_no_header_relief_are_found(reference):
    """The window where it was, centred on the OLED's board (hiding the active area's top
    rows), and the plate's back without the header's relief: both named."""
    from table.parts import modules as M
    from table.parts.features import features
    from table.parts.front import oled_header, oled_window
    from table.parts.geometry import front_frame

    lay = reference.layout
    fr = front_frame(lay)
    (ax, az), hz = oled_window(lay), oled_header(lay)
    wx, wz = M.BOARDS[lay.box.oled].window
    old_top = az - M.BOARDS[lay.box.oled].window_at[1] + wz / 2 + 0.5
    front = reference.part("front")[0]
    filled = front.shape.fuse(box(ax - wx / 2 - 1, ax + wx / 2 + 1, fr["y0"], fr["y1"], old_top,
                                  az + wz / 2 + 1)).fuse(
        box(ax - 8, ax + 8, fr["y1"] - 2.8, fr["y1"], hz - 1.6, hz + 1.6))
    parts = [replace(p, shape=filled) if p is front else p for p in reference.parts]
    problems, _ = features(replace(reference, parts=parts, checked=None))
    assert "front: the OLED window over the active area's top left corner is not there" in problems
    assert "front: the relief for the OLED header's pin ends is not there" in problems
    assert not any("bottom right" in p for p in problems)
