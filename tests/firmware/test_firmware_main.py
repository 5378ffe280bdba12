"""firmware/main.py under CPython with the stand-ins: the pins it builds and its serve loop."""

import importlib.util
import os

import firmware_paths

import linkcodec as C
import micropython
import rp2

_spec = importlib.util.spec_from_file_location("pico_main_under_test", firmware_paths.FIRMWARE / "main.py")
main = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(main)


class Clock:
    ms = 0

    def __call__(self):
        return self.ms


def test_build_uses_the_reference_pins():
    node = main.build(lambda b: None, now=Clock(), diff=lambda a, b: a - b)
    assert node.strip.sm.sideset_base.id == main.LED_PIN == 2
    assert node.servo.pwm.pin.id == main.SERVO_PIN == 15
    assert node.strip.n == main.DEFAULT_LEDS == 61
    assert node.servo.pwm.freq() == 50 and node.servo.pwm.duty_ns() == 0   # limp at boot


def test_serve_feeds_the_node_until_the_host_asks_for_the_repl():
    replies = []
    node = main.build(replies.append, now=Clock(), diff=lambda a, b: a - b)
    r, w = os.pipe()
    stream = os.fdopen(r, "rb", buffering=0)
    frames = (C.encode(0, C.HELLO, C.hello()) + C.encode(1, C.LED_SET, C.led_set([(0, (4, 5, 6))]))
              + C.encode(2, C.LED_SHOW) + C.encode(3, C.REPL))
    os.write(w, frames)
    try:
        main.serve(node, stream, stream.read, bootsel=lambda: False)
    finally:
        stream.close()
        os.close(w)
    assert node.strip.sm.frames[-1][0] == (4, 5, 6)
    got = C.Decoder().feed(b"".join(replies))
    assert [t for _, t, _ in got] == [C.HELLO_REPLY, C.ACK, C.ACK, C.ACK]


def test_holding_bootsel_leaves_the_loop():
    node = main.build(lambda b: None, now=Clock(), diff=lambda a, b: a - b)
    r, w = os.pipe()
    stream = os.fdopen(r, "rb", buffering=0)
    try:
        main.serve(node, stream, stream.read, bootsel=lambda: True)   # returns, no host needed
    finally:
        stream.close()
        os.close(w)
    assert not node.exit_requested


def test_run_turns_ctrl_c_off_while_serving_and_back_on_after(monkeypatch):
    seen = []

    def fake_serve(node, stream, read, bootsel=None):
        seen.append(micropython.interrupt_char[0])
        node.servo.pulse(1500)

    class Out:
        buffer = type("B", (), {"write": staticmethod(lambda b: None)})()

    monkeypatch.setattr(main, "serve", fake_serve)
    monkeypatch.setattr(main.sys, "stdout", Out())
    monkeypatch.setattr(main.time, "ticks_ms", lambda: 0, raising=False)
    monkeypatch.setattr(main.time, "ticks_diff", lambda a, b: a - b, raising=False)
    main.run()
    assert seen == [-1]                                  # 0x03 in a frame must not stop it
    assert micropython.interrupt_char[0] == 3           # mpremote can interrupt again
    assert rp2.machines[0].running
