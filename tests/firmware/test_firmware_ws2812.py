"""The WS2812 PIO program, assembled and clocked by a small emulator: the waveform meets the
WS2812B's timing and carries each colour as G, R, B, most significant bit first."""

import firmware_paths  # noqa: F401  (puts firmware/ and the stand-ins on sys.path)

import pio_sim
import ws2812

NS_PER_CYCLE = 1e9 / 8_000_000       # Strip runs the program at 8 MHz


def test_the_program_is_the_standard_one():
    code, labels, _, _ = pio_sim.assemble(ws2812.ws2812)
    assert [i.op for i in code] == ["out", "jmp", "jmp", "nop"]
    assert set(labels) == {"bitloop", "do_zero"}


def test_bit_timings_meet_the_ws2812b_datasheet():
    strip = ws2812.Strip(2, 1)
    assert strip.sm.freq == 8_000_000
    levels = pio_sim.run(ws2812.ws2812, [0x00FF00], 8)        # G=0, R=255, B=0
    bits = pio_sim.pulses(levels)
    assert len(bits) == 24
    for _high, period in bits[:-1]:
        assert period * NS_PER_CYCLE == 1250                  # 800 kHz
    assert levels[-1] == 0                                     # the line rests low after
    highs = {h * NS_PER_CYCLE for h, _ in bits}
    t0h, t1h = min(highs), max(highs)
    assert 250 <= t0h <= 550                                   # datasheet: 0.4 us +- 150 ns
    assert 650 <= t1h <= 950                                   # datasheet: 0.8 us +- 150 ns


def test_the_strip_sends_green_red_blue_msb_first():
    strip = ws2812.Strip(2, 2)
    strip.show(bytes([0x12, 0x34, 0x56, 0xFF, 0x00, 0x81]), 255)
    levels = pio_sim.run(ws2812.ws2812, strip.words, 8)
    t1 = max(h for h, _ in pio_sim.pulses(levels))
    bits = "".join("1" if h == t1 else "0" for h, _ in pio_sim.pulses(levels))
    wire = bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8))
    assert wire == bytes([0x34, 0x12, 0x56, 0x00, 0xFF, 0x81])  # G R B per LED
    assert strip.sm.frames[-1] == ((0x12, 0x34, 0x56), (0xFF, 0x00, 0x81))   # what the fake reports


def test_the_transmit_fifo_is_joined():
    import rp2
    assert ws2812.ws2812.options["fifo_join"] == rp2.PIO.JOIN_TX
    assert ws2812.FIFO_WORDS == 8


def test_rgb_order_for_the_pl9823_goes_red_first():
    strip = ws2812.Strip(2, 1, order="RGB")
    strip.show(bytes([0x12, 0x34, 0x56]), 255)
    levels = pio_sim.run(ws2812.ws2812, strip.words, 8)
    t1 = max(h for h, _ in pio_sim.pulses(levels))
    bits = "".join("1" if h == t1 else "0" for h, _ in pio_sim.pulses(levels))
    assert bytes(int(bits[i:i + 8], 2) for i in range(0, 24, 8)) == bytes([0x12, 0x34, 0x56])
    assert ws2812.shifts("GRB") == (8, 16, 0) and ws2812.shifts("RGB") == (16, 8, 0)


class StepClock:
    """A microsecond clock that moves on by ``step`` each time it is read."""

    def __init__(self, step=7):
        self.t, self.step = 0, step

    def __call__(self):
        self.t += self.step
        return self.t


def test_frames_sent_back_to_back_are_parted_by_the_latch_gap():
    clock = StepClock()
    strip = ws2812.Strip(2, 3, us=clock)
    put_at = []
    strip.sm.on_frame = lambda frame: put_at.append(clock.t)
    for _ in range(4):
        strip.show(bytes(9), 255)
    # put() returns with the last word in the FIFO at most: the line then goes low at most
    # (FIFO_WORDS + 1) words later, and must stay low >= LATCH_US (WS2812B: 280 us)
    assert ws2812.LATCH_US >= 280
    gaps = [b - a for a, b in zip(put_at, put_at[1:])]
    assert len(gaps) == 3
    assert all(g >= ws2812.WORD_US + ws2812.LATCH_US for g in gaps), gaps


def test_a_frame_long_after_the_last_one_does_not_wait():
    clock = StepClock()
    strip = ws2812.Strip(2, 3, us=clock)
    strip.show(bytes(9), 255)
    clock.t += 10_000
    before = clock.t
    strip.show(bytes(9), 255)
    assert clock.t - before < 50            # a few clock reads, no spinning


def test_blank_turns_off_more_leds_than_the_strip_has():
    strip = ws2812.Strip(2, 3)
    strip.blank(1024)
    assert strip.sm.frames[-1] == ((0, 0, 0),) * 1024


def test_fill_sends_one_colour_in_the_strip_order():
    strip = ws2812.Strip(2, 2, order="RGB")
    strip.fill(10, 20, 30, 255)
    assert list(strip.words) == [(10 << 16) | (20 << 8) | 30] * 2
