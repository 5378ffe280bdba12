"""The table's devices: one module per kind of device, each an interface with its backends.

Only a real backend imports its hardware library, and only when it is built, so this
package imports on any machine.  A backend that cannot reach its device raises
:class:`DeviceError`, never the library's own exception.  :data:`DEVICES` is the table of the
five devices and the names each goes by, for the hardware side and the daemon alike.
"""

from typing import NamedTuple


class DeviceNames(NamedTuple):
    """The names one device of the table goes by."""

    attr: str       # its attribute of table.devices.build.Devices; the supervisor's name for it
    called: str     # what a message to the maker calls it
    section: str    # its table in the hardware profile
    words: str      # its name on the fault screens: the catalogs' ``device.<words>``


#: the table's devices, in the order the daemon opens them (the OLED first: it says what fails)
DEVICES = (DeviceNames("display", "OLED display", "display", "display"),
           DeviceNames("leds", "hex LEDs", "leds", "leds"),
           DeviceNames("wind", "wind dial", "wind", "wind"),
           DeviceNames("buttons", "buttons", "buttons", "buttons"),
           DeviceNames("card_reader", "card reader", "cards", "cards"))
#: each device by its attribute
BY_ATTR = {d.attr: d for d in DEVICES}
#: the Pico's name on the fault screens: it carries the LEDs and the dial, and a fault of its
#: own (the link) is named so whichever of them met it
PICO_WORDS = "pico"


class DeviceError(Exception):
    """A device could not be opened or stopped answering.

    ``device`` names the part ("OLED display", "PN532 card reader", ...) and ``what_to_do``
    tells the maker how to fix it; ``str()`` gives both as one line for the log or the CLI.
    """

    def __init__(self, device: str, what_to_do: str):
        super().__init__(f"{device}: {what_to_do}")
        self.device = device
        self.what_to_do = what_to_do


class Device:
    """What every device shares, as gpiozero's devices do: :meth:`close` is safe to call twice,
    :attr:`closed` says whether it was called, and a device is a context manager.

    >>> class Lamp(Device):
    ...     def _close_device(self):
    ...         print("released")
    >>> with Lamp() as lamp:
    ...     pass
    released
    >>> lamp.closed, lamp.close()
    (True, None)
    """

    _closed_once = False

    @property
    def closed(self) -> bool:
        return self._closed_once

    def close(self) -> None:
        """Release the device; safe to call twice."""
        if not self._closed_once:
            self._closed_once = True
            self._close_device()

    def _close_device(self) -> None:
        """What a backend releases (called once, by :meth:`close`)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


__all__ = ["BY_ATTR", "DEVICES", "PICO_WORDS", "Device", "DeviceError", "DeviceNames"]
