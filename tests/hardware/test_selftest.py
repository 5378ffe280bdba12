"""worms-table selftest, end to end: simulated devices pressed and tapped by --auto."""

import pytest

from table import cli
from table.profile import REFERENCE


def run(capsys, *argv):
    code = cli.main(["selftest", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_sim_auto_passes_every_step(capsys):
    code, out, err = run(capsys, "--sim", "--auto")
    assert code == 0, out + err
    for step in ("leds", "wind", "display", "buttons", "card"):
        assert f"PASS {step}:" in out
    assert "lit 60 hexes" in out
    assert "seen: back" in out and "read card 04A1B2C3D4E5F6" in out
    assert "5 passed, 0 failed" in out


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
    from table.devices.display import SimDisplay
    from table.commands.selftest import pattern_image, step_display

    class Devices:
        display = SimDisplay()

    ok, _ = step_display(Devices, None)
    assert ok and Devices.display.image.tobytes() == pattern_image().tobytes()
    assert 0 < sum(pattern_image().getdata()) < 128 * 64 * 255


def test_led_step_catches_a_hex_that_does_not_light():
    from table.devices.leds import SimHexLeds
    from table.commands.selftest import step_leds

    class Broken(SimHexLeds):
        def shown(self):
            s = super().shown()
            s[(0, 0)] = (0, 0, 0)                  # the centre LED is dead
            return s

    class Devices:
        leds = Broken()

    class Args:
        sim, fast = True, False

    ok, detail = step_leds(Devices, Args)
    assert not ok and "1 of 61" in detail and "(0, 0)" in detail


@pytest.mark.parametrize("argv, message", [
    (["--auto"], "--auto presses simulated buttons"),
    (["--sim", "--timeout", "0"], "--timeout"),
    (["--profile", "/nonexistent.toml"], "does not exist"),
])
def test_user_mistakes(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and message in err and "Traceback" not in err
