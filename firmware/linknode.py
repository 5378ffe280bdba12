# The Pico's side of the link: take frames from the host, keep them in order, act on them.
#
# Pure logic: the strip, the servo, the clock and the output are handed in, so this runs
# the same on the Pico, under CPython with stand-ins, and under MicroPython in WebAssembly.

import linkcodec as C

FIRMWARE_VERSION = "1.0.0"
MAX_LEDS = 1024
BLINK_MS = 500
MIN_PULSE_US = 400
MAX_PULSE_US = 2600


def _minus(a, b):
    return a - b


class Node:
    """State of the firmware: the LED buffer, the cap, the servo, the host watchdog.

    write(bytes) sends to the host; now() gives milliseconds; diff(a, b) is a - b for that
    clock (time.ticks_diff on the Pico, which survives wrap-round).
    """

    def __init__(self, write, strip, servo, now, diff=_minus, lost_after_ms=3000,
                 lost_color=(255, 40, 0)):
        self.write = write
        self.strip = strip
        self.servo = servo
        self.now = now
        self.diff = diff
        self.decoder = C.Decoder()
        self.expect = None               # next host seq; None until greeted
        self.pixels = bytearray(3 * strip.n)
        self.cap = 255
        self.lost_after = lost_after_ms
        self.lost_color = lost_color
        self.last_heard = now()
        self.lost = False
        self.blink_on = False
        self.blink_at = 0
        self.servo_at = None               # when the servo pulse started, if it times out
        self.servo_hold = 0
        self.exit_requested = False
        self.shows = 0
        self.rejected = 0

    # ---- input ------------------------------------------------------------------------

    def feed(self, data):
        damaged = self.decoder.damaged
        frames = self.decoder.feed(data)
        if self.decoder.damaged != damaged and self.expect is not None and not frames:
            self.write(C.encode(self.expect, C.NAK))    # something broke: ask again now
        for seq, mtype, body in frames:
            self.on_frame(seq, mtype, body)

    def on_frame(self, seq, mtype, body):
        self.last_heard = self.now()
        if self.lost:
            self.lost = False
            self._show()                  # the host is back: its last frame again
        if mtype == C.HELLO:
            self._hello(seq, body)
        elif self.expect is None:
            self.write(C.encode(0, C.NEED_HELLO))
        elif seq != self.expect:
            # a repeat (our ack was lost): ack again; a gap (a frame was lost): nak, so the
            # host sends again from the one we expect without waiting for its timeout
            ahead = (seq - self.expect) & 0xFF < 128
            self.write(C.encode(self.expect, C.NAK if ahead else C.ACK))
        else:
            self.expect = (seq + 1) & 0xFF
            reason = self.handle(mtype, body)
            if reason is None:
                self.write(C.encode(self.expect, C.ACK))
            else:
                self.rejected += 1
                self.write(C.encode(self.expect, C.ERROR, C.error(mtype, reason)[:C.MAX_DATA]))

    def _hello(self, seq, body):
        # a hello restarts the sequence whatever it was: a new host, or the same one again
        try:
            C.parse_hello(body)
        except C.CodecError as err:
            self.write(C.encode(0, C.ERROR, C.error(C.HELLO, str(err))))
            return
        self.expect = (seq + 1) & 0xFF
        self.write(C.encode(self.expect, C.HELLO_REPLY,
                            C.hello_reply(self.strip.n, FIRMWARE_VERSION, C.PROTOCOL_VERSION)))

    def _resize(self, n):
        old = self.pixels
        self.strip.resize(n)
        self.pixels = bytearray(3 * n)
        keep = min(len(old), len(self.pixels))
        self.pixels[0:keep] = old[0:keep]

    def handle(self, mtype, body):
        """Act on one in-order message; return None, or why it was rejected (no change)."""
        try:
            if mtype == C.HEARTBEAT:
                return None
            if mtype == C.LED_SET:
                entries = C.parse_led_set(body)
                n = self.strip.n
                for index, _ in entries:
                    if index >= n:
                        return "LED %d does not exist (the strip has %d)" % (index, n)
                px = self.pixels
                for index, color in entries:
                    i = 3 * index
                    px[i] = color[0]
                    px[i + 1] = color[1]
                    px[i + 2] = color[2]
                return None
            if mtype == C.LED_SHOW:
                if body:
                    return "led-show takes no data"
                self._show()
                return None
            if mtype == C.LED_COUNT:
                n = C.parse_led_count(body)
                if not 1 <= n <= MAX_LEDS:
                    return "LED count %d is outside 1..%d" % (n, MAX_LEDS)
                if n != self.strip.n:
                    self._resize(n)
                return None
            if mtype == C.BRIGHTNESS:
                self.cap = C.parse_brightness(body)
                return None
            if mtype == C.SERVO:
                pulse, hold = C.parse_servo(body)
                if not MIN_PULSE_US <= pulse <= MAX_PULSE_US:
                    return "servo pulse %d us is outside %d..%d" % (pulse, MIN_PULSE_US, MAX_PULSE_US)
                self.servo.pulse(pulse)
                self.servo_hold = hold
                self.servo_at = None if hold == 0 else self.now()
                return None
            if mtype == C.SERVO_OFF:
                self.servo.off()
                self.servo_at = None
                return None
            if mtype == C.LOST:
                color, after = C.parse_lost(body)
                if after < 100:
                    return "lost-host timeout %d ms is too short (at least 100)" % after
                self.lost_color = color
                self.lost_after = after
                return None
            if mtype == C.REPL:
                self.exit_requested = True
                return None
            return "unknown message type 0x%02X" % mtype
        except C.CodecError as err:
            return str(err)

    # ---- time -------------------------------------------------------------------------

    def tick(self):
        """Call often (every few ms): servo release and the host watchdog."""
        now = self.now()
        if self.servo_at is not None and self.diff(now, self.servo_at) >= self.servo_hold:
            self.servo.off()               # settled: stop driving so it does not hum
            self.servo_at = None
        if not self.lost:
            if self.diff(now, self.last_heard) >= self.lost_after:
                # no host: blink the lost pattern; the servo holds where it is
                self.lost = True
                self.blink_on = True
                self.blink_at = now
                self._pattern()
        elif self.diff(now, self.blink_at) >= BLINK_MS:
            self.blink_at = now
            self.blink_on = not self.blink_on
            self._pattern()

    # ---- output -----------------------------------------------------------------------

    def _show(self):
        self.strip.show(self.pixels, self.cap)
        self.shows += 1

    def _pattern(self):
        color = self.lost_color if self.blink_on else (0, 0, 0)
        self.strip.show(bytes(color) * self.strip.n, self.cap)
