# Measurements of firmware/main.py that run under real MicroPython (the WebAssembly port,
# tests/firmware/test_firmware_micropython.py and bench/firmware.py) and under CPython.
#
# allocation(): bytes allocated while the serving loop takes a stream of LED frames,
# heartbeats, servo moves and a flood of sync bytes (gc.mem_free() with the collector off).
# reset_after_exception(): main.run() with an exception injected into the loop; how long
# from the exception to machine.reset() (the stand-in records the call and raises Reset).

import gc
import time

import linkcodec as C
import machine
import main
import ws2812


class Port:
    """A UsbPort stand-in over a prepared stream; at the byte offsets in ``marks`` it notes
    gc.mem_free() (in a preallocated list).  Allocates nothing itself."""

    def __init__(self, data, marks=()):
        self.data = data
        self.at = 0
        self.marks = marks
        self.free = [0] * len(marks)
        self.sent = 0

    def wait(self, ms):
        return self.at < len(self.data)

    def readinto(self, buf):
        data = self.data
        at = self.at
        stop = len(data)
        for k in range(len(self.marks)):
            mark = self.marks[k]
            if at == mark:
                self.free[k] = gc.mem_free()
            elif at < mark < stop:
                stop = mark
        n = stop - at
        if n > len(buf):
            n = len(buf)
        for i in range(n):
            buf[i] = data[at + i]
        self.at = at + n
        return n

    def write(self, b):
        self.sent += len(b)


def traffic(seq, rounds):
    """``rounds`` of what the host sends while animating: two LED_SETs of 11 LEDs, a
    brightness, a show, a heartbeat, a servo move; returns (bytes, next seq, frames)."""
    out = bytearray()
    frames = 0
    for k in range(rounds):
        for part in range(2):
            entries = [((11 * part + i + k) % 61, (k & 255, i * 20, 255 - i)) for i in range(11)]
            out += C.encode(seq, C.LED_SET, C.led_set(entries))
            seq = (seq + 1) & 255
        for mtype, data in ((C.BRIGHTNESS, C.brightness(100 + k % 50)), (C.LED_SHOW, b""),
                            (C.HEARTBEAT, b""), (C.SERVO, C.servo(1000 + k, 0))):
            out += C.encode(seq, mtype, data)
            seq = (seq + 1) & 255
        frames += 6
    return out, seq, frames


def allocation(measured_bytes=10000, warmup_rounds=20, flood=2000):
    """Returns (bytes allocated, bytes fed, frames fed) over the measured part."""
    head = C.encode(0, C.HELLO, C.hello()) + C.encode(1, C.LED_COUNT, C.led_count(61))
    warm, seq, _ = traffic(2, warmup_rounds)
    rounds = measured_bytes // 2 // len(traffic(0, 1)[0]) + 1
    first, seq, frames1 = traffic(seq, rounds)
    second, seq, frames2 = traffic(seq, rounds)
    measured = first + bytes([C.SYNC]) * flood + second
    tail = C.encode(seq, C.REPL)
    start = len(head) + len(warm)
    stream = bytearray(head + warm + measured + tail)
    port = Port(stream, (start, start + len(measured)))
    node = main.build(port.write, now=time.ticks_ms, diff=time.ticks_diff)
    node.strip.sm.keep = False           # the stand-in state machine keeps nothing
    node.servo.pwm.history = None
    gc.collect()
    gc.disable()
    try:
        main.serve(node, port, bootsel=lambda: False)
    finally:
        gc.enable()
    if not node.exit_requested or node.strip.sm.puts < rounds:
        raise AssertionError("the stream was not served to its end")
    return port.free[0] - port.free[1], len(measured), frames1 + frames2


class Injected(Exception):
    pass


def reset_after_exception():
    """Seconds from an exception raised in the serving loop to machine.reset()."""
    raised = [0]
    reset_at = [0]

    def broken_show(self, pixels, cap):
        raised[0] = time.ticks_us()
        raise Injected("a bug in the strip driver")

    real_reset = machine.reset

    def timed_reset():
        reset_at[0] = time.ticks_us()
        real_reset()

    show = ws2812.Strip.show
    ws2812.Strip.show = broken_show
    machine.reset = timed_reset
    del machine.resets[:]
    port = Port(C.encode(0, C.HELLO, C.hello()) + C.encode(1, C.LED_SHOW))
    try:
        main.run(port)
    except machine.Reset:
        pass
    finally:
        ws2812.Strip.show = show
        machine.reset = real_reset
    if len(machine.resets) != 1 or not raised[0]:
        raise AssertionError("no reset after the exception (resets: %r)" % machine.resets)
    return time.ticks_diff(reset_at[0], raised[0]) / 1e6
