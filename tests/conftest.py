"""Fixtures shared by the test folders."""

import pytest


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
