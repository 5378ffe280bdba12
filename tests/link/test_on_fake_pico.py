"""The real Pico backends, built from a profile, over the fake Pico (a pty running the firmware:
the ``pico`` fixture of tests/link/conftest.py): selftest and calibrate end to end through the
link."""

import pytest

from table import cli
from table import profiles as hp
from table.devices.build import build_devices
from table.devices.pico import PicoLeds, PicoWindDial

@pytest.fixture
def profile_file(pico, tmp_path):
    """The reference profile with its by-id glob pointed at the fake Pico's folder."""
    text = hp.REFERENCE.read_text().replace(
        "/dev/serial/by-id/", str(pico.path.parent) + "/", 1)
    path = tmp_path / "on-fake.toml"
    path.write_text(text)
    return path


def servo_pulses(pico) -> list[int]:
    return [ns // 1000 for ns in pico.node.servo.pwm.history if ns]


def test_build_devices_drives_the_pico(pico, profile_file):
    with build_devices(hp.load(profile_file)) as d:
        assert isinstance(d.leds, PicoLeds) and isinstance(d.wind, PicoWindDial)
        assert d.leds.link is d.wind.link                   # one link for both
        d.leds.set((1, -1), (255, 0, 0))
        d.leds.show()
        index = d.leds.led_map.index((1, -1))
        assert pico.pixels[index] == d.leds.capped((255, 0, 0)) != (0, 0, 0)
        assert sum(1 for px in pico.pixels if px != (0, 0, 0)) == 1
        d.wind.point(3)
        assert servo_pulses(pico)[-1] == 1333


def test_selftest_passes_on_the_pico(pico, profile_file, capsys, monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("y\n" * (9 + 7)))    # the person says yes
    code = cli.main(["selftest", "--profile", str(profile_file), "--fast",
                     "--only", "leds", "--only", "wind"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "PASS leds: 9 pieces of the strip lit one by one, 60 LEDs" in out
    assert "PASS wind:" in out and "Pico firmware " in out
    assert servo_pulses(pico)[-7:] == [667, 1000, 1333, 1667, 2000, 2333, 667]
    lit = [[i for i, px in enumerate(f) if px != (0, 0, 0)]
           for f in pico.frames if any(px != (0, 0, 0) for px in f)]
    assert lit[0] == [0, 1, 2, 3, 4] and lit[4] == list(range(26, 34))   # a column at a time
    assert sorted(i for piece in lit for i in piece) == list(range(60))
    assert all(px == (0, 0, 0) for px in pico.pixels)       # dark at the end


def test_calibrate_moves_the_real_servo_and_saves(pico, profile_file, capsys, monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("++\n\n" + "\n" * 5))
    code = cli.main(["calibrate", "--profile", str(profile_file), "--only", "servo"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert 687 in servo_pulses(pico)                        # the nudged pulse reached the servo
    assert hp.load(profile_file).wind.calibration[1] == 687


@pytest.mark.parametrize("millivolts, verdict", [
    (5020, "PASS supply: LED rail 5.02 V at the lowest"),
    (4300, "FAIL supply: the LED supply sagged to 4.30 V"),
    (0, "FAIL supply: the LEDs' 5 V rail reads 0.00 V (the Pico's VSYS 4.95 V): the 5 V supply "
        "is off")])
def test_selftest_supply_reads_the_led_rail(pico, profile_file, capsys, millivolts, verdict):
    pico.rail_mv = millivolts                       # what the firmware measures on GP26
    code = cli.main(["selftest", "--profile", str(profile_file), "--fast", "--only", "supply"])
    out = capsys.readouterr().out
    assert verdict in out and code == (0 if verdict.startswith("PASS") else 1), out
    assert all(px == (0, 0, 0) for px in pico.pixels)       # dark again afterwards
    lit = [f for f in pico.frames if all(px != (0, 0, 0) for px in f)]
    assert lit and lit[0][0] == (89, 89, 89)                # every LED white at the 35% cap
