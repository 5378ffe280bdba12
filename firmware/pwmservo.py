# A hobby servo on a hardware PWM pin: 50 Hz, pulse width in nanoseconds.

from machine import PWM, Pin


class Servo:
    def __init__(self, pin):
        self.pwm = PWM(Pin(pin))
        self.pwm.freq(50)
        self.pwm.duty_ns(0)        # no pulses until told: the servo stays limp
        self.pulse_us = None

    def pulse(self, us):
        self.pwm.duty_ns(us * 1000)
        self.pulse_us = us

    def off(self):
        """Stop the pulses; the servo stops driving and the gear holds the dial."""
        self.pwm.duty_ns(0)
        self.pulse_us = None
