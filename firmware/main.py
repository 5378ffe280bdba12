# worms-table Pico firmware: WS2812 LEDs and the wind servo, driven by the host over USB.
#
# Runs at boot.  Pins and defaults are below; everything else comes from the host (the LED
# count and colour order, the brightness cap, the lost-host pattern).  See README.md.
#
# Supervision: a hardware watchdog (machine.WDT) is fed by the serving loop, so a hang
# resets the board; any exception that escapes the loop resets it at once (machine.reset).
# The rp2 watchdog cannot be stopped, so leaving for the REPL (the host's REPL message, or
# BOOTSEL held) also resets, with a note in a watchdog scratch register that makes the next
# boot stay in the REPL.  A crash within BOOT_GRACE_MS of boot, CRASH_LIMIT times in a row,
# leaves the board in the REPL too, so mpremote can still reach a board that cannot start.

import sys
import time

import machine
import micropython
import rp2
import select

import linknode
import pwmservo
import ws2812

LED_PIN = 2           # GP2 -> 74AHCT125 -> DIN of the first LED
SERVO_PIN = 15        # GP15 -> servo signal
VSYS_PIN = 29         # GP29 = ADC3 = VSYS / 3 on a Pico (not on a Pico W: see README.md)
RAIL_PIN = 26         # GP26 = ADC0: the LEDs' 5 V rail through R2/R3 (10k/10k, halves it)
RAIL_DIVIDER = 2      # (R2 + R3) / R3
DEFAULT_LEDS = 60     # until the host says how many (radius 4 less the dial's hex)
POLL_MS = 5
CHUNK = 64            # bytes read per loop at most
BOOTSEL_EVERY = 20    # loops between BOOTSEL checks (each check pauses flash briefly)
WDT_MS = 2000         # a loop that stalls this long resets the board (rp2: at most 8388)
BOOT_GRACE_MS = 10000
CRASH_LIMIT = 3
FLUSH_MS = 100        # before a reset on request: the ack must reach the host first

REPL_MAGIC = 0x2E9E1  # in scratch register 0: stay in the REPL after this reset
BOARD = getattr(sys.implementation, "_machine", "")    # e.g. "Raspberry Pi Pico W with RP2040"
_WATCHDOG = 0x400D8000 if "RP2350" in BOARD else 0x40058000
SCRATCH_REPL = _WATCHDOG + 0x0C       # WATCHDOG_SCRATCH0: kept through a watchdog reset
SCRATCH_CRASHES = _WATCHDOG + 0x10    # WATCHDOG_SCRATCH1 (cleared by power-on)


_sleep_ms = getattr(time, "sleep_ms", None) or (lambda ms: time.sleep(ms / 1000))


def build(write, now=None, diff=None, supply=None, rail=None):
    now = now or time.ticks_ms
    diff = diff or time.ticks_diff
    strip = ws2812.Strip(LED_PIN, DEFAULT_LEDS)
    servo = pwmservo.Servo(SERVO_PIN)
    return linknode.Node(write, strip, servo, now, diff, supply=supply or linknode._no_supply,
                         rail=rail or linknode._no_supply)


def _millivolts(adc, times):
    """Four ADC readings averaged, as millivolts at the divider's input (3.3 V full scale)."""
    total = 0
    for _ in range(4):
        total += adc.read_u16()
    return (total >> 2) * 3300 * times // 65535


def supply_reader(pin=VSYS_PIN):
    """A function giving VSYS in millivolts (ADC3 reads VSYS through a 1:3 divider), or
    None on a Pico W, where GP29 is the wireless chip's SPI clock and GP25 its chip select."""
    if "Pico W" in BOARD or "Pico 2 W" in BOARD:
        return None
    adc = machine.ADC(pin)

    def read():
        return _millivolts(adc, 3)              # 3.3 V full scale, times 3
    return read


def rail_reader(pin=RAIL_PIN):
    """A function giving the LEDs' 5 V rail in millivolts: GP26 (ADC0) reads it through the
    R2/R3 divider on the power board (firmware/README.md).  With nothing on GP26 it reads
    whatever the floating pin does: the selftest names the divider when the rail reads low."""
    adc = machine.ADC(pin)

    def read():
        return _millivolts(adc, RAIL_DIVIDER)
    return read


class UsbPort:
    """The USB serial port as the firmware sees it (stdin / stdout), read without
    allocating: one preallocated byte and a non-allocating poll (ipoll) per byte, since
    MicroPython's stdin reports no count of bytes waiting and its reads block until full."""

    def __init__(self, pollable, rx, tx):
        self.poller = select.poll()
        self.poller.register(pollable, select.POLLIN)
        self._poll = getattr(self.poller, "ipoll", None) or self.poller.poll
        self._rx = rx
        self.write = tx.write
        self._one = bytearray(1)

    def wait(self, ms):
        """True once a byte is waiting, False after ms milliseconds without one."""
        for _ in self._poll(ms):
            return True
        return False

    def readinto(self, buf):
        """Fill buf with the bytes waiting (at most len(buf)); return how many."""
        one = self._one
        size = len(buf)
        n = 0
        while n < size and self.wait(0):
            if not self._rx.readinto(one):
                break
            buf[n] = one[0]
            n += 1
        return n


def serve(node, port, feed=None, bootsel=rp2.bootsel_button, settled=None):
    """Feed the node what the port receives until the host asks for the REPL or BOOTSEL
    is held.  feed() (the watchdog's) is called every loop; settled() once the loop has
    run BOOT_GRACE_MS.  Allocates nothing per byte or per frame."""
    buf = bytearray(CHUNK)
    started = node.now()
    loops = 0
    while not node.exit_requested:
        if port.wait(POLL_MS):
            n = port.readinto(buf)
            node.feed(buf, n)
        node.tick()
        if feed is not None:
            feed()
        loops += 1
        if loops >= BOOTSEL_EVERY:
            loops = 0
            if bootsel():
                return
            if settled is not None and node.diff(node.now(), started) >= BOOT_GRACE_MS:
                settled()
                settled = None


def run(port=None):
    """Boot: blank the strip, start the watchdog, serve; reset on any failure."""
    mem = machine.mem32
    if mem[SCRATCH_REPL] == REPL_MAGIC:       # asked for the REPL before this reset
        mem[SCRATCH_REPL] = 0
        return
    if mem[SCRATCH_CRASHES] >= CRASH_LIMIT:
        mem[SCRATCH_CRASHES] = 0
        print("worms-table firmware: crashed %d times at boot; staying in the REPL" % CRASH_LIMIT)
        return
    wdt = machine.WDT(timeout=WDT_MS)
    booted = time.ticks_ms()
    node = None
    try:
        if port is None:
            port = UsbPort(sys.stdin, sys.stdin.buffer, sys.stdout.buffer)
        node = build(port.write, supply=supply_reader(), rail=rail_reader())
        node.strip.blank(linknode.MAX_LEDS)      # whatever the strip showed before: off
        micropython.kbd_intr(-1)                 # 0x03 in a frame must not stop the firmware

        def settled():
            mem[SCRATCH_CRASHES] = 0

        serve(node, port, wdt.feed, settled=settled)
        # the host asked for the REPL, or BOOTSEL was held: the watchdog cannot be
        # stopped, so restart and stay in the REPL
        node.servo.off()
        micropython.kbd_intr(3)
        mem[SCRATCH_REPL] = REPL_MAGIC
        _sleep_ms(FLUSH_MS)
    except BaseException:                        # noqa: B036 -- any failure at all resets
        if time.ticks_diff(time.ticks_ms(), booted) < BOOT_GRACE_MS:
            mem[SCRATCH_CRASHES] = mem[SCRATCH_CRASHES] + 1
    machine.reset()


if __name__ == "__main__":
    run()
