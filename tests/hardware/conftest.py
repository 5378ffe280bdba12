import tomllib

import pytest

from table import profile as hp


@pytest.fixture
def reference_data() -> dict:
    """The reference profile as a plain dict, to change and parse again."""
    return tomllib.loads(hp.REFERENCE.read_text())


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
