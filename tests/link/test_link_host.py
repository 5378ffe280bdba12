"""The host side of the Pico link, against the fake Pico (a pty running the real firmware)."""

import os
import random
import threading
import time

import pytest

from fakepico import FAST, Faults, FakePico

import linkcodec as fw_codec          # the firmware's copy of the module (firmware/ on sys.path)
import linknode
from table.devices import DeviceError
from table.devices import linkcodec as C
from table.hexgrid import hexagon
from table.devices.link import PicoLink
from table.devices.pico import PicoLeds
from tests.polling import until



def random_frames(leds, count, seed):
    rng = random.Random(seed)
    hexes = sorted(leds.hexes)
    for i in range(count):
        if i % 60 == 0:
            leds.fill((rng.randrange(256), rng.randrange(256), rng.randrange(256)))
        for _ in range(rng.randint(1, 6)):
            leds.set(rng.choice(hexes), (rng.randrange(256), rng.randrange(256), rng.randrange(256)))
        leds.show()
        yield leds.frame()


# ---- opening -----------------------------------------------------------------------------

def test_greets_the_pico_and_reports_its_versions(pico, link_to):
    link = link_to(pico)
    assert link.connected
    assert link.firmware_version == linknode.FIRMWARE_VERSION
    assert link.protocol_version == C.PROTOCOL_VERSION
    # the lost-host settings went over first
    until(lambda: pico.node.lost_after == 3000 and pico.node.expect is not None)


def test_a_missing_port_is_a_clear_device_error(tmp_path):
    with pytest.raises(DeviceError) as err:
        PicoLink(str(tmp_path / "usb-nothing"), **FAST)
    assert "does not exist" in str(err.value) and "usb-nothing" in str(err.value)
    assert "/dev/serial/by-id" in err.value.what_to_do


def test_the_port_is_opened_exclusively(pico, link_to):
    link_to(pico)
    with pytest.raises(DeviceError) as err:
        PicoLink(str(pico.path), **FAST)
    assert "in use by another program" in str(err.value)


def test_a_silent_device_is_not_taken_for_a_pico(tmp_path):
    master, slave = os.openpty()
    try:
        path = tmp_path / "usb-other-device"
        os.symlink(os.ttyname(slave), path)
        with pytest.raises(DeviceError) as err:
            PicoLink(str(path), **{**FAST, "connect_timeout": 0.3})
        assert "no hello" in str(err.value) and "firmware" in str(err.value)
        assert "within 0.3 s" in str(err.value)          # the timeout given, not the default
    finally:
        os.close(master)
        os.close(slave)


def test_another_protocol_version_is_refused(pico, monkeypatch):
    monkeypatch.setattr(fw_codec, "PROTOCOL_VERSION", C.PROTOCOL_VERSION + 1)
    with pytest.raises(DeviceError) as err:
        PicoLink(str(pico.path), **FAST)
    assert f"speaks link protocol {C.PROTOCOL_VERSION + 1}" in str(err.value)
    assert "firmware/README.md" in str(err.value)


def test_host_and_firmware_share_one_codec_file():
    assert os.path.samefile(C.__file__, fw_codec.__file__)


# ---- messages ----------------------------------------------------------------------------

def test_a_rejected_message_raises_and_the_link_carries_on(pico, link_to):
    link = link_to(pico)
    with pytest.raises(DeviceError) as err:
        link.send(C.LED_SET, C.led_set([(500, (1, 2, 3))]))
    assert "rejected a led-set message" in str(err.value) and "LED 500" in str(err.value)
    link.send(C.LED_SET, C.led_set([(1, (1, 2, 3))]))
    link.send(C.BRIGHTNESS, C.brightness(255))
    link.send(C.LED_SHOW)
    assert pico.pixels[1] == (1, 2, 3)


def test_oversized_data_is_refused_before_sending(pico, link_to):
    link = link_to(pico)
    with pytest.raises(ValueError):
        link.send(C.LED_SET, bytes(C.MAX_DATA + 1))


@pytest.mark.parametrize("faults", [
    Faults(corrupt=0.01, drop=0.01),
    Faults(duplicate=0.02, delay=0.02, delay_s=0.004),
    Faults(corrupt=0.01, drop=0.01, duplicate=0.005, delay=0.005, delay_s=0.003),
], ids=["corrupt+drop", "duplicate+delay", "everything"])
def test_every_frame_is_shown_right_over_a_faulty_link(link_to, tmp_path, made, faults):
    """Whatever the faults and however slow the machine: the Pico's clock stands still (it
    never feels lost and blinks no pattern between two frames), and the host waits as long
    as a stalled test process may need (30 s for a hello or an ack, FAST's, and 60 s without
    an ack before it gives the Pico up): how fast is not what this test is about."""
    shown = []
    pico = FakePico(tmp_path, to_pico=faults, to_host=faults, seed=3, on_show=shown.append,
                    now=lambda: 0)
    made.append(pico)
    link = link_to(pico, dead_after_s=60)
    leds = PicoLeds(link, hexagon((0, 0), 4), brightness=0.7)
    expected = list(random_frames(leds, 300, seed=5))
    assert len(shown) == 300
    assert shown == expected
    assert pico.to_pico.dropped + pico.to_pico.corrupted + pico.to_pico.duplicated + \
        pico.to_pico.delayed > 0                      # the faults really happened
    assert link.stats["reconnects"] == 0 and pico.node.rejected == 0


def test_many_threads_may_send_at_once(pico, link_to):
    link = link_to(pico)
    errors = []

    def worker(k):
        try:
            for i in range(40):
                link.send(C.LED_SET, C.led_set([(k, (k, i, 0))]))
        except Exception as err:  # pragma: no cover - reported below
            errors.append(err)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    link.send(C.BRIGHTNESS, C.brightness(255))
    link.send(C.LED_SHOW)
    assert errors == []
    assert pico.pixels[:4] == tuple((k, 39, 0) for k in range(4))


# ---- heartbeat and the lost-host pattern -------------------------------------------------

def test_heartbeats_keep_the_pico_from_feeling_lost(link_to, tmp_path, made):
    """The Pico's clock is the test's: it moves on half the lost timeout at a time, once the
    Pico has heard the host since it last moved (the host sends nothing but heartbeats);
    twice the timeout goes by and the Pico never feels lost, however slow the machine."""
    clock = [0]
    pico = FakePico(tmp_path, now=lambda: clock[0])
    made.append(pico)
    link_to(pico, heartbeat_s=0.03, lost_after_s=0.2)
    until(lambda: pico.node.lost_after == 200)
    for _ in range(4):                                  # 4 x 100 ms: twice the lost timeout
        clock[0] += 100
        until(lambda: pico.node.last_heard == clock[0], what="a heartbeat at the new time")
        assert not pico.node.lost


def test_the_pico_shows_the_lost_pattern_when_the_host_goes(pico, link_to):
    link = link_to(pico, heartbeat_s=0.03, lost_after_s=0.15, lost_color=(0, 0, 200))
    leds = PicoLeds(link, hexagon((0, 0), 4))
    leds.fill((9, 9, 9))
    leds.show()
    link.close()                                       # the daemon stopped
    until(lambda: pico.pixels == ((0, 0, 200),) * 61, timeout=1.0)
    # a new host comes: the Pico leaves the pattern and shows what it is told
    leds2 = PicoLeds(link_to(pico), hexagon((0, 0), 4))
    leds2.fill((1, 2, 3))
    leds2.show()
    assert pico.pixels == ((1, 2, 3),) * 61 and not pico.node.lost


# ---- unplugging ----------------------------------------------------------------------------

def test_unplug_and_replug_restores_the_frame(pico, link_to):
    link = link_to(pico)
    leds = PicoLeds(link, hexagon((0, 0), 4), brightness=0.5)
    leds.fill((200, 100, 50))
    leds.show()
    pico.unplug()
    until(lambda: not link.connected)
    leds.set((0, 0), (255, 255, 255))
    with pytest.raises(DeviceError) as err:
        leds.show()
    assert "waiting for it to come back" in str(err.value)
    pico.replug()                                      # a fresh Pico: its LEDs are dark
    # (unasked: the link sends the last frame again once it is back; how soon is bench/run link's
    # reconnect_s_max, not a test's)
    until(lambda: pico.frames and pico.pixels == leds.frame(), what="the frame shown again")
    assert link.stats["reconnects"] == 1 and pico.boots == 2
    until(lambda: leds.shown()[(0, 0)] == leds.capped((255, 255, 255)))
    leds.set((1, 0), (0, 0, 7))
    leds.show()
    assert pico.pixels == leds.frame()


def test_a_pico_that_restarts_behind_the_port_is_greeted_again(pico, link_to):
    link = link_to(pico)
    leds = PicoLeds(link, hexagon((0, 0), 4))
    leds.fill((5, 6, 7))
    leds.show()
    pico.reboot()                                      # same port, firmware state lost
    with pytest.raises(DeviceError):
        leds.show()                                    # the Pico asks for a hello
    until(lambda: link.connected and pico.frames and pico.pixels == ((5, 6, 7),) * 61)
    leds.show()
    assert pico.node.shows >= 1


def test_a_pico_that_stops_answering_is_dropped_and_retried(link_to, tmp_path, made):
    faults = Faults()
    pico = FakePico(tmp_path, to_pico=faults)
    made.append(pico)
    link = link_to(pico, ack_timeout=0.01, dead_after_s=0.2)
    faults.drop = 1.0                                  # every byte to the Pico is lost
    with pytest.raises(DeviceError) as err:
        link.send(C.HEARTBEAT)
    assert "stopped answering" in str(err.value)
    faults.drop = 0.0
    until(lambda: link.connected, 30.0, what="the link up again")
    link.send(C.HEARTBEAT)


def test_a_pico_that_answers_but_acknowledges_nothing_is_greeted_again(pico, link_to):
    """A Pico that lost count of the numbers (as after a hello it took from damaged bytes)
    answers every message with an ack of a number the host never sent: answers alone do not
    keep the link; it is dropped and greeted again, and the sequence starts over."""
    link = link_to(pico, dead_after_s=1.0, heartbeat_s=60)
    link.send(C.HEARTBEAT)                           # acked: nothing is on its way now
    pico.node.expect = (pico.node.expect + 100) & 0xFF
    with pytest.raises(DeviceError) as err:
        link.send(C.HEARTBEAT)
    assert "stopped answering" in str(err.value)
    until(lambda: link.connected, 30.0, what="the link up again")
    link.send(C.HEARTBEAT)
    assert link.stats["reconnects"] == 1


# ---- python -m table.devices.link ------------------------------------------------------------

def test_the_command_line_reports_the_version_and_hands_back_the_repl(pico, capsys):
    from table.devices import link as link_module

    assert link_module.main([str(pico.path)]) == 0
    assert f"firmware {linknode.FIRMWARE_VERSION}, protocol {C.PROTOCOL_VERSION}" in capsys.readouterr().out
    assert not pico.node.exit_requested
    assert link_module.main([str(pico.path), "--repl"]) == 0
    assert "mpremote can connect" in capsys.readouterr().out
    assert pico.node.exit_requested


def test_the_command_line_explains_a_missing_pico(tmp_path, capsys):
    from table.devices import link as link_module

    assert link_module.main([str(tmp_path / "usb-none")]) == 1
    assert "does not exist" in capsys.readouterr().out


def test_the_retransmission_timeout_follows_the_round_trip(pico, link_to):
    # (starts at 0.5 s; no idle heartbeat of its own, so every message it times is one of
    # these sends, however long the machine keeps this thread waiting between them)
    link = link_to(pico, ack_timeout=0.5, min_ack_timeout=0.001, heartbeat_s=3600.0)
    took = []
    for _ in range(30):
        start = time.monotonic()
        link.send(C.HEARTBEAT)                          # (returns once acknowledged)
        took.append(time.monotonic() - start)
    # every round trip the link timed lies within one of these sends, so its timeout (the
    # smoothed round trip and four times its spread, RFC 6298) is at most five of the slowest:
    # well under the 0.5 s it started at on a pty, however slow the machine, never above it
    assert 0.001 <= link.rto <= max(0.001, min(0.5, 5 * max(took)))


def test_a_pico_that_keeps_failing_is_retried_later_and_later_and_logged_quietly(
        link_to, tmp_path, made, caplog):
    """Issue 24, item 9: no immediate reconnects in a loop, no flood of warnings."""
    faults = Faults()
    pico = FakePico(tmp_path, to_pico=faults)
    made.append(pico)
    link = link_to(pico, ack_timeout=0.01, dead_after_s=0.05, reconnect_poll_s=0.005,
                   max_reconnect_s=0.04)
    link.connect_timeout = 0.2                         # each hello unanswered: given up soon
    faults.drop = 1.0                                  # the Pico hears nothing any more
    until(lambda: link.retry_s == 0.04, timeout=20)    # 0.005, 0.01, 0.02, 0.04: no further
    faults.drop = 0.0
    until(lambda: link.connected, 30.0, what="the link up again")
    link.send(C.HEARTBEAT)
    warnings = [r for r in caplog.records if r.levelname == "WARNING"]
    assert 1 <= len(warnings) <= 3                     # one of each kind, the rest counted


def test_throttled_says_each_kind_once_a_window_then_how_many_it_kept_quiet(caplog):
    import logging
    from table.devices.linkport import Throttled
    now = [0.0]
    say = Throttled(logging.getLogger("test.link"), every_s=30, clock=lambda: now[0])
    with caplog.at_level(logging.INFO, "test.link"):
        for n in range(100):
            say(logging.WARNING, "drop", "lost %s", "usb")
            say(logging.INFO, "back", "back %d", n)
            now[0] += 0.1                               # 10 s in all
        now[0] += 25
        say(logging.WARNING, "drop", "lost %s", "usb")
    assert [r.getMessage() for r in caplog.records] == [
        "lost usb", "back 0", "lost usb (99 more like this in the last 35 s)"]
