# A stand-in for MicroPython's `machine` (Pin, PWM), recording what the firmware does.
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
        self.history.append(ns)

    def deinit(self):
        self.ns = 0
