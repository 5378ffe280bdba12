"""Every device is used as gpiozero's are: a context manager, close() safe twice, `closed`."""

import pytest

from table.devices import Device
from table.devices.build import build_devices
from table.profiles import load

NAMES = ("wind", "leds", "display", "buttons", "card_reader")


@pytest.mark.parametrize("name", NAMES)
def test_a_device_closes_once_in_a_with_block(name):
    devices = build_devices(load(None), sim=True)
    try:
        device = getattr(devices, name)
        assert isinstance(device, Device) and not device.closed
        with device as same:
            assert same is device
        assert device.closed
        device.close()                         # a second close does nothing
        assert device.closed
    finally:
        devices.close()


def test_the_wind_dials_direction_is_typed_and_follows_point():
    with build_devices(load(None), sim=True) as devices:
        dial = devices.wind
        assert dial.direction is None
        dial.point(4)
        assert dial.direction == 4
