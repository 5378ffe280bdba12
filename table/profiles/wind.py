"""The `[wind]` table of a hardware profile: the Wind Dial's servo, how it is driven (the Pico,
a PCA9685 board, a Pi GPIO, or simulated) and the pulse for each of the six directions.
"""

from types import MappingProxyType
from typing import Any, Mapping, NamedTuple

from table.hexgrid import DIRECTIONS, Hex
from table.profiles.reader import REQUIRED, Reader

BACKENDS = ("pico", "pca9685", "gpio", "sim")
SERVO_LIMITS_US = (400, 2600)                 # no hobby servo takes pulses beyond these


class Pca9685Config(NamedTuple):
    bus: int
    address: int
    channel: int


class WindConfig(NamedTuple):
    backend: str
    hex: Hex
    pulse_min_us: int
    pulse_max_us: int
    calibration: Mapping[int, int]
    pico_pin: int | None
    gpio_pin: int | None
    pca9685: Pca9685Config | None


def parse_wind(r: Reader, data: Mapping[str, Any]) -> WindConfig | None:
    """The `[wind]` table (None when the profile has none, or it is wrong: each problem is r's)."""
    device = r.device(data, "wind", ("hex", "pulse_min_us", "pulse_max_us", "pico_pin",
                                     "gpio_pin", "pca9685", "calibration"), BACKENDS)
    if device is None:
        return None
    t, backend = device
    w = "wind"
    hex_ = r.hex(t, w, "hex", default=(0, 0))
    lo = r.int_in(t, w, "pulse_min_us", *SERVO_LIMITS_US, 500, "a servo pulse in microseconds")
    hi = r.int_in(t, w, "pulse_max_us", *SERVO_LIMITS_US, 2500, "a servo pulse in microseconds")
    if lo is not None and hi is not None and lo >= hi:
        r.problem("wind.pulse_max_us", f"{hi} is not above pulse_min_us ({lo}): the servo's "
                                       "range runs from pulse_min_us up to pulse_max_us")
    pico_pin = r.pico_gpio(t, w, "pico_pin", None if backend != "pico" else REQUIRED)
    gpio_pin = r.gpio(t, w, "gpio_pin", None if backend != "gpio" else REQUIRED)
    pca = None
    pt = r.table(t, w, "pca9685")
    if pt is None and backend == "pca9685":
        r.problem("wind.pca9685", "missing: add a [wind.pca9685] table with bus, address "
                                  "and channel")
    elif pt is not None:
        p = "wind.pca9685"
        r.known(pt, p, ("bus", "address", "channel"))
        bus = r.int_in(pt, p, "bus", 0, 99, 1, "an I2C bus number")
        address = r.int_in(pt, p, "address", 0x08, 0x77, 0x40, "a 7-bit I2C address")
        channel = r.int_in(pt, p, "channel", 0, 15, 0, "a PCA9685 output")
        if bus is not None and address is not None and channel is not None:
            pca = Pca9685Config(bus, address, channel)
    calibration = _calibration(r, t, lo if lo is not None else SERVO_LIMITS_US[0],
                               hi if hi is not None else SERVO_LIMITS_US[1])
    if backend is None or hex_ is None:
        return None
    return WindConfig(backend, hex_, lo or 500, hi or 2500, calibration, pico_pin, gpio_pin, pca)


def _calibration(r: Reader, t: Mapping[str, Any], lo: int, hi: int) -> Mapping[int, int]:
    c = r.value(t, "wind", "calibration", dict)
    if c is None:
        return MappingProxyType({})
    names = tuple(str(d) for d in DIRECTIONS)
    r.known(c, "wind.calibration", names)
    out = {}
    for d in DIRECTIONS:
        v = r.int_in(c, "wind.calibration", str(d), lo, hi,
                     what=f"the pulse for direction {d} must lie in the servo's range "
                          "(pulse_min_us..pulse_max_us),")
        if v is not None:
            out[d] = v
    if len(out) == 6:
        steps = [out[d + 1] - out[d] for d in DIRECTIONS[:-1]]
        if not (all(s > 0 for s in steps) or all(s < 0 for s in steps)):
            r.problem("wind.calibration", f"the pulses {[out[d] for d in DIRECTIONS]} must rise "
                                          "(or fall) steadily from direction 1 to 6, since the "
                                          "servo cannot wrap round: run worms-table calibrate")
    return MappingProxyType(out)
