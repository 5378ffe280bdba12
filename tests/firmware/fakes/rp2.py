# A stand-in for MicroPython's `rp2` (PIO programs, state machines, BOOTSEL).
# The fake state machine models the ws2812 program's output: each word put with a shift
# is sent MSB first, 24 bits, as G, R, B; `frames` records each frame as (r, g, b) tuples.


class PIO:
    OUT_LOW = 0
    OUT_HIGH = 1
    SHIFT_LEFT = 0
    SHIFT_RIGHT = 1
    JOIN_NONE = 0
    JOIN_TX = 1
    JOIN_RX = 2


class Program:
    def __init__(self, fn, options):
        self.fn = fn
        self.options = options


def asm_pio(**options):
    def wrap(fn):
        return Program(fn, options)
    return wrap


machines = {}
bootsel = [False]


def bootsel_button():
    return 1 if bootsel[0] else 0


class StateMachine:
    def __init__(self, id, program, freq=None, sideset_base=None):
        self.id = id
        self.program = program
        self.freq = freq
        self.sideset_base = sideset_base
        self.running = False
        self.frames = []
        self.keep = True           # False: only call on_frame (long benchmarks)
        self.on_frame = None       # optional callback(frame)
        self.puts = 0              # how many frames were put
        machines[id] = self

    def active(self, value=None):
        if value is not None:
            self.running = bool(value)
        return self.running

    def tx_fifo(self):
        return 0                   # the fake sends at once: its FIFO is always empty

    def put(self, words, shift=0):
        if not self.running:
            raise RuntimeError("put() on a state machine that is not active")
        self.puts += 1
        if not self.keep and self.on_frame is None:
            return                 # counted only: allocates nothing (allocation checks)
        frame = []
        for w in words:
            bits = (w << shift) & 0xFFFFFFFF
            frame.append(((bits >> 16) & 0xFF, bits >> 24, (bits >> 8) & 0xFF))
        frame = tuple(frame)
        if self.keep:
            self.frames.append(frame)
        if self.on_frame is not None:
            self.on_frame(frame)
