"""worms-table selftest, end to end: simulated devices pressed and tapped by --auto."""

import pytest

from table import cli
from table.profiles import REFERENCE


def run(capsys, *argv):
    code = cli.main(["selftest", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_sim_auto_passes_every_step(capsys):
    code, out, err = run(capsys, "--sim", "--auto")
    assert code == 0, out + err
    for step in ("buttons", "leds", "wind", "display", "supply", "card"):
        assert f"PASS {step}:" in out
    assert "9 pieces of the strip lit one by one, 60 LEDs, each seen" in out
    assert "LEDs 26-33 (hexes [0, -4]..[0, 4]) lit white, every other LED dark? yes" in out
    assert "the dial points at direction 6 (NW)? yes" in out
    assert "seen: back" in out and "read card 04A1B2C3D4E5F6" in out
    assert "PASS supply: LED rail 4.87 V at the lowest, all 60 LEDs white at the 35% cap" in out
    assert "6 passed, 0 failed" in out


def test_sim_auto_names_the_pin_library(capsys):
    code, out, _ = run(capsys, "--sim", "--auto", "--only", "card")
    assert code == 0
    assert 'pin library: none, the devices are simulated; with real devices here ' \
           'pi.pin_library = "auto" would' in out


def when_built(monkeypatch, then):
    """Build the devices as a command (selftest, calibrate) does, then ``then(devices)``."""
    from table.devices import build

    real = build.build_devices

    def building(profile, sim=False):
        devices = real(profile, sim)
        then(devices)
        return devices

    monkeypatch.setattr(build, "build_devices", building)


def with_fault(monkeypatch, device, switch, value):
    """Build the devices as selftest does, then flip a simulated fault switch."""
    when_built(monkeypatch, lambda devices: setattr(getattr(devices, device), switch, value))


def test_a_cut_led_data_wire_fails(capsys, monkeypatch):
    with_fault(monkeypatch, "leds", "data_wire_cut", True)
    code, out, _ = run(capsys, "--sim", "--auto")
    assert code == 1
    assert "LEDs 0-4 (hexes [-4, 0]..[-4, 4]) lit white, every other LED dark? no" in out
    assert "FAIL leds: 9 of 9 pieces of the strip not as asked: LEDs 0-4, LEDs 5-10" in out
    assert "5 passed, 1 failed (leds)" in out


def test_a_dead_servo_fails(capsys, monkeypatch):
    with_fault(monkeypatch, "wind", "dead", True)
    code, out, _ = run(capsys, "--sim", "--auto", "--only", "wind")
    assert code == 1
    assert "the dial points at direction 2 (NE)? no" in out
    # it rests at direction 1, so only the questions for 1 are answered yes
    assert "FAIL wind: 5 of 7 directions not as asked: direction 2, direction 3" in out


def test_a_sagging_supply_fails(capsys, monkeypatch):
    weak_supply_ohms = 0.8           # a weak supply or thin wires: below 4.5 V under the LEDs
    with_fault(monkeypatch, "leds", "supply_ohms", weak_supply_ohms)
    code, out, _ = run(capsys, "--sim", "--auto", "--only", "supply")
    assert code == 1
    assert "FAIL supply: the LED supply sagged to 3.95 V with all 60 LEDs white at the 35% " \
           "cap (below 4.5 V)" in out


def test_a_dead_led_supply_fails_though_the_pico_runs_from_usb(capsys, monkeypatch):
    with_fault(monkeypatch, "leds", "supply_off", True)
    code, out, _ = run(capsys, "--sim", "--auto", "--only", "supply")
    assert code == 1
    assert "FAIL supply: the LEDs' 5 V rail reads 0.00 V (the Pico's VSYS 4.70 V): the 5 V " \
           "supply is off or unplugged" in out


def test_an_unplugged_display_fails(capsys, monkeypatch):
    with_fault(monkeypatch, "display", "unplugged", True)
    code, out, _ = run(capsys, "--sim", "--auto", "--only", "display")
    assert code == 1 and "FAIL display: 1 of 1 pictures not as asked" in out


def test_a_pico_without_supply_readings_fails(capsys, monkeypatch):
    from table.devices.leds import SimHexLeds

    monkeypatch.setattr(SimHexLeds, "measure_rail", lambda self: None)    # firmware 1.1
    code, out, _ = run(capsys, "--sim", "--auto", "--only", "supply")
    assert code == 1 and "FAIL supply: the Pico reported no LED rail voltage" in out


def test_the_person_answers_by_typing(capsys, monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("y\nn\n" + "\n" * 7 + "maybe\nn\n"))
    code, out, _ = run(capsys, "--sim", "--only", "leds", "--only", "display")
    assert code == 1
    assert "[OK or y: yes, Back or n: no]" in out
    assert "FAIL leds: 1 of 9 pieces of the strip not as asked: LEDs 5-10" in out
    assert "'maybe'? answer y (or Enter) for yes, n for no" in out
    assert "FAIL display: 1 of 1 pictures not as asked" in out


def test_the_person_answers_with_the_buttons(capsys, monkeypatch):
    """OK answers yes, Back no: pressed on the simulated buttons once each question shows."""
    import io
    import re

    from table.devices import build

    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    real = build.build_devices
    made = []
    monkeypatch.setattr(build, "build_devices", lambda p, sim=False: made.append(real(p, sim))
                        or made[-1])
    presses = iter(["ok", "back", "ok", "ok", "ok", "ok", "ok", "ok", "ok"])

    class Out(io.StringIO):
        def write(self, text):
            if "[OK or y: yes" in text:
                made[0].buttons.press(next(presses))
            return super().write(text)

    monkeypatch.setattr("sys.stdout", Out())
    code = cli.main(["selftest", "--sim", "--only", "wind"])
    out = __import__("sys").stdout.getvalue()
    assert code == 1
    assert re.search(r"FAIL wind: 1 of 7 directions not as asked: direction 2\b", out)


def test_nobody_pressing_fails_after_the_timeout(capsys):
    code, out, _ = run(capsys, "--sim", "--only", "buttons", "--only", "card", "--timeout", "0.2")
    assert code == 1
    assert "FAIL buttons: not seen within 0.2 s: 1 2 3 4 5 6 ok back" in out
    assert "FAIL card: no card read within 0.2 s" in out
    assert "0 passed, 2 failed (buttons, card)" in out


def test_encoder_build_waits_for_its_own_inputs(capsys, tmp_path):
    profile = tmp_path / "enc.toml"
    profile.write_text(REFERENCE.read_text().replace('backend = "gpio"          # gpio | encoder',
                                                 'backend = "encoder"       # gpio | encoder'))
    code, out, _ = run(capsys, "--profile", str(profile), "--sim", "--auto", "--only", "buttons")
    assert code == 0
    assert "press each button once: cw ccw ok back" in out


def test_real_devices_that_are_absent_fail_with_a_reason(capsys):
    code, out, err = run(capsys, "--only", "display", "--only", "card")
    assert code == 1
    assert "FAIL display: OLED display" in out and "I2C" in out
    assert "FAIL card: PN532 card reader" in out
    assert "Traceback" not in out + err


def test_display_step_shows_the_pattern():
    from table.commands.selftest import Person, pattern_image, step_display
    from table.devices.display import SimDisplay

    class Devices:
        display = SimDisplay()

    ok, _ = step_display(Devices, None, Person(auto=True, timeout=1))
    assert ok and Devices.display.panel().tobytes() == pattern_image().tobytes()
    assert 0 < sum(pattern_image().getdata()) < 128 * 64 * 255


def test_led_step_catches_an_led_that_does_not_light(capsys):
    from table.commands.selftest import Person, step_leds
    from table.devices.leds import SimHexLeds
    from table.profiles import load

    class Devices:
        profile = load()
        leds = SimHexLeds(profile.leds.led_map, profile.leds.brightness)
    Devices.leds.dead = {30}                       # LED 30 never lights

    class Args:
        sim, fast = True, False

    ok, detail = step_leds(Devices, Args, Person(auto=True, timeout=1))
    assert not ok and detail.startswith("1 of 9 pieces of the strip not as asked: LEDs 26-33")


@pytest.mark.parametrize("argv, message", [
    (["--auto"], "--auto answers for a person from simulated devices"),
    (["--sim", "--timeout", "0"], "--timeout"),
    (["--profile", "/nonexistent.toml"], "does not exist"),
])
def test_user_mistakes(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and message in err and "Traceback" not in err


def test_a_pin_library_fallback_is_named_with_its_fix(capsys, monkeypatch):
    import warnings

    from gpiozero.exc import PinFactoryFallback

    from table.devices.build import Devices

    def falls_back(self):
        warnings.warn(PinFactoryFallback("Falling back from lgpio: 'can not open gpiochip'"),
                      stacklevel=2)
        return "RPiGPIOFactory (from GPIOZERO_PIN_FACTORY, not the profile)"

    monkeypatch.setattr(Devices, "describe_pin_library", falls_back)
    code, out, err = run(capsys, "--sim", "--auto", "--only", "card")
    assert code == 0
    assert ("pin library warning: gpiozero could not use lgpio ('can not open gpiochip') and fell "
            "back to another one: install the 'pi' extra") in out
    assert "LG_WD" in out and "Falling back" not in err
