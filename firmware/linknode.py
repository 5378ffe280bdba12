# The Pico's side of the link: take frames from the host, keep them in order, act on them.
#
# Pure logic: the strip, the servo, the clock and the output are handed in, so this runs
# the same on the Pico, under CPython with stand-ins, and under MicroPython in WebAssembly.

import linkcodec as C

FIRMWARE_VERSION = "1.3.0"
MAX_LEDS = 1024
BLINK_MS = 500
MIN_PULSE_US = 400
MAX_PULSE_US = 2600
DEFAULT_CAP = 64          # the brightness cap until the host sends one (25 %, not full power)


def _minus(a, b):
    return a - b


def _no_supply():
    return 0


class Node:
    """State of the firmware: the LED buffer, the cap, the servo, the host watchdog.

    write(buf) sends to the host and must be done with buf when it returns (reply buffers
    are reused); now() gives milliseconds; diff(a, b) is a - b for that clock
    (time.ticks_diff on the Pico, which survives wrap-round); supply() gives the Pico's
    supply (VSYS) and rail() the LEDs' 5 V rail, each in millivolts (0 if it cannot be
    measured), reported in answer to heartbeats.

    The path of an in-order LED_SET, LED_SHOW, BRIGHTNESS, HEARTBEAT, SERVO or SERVO_OFF,
    from the bytes to the reply, allocates nothing: the decoder has a fixed buffer, the
    bodies are read where they lie, the replies are sealed in preallocated buffers.
    """

    def __init__(self, write, strip, servo, now, diff=_minus, lost_after_ms=3000,
                 lost_color=(255, 40, 0), supply=_no_supply, rail=_no_supply):
        self.write = write
        self.strip = strip
        self.servo = servo
        self.now = now
        self.diff = diff
        self.supply = supply
        self.rail = rail
        self.decoder = C.Decoder()
        self.expect = None               # next host seq; None until greeted
        self.pixels = bytearray(3 * strip.n)
        self.cap = DEFAULT_CAP
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
        self._ack = bytearray(C.MIN_LEN)            # ACK / NAK replies
        self._status = bytearray(C.MIN_LEN + 4)     # STATUS replies
        self._on_frame = self.on_frame              # bound once: no allocation per frame

    # ---- input ------------------------------------------------------------------------

    def feed(self, data, count=-1):
        """Take data[0:count] (all of it if count < 0) from the host."""
        if count < 0:
            count = len(data)
        damaged = self.decoder.damaged
        found = self.decoder.scan(data, count, self._on_frame)
        if self.decoder.damaged != damaged and self.expect is not None and not found:
            self._reply(self.expect, C.NAK)     # something broke: ask again now

    def _reply(self, seq, mtype):
        self.write(C.seal(self._ack, seq, mtype, C.MIN_LEN))

    def on_frame(self, seq, mtype, buf, start, end):
        """One intact frame from the host; its data is buf[start:end]."""
        self.last_heard = self.now()
        if self.lost:
            self.lost = False
            self._show()                  # the host is back: its last frame again
        if mtype == C.HELLO:
            self._hello(seq, bytes(buf[start:end]))
        elif self.expect is None:
            self._reply(0, C.NEED_HELLO)
        elif seq != self.expect:
            # a repeat (our ack was lost): ack again; a gap (a frame was lost): nak, so the
            # host sends again from the one we expect without waiting for its timeout
            ahead = (seq - self.expect) & 0xFF < 128
            self._reply(self.expect, C.NAK if ahead else C.ACK)
        else:
            self.expect = (seq + 1) & 0xFF
            reason = self.handle(mtype, buf, start, end)
            if reason is None:
                if mtype == C.HEARTBEAT:
                    self._report()
                else:
                    self._reply(self.expect, C.ACK)
            else:
                self.rejected += 1
                self.write(C.encode(self.expect, C.ERROR, C.error(mtype, reason)[:C.MAX_DATA]))

    def _report(self):
        mv = self.supply()
        rail = self.rail()
        frame = self._status
        frame[3] = (mv >> 8) & 0xFF
        frame[4] = mv & 0xFF
        frame[5] = (rail >> 8) & 0xFF
        frame[6] = rail & 0xFF
        self.write(C.seal(frame, self.expect, C.STATUS, C.MIN_LEN + 4))

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
        if n < self.strip.n:
            self.strip.blank(self.strip.n)    # the LEDs past the new end go dark
        self.strip.resize(n)
        self.pixels = bytearray(3 * n)
        keep = min(len(old), len(self.pixels))
        self.pixels[0:keep] = old[0:keep]

    def handle(self, mtype, buf, start=0, end=-1):
        """Act on one in-order message, its data buf[start:end]; return None, or why it
        was rejected (then nothing changed)."""
        if end < 0:
            end = len(buf)
        size = end - start
        try:
            if mtype == C.HEARTBEAT:
                return None
            if mtype == C.LED_SET:
                if size == 0 or size % C.LED_ENTRY:
                    return "led-set needs a multiple of %d data bytes, got %d" % (C.LED_ENTRY, size)
                n = self.strip.n
                for at in range(start, end, 5):        # C.LED_ENTRY; a literal step: no range object
                    index = (buf[at] << 8) | buf[at + 1]
                    if index >= n:
                        return "LED %d does not exist (the strip has %d)" % (index, n)
                px = self.pixels
                for at in range(start, end, 5):        # C.LED_ENTRY; a literal step: no range object
                    i = 3 * ((buf[at] << 8) | buf[at + 1])
                    px[i] = buf[at + 2]
                    px[i + 1] = buf[at + 3]
                    px[i + 2] = buf[at + 4]
                return None
            if mtype == C.LED_SHOW:
                if size:
                    return "led-show takes no data"
                self._show()
                return None
            if mtype == C.BRIGHTNESS:
                if size != 1:
                    return "brightness needs 1 data byte, got %d" % size
                self.cap = buf[start]
                return None
            if mtype == C.SERVO:
                if size != 4:
                    return "servo needs 4 data bytes, got %d" % size
                pulse = (buf[start] << 8) | buf[start + 1]
                hold = (buf[start + 2] << 8) | buf[start + 3]
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
            body = bytes(buf[start:end])      # the rarer messages: a copy is fine
            if mtype == C.LED_COUNT:
                n = C.parse_led_count(body)
                if not 1 <= n <= MAX_LEDS:
                    return "LED count %d is outside 1..%d" % (n, MAX_LEDS)
                if n != self.strip.n:
                    self._resize(n)
                return None
            if mtype == C.LED_ORDER:
                self.strip.set_order(C.parse_led_order(body))
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
        if self.blink_on:
            c = self.lost_color
            self.strip.fill(c[0], c[1], c[2], self.cap)
        else:
            self.strip.fill(0, 0, 0, self.cap)
