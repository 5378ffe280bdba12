import threading

import pytest

from table.devices import DeviceError
from table.devices.buttons import EncoderButtons, GpioButtons, InputEvent, SimButtons

PINS = {"1": 5, "2": 6, "3": 13, "4": 19, "5": 26, "6": 21, "ok": 20, "back": 16}


class Collector:
    def __init__(self):
        self.events = []
        self.got = threading.Event()

    def __call__(self, event):
        self.events.append(event)
        self.got.set()


@pytest.fixture
def gpio_buttons(mock_pins):
    buttons = GpioButtons(PINS, bounce_s=0.02, hold_s=0.01)
    buttons.on_input = Collector()
    yield buttons
    buttons.close()


def test_short_press_is_reported_on_release(gpio_buttons, mock_pins):
    pin = mock_pins.pin(13)
    pin.drive_low()
    pin.drive_high()
    assert gpio_buttons.on_input.events == [InputEvent("3")]


def test_long_press_is_reported_once_and_not_again_on_release(gpio_buttons, mock_pins):
    collect = gpio_buttons.on_input
    pin = mock_pins.pin(20)
    pin.drive_low()
    assert collect.got.wait(2)
    pin.drive_high()
    assert collect.events == [InputEvent("ok", long=True)]
    # the next short press of the same button is short again
    collect.got.clear()
    gpio_buttons.hold_s = 5                            # (a slow machine: still short)
    pin.drive_low()
    pin.drive_high()
    assert collect.events == [InputEvent("ok", long=True), InputEvent("ok")]


def test_each_pin_maps_to_its_input_with_pull_up_and_bounce(gpio_buttons, mock_pins):
    for number in PINS.values():
        pin = mock_pins.pin(number)
        assert pin.pull == "up" and pin.bounce == pytest.approx(0.02)
    gpio_buttons.hold_s = 5                            # (a slow machine: still short)
    for number in PINS.values():
        mock_pins.pin(number).drive_low()
        mock_pins.pin(number).drive_high()
    assert [e.name for e in gpio_buttons.on_input.events] == list(PINS)


def test_no_handler_is_fine(mock_pins):
    buttons = GpioButtons(PINS)
    try:
        mock_pins.pin(5).drive_low()
        mock_pins.pin(5).drive_high()
    finally:
        buttons.close()


@pytest.mark.parametrize("pins, match", [
    ({**PINS, "fire": 4}, r"unknown button\(s\) \['fire'\]"),
    ({k: v for k, v in PINS.items() if k != "back"}, r"no pin given for button\(s\) \['back'\]"),
    ({**PINS, "back": 5}, "'1' and 'back' are both on pin 5"),
])
def test_bad_pin_maps_are_named(mock_pins, pins, match):
    with pytest.raises(ValueError, match=match):
        GpioButtons(pins)


def test_unusable_pin_is_a_device_error_and_frees_the_others(mock_pins):
    with pytest.raises(DeviceError, match="GPIO 99 for the 'back' button"):
        GpioButtons({**PINS, "back": 99})
    GpioButtons(PINS).close()     # the pins of the failed attempt were released


@pytest.mark.filterwarnings("ignore::gpiozero.exc.PinFactoryFallback")
def test_missing_pin_library_is_a_device_error(monkeypatch):
    from gpiozero import Device

    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    with pytest.raises(DeviceError, match="no GPIO pin library"):
        GpioButtons(PINS)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "lgpio")      # named, but not installed here
    with pytest.raises(DeviceError, match="no GPIO pin library"):
        GpioButtons(PINS)


def turn(a, b, clockwise):
    first, second = (a, b) if clockwise else (b, a)
    first.drive_low()
    second.drive_low()
    first.drive_high()
    second.drive_high()


def test_encoder_emits_cw_ccw_and_its_buttons(mock_pins):
    buttons = EncoderButtons(a=17, b=27, ok=22, back=23, hold_s=5)
    collect = buttons.on_input = Collector()
    try:
        a, b = mock_pins.pin(17), mock_pins.pin(27)
        turn(a, b, clockwise=True)
        turn(a, b, clockwise=True)
        turn(a, b, clockwise=False)
        mock_pins.pin(23).drive_low()
        mock_pins.pin(23).drive_high()
        assert [e.name for e in collect.events] == ["cw", "cw", "ccw", "back"]
    finally:
        buttons.close()


def test_encoder_half_turn_emits_nothing(mock_pins):
    buttons = EncoderButtons(a=17, b=27, ok=22, back=23)
    collect = buttons.on_input = Collector()
    try:
        a = mock_pins.pin(17)
        a.drive_low()
        a.drive_high()
        assert collect.events == []
    finally:
        buttons.close()


def test_sim_buttons():
    buttons = SimButtons()
    collect = buttons.on_input = Collector()
    buttons.press("6")
    buttons.press("back", long=True)
    assert collect.events == [InputEvent("6"), InputEvent("back", True)]
    with pytest.raises(ValueError, match="no button 'cw'"):
        buttons.press("cw")
