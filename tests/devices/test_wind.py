import pytest

from table.devices import DeviceError
from table.devices.wind import (
    Calibration, GpioWindDial, Pca9685WindDial, SimWindDial, compass_angle,
)
from tests.polling import until

CAL = {1: 700, 2: 1030, 3: 1360, 4: 1690, 5: 2020, 6: 2350}


class FakeSMBus:
    """Records every register write to the PCA9685, as smbus2.SMBus would send them."""

    def __init__(self, fail=None):
        self.writes = []
        self.fail = fail
        self.closed = False

    def write_byte_data(self, address, register, value):
        if self.fail:
            raise self.fail
        self.writes.append((address, register, value))

    def close(self):
        self.closed = True


def test_sim_dial_reports_the_angle_it_points_at():
    dial = SimWindDial()
    assert dial.direction is None
    dial.point(3)
    assert (dial.direction, dial.angle) == (3, 120.0)
    dial.point(6)
    assert dial.angle == 300.0
    dial.point(1)
    assert dial.angle == 0.0
    dial.point(5)
    assert dial.angle == 240.0
    assert dial.history == [3, 6, 1, 5]


@pytest.mark.parametrize("bad", [0, 7, "3", 2.0, None, True])
def test_bad_direction_is_rejected(bad):
    with pytest.raises(ValueError, match="1..6"):
        SimWindDial().point(bad)


def test_compass_angles():
    assert [compass_angle(d) for d in range(1, 7)] == [0, 60, 120, 180, 240, 300]


@pytest.mark.parametrize("pulses, match", [
    ({1: 700, 2: 1030}, r"no pulse for direction\(s\) \[3, 4, 5, 6\]"),
    ({**CAL, 3: 2100}, "rise .or fall. steadily"),
    ({**CAL, 9: 1000}, "1..6"),
    ({**CAL, 2: 5000}, "outside"),
    ({**CAL, 2: "fast"}, "pulse in microseconds"),
])
def test_bad_calibration_is_named(pulses, match):
    with pytest.raises(ValueError, match=match):
        Calibration(pulses)


def test_calibration_accepts_toml_string_keys_and_falling_pulses():
    cal = Calibration({str(d): 2400 - 300 * d for d in range(1, 7)})
    assert cal.pulse(2) == 1800


def test_wrap_position_makes_6_to_1_a_single_step():
    cal = Calibration(CAL, wrap_us=2400)   # not one step past 6 -> monotonic still holds
    assert cal.pulse(1, current_us=2350) == 2400
    assert cal.pulse(1, current_us=1030) == 700
    assert cal.pulse(1) == 700
    with pytest.raises(ValueError, match="wrap_us"):
        Calibration(CAL, wrap_us=2000)


def test_pca9685_init_sets_50hz_and_keeps_the_channel_off():
    bus = FakeSMBus()
    naps = []
    Pca9685WindDial(CAL, bus=bus, channel=3, settle_s=0, sleep=naps.append)
    a = 0x40
    assert bus.writes == [
        (a, 0x00, 0x10),        # MODE1: sleep so the prescaler can be set
        (a, 0xFE, 121),         # PRESCALE: 25 MHz / (4096 * 50 Hz) - 1
        (a, 0x01, 0x04),        # MODE2: totem-pole outputs
        (a, 0x00, 0x20),        # MODE1: awake, auto-increment
        (a, 0x06 + 12 + 3, 0x10),   # LED3_OFF_H: full off
    ]
    assert naps == [0.0005]


def test_pca9685_point_writes_the_pulse_then_turns_the_channel_fully_off():
    bus = FakeSMBus()
    dial = Pca9685WindDial(CAL, bus=bus, address=0x41, channel=0, settle_s=0, sleep=lambda s: None)
    bus.writes.clear()
    dial.point(4)
    # 1690 us of a 19988.48 us period = 346.3 of 4096 counts -> 346 = 0x15A
    assert bus.writes == [
        (0x41, 0x06, 0), (0x41, 0x07, 0), (0x41, 0x08, 0x5A), (0x41, 0x09, 0x01),
        (0x41, 0x09, 0x10),
    ]
    assert dial.direction == 4 and not dial.driving


def test_pca9685_settle_timer_releases_later():
    bus = FakeSMBus()
    dial = Pca9685WindDial(CAL, bus=bus, settle_s=0.01, sleep=lambda s: None)
    bus.writes.clear()
    dial.point(1)
    # 700 us -> 143.4 counts -> 143 = 0x8F
    assert dial.driving and bus.writes[-2:] == [(0x40, 0x08, 0x8F), (0x40, 0x09, 0x00)]
    until(lambda: not dial.driving, timeout=2.0, what="the settle timer's release")
    assert bus.writes[-1] == (0x40, 0x09, 0x10)
    dial.close()


def test_pca9685_missing_bus_or_board_is_a_device_error():
    with pytest.raises(DeviceError, match="I2C bus 97"):
        Pca9685WindDial(CAL, bus_number=97)
    with pytest.raises(DeviceError, match="no answer at I2C address 0x40"):
        Pca9685WindDial(CAL, bus=FakeSMBus(fail=OSError(121, "Remote I/O error")),
                        sleep=lambda s: None)


def test_gpio_dial_drives_calibrated_pulse_then_detaches(mock_pins):
    dial = GpioWindDial(CAL, pin=18, settle_s=0)
    try:
        pin = mock_pins.pin(18)
        assert pin.frequency is None          # nothing sent before the first point
        dial.point(2)
        assert pin.frequency is None          # detached once settled: no hum
        dial.point(6)
        # the pin's duty cycles as gpiozero's mock recorded them, as pulses of a 20 ms frame
        pulses = [s.state * 0.02 * 1e6 for s in pin.states if s.state]
        assert pulses == [pytest.approx(1030), pytest.approx(2350)]
        dial.settle_s = 60                    # (not settled yet: still driving, at 50 Hz)
        dial.point(4)
        assert pin.frequency == 50 and dial.driving
        assert pin.state * 0.02 * 1e6 == pytest.approx(1690)
    finally:
        dial.close()
    assert dial.servo.closed and pin.frequency is None


def test_gpio_dial_bad_pin_is_a_device_error(mock_pins):
    with pytest.raises(DeviceError, match="GPIO 99"):
        GpioWindDial(CAL, pin=99, settle_s=0)


def test_closed_dial_refuses_to_move():
    dial = Pca9685WindDial(CAL, bus=FakeSMBus(), settle_s=0, sleep=lambda s: None)
    dial.close()
    dial.close()
    with pytest.raises(DeviceError, match="closed"):
        dial.point(1)
