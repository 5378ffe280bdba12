"""The pin library (pi.pin_library): chosen by the Pi model, refused where it cannot work, and
the buttons, the rotary encoder and the GPIO servo run under each choice (gpiozero's mock pins
stand in for lgpio and RPi.GPIO, which only import on a Pi)."""

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from table import profiles as hp
from table.devices import DeviceError, pins
from table.devices.build import build_devices
from table.devices.buttons import EncoderButtons, GpioButtons
from table.devices.wind import GpioWindDial

PI5 = "Raspberry Pi 5 Model B Rev 1.0"
PI4 = "Raspberry Pi 4 Model B Rev 1.5"


def device_tree(tmp_path, model):
    path = tmp_path / "model"
    path.write_bytes(model.encode() + b"\0")        # as the kernel writes it: NUL-terminated
    return path


def test_the_model_is_read_from_the_device_tree(tmp_path):
    assert pins.read_model(device_tree(tmp_path, PI5)) == PI5
    assert pins.read_model(tmp_path / "absent") is None
    assert pins.is_pi5(PI5) and pins.is_pi5("Raspberry Pi Compute Module 5 Rev 1.0")
    assert pins.is_pi5("Raspberry Pi 500 Rev 1.0")
    assert not pins.is_pi5(PI4) and not pins.is_pi5("Raspberry Pi Zero 2 W Rev 1.0")
    assert not pins.is_pi5(None)


@pytest.mark.parametrize("choice, model, available, picked", [
    ("auto", PI5, {"lgpio", "rpigpio"}, "lgpio"),
    ("auto", PI4, {"lgpio", "rpigpio"}, "lgpio"),        # lgpio first
    ("auto", PI4, {"rpigpio"}, "rpigpio"),                # whichever is installed
    ("auto", None, {"rpigpio"}, "rpigpio"),
    ("lgpio", PI5, {"lgpio"}, "lgpio"),
    ("rpigpio", PI4, {"lgpio", "rpigpio"}, "rpigpio"),
])
def test_choice(choice, model, available, picked):
    assert pins.choose(choice, model, available) == picked


def test_rpigpio_on_a_pi5_is_refused_saying_why_and_what_to_use(tmp_path):
    with pytest.raises(DeviceError) as info:
        pins.open_pin_library("rpigpio", model_path=device_tree(tmp_path, PI5),
                              available={"lgpio", "rpigpio"}, factories={})
    message = str(info.value)
    assert "cannot work on this Raspberry Pi 5 Model B" in message
    assert "RP1" in message and 'pi.pin_library = "lgpio"' in message
    assert "\n" not in message


def test_missing_libraries_name_the_extra_to_install():
    with pytest.raises(DeviceError, match="install the 'pi' extra .lgpio."):
        pins.choose("auto", PI5, {"rpigpio"})
    with pytest.raises(DeviceError, match="'rpigpio' extra"):
        pins.choose("rpigpio", PI4, {"lgpio"})
    with pytest.raises(DeviceError, match="the 'pi' extra .lgpio. or the 'rpigpio' extra"):
        pins.choose("auto", None, set())


def test_looking_for_a_library_never_imports_it():
    import sys

    pins.installed("lgpio"), pins.installed("rpigpio")
    assert "RPi.GPIO" not in sys.modules and "lgpio" not in sys.modules


def test_the_profile_refuses_an_unknown_library(reference_data):
    reference_data["pi"] = {"pin_library": "wiringpi"}
    with pytest.raises(hp.ProfileError, match="pi.pin_library: 'wiringpi' is not one of auto, "
                                               "lgpio, rpigpio"):
        hp.parse(reference_data)
    del reference_data["pi"]
    assert hp.parse(reference_data).pi.pin_library == "auto"


def test_lgpio_gets_a_working_folder_it_can_write(tmp_path):
    env = {}
    folder = pins.lgpio_folder(env)
    assert env["LG_WD"] == folder
    import os
    assert os.access(folder, os.W_OK)
    assert pins.lgpio_folder({"LG_WD": str(tmp_path)}) == str(tmp_path)


class MockLgpio(MockFactory):
    """gpiozero's mock pins, standing in for LGPIOFactory."""


class MockRpiGpio(MockFactory):
    """gpiozero's mock pins, standing in for RPiGPIOFactory."""


@pytest.fixture
def no_factory(monkeypatch):
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)


def pi_with(monkeypatch, tmp_path, model, available):
    made = []

    def factory(cls):
        def make():
            made.append(cls(pin_class=MockPWMPin))
            return made[-1]
        return make

    monkeypatch.setattr(pins, "MODEL_PATH", device_tree(tmp_path, model))
    monkeypatch.setattr(pins, "installed", lambda lib: lib in available)
    monkeypatch.setattr(pins, "FACTORIES", {"lgpio": factory(MockLgpio),
                                            "rpigpio": factory(MockRpiGpio)})
    return made


@pytest.mark.parametrize("choice, model, expected", [
    ("lgpio", PI5, MockLgpio), ("auto", PI5, MockLgpio),
    ("rpigpio", PI4, MockRpiGpio), ("auto", PI4, MockLgpio),
])
def test_buttons_encoder_and_servo_under_each_choice(reference_data, monkeypatch, tmp_path,
                                                     no_factory, choice, model, expected):
    made = pi_with(monkeypatch, tmp_path, model, {"lgpio", "rpigpio"})
    reference_data["pi"] = {"pin_library": choice}
    reference_data["wind"]["backend"] = "gpio"
    with build_devices(hp.parse(reference_data)) as d:
        assert isinstance(d.buttons, GpioButtons) and isinstance(d.wind, GpioWindDial)
        assert len(made) == 1 and type(made[0]) is expected     # one factory for all devices
        factory = made[0]
        assert d.pin_library.name == {"lgpio": "lgpio", "rpigpio": "RPi.GPIO"}[
            "lgpio" if expected is MockLgpio else "rpigpio"]
        assert model in d.describe_pin_library() and choice in d.describe_pin_library()
        events = []
        d.buttons.on_input = events.append
        factory.pin(20).drive_low()                 # the profile's "ok"
        factory.pin(20).drive_high()
        assert [e.name for e in events] == ["ok"]
        d.wind.settle_s = 0
        d.wind.point(4)
        duty = [s.state for s in factory.pin(12).states if s.state]
        assert duty[-1] == pytest.approx(1667 / 20000)
    reference_data["buttons"]["backend"] = "encoder"
    made.clear()
    with build_devices(hp.parse(reference_data)) as d:
        assert isinstance(d.buttons, EncoderButtons)
        factory = made[0]
        events = []
        d.buttons.on_input = events.append
        a, b = factory.pin(17), factory.pin(27)
        a.drive_low()                     # one detent clockwise: A, B down, A, B up
        b.drive_low()
        a.drive_high()
        b.drive_high()
        factory.pin(23).drive_low()       # back
        factory.pin(23).drive_high()
        assert [e.name for e in events] == ["cw", "back"]


def test_the_devices_refuse_rpigpio_on_a_pi5(reference_data, monkeypatch, tmp_path, no_factory):
    made = pi_with(monkeypatch, tmp_path, PI5, {"lgpio", "rpigpio"})
    reference_data["pi"] = {"pin_library": "rpigpio"}
    with build_devices(hp.parse(reference_data)) as d:
        with pytest.raises(DeviceError, match="RPi.GPIO cannot reach a Pi 5's GPIO"):
            d.buttons
    assert made == []


def test_a_factory_set_by_the_program_is_used_and_named(reference_data, mock_pins):
    with build_devices(hp.parse(reference_data)) as d:
        d.buttons
        assert d.pin_library.factory is mock_pins
        assert d.describe_pin_library() == "MockFactory (set by the program, not the profile)"


def test_no_library_is_opened_for_a_profile_without_gpio_devices(reference_data, no_factory,
                                                                 monkeypatch, tmp_path):
    made = pi_with(monkeypatch, tmp_path, PI5, {"lgpio"})
    reference_data["buttons"]["backend"] = "sim"
    with build_devices(hp.parse(reference_data)) as d:
        assert d.describe_pin_library() == "none needed: no device of the profile is on the Pi's GPIO"
    assert made == []


@pytest.mark.parametrize("name, err, nodes, refused, says", [
    ("lgpio", FileNotFoundError(2, "No such file or directory", "/proc/cpuinfo"), ["/dev/gpiochip0"],
     set(), "/proc/cpuinfo cannot be read, where the library reads the Pi's revision: under systemd"),
    ("lgpio", RuntimeError("unable to locate Pi revision in /proc/device-tree or /proc/cpuinfo"),
     ["/dev/gpiochip0"], set(), "it found no Raspberry Pi revision: this is not a Raspberry Pi"),
    ("rpigpio", RuntimeError("This module can only be run on a Raspberry Pi!"), ["/dev/gpiomem"],
     set(), "it found no Raspberry Pi revision"),
    ("lgpio", RuntimeError("can not open gpiochip"), [], set(), "there is no /dev/gpiochip*"),
    ("lgpio", RuntimeError("can not open gpiochip"), ["/dev/gpiochip0", "/dev/gpiochip4"],
     {"/dev/gpiochip4"}, "may not open /dev/gpiochip4: add it to the gpio group"),
    ("rpigpio", PermissionError(1, "Operation not permitted", "/dev/gpiomem"), ["/dev/gpiomem"],
     set(), "the unit's DeviceAllow="),
    ("lgpio", RuntimeError("bad socket"), ["/dev/gpiochip0"], {"/run/lg"},
     "lgpio's working folder /run/lg (LG_WD) must be writable"),
    ("lgpio", RuntimeError("bad socket"), ["/dev/gpiochip0"], set(),
     "so the library itself failed: reinstall its extra"),
])
def test_a_library_that_does_not_start_is_told_by_its_cause(name, err, nodes, refused, says):
    why = pins.why_not_started(name, err, nodes=nodes, environ={"LG_WD": "/run/lg", "USER": "pi"},
                               access=lambda path, mode: path not in refused)
    assert says in why and "\n" not in why
    assert ("gpio group" in why) == ("gpio group" in says)      # suggested only when it is that


def test_open_pin_library_names_the_cause(tmp_path):
    def unreadable_revision():
        raise FileNotFoundError(2, "No such file or directory", "/proc/cpuinfo")
    with pytest.raises(DeviceError) as info:
        pins.open_pin_library("lgpio", model_path=tmp_path / "absent", available={"lgpio"},
                              factories={"lgpio": unreadable_revision})
    message = str(info.value)
    assert "lgpio (pi.pin_library = \"lgpio\") did not start: [Errno 2]" in message
    assert "/proc/cpuinfo cannot be read" in message and "gpio group" not in message
