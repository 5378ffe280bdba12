# WS2812B LEDs on one pin through an rp2 PIO state machine (the standard ws2812 program).

import array
import rp2
from machine import Pin

import linkcodec


@rp2.asm_pio(sideset_init=rp2.PIO.OUT_LOW, out_shiftdir=rp2.PIO.SHIFT_LEFT,
             autopull=True, pull_thresh=24)
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


class Strip:
    """n LEDs on pin; show(pixels, cap) sends RGB bytes as GRB words under the cap."""

    def __init__(self, pin, n, sm_id=0):
        self.sm = rp2.StateMachine(sm_id, ws2812, freq=8_000_000, sideset_base=Pin(pin))
        self.sm.active(1)
        self.resize(n)

    def resize(self, n):
        self.n = n
        self.words = array.array("I", [0] * n)

    def show(self, pixels, cap):
        words = self.words
        scale = linkcodec.scale
        for i in range(self.n):
            j = 3 * i
            r = pixels[j]
            g = pixels[j + 1]
            b = pixels[j + 2]
            if cap != 255:
                r = scale(r, cap)
                g = scale(g, cap)
                b = scale(b, cap)
            words[i] = (g << 16) | (r << 8) | b
        self.sm.put(words, 8)     # 24 bits, MSB first: shift past the unused top byte
