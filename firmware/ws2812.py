# WS2812B LEDs on one pin through an rp2 PIO state machine (the standard ws2812 program).
#
# The transmit FIFO is joined (8 words deep).  Between two frames the line is held low for
# at least LATCH_US: the WS2812B datasheet (rev. 5) latches after a low of 280 us or more.
# put() returns once the last word is in the FIFO, so the frame is on the wire for at most
# (FIFO_WORDS + 1) words more; the next show waits out that bound plus the latch gap (or,
# once the FIFO is seen empty, one word plus the gap).

import array
import time

import rp2
from machine import Pin

import linkcodec

LATCH_US = 300              # > 280 us (WS2812B rev. 5; older parts need only 50 us)
WORD_US = 30                # 24 bits at 800 kHz
FIFO_WORDS = 8              # the joined TX FIFO

_us = getattr(time, "ticks_us", None) or (lambda: time.perf_counter_ns() // 1000)
_diff = getattr(time, "ticks_diff", None) or (lambda a, b: a - b)
_add = getattr(time, "ticks_add", None) or (lambda a, b: a + b)


@rp2.asm_pio(sideset_init=rp2.PIO.OUT_LOW, out_shiftdir=rp2.PIO.SHIFT_LEFT,
             autopull=True, pull_thresh=24, fifo_join=rp2.PIO.JOIN_TX)
def ws2812():
    # 10 PIO cycles a bit at 8 MHz = 800 kHz: high 2, then data 5, then low 3
    T1 = 2
    T2 = 5
    T3 = 3
    wrap_target()
    label("bitloop")
    out(x, 1)               .side(0)    [T3 - 1]
    jmp(not_x, "do_zero")   .side(1)    [T1 - 1]
    jmp("bitloop")          .side(1)    [T2 - 1]
    label("do_zero")
    nop()                   .side(0)    [T2 - 1]
    wrap()


def shifts(order):
    """The left shifts of r, g and b in a 24-bit word for a colour order such as "GRB"
    (the first letter goes out first, most significant bit first)."""
    return (16 - 8 * order.index("R"), 16 - 8 * order.index("G"), 16 - 8 * order.index("B"))


class Strip:
    """n LEDs on pin; show(pixels, cap) sends RGB bytes in the strip's colour order under
    the cap.  ``us``/``us_diff``/``us_add`` are the microsecond clock (time.ticks_us and
    friends on the Pico)."""

    def __init__(self, pin, n, sm_id=0, order="GRB", us=_us, us_diff=_diff, us_add=_add):
        self.sm = rp2.StateMachine(sm_id, ws2812, freq=8_000_000, sideset_base=Pin(pin))
        self.sm.active(1)
        self.us, self.us_diff, self.us_add = us, us_diff, us_add
        self.free_at = us()           # the line has been low long enough to latch from here
        self.set_order(order)
        self.resize(n)

    def set_order(self, order):
        self.order = order
        self.r_shift, self.g_shift, self.b_shift = shifts(order)

    def resize(self, n):
        self.n = n
        self.words = array.array("I", [0] * n)

    def show(self, pixels, cap):
        words = self.words
        scale = linkcodec.scale
        rs, gs, bs = self.r_shift, self.g_shift, self.b_shift
        for i in range(self.n):
            j = 3 * i
            r = pixels[j]
            g = pixels[j + 1]
            b = pixels[j + 2]
            if cap != 255:
                r = scale(r, cap)
                g = scale(g, cap)
                b = scale(b, cap)
            words[i] = (r << rs) | (g << gs) | (b << bs)
        self._put(words)

    def fill(self, r, g, b, cap):
        """Every LED one colour (the lost-host pattern), without allocating."""
        if cap != 255:
            scale = linkcodec.scale
            r = scale(r, cap)
            g = scale(g, cap)
            b = scale(b, cap)
        word = (r << self.r_shift) | (g << self.g_shift) | (b << self.b_shift)
        words = self.words
        for i in range(self.n):
            words[i] = word
        self._put(words)

    def blank(self, count):
        """Turn off ``count`` LEDs (more than the strip has is fine: the rest fall off its
        end).  At boot, so a strip lit before a reset goes dark."""
        self._put(array.array("I", [0] * count))

    def _put(self, words):
        self._latch()
        self.sm.put(words, 8)     # 24 bits, MSB first: shift past the unused top byte
        self.free_at = self.us_add(self.us(), (FIFO_WORDS + 1) * WORD_US + LATCH_US)

    def _latch(self):
        # wait until the last frame has left the FIFO and the line was low for LATCH_US
        sm, us, us_diff = self.sm, self.us, self.us_diff
        while sm.tx_fifo():
            pass
        seen_empty = self.us_add(us(), WORD_US + LATCH_US)
        until = seen_empty if us_diff(seen_empty, self.free_at) < 0 else self.free_at
        while us_diff(until, us()) > 0:
            pass
