# A stand-in for MicroPython's `micropython` module under CPython.
interrupt_char = [3]


def kbd_intr(char):
    interrupt_char[0] = char


def const(value):
    return value
