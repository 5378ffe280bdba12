"""The `[pi]` table of a hardware profile: the Raspberry Pi itself.

`pi.pin_library` picks gpiozero's pin library: `auto` (default), `lgpio` or `rpigpio`.
Which ones work depends on the Pi model, which only the Pi running the daemon knows:
table/devices/pins.py checks the choice against /proc/device-tree/model when the GPIO
devices are built (RPi.GPIO cannot drive a Pi 5's GPIO).
"""

from typing import Any, Mapping, NamedTuple

PIN_LIBRARIES = ("auto", "lgpio", "rpigpio")


class PiConfig(NamedTuple):
    pin_library: str = "auto"       # auto | lgpio | rpigpio


def parse_pi(r: Any, data: Mapping[str, Any]) -> PiConfig:
    """Read `[pi]` with the profile's reader `r`; a profile without it gets the defaults."""
    t = r.table(data, "", "pi")
    if t is None:
        return PiConfig()
    r.known(t, "pi", ("pin_library",))
    library = r.choice(t, "pi", "pin_library", PIN_LIBRARIES, "auto")
    return PiConfig(library or "auto")
