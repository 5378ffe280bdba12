"""Every buffer of the link is bounded (issue 10, item 9): the decoder's, on the host and
on the Pico (one shared file), and the host's send queue -- LED frames replace older unsent
ones, other messages are refused past a documented bound with one logged fault.  And what
the Pico reports with its heartbeats (the supply voltage) and the colour order it is sent."""

import functools
import logging
import threading

import pytest

from table.devices import DeviceError
from table.devices import linkcodec as C
from table.hexgrid import hexagon
from table.devices.linkqueue import DEFAULT_LIMIT, Message, QueueFull, SendQueue
from table.devices.pico import PicoLeds
from tests import polling

SYNC_RUN = bytes([C.SYNC]) * 65536

until = functools.partial(polling.until, timeout=30.0)     # a loaded machine: a long bound


# ---- the decoder -------------------------------------------------------------------------

def test_a_run_of_sync_bytes_does_not_grow_the_decoder():
    dec = C.Decoder()
    for _ in range(16):                                # 1 MiB of 0x7E
        assert dec.feed(SYNC_RUN) == []
        assert dec.held <= C.KEEP and len(dec.buf) == C.KEEP
    frame = C.encode(3, C.LED_SHOW)
    assert dec.feed(frame) == [(3, C.LED_SHOW, b"")]   # and frames are still found


def test_the_pico_node_holds_no_more_after_a_flood(pico):
    before = len(pico.node.decoder.buf)
    for _ in range(8):
        pico.node.feed(SYNC_RUN)
    assert len(pico.node.decoder.buf) == before == C.KEEP


def test_the_host_decoder_stays_bounded_while_the_pico_floods_it(pico, link_to):
    link = link_to(pico, dead_after_s=30.0)
    held = []
    for _ in range(16):                                # 1 MiB through the pty
        pico.send_raw(SYNC_RUN)
        held.append(link.buffered()[1])
    until(lambda: link.stats["garbage_bytes"] >= 15 * len(SYNC_RUN))
    assert max(held) == C.KEEP
    link.send(C.HEARTBEAT)                             # the link still works


# ---- the send queue ----------------------------------------------------------------------

def test_the_queue_refuses_plain_messages_past_its_bound():
    q = SendQueue(limit=3)
    for _ in range(3):
        q.put(Message(C.HEARTBEAT))
    with pytest.raises(QueueFull):
        q.put(Message(C.HEARTBEAT))
    q.put_group("leds", [Message(C.LED_SHOW)])         # a frame still goes in
    assert len(q) == 4 and q.plain == 3
    q.popleft()
    q.put(Message(C.HEARTBEAT))


def test_a_newer_group_replaces_the_unsent_rest_of_an_older_one():
    q = SendQueue()
    old = [Message(C.LED_SET, b"x" * 5), Message(C.LED_SHOW)]
    q.put_group("leds", old)
    beat = Message(C.HEARTBEAT)
    q.put(beat)
    new = [Message(C.LED_COUNT, C.led_count(61)), Message(C.LED_SHOW)]
    assert q.put_group("leds", new) == old
    assert all(m.superseded and m.done and m.error is None for m in old)
    assert list(q) == [beat] + new


def test_a_silent_pico_cannot_make_the_send_queue_grow(pico, link_to, caplog):
    link = link_to(pico, dead_after_s=30.0)
    pico.mute = True
    refused = 0
    with caplog.at_level(logging.ERROR, logger="table.devices.link"):
        for _ in range(10_000):
            try:
                link.send(C.HEARTBEAT, wait=False)
            except DeviceError as err:
                refused += 1
                message = str(err)
    assert link.buffered()[0] <= DEFAULT_LIMIT
    assert refused >= 10_000 - DEFAULT_LIMIT - link.window
    assert "messages already wait for the Pico" in message and f"at most {DEFAULT_LIMIT}" in message
    faults = [r for r in caplog.records if "messages already wait" in r.getMessage()]
    assert len(faults) == 1                            # one clear fault, not one per message
    pico.mute = False
    until(lambda: not link.buffered()[0])              # it drains once the Pico answers
    link.send(C.HEARTBEAT)


def test_led_frames_shown_while_the_pico_is_silent_do_not_pile_up(pico, link_to):
    link = link_to(pico, dead_after_s=30.0, send_timeout=10.0)
    leds = PicoLeds(link, hexagon((0, 0), 4))
    leds.fill((1, 1, 1))
    leds.show()
    pico.mute = True
    errors, done = [], []

    def show(color):
        try:
            leds.fill(color)
            leds.show()
            done.append(color)
        except Exception as err:  # pragma: no cover - reported below
            errors.append(err)

    threads = []
    for k in range(200):                               # 200 frames, each changing every LED
        t = threading.Thread(target=show, args=((k, 2, 3),))
        t.start()
        threads.append(t)
        t.join(0.002)
    until(lambda: link.stats["superseded"] > 0)
    assert link.buffered()[0] <= 2 * (61 // C.LEDS_PER_FRAME + 1) + 4   # about one frame waits
    pico.mute = False
    for t in threads:
        t.join(30)
    assert errors == []
    assert len(done) == 200                            # every caller returned
    leds.show()
    assert pico.pixels == leds.frame()                 # and the newest frame is the one shown
    assert pico.node.shows < 200


# ---- what the Pico reports, and the colour order -----------------------------------------

def test_the_supply_voltage_comes_with_the_heartbeats(pico, link_to):
    pico.supply_mv = 4870
    link = link_to(pico, heartbeat_s=0.05)
    until(lambda: link.supply_volts is not None)
    assert link.supply_volts == 4.87
    pico.supply_mv = 4410                              # a sag under load
    assert link.measure_supply() == 4.41
    leds = PicoLeds(link, hexagon((0, 0), 4))
    assert leds.supply_volts == 4.41
    pico.supply_mv = 0                                 # a Pico W cannot measure it
    assert leds.measure_supply() is None and link.supply_volts is None


def test_the_led_rail_comes_with_the_heartbeats(pico, link_to):
    link = link_to(pico)
    leds = PicoLeds(link, hexagon((0, 0), 4))
    assert leds.measure_rail() == 5.02
    pico.rail_mv = 0                                   # the LEDs' supply unplugged
    assert leds.measure_rail() == 0.0 and link.measure_supply() == 4.95


def test_the_colour_order_is_sent_and_restored_after_a_replug(pico, link_to):
    link = link_to(pico)
    leds = PicoLeds(link, hexagon((0, 0), 4), color_order="RGB")
    leds.fill((10, 20, 30))
    leds.show()
    assert pico.node.strip.order == "RGB"
    pico.unplug()
    until(lambda: not link.connected)
    pico.replug()
    until(lambda: pico.node.strip.order == "RGB" and pico.node.shows >= 1)
    with pytest.raises(ValueError):
        PicoLeds(link, hexagon((0, 0), 4), color_order="RGBW")


# ---- a crash on the Pico -----------------------------------------------------------------

def test_after_a_crash_and_reset_of_the_pico_the_host_restores_its_frame(pico, link_to):
    link = link_to(pico)
    leds = PicoLeds(link, hexagon((0, 0), 4))
    leds.fill((5, 6, 7))
    leds.show()
    strip = type(pico.node.strip)
    real = strip.show
    crashed = []

    def show_once_broken(self, pixels, cap):
        if not crashed:
            crashed.append(True)
            raise OSError("a bug in the strip driver")
        real(self, pixels, cap)

    strip.show = show_once_broken
    try:
        leds.set((0, 0), (9, 9, 9))
        with pytest.raises(DeviceError):
            leds.show()                              # the Pico reset under this frame
        assert pico.crashes == 1
        until(lambda: link.connected and pico.frames and pico.pixels == leds.frame())
    finally:
        strip.show = real


def test_leds_of_a_frame_taken_back_are_sent_with_the_newer_frame(pico, link_to):
    link = link_to(pico, dead_after_s=30.0, send_timeout=10.0)
    leds = PicoLeds(link, hexagon((0, 0), 4), leds_per_frame=1)
    hexes = sorted(leds.hexes)
    leds.show()
    pico.mute = True
    for h in hexes[:6]:                                # 6 LED_SETs and a show: 3 wait unsent
        leds.set(h, (200, 0, 0))
    first = threading.Thread(target=leds.show)
    first.start()
    until(lambda: link.buffered()[0] == 3)
    leds.set(hexes[10], (0, 200, 0))
    second = threading.Thread(target=leds.show)
    second.start()
    until(lambda: link.stats["superseded"] == 3)
    pico.mute = False
    first.join(30)
    second.join(30)
    assert pico.pixels == leds.frame()
    assert sum(1 for c in pico.pixels if c != (0, 0, 0)) == 7
