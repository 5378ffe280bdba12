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
    for high, period in bits[:-1]:
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
