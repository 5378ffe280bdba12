"""firmware/main.py under CPython with the stand-ins: the pins it builds, its serve loop, and
its supervision (watchdog, reset on any failure, the way back to the REPL)."""

import importlib.util
import os

import pytest

import firmware_paths

import linkcodec as C
import linknode
import machine
import micropython
import rp2

_spec = importlib.util.spec_from_file_location("pico_main_under_test", firmware_paths.FIRMWARE / "main.py")
main = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(main)


class Clock:
    ms = 0

    def __call__(self):
        return self.ms


@pytest.fixture
def board(monkeypatch):
    """A fresh board: no resets, no watchdog, clear scratch registers, a millisecond clock."""
    machine.resets.clear()
    machine.watchdogs.clear()
    machine.mem32.words.clear()
    machine.ADC.level[0] = 0
    clock = Clock()
    monkeypatch.setattr(main.time, "ticks_ms", clock, raising=False)
    monkeypatch.setattr(main.time, "ticks_diff", lambda a, b: a - b, raising=False)
    return clock


class Pipe:
    """A UsbPort over an os.pipe (the host's bytes) with the replies collected."""

    def __init__(self, data=b""):
        r, self.w = os.pipe()
        self.stream = os.fdopen(r, "rb", buffering=0)
        self.replies = []
        self.port = main.UsbPort(self.stream, self.stream, self)
        if data:
            os.write(self.w, data)

    def write(self, b):
        self.replies.append(bytes(b))

    def got(self):
        return [t for _, t, _ in C.Decoder().feed(b"".join(self.replies))]

    def close(self):
        self.stream.close()
        os.close(self.w)


def test_build_uses_the_reference_pins():
    node = main.build(lambda b: None, now=Clock(), diff=lambda a, b: a - b)
    assert node.strip.sm.sideset_base.id == main.LED_PIN == 2
    assert node.servo.pwm.pin.id == main.SERVO_PIN == 15
    assert node.strip.n == main.DEFAULT_LEDS == 60
    assert node.servo.pwm.freq() == 50 and node.servo.pwm.duty_ns() == 0   # limp at boot


def test_serve_feeds_the_node_until_the_host_asks_for_the_repl():
    frames = (C.encode(0, C.HELLO, C.hello()) + C.encode(1, C.LED_SET, C.led_set([(0, (4, 5, 6))]))
              + C.encode(2, C.BRIGHTNESS, C.brightness(255)) + C.encode(3, C.LED_SHOW)
              + C.encode(4, C.REPL))
    pipe = Pipe(frames)
    node = main.build(pipe.write, now=Clock(), diff=lambda a, b: a - b)
    try:
        main.serve(node, pipe.port, bootsel=lambda: False)
    finally:
        pipe.close()
    assert node.strip.sm.frames[-1][0] == (4, 5, 6)
    assert pipe.got() == [C.HELLO_REPLY, C.ACK, C.ACK, C.ACK, C.ACK]


def test_the_usb_port_reads_what_is_waiting_and_no_more():
    pipe = Pipe(b"abc")
    try:
        buf = bytearray(8)
        assert pipe.port.wait(0)
        assert pipe.port.readinto(buf) == 3 and buf[:3] == b"abc"
        assert not pipe.port.wait(0)
        assert pipe.port.readinto(buf) == 0
    finally:
        pipe.close()


def test_holding_bootsel_leaves_the_loop():
    pipe = Pipe()
    node = main.build(pipe.write, now=Clock(), diff=lambda a, b: a - b)
    try:
        main.serve(node, pipe.port, bootsel=lambda: True)   # returns, no host needed
    finally:
        pipe.close()
    assert not node.exit_requested


def test_the_supply_is_vsys_through_adc3_times_three(monkeypatch):
    machine.ADC.level[0] = round(65535 * 5 / 9.9)
    read = main.supply_reader()
    assert 4990 <= read() <= 5000
    monkeypatch.setattr(main, "BOARD", "Raspberry Pi Pico W with RP2040")
    assert main.supply_reader() is None       # GP29 is the wireless chip's clock there


def test_the_led_rail_is_gp26_through_the_halving_divider(monkeypatch):
    monkeypatch.setitem(machine.ADC.levels, 26, round(65535 * 2.5 / 3.3))   # 5.0 V rail
    monkeypatch.setitem(machine.ADC.levels, 29, round(65535 * 4.7 / 9.9))   # VSYS from USB
    assert 4990 <= main.rail_reader()() <= 5000
    assert 4690 <= main.supply_reader()() <= 4700
    monkeypatch.setitem(machine.ADC.levels, 26, 0)        # the LED supply is off
    assert main.rail_reader()() == 0
    monkeypatch.setattr(main, "BOARD", "Raspberry Pi Pico W with RP2040")
    assert main.rail_reader() is not None     # GP26 is free on a Pico W too


def test_run_blanks_the_strip_feeds_the_watchdog_and_resets_into_the_repl(board, monkeypatch):
    seen = []
    real_serve = main.serve

    def serve(node, port, feed=None, bootsel=None, settled=None):
        seen.append(micropython.interrupt_char[0])
        real_serve(node, port, feed, bootsel=lambda: False, settled=settled)

    monkeypatch.setattr(main, "serve", serve)
    pipe = Pipe(C.encode(0, C.HELLO, C.hello()) + C.encode(1, C.HEARTBEAT) + C.encode(2, C.REPL))
    try:
        with pytest.raises(machine.Reset):
            main.run(pipe.port)
    finally:
        pipe.close()
    sm = rp2.machines[0]
    assert sm.frames[0] == ((0, 0, 0),) * linknode.MAX_LEDS      # blanked at boot, first
    assert seen == [-1]                                          # 0x03 in a frame must not stop it
    assert micropython.interrupt_char[0] == 3                    # mpremote can interrupt again
    [wdt] = machine.watchdogs
    assert wdt.timeout == main.WDT_MS and wdt.feeds >= 1
    assert pipe.got() == [C.HELLO_REPLY, C.STATUS, C.ACK]
    assert machine.resets == [1]            # the watchdog cannot be stopped: a reset...
    assert main.run() is None                # ...after which the firmware stays in the REPL
    assert len(machine.watchdogs) == 1 and machine.resets == [1]
    assert machine.mem32[main.SCRATCH_REPL] == 0                 # once only


def test_an_exception_in_the_loop_resets_the_board(board, monkeypatch):
    def broken(*args, **kwargs):
        raise ValueError("a bug")

    monkeypatch.setattr(main.linknode.Node, "tick", broken)
    pipe = Pipe()
    try:
        with pytest.raises(machine.Reset):
            main.run(pipe.port)
    finally:
        pipe.close()
    assert machine.resets == [1]
    assert machine.mem32[main.SCRATCH_REPL] == 0


def test_repeated_crashes_at_boot_leave_the_board_in_the_repl(board, monkeypatch):
    def broken(*args, **kwargs):
        raise MemoryError()

    monkeypatch.setattr(main, "build", broken)
    for _ in range(main.CRASH_LIMIT):
        with pytest.raises(machine.Reset):
            main.run(Pipe().port)
    assert main.run() is None                  # reachable with mpremote, no watchdog
    assert len(machine.resets) == main.CRASH_LIMIT
    with pytest.raises(machine.Reset):         # the count starts again
        main.run(Pipe().port)


def test_a_crash_after_the_grace_time_always_resets(board, monkeypatch):
    def late_crash(node, port, feed=None, bootsel=None, settled=None):
        board.ms += main.BOOT_GRACE_MS
        settled()
        raise ValueError("a bug, late")

    monkeypatch.setattr(main, "serve", late_crash)
    for _ in range(main.CRASH_LIMIT + 2):
        with pytest.raises(machine.Reset):
            main.run(Pipe().port)
    assert machine.mem32[main.SCRATCH_CRASHES] == 0
