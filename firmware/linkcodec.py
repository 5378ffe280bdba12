# The host <-> Pico link codec: frames, CRC, and message bodies.
#
# One pure module that runs unchanged under CPython (the host imports it as
# table.devices.linkcodec, a symlink to this file) and MicroPython (on the Pico).
# Keep it to the common subset: no annotations, no f-string tricks, no slice deletion.
# The wire format is described in PROTOCOL.md next to this file.

PROTOCOL_VERSION = 3

SYNC = 0x7E
CRC_LEN = 4           # CRC-32, big-endian
MIN_LEN = 8           # len, seq, type, 4 CRC bytes, sync
MAX_LEN = 64          # longest frame, so a corrupted length byte cannot stall the link long
MAX_DATA = MAX_LEN - MIN_LEN
KEEP = 2 * MAX_LEN - 1  # the most bytes a Decoder ever holds (127)

# host -> Pico
HELLO = 0x01          # version u8
HEARTBEAT = 0x02
LED_SET = 0x10        # (index u16, r, g, b) * n -- staged, not shown
LED_SHOW = 0x11       # show the staged LEDs under the brightness cap
BRIGHTNESS = 0x12     # cap u8 (255 = full)
LED_COUNT = 0x13      # n u16: how many LEDs the strip has
LED_ORDER = 0x14      # colour order on the wire, 3 ASCII letters: b"GRB" (WS2812B), b"RGB" (PL9823)
SERVO = 0x20          # pulse_us u16, hold_ms u16 (0 = keep driving)
SERVO_OFF = 0x21
LOST = 0x30           # r, g, b, after_ms u16: the lost-host pattern and its timeout
REPL = 0x7F           # leave the firmware for the MicroPython REPL (for mpremote)

# Pico -> host; every one of these acknowledges: its seq is the next seq the Pico expects
ACK = 0x80
HELLO_REPLY = 0x81    # version u8, n_leds u16, firmware version (ASCII)
ERROR = 0x82          # rejected type u8, reason (ASCII)
NEED_HELLO = 0x83     # the Pico has not been greeted (it rebooted): send HELLO
NAK = 0x84            # a frame came ahead of seq: the one expected was lost, send again
STATUS = 0x85         # supply_mv u16, rail_mv u16 (0 = not measured): acknowledges like ACK
                      # (answers HEARTBEAT)

NAMES = {
    HELLO: "hello", HEARTBEAT: "heartbeat", LED_SET: "led-set", LED_SHOW: "led-show",
    BRIGHTNESS: "brightness", LED_COUNT: "led-count", LED_ORDER: "led-order", SERVO: "servo",
    SERVO_OFF: "servo-off", LOST: "lost-pattern", REPL: "repl", ACK: "ack",
    HELLO_REPLY: "hello-reply", ERROR: "error", NEED_HELLO: "need-hello", NAK: "nak",
    STATUS: "status",
}

COLOR_ORDERS = ("GRB", "RGB", "BRG", "RBG", "GBR", "BGR")   # GRB: WS2812B; RGB: PL9823

LED_ENTRY = 5                      # index u16, r, g, b
LEDS_PER_FRAME = MAX_DATA // LED_ENTRY


class CodecError(ValueError):
    pass


def _crc_tables():
    # the CRC-32 table in 16-bit halves: a MicroPython small int holds 30 bits, so the
    # Pico never makes a big int (an allocation) while it checks a frame
    high, low = [], []
    for byte in range(256):
        hi, lo = 0, byte
        for _ in range(8):
            odd = lo & 1
            lo = (lo >> 1) | ((hi & 1) << 15)
            hi >>= 1
            if odd:                       # the reflected polynomial 0xEDB88320
                hi ^= 0xEDB8
                lo ^= 0x8320
        high.append(hi)
        low.append(lo)
    return high, low


_HIGH, _LOW = _crc_tables()


def crc_into(data, start, end, out, at):
    """Write the CRC-32 of data[start:end] big-endian into out[at:at + 4].  Allocates
    nothing.  The CRC is zlib's (CRC-32/ISO-HDLC: reflected polynomial 0xEDB88320, initial
    value and final XOR 0xFFFFFFFF): "123456789" gives 0xCBF43926."""
    hi = lo = 0xFFFF
    high = _HIGH
    low = _LOW
    for i in range(start, end):
        x = (lo ^ data[i]) & 0xFF
        lo = (((hi & 0xFF) << 8) | (lo >> 8)) ^ low[x]
        hi = (hi >> 8) ^ high[x]
    hi ^= 0xFFFF
    lo ^= 0xFFFF
    out[at] = hi >> 8
    out[at + 1] = hi & 0xFF
    out[at + 2] = lo >> 8
    out[at + 3] = lo & 0xFF


def _intact(buf, start, end, check):
    """Whether the CRC in buf[end:end + 4] is that of buf[start:end] (worked out in check)."""
    crc_into(buf, start, end, check, 0)
    return (check[0] == buf[end] and check[1] == buf[end + 1] and check[2] == buf[end + 2]
            and check[3] == buf[end + 3])


def crc32(data):
    """CRC-32 of data as an int (the host's and the tests' view of crc_into)."""
    out = bytearray(CRC_LEN)
    crc_into(data, 0, len(data), out, 0)
    return int.from_bytes(out, "big")


def encode(seq, mtype, data=b""):
    """One frame: len, seq, type, data, CRC-32 (big-endian, over len..data), sync."""
    length = len(data) + MIN_LEN
    if length > MAX_LEN:
        raise CodecError("frame data too long: %d bytes, at most %d" % (len(data), MAX_DATA))
    frame = bytearray(length)
    frame[3:length - 5] = data
    return bytes(seal(frame, seq, mtype, length))


def seal(frame, seq, mtype, length):
    """Complete the frame of ``length`` bytes in ``frame``, whose data (frame[3:length - 5])
    is already in place: length, seq, type, CRC and sync.  Allocates nothing."""
    frame[0] = length
    frame[1] = seq & 0xFF
    frame[2] = mtype & 0xFF
    crc_into(frame, 0, length - 5, frame, length - 5)
    frame[length - 1] = SYNC
    return frame


class Decoder:
    """Turns a byte stream with errors into intact frames, in a fixed buffer of KEEP bytes.

    Every sync byte ends a candidate frame: each earlier position whose byte equals the
    distance to it (a length) is tried, longest first, and the first with a good CRC wins.
    Bytes before a found frame are garbage.  So a frame is recovered whatever came before
    it (a torn frame, noise, a bogus length), and nothing waits for a length that lied.
    Only the last MAX_LEN - 1 bytes can still begin a frame, so the buffer never holds
    more than KEEP bytes, whatever arrives (a flood of sync bytes included).

    ``damaged`` counts sync bytes that ended no frame although no frame was still arriving
    (the first byte after the last good frame was no length still to be filled): a frame
    was damaged, and the receiver may say so at once instead of waiting for a timeout.
    """

    def __init__(self):
        self.buf = bytearray(KEEP)
        self.check = bytearray(CRC_LEN)   # the CRC of a candidate frame, to compare
        self.n = 0                 # bytes held in buf
        self.lead = -1             # the first byte since the last good frame (-1: none yet)
        self.since = 0             # bytes since the last good frame (counted up to 255)
        self.last = -1             # where the newest byte that could be a length is in buf
        self.frames = 0
        self.skipped = 0           # bytes thrown away as garbage
        self.damaged = 0

    @property
    def held(self):
        """How many bytes the decoder holds now (at most KEEP)."""
        return self.n

    def scan(self, data, count, on_frame):
        """Take data[0:count]; call on_frame(seq, mtype, buf, start, end) for each frame
        found, its data being buf[start:end] (valid only during the call).  Return how many
        frames were found.  Allocates nothing (the Pico's reading loop relies on it)."""
        buf = self.buf
        n = self.n
        lead = self.lead
        since = self.since
        last = self.last
        check = self.check
        found = 0
        for i in range(count):
            b = data[i]
            if n == KEEP:
                # no frame can begin before the last MAX_LEN - 1 bytes: drop the older ones
                drop = KEEP - (MAX_LEN - 1)
                for j in range(MAX_LEN - 1):
                    buf[j] = buf[drop + j]
                n = MAX_LEN - 1
                last = last - drop if last >= drop else -1
                self.skipped += drop
            buf[n] = b
            if MIN_LEN <= b <= MAX_LEN:
                last = n
            n += 1
            if lead < 0:
                lead = b
            if since < 255:
                since += 1
            if b != SYNC or n < MIN_LEN:
                continue
            top = n if n < MAX_LEN else MAX_LEN
            # a frame starts at a byte equal to its length: none at all after ``last``
            low = n - last if last >= 0 else MAX_LEN + 1
            if low < MIN_LEN:
                low = MIN_LEN
            start = -1
            for length in range(top, low - 1, -1):
                at = n - length
                if buf[at] == length and _intact(buf, at, n - 5, check):
                    start = at
                    break
            if start < 0:
                if not MIN_LEN <= lead <= MAX_LEN or since >= lead:
                    self.damaged += 1
                continue
            end = n - 5
            self.frames += 1
            self.skipped += start
            found += 1
            n = 0
            lead = -1
            since = 0
            last = -1
            self.n = 0
            on_frame(buf[start + 1], buf[start + 2], buf, start + 3, end)
        self.n = n
        self.lead = lead
        self.since = since
        self.last = last
        return found

    def feed(self, data):
        """Take data; return the frames found in it as (seq, type, data bytes)."""
        out = []

        def take(seq, mtype, buf, start, end):
            out.append((seq, mtype, bytes(buf[start:end])))

        self.scan(data, len(data), take)
        return out


# ---- message bodies -------------------------------------------------------------------

def u16(value):
    return bytes(((value >> 8) & 0xFF, value & 0xFF))


def get_u16(data, at):
    return (data[at] << 8) | data[at + 1]


def _need(data, size, what):
    if len(data) != size:
        raise CodecError("%s needs %d data bytes, got %d" % (what, size, len(data)))


def hello(version=PROTOCOL_VERSION):
    return bytes((version,))


def parse_hello(data):
    if len(data) < 1:
        raise CodecError("hello needs at least 1 data byte, got 0")
    return data[0]          # later versions may add bytes after the version


def led_order(order):
    """The LED_ORDER body: order is a permutation of "RGB" such as "GRB" or "RGB"."""
    return _order(order).encode()


def parse_led_order(data):
    _need(data, 3, "led-order")
    data = bytes(data)
    for order in COLOR_ORDERS:
        if data == order.encode():
            return order
    raise CodecError("led-order %r is not one of %s" % (data, ", ".join(COLOR_ORDERS)))


def _order(order):
    if order not in COLOR_ORDERS:
        raise CodecError("colour order %r is not one of %s" % (order, ", ".join(COLOR_ORDERS)))
    return order


def status(supply_mv, rail_mv=0):
    """The STATUS body: the Pico's supply (VSYS) and the LEDs' 5 V rail (through the divider
    into GP26), each in millivolts, 0 if not measured."""
    return u16(supply_mv) + u16(rail_mv)


def parse_status(data):
    """VSYS in millivolts (0: not measured)."""
    _need_status(data)
    return get_u16(data, 0)


def parse_status_rail(data):
    """The LED rail in millivolts; 0 if not measured or from firmware 1.1 (a 2-byte body)."""
    _need_status(data)
    return get_u16(data, 2) if len(data) == 4 else 0


def rail_volts(data):
    """The LED rail in volts from a STATUS body; None from firmware 1.1 (no rail in it)."""
    return parse_status_rail(data) / 1000 if len(data) == 4 else None


def _need_status(data):
    if len(data) not in (2, 4):
        raise CodecError("status needs 2 or 4 data bytes, got %d" % len(data))


def led_count(n):
    return u16(n)


def parse_led_count(data):
    _need(data, 2, "led-count")
    return get_u16(data, 0)


def hello_reply(n_leds, firmware, version=PROTOCOL_VERSION):
    return bytes((version,)) + u16(n_leds) + firmware.encode()


def parse_hello_reply(data):
    if len(data) < 3:
        raise CodecError("hello-reply needs at least 3 data bytes, got %d" % len(data))
    return data[0], get_u16(data, 1), bytes(data[3:]).decode()


def led_set(entries):
    """entries: (index, (r, g, b)) pairs; at most LEDS_PER_FRAME of them."""
    out = bytearray()
    for index, color in entries:
        out += u16(index)
        out.append(color[0])
        out.append(color[1])
        out.append(color[2])
    return bytes(out)


def parse_led_set(data):
    if len(data) == 0 or len(data) % LED_ENTRY:
        raise CodecError("led-set needs a multiple of %d data bytes, got %d" % (LED_ENTRY, len(data)))
    return [(get_u16(data, i), (data[i + 2], data[i + 3], data[i + 4]))
            for i in range(0, len(data), LED_ENTRY)]


def brightness(cap):
    return bytes((cap,))


def parse_brightness(data):
    _need(data, 1, "brightness")
    return data[0]


def servo(pulse_us, hold_ms=0):
    return u16(pulse_us) + u16(hold_ms)


def parse_servo(data):
    _need(data, 4, "servo")
    return get_u16(data, 0), get_u16(data, 2)


def lost(color, after_ms):
    return bytes((color[0], color[1], color[2])) + u16(after_ms)


def parse_lost(data):
    _need(data, 5, "lost-pattern")
    return (data[0], data[1], data[2]), get_u16(data, 3)


def error(mtype, reason):
    return bytes((mtype,)) + reason.encode()


def parse_error(data):
    if len(data) < 1:
        raise CodecError("error needs at least 1 data byte")
    return data[0], bytes(data[1:]).decode()


def scale(value, cap):
    """One colour channel under the brightness cap (0..255), rounded; cap 255 is exact."""
    return (value * cap + 127) // 255
