"""The systemd unit: its sandbox scored by systemd-analyze, its device allow-list, no fixed pin
library, and no restart loop on a configuration error."""

import re


from tests.programs import needs_program

from .sandbox import UNIT, systemd_exposure, verify_problems

needs_analyze = needs_program("systemd-analyze", "systemd")


def unit_lines():
    return [line.strip() for line in UNIT.read_text().splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


@needs_analyze
def test_exposure_is_at_most_2():
    exposure = systemd_exposure()
    assert exposure is not None, "systemd-analyze security --offline=yes printed no level"
    assert exposure <= 2.0


@needs_analyze
def test_verify_is_clean_apart_from_the_install_path():
    assert verify_problems() == []


def test_devices_are_an_explicit_allow_list():
    lines = unit_lines()
    assert "DevicePolicy=closed" in lines
    allowed = {line.split("=", 1)[1].split()[0] for line in lines if line.startswith("DeviceAllow=")}
    assert {"char-gpiochip", "char-i2c", "char-ttyACM", "char-ttyAMA"} <= allowed
    # RPi.GPIO's /dev/gpiomem: its driver's name in /proc/devices, on older and newer kernels
    assert {"char-bcm2835-gpiomem", "char-rpi-gpiomem"} <= allowed
    assert "ProtectClock=yes" in lines           # its implied clock-only list is overridden


def test_the_pin_library_comes_from_the_profile_not_the_unit():
    assert not any("GPIOZERO_PIN_FACTORY" in line for line in unit_lines())
    assert "Environment=LG_WD=/run/worms-table" in unit_lines()


def test_a_configuration_error_is_not_restarted():
    from table.commands.common import UserError

    lines = unit_lines()
    status = [line.split("=", 1)[1] for line in lines if line.startswith("RestartPreventExitStatus=")]
    assert status == [str(UserError("x").exit_code)] == ["2"]


def test_the_filters_of_issue_10():
    lines = unit_lines()
    for option in ("SystemCallFilter=@system-service", "ProtectProc=invisible",
                   "RemoveIPC=yes", "PrivateMounts=yes"):
        assert option in lines
    assert not any(re.match(r"PrivateDevices=(yes|true)", line) for line in lines)
