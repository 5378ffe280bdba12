"""The box's printed parts, built for the reference profile and for a second, larger box: every
check a maker relies on, measured on the built solids (each profile built once: tests/parts/builds.py)."""

from dataclasses import replace

import build123d as bd
import pytest

from table import profiles as hp
from table.parts import checks as C
from table.parts.geometry import (GEAR_MODULE, GEAR_TEETH, LayoutError, chain_text, hex_xy,
                                  layout)
from tests.parts.builds import PROFILES, built_for


@pytest.fixture(scope="module", params=sorted(PROFILES))
def built(request):
    return built_for(request.param)


@pytest.fixture(scope="module")
def reference():
    return built_for("reference")


def test_every_part_is_one_closed_valid_solid(built):
    assert C.closed_solids(built) == []
    carrier = {"button_carrier"} if built.profile.box.buttons == "tactile-12" else set()
    assert {p.family or p.name for p in built.parts} == {
        "panel", "diffuser", "dial", "dial_gear", "servo_gear", "servo_mount", "front",
        "enclosure", "test_coupon"} | carrier


def test_every_part_fits_the_bed_or_is_split_with_keys(built):
    assert C.bed_fit(built) == []
    bed = built.profile.box.bed_mm
    assert all(x <= max(bed) for x in C.max_part_mm(built))
    split = {p.family for p in built.parts if p.family}
    if built.profile.name == "reference":
        assert split == set() and built.keys == 0
    else:          # 271 x 302 mm on a 220 mm bed: the panel, front and enclosure are cut
        assert split == {"panel", "front", "enclosure"} and built.keys >= 8
        assert len(built.part("panel")) == 4


def test_the_assembled_parts_do_not_intersect(built):
    assert C.interference(built) == {}


def test_the_gear_pair_meshes_at_its_centre_distance_and_turns_2_to_1(built):
    assert C.gear_mesh(built) == []
    assert built.gear_ratio == 2.0
    assert built.layout.gear_centre == GEAR_MODULE * (GEAR_TEETH[0] + GEAR_TEETH[1]) / 2


def test_one_open_cell_per_hex_and_a_holder_per_led_of_the_profile(built):
    assert C.cells(built) == []
    p = built.profile
    assert len(built.layout.cells) == len(p.leds.grid.hexes) + len(p.leds.grid.skip)
    assert len(built.layout.leds) == len(p.leds.led_map)


def test_every_screw_hole_lines_up_with_its_mate(built):
    assert C.holes(built) == []
    sizes = {j.size for j in built.joints}
    assert {"M3", "M2.5", "M2"} <= sizes


def test_the_pockets_take_the_data_sheet_parts_with_clearance(built):
    assert C.pockets(built) == []
    names = {pk.name for pk in built.pockets}
    switches = {"switches"} if built.profile.box.buttons == "tactile-12" else set()
    assert {"servo SG90", "servo MG90S", "oled", "reader", "pi", "pico", "shifter",
            "623 bearing"} | switches <= names


def test_the_cells_follow_the_profile_led_map_and_chain_order(built):
    p = built.profile
    lay = built.layout
    dx, dy = hex_xy(p.wind.hex, lay.s)
    for i, cell in enumerate(lay.leds):
        assert cell.led == i and cell.hex == p.leds.led_map[i]
        x, y = hex_xy(cell.hex, lay.s)
        assert (cell.x, cell.y) == pytest.approx((x - dx, y - dy))
    assert all(c.led is None for c in lay.cells if c.hex == p.wind.hex)
    first = {"reference": "LEDs 0-4, column q = -4, north to south: [-4, 0],",
             "large-box": "LEDs 0-5, row r = -5, west to east: [0, -5],"}[p.name]
    assert chain_text(lay)[0].startswith(first)          # parts.md's wiring list


# ---- the checks find what is wrong (on the reference, with one part moved) ----

def moved(bld, name, dx=0.0, dy=0.0, dz=0.0):
    parts = [replace(p, shape=bd.Pos(dx, dy, dz) * p.shape) if p.name == name else p
             for p in bld.parts]
    return replace(bld, parts=parts)


def test_a_gear_off_its_centre_distance_is_found(reference):
    found = C.gear_mesh(moved(reference, "servo_gear", dx=-0.5))
    assert any("centre distance 22.000" in f for f in found), found
    assert any("overlap" in f for f in found), found


def test_a_dial_sunk_into_the_diffuser_is_an_interference(reference):
    found = C.interference(moved(reference, "dial", dz=-1.0))
    assert found["diffuser / dial"] > 1                       # and the shaft hits its hole's end
    assert set(found) == {"diffuser / dial", "dial / dial_gear"}


def test_a_shifted_panel_misses_its_screws(reference):
    found = C.holes(moved(reference, "panel", dx=2.5))
    assert len(found) == 4 and all(f.startswith("panel screw") for f in found), found


def test_a_servo_pocket_too_small_is_found(reference):
    bad = moved(reference, "servo_mount", dy=0.8)     # the pocket's walls close on the servo
    found = C.pockets(bad)
    assert any(f.startswith("servo SG90 does not fit") for f in found), found
    assert any(f.startswith("servo MG90S does not fit") for f in found), found


# ---- what cannot be built is said ----

def reference_data():
    import tomllib
    return tomllib.loads(hp.REFERENCE.read_text())


@pytest.mark.parametrize("change, words", [
    (lambda d: d["leds"]["grid"].update(skip=[]), "add it to leds.grid.skip"),
    (lambda d: d["leds"]["grid"].update(leds_per_hex=2), "one LED per cell"),
    (lambda d: d["box"].update(led="strip-cut"), "does not fit a 20 mm cell"),
    (lambda d: d["box"].update(hex_mm=13.0), "use box.hex_mm of 16 or more"),
])
def test_a_box_that_cannot_be_built_is_refused_in_one_line(change, words):
    d = reference_data()
    change(d)
    with pytest.raises(LayoutError, match=words):
        layout(hp.parse(d))


def test_the_large_boxs_steel_shaft_has_its_bores_and_its_pin():
    """tests/parts/large.toml takes the steel pin: the gear's and the mount's bores are in their
    solids, the coupon has the mount's bore, and the pin is a standard length."""
    from table.parts import dial as D
    from table.parts import modules as M
    from table.parts.features import features
    from table.parts.solids import Inside

    large = built_for("large")
    problems, _ = features(large)
    assert problems == []
    bottom, top, length = D.steel_pin(large.layout)
    assert length in M.DOWEL_LENGTHS and top - bottom == length
    assert D.PIN_IN_MOUNT[0] <= D.gear_z(large.layout)[0] - bottom <= D.PIN_IN_MOUNT[1]
    coupon = Inside([p.shape for p in large.part("test_coupon")])
    assert not coupon(400.0 + 10.0, 20.0, 2.0)          # the pin's bore in the coupon's plate
