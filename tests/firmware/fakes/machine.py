# A stand-in for MicroPython's `machine` (Pin, PWM, ADC, WDT, reset, mem32), recording what
# the firmware does.
# Runs under CPython and MicroPython alike.


class Pin:
    OUT = 1
    IN = 0

    def __init__(self, id, mode=None):
        self.id = id
        self.mode = mode


class PWM:
    def __init__(self, pin):
        self.pin = pin
        self.hz = None
        self.ns = None
        self.history = []          # every duty_ns set, in order

    def freq(self, hz=None):
        if hz is None:
            return self.hz
        self.hz = hz

    def duty_ns(self, ns=None):
        if ns is None:
            return self.ns
        self.ns = ns
        if self.history is not None:     # None: keep nothing (allocation checks)
            self.history.append(ns)

    def deinit(self):
        self.ns = 0


class ADC:
    """read_u16() gives ``levels[pin]`` if set, else ``level[0]`` (set them to simulate a
    voltage at an ADC pin)."""
    level = [0]
    levels = {}

    def __init__(self, pin):
        self.pin = pin

    def read_u16(self):
        return ADC.levels.get(self.pin, ADC.level[0])


class Reset(BaseException):
    """Raised by reset(): a real reset never returns, so neither does this one."""


resets = []          # one entry per reset() call
watchdogs = []       # every WDT made


class WDT:
    def __init__(self, id=0, timeout=5000):
        self.timeout = timeout
        self.feeds = 0
        watchdogs.append(self)

    def feed(self):
        self.feeds += 1


def reset():
    resets.append(len(watchdogs))
    raise Reset()


class _Mem32:
    """machine.mem32: 32-bit words by address (only the watchdog scratch registers here)."""

    def __init__(self):
        self.words = {}

    def __getitem__(self, address):
        return self.words.get(address, 0)

    def __setitem__(self, address, value):
        self.words[address] = value & 0xFFFFFFFF


mem32 = _Mem32()
