"""The hardware profile: the reference loads; every kind of mistake is reported by key."""

import tomllib
from pathlib import Path

import pytest

from table import profiles as hp
from table.profiles.leds import Grid, serpentine
from table.hexgrid import distance, hexagon

ROOT = Path(__file__).resolve().parents[2]


def reference_data() -> dict:
    return tomllib.loads(hp.REFERENCE.read_text())


def problems(data: dict) -> list[str]:
    with pytest.raises(hp.ProfileError) as info:
        hp.parse(data, "test.toml")
    assert "test.toml" in str(info.value)
    return info.value.problems


def one_problem(data: dict, key: str, *words: str) -> str:
    found = problems(data)
    assert len(found) == 1, found
    assert found[0].startswith(f"{key}: "), found
    for w in words:
        assert w in found[0], found
    return found[0]


def test_packaged_reference_equals_hardware_copy():
    assert (ROOT / "hardware" / "reference.toml").read_bytes() == hp.REFERENCE.read_bytes()


def test_reference_loads_with_the_documented_build():
    p = hp.load()
    assert p.name == "reference"
    assert p.wind.backend == "pico" and p.wind.hex == (0, 0)
    assert dict(p.wind.calibration) == {1: 667, 2: 1000, 3: 1333, 4: 1667, 5: 2000, 6: 2333}
    assert p.leds.grid == Grid((0, 0), 4, frozenset({(0, 0)}))   # the dial's hex: no LED
    assert len(p.leds.grid.hexes) == 60 and len(p.leds.led_map) == 60
    assert (0, 0) in p.leds.grid and (0, 0) not in p.leds.led_map
    assert p.display.address == 0x3C and p.display.bus == 1
    assert dict(p.buttons.pins) == {"1": 5, "2": 6, "3": 13, "4": 19, "5": 26, "6": 16,
                                    "ok": 20, "back": 21}
    assert (p.cards.tx_pin, p.cards.rx_pin) == (14, 15)
    assert p.pico.port.startswith("/dev/serial/by-id/")


def test_every_key_of_the_reference_is_documented():
    readme = (ROOT / "hardware" / "README.md").read_text()

    def walk(table, prefix):
        for key, value in table.items():
            full = f"{prefix}.{key}" if prefix else key
            if isinstance(value, dict):
                yield from walk(value, full)
            else:
                yield full

    missing = [k for k in walk(reference_data(), "")
               if f"`{k}`" not in readme and not k.startswith(("wind.calibration.",
                                                               "buttons.gpio.",
                                                               "buttons.encoder."))]
    assert missing == []


# ---- the LED map ----

def test_serpentine_columns_order_is_the_documented_one():
    m = serpentine(Grid((0, 0), 4), "serpentine-columns")
    assert m[:5] == ((-4, 0), (-4, 1), (-4, 2), (-4, 3), (-4, 4))      # west column, N->S
    assert m[5:11] == ((-3, 4), (-3, 3), (-3, 2), (-3, 1), (-3, 0), (-3, -1))  # back S->N
    assert m[-1] == (4, 0) and m[-5] == (4, -4)
    assert sorted(m) == sorted(hexagon((0, 0), 4))


def test_serpentine_rows_and_several_leds_per_hex():
    m = serpentine(Grid((1, -1), 1), "serpentine-rows", leds_per_hex=2)
    # rows of constant r from r=-2 (q ascending) to r=0 (q ascending again)
    assert m == ((1, -2), (1, -2), (2, -2), (2, -2),
                 (2, -1), (2, -1), (1, -1), (1, -1), (0, -1), (0, -1),
                 (0, 0), (0, 0), (1, 0), (1, 0))


@pytest.mark.parametrize("wiring", ["serpentine-columns", "serpentine-rows"])
@pytest.mark.parametrize("radius, centre", [(1, (0, 0)), (4, (0, 0)), (5, (2, -3)), (7, (0, 0))])
def test_serpentines_cover_the_grid_once_through_neighbours(wiring, radius, centre):
    grid = Grid(centre, radius)
    m = serpentine(grid, wiring)
    assert len(m) == 3 * radius * (radius + 1) + 1 and set(m) == grid.hexes
    assert all(distance(a, b) == 1 for a, b in zip(m, m[1:]))


def test_explicit_map_with_two_leds_per_hex():
    d = reference_data()
    grid = d["leds"]["grid"]
    grid.update(radius=1, wiring="map", leds_per_hex=2, skip=[],
                map=[list(h) for h in hexagon((0, 0), 1) for _ in range(2)])
    p = hp.parse(d)
    assert len(p.leds.led_map) == 14 and p.leds.led_map[0] == p.leds.led_map[1]


def explicit(radius=1):
    d = reference_data()
    d["leds"]["grid"].update(radius=radius, wiring="map", skip=[],
                             map=[list(h) for h in hexagon((0, 0), radius)])
    return d


def test_serpentine_skips_the_dial_hex():
    m = serpentine(Grid((0, 0), 4, frozenset({(0, 0)})), "serpentine-columns")
    assert len(m) == 60 and (0, 0) not in m
    assert m[28:32] == ((0, -2), (0, -1), (0, 1), (0, 2))   # the middle column jumps the dial
    jumps = [(a, b) for a, b in zip(m, m[1:]) if distance(a, b) != 1]
    assert jumps == [((0, -1), (0, 1))]


def test_a_skipped_hex_must_lie_in_the_grid_and_carry_no_mapped_led():
    d = reference_data()
    d["leds"]["grid"]["skip"] = [[9, 9]]
    one_problem(d, "leds.grid.skip[0]", "outside the grid")
    d = explicit()
    d["leds"]["grid"]["skip"] = [[0, 0]]
    one_problem(d, "leds.grid.map[3]", "[0, 0]", "skip")


def test_box_keys_default_and_are_checked():
    d = reference_data()
    del d["box"]
    assert hp.parse(d).box == hp.load().box                # the reference's values are defaults
    d["box"] = {"hex_mm": 5, "wall_mm": 1.0, "bed_mm": [220, 220]}
    found = problems(d)
    assert any(f.startswith("box.hex_mm: 5") and "10 to 60" in f for f in found), found
    assert any(f.startswith("box.bed_mm: ") for f in found), found


def test_the_oled_offset_is_the_modules_own_unless_measured():
    d = reference_data()
    assert hp.parse(d).box.oled_offset_mm is None          # the module's figure (parts/modules)
    d["box"]["oled_offset_mm"] = [0, -1.5]
    assert hp.parse(d).box.oled_offset_mm == (0.0, -1.5)
    for wrong in ([0, 9], [1], ["up", 0]):
        d["box"]["oled_offset_mm"] = wrong
        found = problems(d)
        assert any(f.startswith("box.oled_offset_mm:") and "towards the header" in f
                   for f in found), (wrong, found)


def test_the_dials_shaft_is_printed_or_steel():
    d = reference_data()
    assert hp.parse(d).box.shaft == "printed"
    d["box"]["shaft"] = "steel"
    assert hp.parse(d).box.shaft == "steel"
    d["box"]["shaft"] = "brass"
    assert any(f.startswith("box.shaft:") and "steel" in f for f in problems(d)), problems(d)


def test_map_missing_a_hex():
    d = explicit()
    d["leds"]["grid"]["map"].remove([1, 0])
    one_problem(d, "leds.grid.map", "[1, 0]", "no LED")


def test_map_repeating_a_hex():
    d = explicit()
    d["leds"]["grid"]["map"].append([0, 0])
    one_problem(d, "leds.grid.map", "[0, 0]", "2 LEDs")


def test_map_naming_a_hex_outside_the_grid():
    d = explicit()
    d["leds"]["grid"]["map"].append([2, 0])
    one_problem(d, "leds.grid.map[7]", "[2, 0]", "outside the grid")


def test_map_given_with_a_generated_wiring():
    d = explicit()
    d["leds"]["grid"]["wiring"] = "serpentine-rows"
    one_problem(d, "leds.grid.map", "remove map")


def test_wind_hex_outside_the_grid():
    d = reference_data()
    d["wind"]["hex"] = [5, 0]
    d["leds"]["grid"]["centre"] = [0, 0]
    one_problem(d, "wind.hex", "outside the LED grid")


def test_grid_centre_defaults_to_the_wind_hex():
    d = reference_data()
    d["wind"]["hex"] = [2, -1]
    del d["leds"]["grid"]["centre"]
    p = hp.parse(d)
    assert p.leds.grid.centre == (2, -1) and (6, -1) in p.leds.grid


# ---- keys and types ----

def test_unknown_keys_anywhere():
    d = reference_data()
    d["colour"] = 1
    d["wind"]["pulse_max"] = 2400
    d["buttons"]["gpio"]["okay"] = 4
    found = problems(d)
    assert [p.split(":")[0] for p in found] == ["colour", "wind.pulse_max", "buttons.gpio.okay"]
    assert all("unknown key" in p for p in found)


def test_wrong_types():
    d = reference_data()
    d["display"]["address"] = "0x3C"
    d["leds"]["brightness"] = True
    d["wind"]["hex"] = [0, 0, 0]
    found = problems(d)
    assert any(p.startswith("display.address: should be an integer") for p in found)
    assert any(p.startswith("leds.brightness: should be a number") for p in found)
    assert any(p.startswith("wind.hex: should be a hex [q, r]") for p in found)
    assert len(found) == 3


def test_unknown_backend():
    d = reference_data()
    d["display"]["backend"] = "ssd1309"
    one_problem(d, "display.backend", "ssd1306, sh1106, sim")


def test_all_problems_are_reported_together():
    d = reference_data()
    d["buttons"]["gpio"]["ok"] = 5          # clash with button 1
    d["display"]["rotate"] = 7
    del d["wind"]["calibration"]["3"]
    found = problems(d)
    assert len(found) == 3
    assert {p.split(":")[0] for p in found} == {"GPIO5", "display.rotate", "wind.calibration.3"}


def test_broken_toml_and_missing_file(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[wind\nbackend = 1\n")
    with pytest.raises(hp.ProfileError, match="(?s)bad.toml.*not valid TOML"):
        hp.load(bad)
    with pytest.raises(hp.ProfileError, match="does not exist"):
        hp.load(tmp_path / "none.toml")


# ---- pins ----

def test_two_functions_on_one_pin():
    d = reference_data()
    d["buttons"]["gpio"]["back"] = 6
    one_problem(d, "GPIO6", "button 2", "button back", "own pin")


def test_two_functions_on_one_pico_pin():
    d = reference_data()
    d["leds"]["pico_pin"] = 15
    one_problem(d, "Pico GP15", "WS2812 data", "servo PWM")


def test_hat_eeprom_pins_are_reserved():
    d = reference_data()
    d["buttons"]["gpio"]["3"] = 0
    one_problem(d, "GPIO0", "HAT ID EEPROM")


def test_i2c_bus_0_is_the_eeprom_bus():
    d = reference_data()
    d["display"]["bus"] = 0
    found = problems(d)
    assert {p.split(":")[0] for p in found} == {"GPIO0", "GPIO1"}


def test_uart_pins_only_for_the_card_reader():
    d = reference_data()
    d["wind"]["backend"] = "gpio"
    d["wind"]["gpio_pin"] = 14
    found = problems(d)
    assert any(p.startswith("GPIO14: is the Pi's UART TXD") for p in found)
    assert any(p.startswith("GPIO14: has two functions") for p in found)


def test_uart_pins_flagged_even_without_a_reader():
    d = reference_data()
    d["cards"]["backend"] = "sim"
    d["buttons"]["gpio"]["ok"] = 15
    one_problem(d, "GPIO15", "UART RXD")


def test_i2c_pins_only_for_i2c():
    d = reference_data()
    d["buttons"]["gpio"]["back"] = 3
    found = problems(d)
    assert any(p.startswith("GPIO3: is I2C1 SCL") for p in found)


def test_i2c_pins_shared_by_two_i2c_devices_are_fine():
    d = reference_data()
    d["wind"]["backend"] = "pca9685"
    p = hp.parse(d)
    assert {u.device for u in p.pin_uses if u.chip == "pi" and u.pin == 2} == {"display", "wind"}
    assert len(p.i2c_uses) == 2


def test_pin_not_on_the_header():
    d = reference_data()
    d["buttons"]["gpio"]["1"] = 40
    one_problem(d, "buttons.gpio.1", "BCM GPIO")


def test_pico_pin_not_on_the_edge():
    d = reference_data()
    d["leds"]["pico_pin"] = 25
    one_problem(d, "leds.pico_pin", "GP25")


def test_inactive_backend_pins_do_not_clash():
    d = reference_data()
    d["buttons"]["encoder"]["ok"] = 20      # the same pin as gpio "ok": only one is wired
    assert hp.parse(d).buttons.backend == "gpio"


def test_encoder_backend_uses_its_own_pins():
    d = reference_data()
    d["buttons"]["backend"] = "encoder"
    p = hp.parse(d)
    assert dict(p.buttons.pins) == {"a": 17, "b": 27, "ok": 22, "back": 23}
    del d["buttons"]["encoder"]
    one_problem(d, "buttons.encoder", "missing")


# ---- I2C ----

def test_i2c_address_clash():
    d = reference_data()
    d["wind"]["backend"] = "pca9685"
    d["wind"]["pca9685"]["address"] = 0x3C
    one_problem(d, "wind.pca9685.address", "0x3C", "display and wind")


def test_same_address_on_different_buses_is_fine():
    d = reference_data()
    d["wind"]["backend"] = "pca9685"
    d["wind"]["pca9685"].update(address=0x3C, bus=3)
    hp.parse(d)


def test_pca9685_all_call_address():
    d = reference_data()
    d["wind"]["backend"] = "pca9685"
    d["display"]["address"] = 0x70
    one_problem(d, "display.address", "all-call")


# ---- calibration ----

def test_calibration_missing_a_direction():
    d = reference_data()
    del d["wind"]["calibration"]["6"]
    one_problem(d, "wind.calibration.6", "missing")


def test_calibration_out_of_the_servo_range():
    d = reference_data()
    d["wind"]["calibration"]["2"] = 2600
    one_problem(d, "wind.calibration.2", "2600", "500 to 2500")


def test_calibration_unknown_direction():
    d = reference_data()
    d["wind"]["calibration"]["7"] = 1500
    one_problem(d, "wind.calibration.7", "unknown key")


def test_servo_range_inverted():
    d = reference_data()
    d["wind"]["pulse_min_us"] = 2500
    d["wind"]["pulse_max_us"] = 500
    found = problems(d)
    assert found[0].startswith("wind.pulse_max_us: 500 is not above")


# ---- devices and the Pico ----

def test_missing_devices_are_allowed_but_the_pico_port_is_needed():
    d = reference_data()
    del d["cards"], d["display"]
    p = hp.parse(d)
    assert p.cards is None and p.display is None
    del d["pico"]
    one_problem(d, "pico.port", "wind, leds")


def test_loaded_profile_is_frozen():
    p = hp.load()
    with pytest.raises(AttributeError):
        p.name = "x"
    with pytest.raises(TypeError):
        p.wind.calibration[1] = 5


def test_calibration_must_run_one_way():
    d = reference_data()
    d["wind"]["calibration"]["4"] = 1200       # below direction 3's 1333
    one_problem(d, "wind.calibration", "rise", "steadily")


def test_reference_pico_pins_are_the_firmwares():
    """The firmware's pins are fixed in firmware/main.py; the reference must name the same."""
    import re

    text = (ROOT / "firmware" / "main.py").read_text()
    pins = dict(re.findall(r"^(LED_PIN|SERVO_PIN) = (\d+)", text, re.M))
    p = hp.load()
    assert (p.leds.pico_pin, p.wind.pico_pin) == (int(pins["LED_PIN"]), int(pins["SERVO_PIN"]))
