# worms-table Pico firmware: WS2812 LEDs and the wind-dial servo, driven by the host over USB.
#
# Runs at boot.  Pins and defaults are below; everything else comes from the host (the LED
# count in its hello, the brightness cap, the lost-host pattern).  See README.md.

import sys
import time

import micropython
import rp2
import select

import linknode
import pwmservo
import ws2812

LED_PIN = 2           # GP2 -> 74AHCT125 -> DIN of the first LED
SERVO_PIN = 15        # GP15 -> servo signal
DEFAULT_LEDS = 61     # until the host says how many (hexagon of radius 4)
POLL_MS = 5
BOOTSEL_EVERY = 20    # loops between BOOTSEL checks (each check pauses flash briefly)


def build(write, now=None, diff=None):
    now = now or time.ticks_ms
    diff = diff or time.ticks_diff
    strip = ws2812.Strip(LED_PIN, DEFAULT_LEDS)
    servo = pwmservo.Servo(SERVO_PIN)
    return linknode.Node(write, strip, servo, now, diff)


def serve(node, stream, read, bootsel=rp2.bootsel_button):
    """Feed bytes read from stream to node until the host asks for the REPL or BOOTSEL
    is held."""
    poller = select.poll()
    poller.register(stream, select.POLLIN)
    loops = 0
    while not node.exit_requested:
        if poller.poll(POLL_MS):
            chunk = bytearray()
            while len(chunk) < 64 and poller.poll(0):
                chunk += read(1)
            node.feed(chunk)
        node.tick()
        loops += 1
        if loops >= BOOTSEL_EVERY:
            loops = 0
            if bootsel():
                return


def run():
    out = sys.stdout.buffer
    node = build(out.write)
    micropython.kbd_intr(-1)      # 0x03 in a frame must not stop the firmware
    try:
        serve(node, sys.stdin, sys.stdin.buffer.read)
    finally:
        micropython.kbd_intr(3)   # Ctrl-C works again: mpremote can take over
        node.servo.off()


if __name__ == "__main__":
    run()
