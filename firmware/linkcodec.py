# The host <-> Pico link codec: frames, CRC, and message bodies.
#
# One pure module that runs unchanged under CPython (the host imports it as
# table.devices.linkcodec, a symlink to this file) and MicroPython (on the Pico).
# Keep it to the common subset: no annotations, no f-string tricks, no slice deletion.
# The wire format is described in PROTOCOL.md next to this file.

PROTOCOL_VERSION = 1

SYNC = 0x7E
MIN_LEN = 6           # len, seq, type, crc-hi, crc-lo, sync
MAX_LEN = 64          # longest frame, so a corrupted length byte cannot stall the link long
MAX_DATA = MAX_LEN - MIN_LEN

# host -> Pico
HELLO = 0x01          # version u8
HEARTBEAT = 0x02
LED_SET = 0x10        # (index u16, r, g, b) * n -- staged, not shown
LED_SHOW = 0x11       # show the staged LEDs under the brightness cap
BRIGHTNESS = 0x12     # cap u8 (255 = full)
LED_COUNT = 0x13      # n u16: how many LEDs the strip has
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

NAMES = {
    HELLO: "hello", HEARTBEAT: "heartbeat", LED_SET: "led-set", LED_SHOW: "led-show",
    BRIGHTNESS: "brightness", LED_COUNT: "led-count", SERVO: "servo", SERVO_OFF: "servo-off", LOST: "lost-pattern",
    REPL: "repl", ACK: "ack", HELLO_REPLY: "hello-reply", ERROR: "error",
    NEED_HELLO: "need-hello", NAK: "nak",
}

LED_ENTRY = 5                      # index u16, r, g, b
LEDS_PER_FRAME = MAX_DATA // LED_ENTRY


class CodecError(ValueError):
    pass


def _crc_table():
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        table.append(crc & 0xFFFF)
    return table


_TABLE = _crc_table()


def crc16(data, start=0, end=None):
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF): crc16(b"123456789") == 0x29B1."""
    if end is None:
        end = len(data)
    crc = 0xFFFF
    table = _TABLE
    for i in range(start, end):
        crc = ((crc << 8) & 0xFFFF) ^ table[((crc >> 8) ^ data[i]) & 0xFF]
    return crc


def encode(seq, mtype, data=b""):
    """One frame: len, seq, type, data, crc16 (big-endian, over len..data), sync."""
    length = len(data) + MIN_LEN
    if length > MAX_LEN:
        raise CodecError("frame data too long: %d bytes, at most %d" % (len(data), MAX_DATA))
    frame = bytearray(length)
    frame[0] = length
    frame[1] = seq & 0xFF
    frame[2] = mtype & 0xFF
    frame[3:length - 3] = data
    crc = crc16(frame, 0, length - 3)
    frame[length - 3] = crc >> 8
    frame[length - 2] = crc & 0xFF
    frame[length - 1] = SYNC
    return bytes(frame)


class Decoder:
    """Turns a byte stream with errors into intact frames.

    Every sync byte ends a candidate frame: each earlier position whose byte equals the
    distance to it (a length) is tried, longest first, and the first with a good CRC wins.
    Bytes before a found frame are garbage.  So a frame is recovered whatever came before
    it (a torn frame, noise, a bogus length), and nothing waits for a length that lied.

    ``damaged`` counts sync bytes that ended no frame although no frame was still arriving
    (the first byte after the last good frame was no length still to be filled): a frame
    was damaged, and the receiver may say so at once instead of waiting for a timeout.
    """

    def __init__(self):
        self.buf = bytearray()
        self.frames = 0
        self.skipped = 0           # bytes thrown away as garbage
        self.damaged = 0

    def feed(self, data):
        out = []
        buf = self.buf
        for b in data:
            buf.append(b)
            n = len(buf)
            if b == SYNC and n >= MIN_LEN:
                top = n if n < MAX_LEN else MAX_LEN
                for length in range(top, MIN_LEN - 1, -1):
                    start = n - length
                    if buf[start] != length:
                        continue
                    if crc16(buf, start, n - 3) != (buf[n - 3] << 8) | buf[n - 2]:
                        continue
                    out.append((buf[start + 1], buf[start + 2], bytes(buf[start + 3:n - 3])))
                    self.frames += 1
                    self.skipped += start
                    buf = bytearray()
                    break
                else:
                    if not MIN_LEN <= buf[0] <= MAX_LEN or n >= buf[0]:
                        self.damaged += 1
            elif n > 2 * MAX_LEN:
                keep = MAX_LEN - 1
                self.skipped += n - keep
                buf = buf[n - keep:]
        self.buf = buf
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
