"""build_devices: the profile's backends, built lazily; everything simulated with sim=True."""

import pytest

from table import profiles as hp
from table.devices import DeviceError
from table.devices.build import build_devices
from table.devices.buttons import EncoderButtons, GpioButtons, SimButtons
from table.inputs import BUTTONS, ENCODER
from table.devices.cards import SimCardReader
from table.devices.display import SimDisplay
from table.devices.leds import SimHexLeds
from table.devices.wind import GpioWindDial, SimWindDial


def test_sim_builds_every_simulated_backend_with_the_profiles_grid():
    p = hp.load()
    with build_devices(p, sim=True) as d:
        assert isinstance(d.wind, SimWindDial)
        assert isinstance(d.leds, SimHexLeds)
        assert isinstance(d.display, SimDisplay)
        assert isinstance(d.buttons, SimButtons) and d.buttons.inputs == BUTTONS
        assert isinstance(d.card_reader, SimCardReader)
        assert d.leds.led_map == p.leds.led_map and d.leds.brightness == 0.35
        assert d.leds is d.leds                      # built once
        assert set(d.built()) == {"wind", "leds", "display", "buttons", "card_reader"}
    assert d.built() == {}


def test_sim_mirrors_an_encoder_build_and_a_custom_grid(reference_data):
    reference_data["buttons"]["backend"] = "encoder"
    reference_data["leds"]["grid"].update(radius=2, leds_per_hex=2)
    with build_devices(hp.parse(reference_data), sim=True) as d:
        assert d.buttons.inputs == ENCODER
        assert len(d.leds.led_map) == 36 and len(d.leds.hexes) == 18   # no LED under the dial


def test_sim_simulates_devices_the_profile_leaves_out(reference_data):
    for section in ("cards", "leds", "display"):
        del reference_data[section]
    with build_devices(hp.parse(reference_data), sim=True) as d:
        assert isinstance(d.card_reader, SimCardReader)
        assert len(d.leds.hexes) == 61
        assert isinstance(d.display, SimDisplay)


def test_a_missing_device_is_named(reference_data):
    del reference_data["cards"]
    d = build_devices(hp.parse(reference_data))
    with pytest.raises(DeviceError) as info:
        d.card_reader
    assert info.value.device == "card reader" and "[cards]" in info.value.what_to_do


def test_per_device_sim_backend_in_a_real_profile(reference_data):
    for section in ("wind", "leds", "display", "buttons", "cards"):
        reference_data[section]["backend"] = "sim"
    with build_devices(hp.parse(reference_data)) as d:
        assert isinstance(d.wind, SimWindDial) and isinstance(d.card_reader, SimCardReader)
        assert isinstance(d.display, SimDisplay) and isinstance(d.buttons, SimButtons)


def test_nothing_is_opened_until_used():
    d = build_devices(hp.load())
    assert d.built() == {}
    with pytest.raises(DeviceError) as info:       # no /dev/i2c-1 on a test machine
        d.display
    assert "OLED" in info.value.device
    assert d.built() == {}


def test_real_card_reader_without_its_port(reference_data):
    reference_data["cards"]["port"] = "/dev/no-such-uart"
    with pytest.raises(DeviceError, match="no-such-uart"):
        build_devices(hp.parse(reference_data)).card_reader


def test_pca9685_without_an_i2c_bus(reference_data):
    reference_data["wind"]["backend"] = "pca9685"
    reference_data["wind"]["pca9685"]["bus"] = 57
    with pytest.raises(DeviceError, match="I2C bus 57"):
        build_devices(hp.parse(reference_data)).wind


def test_gpio_backends_on_gpiozero_mock_pins(reference_data, mock_pins):
    reference_data["wind"]["backend"] = "gpio"
    p = hp.parse(reference_data)
    with build_devices(p) as d:
        assert isinstance(d.wind, GpioWindDial) and isinstance(d.buttons, GpioButtons)
        events = []
        d.buttons.on_input = events.append
        pin = mock_pins.pin(20)                    # the profile's "ok" button
        pin.drive_low()
        pin.drive_high()
        assert [e.name for e in events] == ["ok"]
        d.wind.settle_s = 0
        d.wind.point(4)
        duty = [s.state for s in mock_pins.pin(12).states if s.state]
        assert d.wind.pulse_us == 1667 and duty[-1] == pytest.approx(1667 / 20000)
        again = d.rebuild_wind({1: 700, 2: 1000, 3: 1333, 4: 1600, 5: 2000, 6: 2333})
        again.settle_s = 0
        again.point(4)
        assert d.wind is again and again.pulse_us == 1600
        duty = [s.state for s in mock_pins.pin(12).states if s.state]
        assert duty[-1] == pytest.approx(1600 / 20000)


def test_encoder_backend_on_mock_pins(reference_data, mock_pins):
    reference_data["buttons"]["backend"] = "encoder"
    with build_devices(hp.parse(reference_data)) as d:
        assert isinstance(d.buttons, EncoderButtons) and d.buttons.inputs == ENCODER
        events = []
        d.buttons.on_input = events.append
        mock_pins.pin(23).drive_low()              # back
        mock_pins.pin(23).drive_high()
        assert [e.name for e in events] == ["back"]


def test_pico_port_glob_resolves_to_one_board(tmp_path):
    from table.devices.build import resolve_port

    assert resolve_port(str(tmp_path / "exact")) == str(tmp_path / "exact")
    with pytest.raises(DeviceError, match="nothing matches .*: no serial device is plugged in"):
        resolve_port(str(tmp_path / "usb-MicroPython_*-if00"))
    (tmp_path / "usb-FTDI_FT232R-if00-port0").touch()
    with pytest.raises(DeviceError, match="holds only usb-FTDI_FT232R-if00-port0; plug the Pico"):
        resolve_port(str(tmp_path / "usb-MicroPython_*-if00"))
    (tmp_path / "usb-MicroPython_E661-if00").touch()
    assert resolve_port(str(tmp_path / "usb-MicroPython_*-if00")).endswith("E661-if00")
    (tmp_path / "usb-MicroPython_E662-if00").touch()
    with pytest.raises(DeviceError, match="2 ports match"):
        resolve_port(str(tmp_path / "usb-MicroPython_*-if00"))


def test_absent_pico_is_a_named_fault(reference_data, tmp_path):
    reference_data["pico"]["port"] = str(tmp_path / "usb-MicroPython_*-if00")
    d = build_devices(hp.parse(reference_data))
    with pytest.raises(DeviceError, match="nothing matches") as info:
        d.leds
    assert info.value.device == "Pico"


def test_close_goes_on_past_a_device_that_fails(caplog):
    d = build_devices(hp.load(), sim=True)
    closed = []
    d.wind.close = lambda: closed.append("wind")
    d.leds.close = lambda: (_ for _ in ()).throw(DeviceError("hex LEDs", "gone"))
    d.display.close = lambda: closed.append("display")
    d.close()
    assert closed == ["display", "wind"] and "gone" in caplog.text
    assert d.built() == {}
