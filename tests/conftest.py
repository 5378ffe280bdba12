"""Fixtures shared by the test folders."""

import os
import tempfile

import pytest

# The tests see the shipped card library only: an owner's card folder on this machine
# (~/.config/worms-table/cards, read when WORMS_TABLE_CARDS is unset) must not join it.
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="worms-table-tests-config-")
os.environ.pop("WORMS_TABLE_CARDS", None)


@pytest.fixture
def mock_pins():
    """gpiozero's own mock pins (PWM-capable), reset afterwards."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    previous = Device.pin_factory
    factory = MockFactory(pin_class=MockPWMPin)
    Device.pin_factory = factory
    yield factory
    factory.reset()
    Device.pin_factory = previous
