"""PicoLeds and PicoWindDial over the link to the fake Pico."""

import threading

import pytest

from table.devices import DeviceError
from table.devices import linkcodec as C
from table.hexgrid import hexagon
from table.devices.pico import PicoLeds, PicoWindDial
from tests.polling import until

PULSES = {1: 700, 2: 1030, 3: 1360, 4: 1690, 5: 2020, 6: 2350}


@pytest.fixture
def link(pico, link_to):
    return link_to(pico)


class Spy:
    """Records (type, data) of every message sent through the link."""

    def __init__(self, link):
        self.sent = []
        real, real_group = link.send, link.send_group

        def send(mtype, data=b"", **kw):
            self.sent.append((mtype, bytes(data)))
            return real(mtype, data, **kw)

        def send_group(group, messages, **kw):
            messages = list(messages)
            self.sent.extend((t, bytes(d)) for t, d in messages)
            return real_group(group, messages, **kw)

        link.send = send
        link.send_group = send_group

    def leds_set(self):
        return [e for t, d in self.sent if t == C.LED_SET for e in C.parse_led_set(d)]

    def types(self):
        return [t for t, _ in self.sent]


# ---- LEDs ------------------------------------------------------------------------------------

def test_only_changed_leds_are_sent_then_an_acknowledged_show(pico, link):
    leds = PicoLeds(link, hexagon((0, 0), 4))
    spy = Spy(link)
    leds.fill((10, 20, 30))
    leds.show()
    assert len(spy.leds_set()) == 61                    # the first frame: every LED
    assert spy.types()[0] == C.LED_COUNT and spy.types()[-1] == C.LED_SHOW
    spy.sent.clear()
    leds.set((0, 0), (1, 1, 1))
    leds.set((1, 0), (2, 2, 2))
    leds.show()
    index = {h: i for i, h in enumerate(leds.led_map)}
    assert sorted(spy.leds_set()) == sorted([(index[(0, 0)], (1, 1, 1)), (index[(1, 0)], (2, 2, 2))])
    assert spy.types()[-1] == C.LED_SHOW
    spy.sent.clear()
    leds.show()                                         # nothing changed: just the show
    assert spy.types() == [C.LED_SHOW]
    assert pico.pixels == leds.frame()
    assert pico.node.shows == 3


def test_the_brightness_cap_is_applied_on_the_pico_and_shown_tells_the_truth(pico, link):
    leds = PicoLeds(link, hexagon((0, 0), 4), brightness=0.5)
    spy = Spy(link)
    leds.fill((255, 101, 3))
    leds.show()
    assert pico.node.cap == 128
    assert pico.pixels == ((128, 51, 2),) * 61
    assert set(leds.shown().values()) == {(128, 51, 2)}
    spy.sent.clear()
    leds.brightness = 0.2
    leds.show()                                         # same colours, new cap
    assert spy.types() == [C.BRIGHTNESS, C.LED_SHOW]
    assert pico.pixels == leds.frame() == ((51, 20, 1),) * 61


def test_a_led_map_with_several_leds_per_hex(pico, link):
    led_map = [(0, 0), (0, 0), (1, 0), (1, 0), (1, 0)]
    leds = PicoLeds(link, led_map)
    leds.set((1, 0), (7, 7, 7))
    leds.show()
    assert pico.node.strip.n == 5
    assert pico.pixels == ((0, 0, 0), (0, 0, 0), (7, 7, 7), (7, 7, 7), (7, 7, 7))


def test_big_frames_are_split_into_frames_the_link_can_carry(pico, link):
    leds = PicoLeds(link, [(i, 0) for i in range(300)], leds_per_frame=7)
    spy = Spy(link)
    for i in range(300):
        leds.set((i, 0), (i % 256, 1, 2))
    leds.show()
    chunks = [C.parse_led_set(d) for t, d in spy.sent if t == C.LED_SET]
    assert max(len(c) for c in chunks) == 7 and sum(len(c) for c in chunks) == 300
    assert pico.pixels == leds.frame()


def test_show_while_unplugged_raises_and_the_frame_comes_back_after(pico, link):
    leds = PicoLeds(link, hexagon((0, 0), 4))
    leds.fill((3, 3, 3))
    leds.show()
    before = leds.shown()
    pico.unplug()
    until(lambda: not link.connected)
    leds.fill((90, 0, 0))
    with pytest.raises(DeviceError) as err:
        leds.show()
    assert "Pico" in str(err.value)
    assert leds.shown() == before                       # not shown, so not reported shown
    pico.replug()
    until(lambda: set(leds.shown().values()) == {(90, 0, 0)})
    assert pico.pixels == ((90, 0, 0),) * 61


def test_closed_leds_stop_restoring(pico, link):
    leds = PicoLeds(link, hexagon((0, 0), 4))
    leds.fill((3, 3, 3))
    leds.show()
    leds.close()
    with pytest.raises(DeviceError):
        leds.show()
    back = threading.Event()
    link.add_listener(back.set)                         # called beside any other listener
    pico.unplug()
    until(lambda: not link.connected)
    pico.replug()
    until(lambda: link.connected, 30.0, what="the link up again")
    until(back.is_set, what="the link's listeners called")
    until(lambda: not any(t.name == "pico-link-restore" for t in threading.enumerate()),
          what="every listener done")
    assert pico.frames == []                            # nobody re-sent the frame


# ---- wind dial -------------------------------------------------------------------------------

def pulses(pico):
    return pico.node.servo.pwm.history


def test_point_drives_the_calibrated_pulse_then_releases(pico, link):
    dial = PicoWindDial(link, PULSES, settle_s=0.05)
    dial.point(3)
    assert dial.direction == 3
    assert pico.node.servo.pwm.duty_ns() == 1_360_000
    until(lambda: not dial.driving, timeout=1.0)        # released by the host once settled
    until(lambda: pico.node.servo.pwm.duty_ns() == 0,   # (its release is not waited for)
          what="the servo released, so it does not hum")
    dial.close()


def test_the_pico_stops_the_pulse_itself_if_the_host_never_does(tmp_path, made, link_to):
    """The Pico's clock is the test's, and the host's release (after settle_s, on the real
    clock) is far off: the Pico's own hold is what stops the pulse, however slow the machine."""
    from fakepico import FakePico
    clock = [0]
    pico = FakePico(tmp_path, now=lambda: clock[0])
    made.append(pico)
    dial = PicoWindDial(link_to(pico), PULSES, settle_s=60.0)
    dial.point(5)
    pico.mute = True                                    # the host's release never comes
    assert pico.node.servo.pwm.duty_ns() == 2_020_000
    assert pico.node.servo_hold == 60_500               # settle time plus a margin
    clock[0] += 60_499                                  # (the host unheard: the Pico feels lost,
    until(lambda: pico.node.lost, what="a tick of the Pico at the new time")   # in that tick)
    assert pico.node.servo.pwm.duty_ns() == 2_020_000   # not yet
    clock[0] += 1
    until(lambda: pico.node.servo.pwm.duty_ns() == 0, what="the pulse stopped by the Pico")
    dial.close()


def test_a_held_pulse_has_no_end_until_the_dial_is_closed(pico, link):
    """`calibrate --centre`: the Pico drives 1500 us with no hold of its own, and the host sets
    no release, so the servo stays there while the gear goes on; closing lets it go."""
    dial = PicoWindDial(link, PULSES, settle_s=0.02)
    dial.hold(1500)
    assert pico.node.servo.pwm.duty_ns() == 1_500_000
    assert pico.node.servo_hold == 0 and dial.driving
    dial.close()
    until(lambda: pico.node.servo.pwm.duty_ns() == 0, what="the servo let go on close")


def test_the_dial_points_again_after_a_replug(pico, link):
    dial = PicoWindDial(link, PULSES, settle_s=0.02)
    dial.point(2)
    pico.unplug()
    until(lambda: not link.connected)
    with pytest.raises(DeviceError):
        dial.point(6)
    pico.replug()                                       # a fresh Pico: its servo is limp
    until(lambda: dial.direction == 6)
    assert 2_350_000 in pulses(pico)
    dial.close()


def test_a_pulse_out_of_the_servo_range_is_refused_by_the_pico(pico, link):
    with pytest.raises(DeviceError) as err:
        link.send(C.SERVO, C.servo(3000, 0))
    assert "outside 400..2600" in str(err.value)
    assert pulses(pico)[-1] == 0                        # never driven
