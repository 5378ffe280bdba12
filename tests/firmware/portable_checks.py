# Checks of the firmware's codec and protocol logic that run unchanged under CPython (pytest,
# test_firmware_portable.py) and under real MicroPython (test_firmware_micropython.py).
# Each check takes the golden vectors (tests/vectors/link.json) and raises on failure.
# Needs firmware/ and tests/firmware/fakes/ on the module path.

import linkcodec as C
import linknode
import pwmservo
import ws2812


def unhex(s):
    return bytes(int(s[i:i + 2], 16) for i in range(0, len(s), 2))


def eq(got, want, what):
    if got != want:
        raise AssertionError("%s: got %r, want %r" % (what, got, want))


class Clock:
    def __init__(self):
        self.ms = 1000

    def __call__(self):
        return self.ms


def make_node(n=61, lost_after_ms=3000, supply=None, rail=None):
    out = []
    clock = Clock()
    strip = ws2812.Strip(2, n)
    servo = pwmservo.Servo(15)

    def write(b):
        out.append(bytes(b))      # the node reuses its reply buffers

    measured = {k: f for k, f in (("supply", supply), ("rail", rail)) if f is not None}
    node = linknode.Node(write, strip, servo, clock, lost_after_ms=lost_after_ms, **measured)
    return node, out, clock


def capped(color, cap=linknode.DEFAULT_CAP):
    return tuple(C.scale(c, cap) for c in color)


def replies(out):
    got = []
    dec = C.Decoder()
    for chunk in out:
        for seq, mtype, data in dec.feed(chunk):
            got.append((seq, mtype, data))
    del out[:]
    return got


def greet(node, out, n=61, seq=0):
    """Hello, then (as the host's LED backend does) the LED count; the next seq is seq + 2."""
    node.feed(C.encode(seq, C.HELLO, C.hello()))
    r = replies(out)
    eq([(s, t) for s, t, _ in r], [((seq + 1) & 255, C.HELLO_REPLY)], "hello reply")
    node.feed(C.encode(seq + 1, C.LED_COUNT, C.led_count(n)))
    eq([(s, t) for s, t, _ in replies(out)], [((seq + 2) & 255, C.ACK)], "led-count ack")
    return r[0][2]


# ---- codec ---------------------------------------------------------------------------

def check_crc(v):
    for case in v["crc32"]:
        eq(C.crc32(unhex(case["data"])), case["crc"], "crc32 of " + case["data"])


def check_frames(v):
    eq(C.PROTOCOL_VERSION, v["protocol_version"], "protocol version")
    eq((C.SYNC, C.MIN_LEN, C.MAX_LEN), (v["sync"], v["min_len"], v["max_len"]), "constants")
    for case in v["frames"]:
        frame = C.encode(case["seq"], case["type"], unhex(case["data"]))
        eq(frame, unhex(case["frame"]), "encode " + case["name"])
        eq(frame[0], len(frame), "length byte of " + case["name"])
        eq(frame[-1], C.SYNC, "sync byte of " + case["name"])
        got = C.Decoder().feed(frame)
        eq(got, [(case["seq"], case["type"], unhex(case["data"]))], "decode " + case["name"])


def check_too_long(v):
    try:
        C.encode(0, C.LED_SET, bytes(C.MAX_DATA + 1))
    except C.CodecError:
        return
    raise AssertionError("a frame over MAX_LEN was encoded")


def check_bodies(v):
    b = v["bodies"]
    for case in b["hello"]:
        eq(C.hello(case["args"][0]), unhex(case["data"]), "hello")
        eq(C.parse_hello(unhex(case["data"])), case["args"][0], "parse hello")
    for case in b["led_count"]:
        eq(C.led_count(case["args"][0]), unhex(case["data"]), "led-count")
        eq(C.parse_led_count(unhex(case["data"])), case["args"][0], "parse led-count")
    for case in b["hello_reply"]:
        n, fw, ver = case["args"]
        eq(C.hello_reply(n, fw, ver), unhex(case["data"]), "hello-reply")
        eq(C.parse_hello_reply(unhex(case["data"])), (ver, n, fw), "parse hello-reply")
    for case in b["led_set"]:
        entries = [(i, tuple(c)) for i, c in case["args"][0]]
        eq(C.led_set(entries), unhex(case["data"]), "led-set")
        eq(C.parse_led_set(unhex(case["data"])), entries, "parse led-set")
    for case in b["brightness"]:
        eq(C.brightness(case["args"][0]), unhex(case["data"]), "brightness")
        eq(C.parse_brightness(unhex(case["data"])), case["args"][0], "parse brightness")
    for case in b["servo"]:
        eq(C.servo(case["args"][0], case["args"][1]), unhex(case["data"]), "servo")
        eq(C.parse_servo(unhex(case["data"])), tuple(case["args"]), "parse servo")
    for case in b["lost"]:
        eq(C.lost(tuple(case["args"][0]), case["args"][1]), unhex(case["data"]), "lost")
        eq(C.parse_lost(unhex(case["data"])), (tuple(case["args"][0]), case["args"][1]), "parse lost")
    for case in b["error"]:
        eq(C.error(case["args"][0], case["args"][1]), unhex(case["data"]), "error")
        eq(C.parse_error(unhex(case["data"])), tuple(case["args"]), "parse error")
    for bad in (b"", b"\x00\x01\x02\x03"):
        try:
            C.parse_led_set(bad)
        except C.CodecError:
            continue
        raise AssertionError("parse_led_set accepted %r" % bad)


def check_streams(v):
    for case in v["streams"]:
        stream = unhex(case["stream"])
        want = [(s, t, unhex(d)) for s, t, d in case["frames"]]
        eq(C.Decoder().feed(stream), want, "stream " + case["name"])
        dec = C.Decoder()
        got = []
        for i in range(len(stream)):
            got += dec.feed(stream[i:i + 1])
        eq(got, want, "stream fed byte by byte: " + case["name"])


def check_scale(v):
    for value, cap, want in v["scale"]:
        eq(C.scale(value, cap), want, "scale(%d, %d)" % (value, cap))


# ---- the firmware node ---------------------------------------------------------------

def check_exchanges(v):
    for case in v["exchanges"]:
        node, out, _ = make_node()
        for seq, mtype, data in case["send"]:
            node.feed(C.encode(seq, mtype, unhex(data)))
        eq([(s, t) for s, t, _ in replies(out)], [tuple(x) for x in case["replies"]],
           "replies to " + case["name"])
        if "shows" in case:
            eq(node.shows, case["shows"], "shows after " + case["name"])


def check_hello_reply(v):
    node, out, _ = make_node()
    version, n, fw = C.parse_hello_reply(greet(node, out, n=100))
    eq((version, n, fw), (C.PROTOCOL_VERSION, 61, linknode.FIRMWARE_VERSION), "hello reply body")
    eq(node.strip.n, 100, "strip resized by led-count")
    node.feed(C.encode(2, C.LED_COUNT, C.led_count(5000)))
    eq([t for _, t, _ in replies(out)], [C.ERROR], "too many LEDs")
    eq(node.strip.n, 100, "strip kept after a bad led-count")
    node.feed(C.encode(7, C.HELLO, C.hello()))
    eq(C.parse_hello_reply(replies(out)[0][2])[1], 100, "a later hello reports the count")


def check_leds_shown(v):
    node, out, _ = make_node(n=4)
    greet(node, out, n=4)
    sm = node.strip.sm
    eq(sm.running, True, "state machine started")
    eq(sm.freq, 8000000, "PIO clock for 800 kHz")
    eq(sm.sideset_base.id, 2, "LED data pin")
    shown = len(sm.frames)
    node.feed(C.encode(2, C.LED_SET, C.led_set([(0, (255, 0, 0)), (3, (1, 2, 3))])))
    eq(len(sm.frames), shown, "nothing shown before led-show")
    node.feed(C.encode(3, C.LED_SHOW))
    eq(sm.frames[-1], (capped((255, 0, 0)), (0, 0, 0), (0, 0, 0), capped((1, 2, 3))),
       "frame shown under the safe default cap")
    node.feed(C.encode(4, C.BRIGHTNESS, C.brightness(255)) + C.encode(5, C.LED_SHOW))
    eq(sm.frames[-1], ((255, 0, 0), (0, 0, 0), (0, 0, 0), (1, 2, 3)), "frame at full power")
    node.feed(C.encode(6, C.BRIGHTNESS, C.brightness(128)) + C.encode(7, C.LED_SHOW))
    eq(sm.frames[-1], ((128, 0, 0), (0, 0, 0), (0, 0, 0), (1, 1, 2)), "frame under the cap")
    eq([t for _, t, _ in replies(out)], [C.ACK] * 6, "acks")


def check_bad_led_changes_nothing(v):
    node, out, _ = make_node(n=4)
    greet(node, out, n=4)
    node.feed(C.encode(2, C.LED_SET, C.led_set([(0, (9, 9, 9)), (4, (1, 1, 1))])))
    r = replies(out)
    eq(r[0][1], C.ERROR, "out-of-range LED rejected")
    mtype, reason = C.parse_error(r[0][2])
    eq(mtype, C.LED_SET, "rejected type")
    if "LED 4" not in reason:
        raise AssertionError("unclear reason: " + reason)
    eq(bytes(node.pixels), bytes(12), "no LED changed")


def check_servo(v):
    node, out, clock = make_node()
    greet(node, out)
    pwm = node.servo.pwm
    eq(pwm.freq(), 50, "servo at 50 Hz")
    eq(pwm.pin.id, 15, "servo pin")
    node.feed(C.encode(2, C.SERVO, C.servo(1500, 600)))
    eq(pwm.duty_ns(), 1500000, "pulse width in ns")
    clock.ms += 599
    node.tick()
    eq(pwm.duty_ns(), 1500000, "still driving before the hold ends")
    clock.ms += 1
    node.tick()
    eq(pwm.duty_ns(), 0, "released after the hold")
    node.feed(C.encode(3, C.SERVO, C.servo(2000, 0)))
    clock.ms += 2000
    node.feed(C.encode(4, C.HEARTBEAT))
    node.tick()
    eq(pwm.duty_ns(), 2000000, "hold 0 keeps driving")
    node.feed(C.encode(5, C.SERVO_OFF))
    eq(pwm.duty_ns(), 0, "servo-off")
    node.feed(C.encode(6, C.SERVO, C.servo(3000, 0)))
    eq([t for _, t, _ in replies(out)], [C.ACK, C.ACK, C.STATUS, C.ACK, C.ERROR],
       "out-of-range pulse rejected")
    eq(pwm.duty_ns(), 0, "rejected pulse not driven")


def check_watchdog(v):
    node, out, clock = make_node(n=3)
    greet(node, out, n=3)
    node.feed(C.encode(2, C.LOST, C.lost((10, 20, 30), 1000)))
    node.feed(C.encode(3, C.LED_SET, C.led_set([(1, (5, 5, 5))]))
              + C.encode(4, C.BRIGHTNESS, C.brightness(255)))
    node.feed(C.encode(5, C.SERVO, C.servo(1200, 0)) + C.encode(6, C.LED_SHOW))
    sm = node.strip.sm
    shown = len(sm.frames)
    clock.ms += 999
    node.tick()
    eq(len(sm.frames), shown, "no pattern before the timeout")
    clock.ms += 1
    node.tick()
    eq(node.lost, True, "host declared lost")
    eq(sm.frames[-1], ((10, 20, 30),) * 3, "lost pattern on")
    eq(node.servo.pwm.duty_ns(), 1200000, "servo holds")
    clock.ms += linknode.BLINK_MS
    node.tick()
    eq(sm.frames[-1], ((0, 0, 0),) * 3, "lost pattern blinks off")
    clock.ms += linknode.BLINK_MS
    node.tick()
    eq(sm.frames[-1], ((10, 20, 30),) * 3, "and on again")
    node.feed(C.encode(7, C.HEARTBEAT))
    eq(node.lost, False, "host back")
    eq(sm.frames[-1], ((0, 0, 0), (5, 5, 5), (0, 0, 0)), "the host's frame is back")


def check_lost_at_boot(v):
    node, out, clock = make_node(n=2)
    clock.ms += 3000
    node.tick()
    eq(node.strip.sm.frames[-1], (capped((255, 40, 0)),) * 2,
       "lost pattern when no host ever came, under the safe default cap")


def check_repl_request(v):
    node, out, _ = make_node()
    greet(node, out)
    node.feed(C.encode(2, C.REPL))
    eq(node.exit_requested, True, "repl request")
    eq([t for _, t, _ in replies(out)], [C.ACK], "repl acked")


def check_garbled_input(v):
    node, out, _ = make_node(n=2)
    greet(node, out, n=2)
    noise = bytes((i * 91 + 7) & 0xFF for i in range(500))
    node.feed(noise + C.encode(2, C.LED_SET, C.led_set([(1, (7, 8, 9))])) + noise[:17]
              + C.encode(3, C.LED_SHOW))
    eq(node.strip.sm.frames[-1], ((0, 0, 0), capped((7, 8, 9))), "frames found among noise")
    eq([t for _, t, _ in replies(out)], [C.ACK, C.ACK], "acks after noise")


def check_damage_is_noticed(v):
    a = C.encode(1, C.LED_SHOW)
    b = C.encode(2, C.LED_SET, C.led_set([(126, (126, 126, 126))]))   # 0x7E inside
    dec = C.Decoder()
    eq(dec.feed(b[:9]), [], "half a frame with sync bytes inside")
    eq(dec.damaged, 0, "a frame still arriving is not damage")
    eq(dec.feed(b[9:]), [(2, C.LED_SET, b[3:-1 - C.CRC_LEN])], "the rest of it")
    torn = bytearray(a)
    torn[2] ^= 0x40
    eq(dec.feed(bytes(torn)), [], "a damaged frame")
    eq(dec.damaged, 1, "damage noticed at its sync byte")
    node, out, _ = make_node()
    greet(node, out)
    node.feed(bytes(torn))
    eq([(s, t) for s, t, _ in replies(out)], [(2, C.NAK)], "the Pico naks at once")


def check_safe_default_cap(v):
    node, out, _ = make_node(n=1)
    if not 0 < linknode.DEFAULT_CAP <= 128:
        raise AssertionError("the default cap %d is not a safe one" % linknode.DEFAULT_CAP)
    eq(node.cap, linknode.DEFAULT_CAP, "cap before the host sends one")


def check_status_reports_the_supply(v):
    node, out, _ = make_node(supply=lambda: 4980, rail=lambda: 5040)
    greet(node, out)
    node.feed(C.encode(2, C.HEARTBEAT))
    r = replies(out)
    eq([(s, t) for s, t, _ in r], [(3, C.STATUS)], "a heartbeat is answered with a status")
    eq(C.parse_status(r[0][2]), 4980, "the supply in millivolts")
    eq(C.parse_status_rail(r[0][2]), 5040, "the LED rail in millivolts")
    eq(C.parse_status_rail(C.status(4700)[:2]), 0, "firmware 1.1's status: no rail")
    node.feed(C.encode(2, C.HEARTBEAT))
    eq([(s, t) for s, t, _ in replies(out)], [(3, C.ACK)], "a repeated heartbeat: a plain ack")


def check_led_order(v):
    node, out, _ = make_node(n=2)
    greet(node, out, n=2)
    strip = node.strip
    node.feed(C.encode(2, C.BRIGHTNESS, C.brightness(255))
              + C.encode(3, C.LED_SET, C.led_set([(0, (0x11, 0x22, 0x33))])) + C.encode(4, C.LED_SHOW))
    eq(strip.words[0], 0x221133, "GRB by default (WS2812B)")
    node.feed(C.encode(5, C.LED_ORDER, C.led_order("RGB")) + C.encode(6, C.LED_SHOW))
    eq(strip.words[0], 0x112233, "RGB once the host says so (PL9823)")
    node.feed(C.encode(7, C.LED_ORDER, b"RGX"))
    eq([t for _, t, _ in replies(out)], [C.ACK] * 5 + [C.ERROR], "a bad order is rejected")
    eq(strip.order, "RGB", "and changes nothing")


def check_sync_flood_is_bounded(v):
    node, out, _ = make_node(n=2)
    greet(node, out, n=2)
    flood = bytes([C.SYNC]) * 1000
    for _ in range(20):
        node.feed(flood)
        if node.decoder.held > C.KEEP or len(node.decoder.buf) != C.KEEP:
            raise AssertionError("the decoder holds %d bytes after a flood of sync bytes"
                                 % len(node.decoder.buf))
    dec = C.Decoder()
    for _ in range(20):
        dec.feed(flood)
    eq(len(dec.buf), C.KEEP, "a decoder's buffer after 20,000 sync bytes")
    node.feed(C.encode(2, C.HEARTBEAT))
    eq([t for _, t, _ in replies(out)][-1], C.STATUS, "frames still found after the flood")


CHECKS = [
    ("crc", check_crc), ("frames", check_frames), ("too_long", check_too_long),
    ("bodies", check_bodies), ("streams", check_streams), ("scale", check_scale),
    ("exchanges", check_exchanges), ("hello_reply", check_hello_reply),
    ("leds_shown", check_leds_shown), ("bad_led_changes_nothing", check_bad_led_changes_nothing),
    ("servo", check_servo), ("watchdog", check_watchdog), ("lost_at_boot", check_lost_at_boot),
    ("repl_request", check_repl_request), ("garbled_input", check_garbled_input),
    ("damage_is_noticed", check_damage_is_noticed), ("safe_default_cap", check_safe_default_cap),
    ("status_reports_the_supply", check_status_reports_the_supply), ("led_order", check_led_order),
    ("sync_flood_is_bounded", check_sync_flood_is_bounded),
]


def run_all(vectors):
    for name, check in CHECKS:
        check(vectors)
        print("ok", name)
    print("ALL %d CHECKS PASSED" % len(CHECKS))
