import pytest

from table.devices.leds import SimHexLeds, check_color
from table.hexgrid import hexagon


def test_hexagon_radius_4_has_61_distinct_hexes_within_range():
    hexes = hexagon((0, 0), 4)
    assert len(hexes) == len(set(hexes)) == 61
    assert all(max(abs(q), abs(r), abs(q + r)) <= 4 for q, r in hexes)
    assert (0, 0) in hexes and (4, -4) in hexes and (2, 3) not in hexes


def test_staged_colours_appear_only_after_show_and_with_the_cap():
    leds = SimHexLeds(brightness=0.5)
    leds.set((0, 0), (200, 100, 51))
    assert leds.shown()[(0, 0)] == (0, 0, 0)
    leds.show()
    assert leds.shown()[(0, 0)] == (100, 50, 26)
    assert leds.shown()[(1, 0)] == (0, 0, 0)
    assert leds.frames == 1


def test_fill_and_several_leds_per_hex():
    leds = SimHexLeds(led_map=[(0, 0), (0, 0), (1, -1)])
    assert leds.hexes == {(0, 0), (1, -1)}
    leds.fill((1, 2, 3))
    leds.set((1, -1), (9, 9, 9))
    assert leds.frame() == ((1, 2, 3), (1, 2, 3), (9, 9, 9))
    leds.show()
    assert leds.shown() == {(0, 0): (1, 2, 3), (1, -1): (9, 9, 9)}


def test_unknown_hex_is_a_clear_value_error_and_changes_nothing():
    leds = SimHexLeds()
    with pytest.raises(ValueError, match=r"hex \(9, 9\) has no LED.*61 hexes"):
        leds.set((9, 9), (1, 1, 1))
    with pytest.raises(ValueError, match="a hex is"):
        leds.set("centre", (1, 1, 1))
    leds.show()
    assert set(leds.shown().values()) == {(0, 0, 0)}


@pytest.mark.parametrize("bad", [(256, 0, 0), (1, 2), "red", (1.0, 2, 3), (-1, 0, 0), (True, 0, 0)])
def test_bad_colour_is_rejected(bad):
    leds = SimHexLeds()
    with pytest.raises(ValueError, match="LED colour must be"):
        leds.set((0, 0), bad)
    with pytest.raises(ValueError, match="LED colour must be"):
        check_color(bad)


def test_a_whole_frame_is_staged_as_each_hex_set_would_be_and_capped_anew_after_a_change():
    frame = {h: (h[0] % 256, 7, 200) for h in hexagon((0, 0), 4)} | {(9, 9): (1, 1, 1)}
    one, whole = SimHexLeds(brightness=0.5), SimHexLeds(brightness=0.5)
    for h, c in frame.items():
        if h in one.hexes:
            one.set(h, c)
    whole.stage(frame)                        # (the hex with no LED under it left out)
    assert whole.frame() == one.frame()
    whole.show()
    assert whole.shown()[(0, 0)] == (0, 4, 100)
    whole.brightness = 1.0
    whole.stage({(0, 0): (200, 7, 200)})
    whole.show()
    assert whole.shown()[(0, 0)] == (200, 7, 200) and whole.shown()[(1, 0)] == (1, 7, 200)


@pytest.mark.parametrize("bad", [(256, 0, 0), (1, 2), "red", (1.0, 7, 200), (True, 7, 200)])
def test_a_bad_colour_in_a_frame_is_rejected_even_beside_good_ones(bad):
    leds = SimHexLeds()
    leds.stage({(0, 0): (1, 7, 200)})
    with pytest.raises(ValueError, match="LED colour must be"):
        leds.stage({(0, 0): (1, 7, 200), (1, 0): bad})


@pytest.mark.parametrize("bad", [-0.1, 1.5, "1"])
def test_bad_brightness_is_rejected(bad):
    with pytest.raises(ValueError, match="brightness"):
        SimHexLeds(brightness=bad)


def test_empty_map_is_rejected():
    with pytest.raises(ValueError, match="LED map is empty"):
        SimHexLeds(led_map=[])
