"""The table's devices: one module per kind of device, each an interface with its backends.

Only a real backend imports its hardware library, and only when it is built, so this
package imports on any machine.  A backend that cannot reach its device raises
:class:`DeviceError`, never the library's own exception.
"""

from __future__ import annotations


class DeviceError(Exception):
    """A device could not be opened or stopped answering.

    ``device`` names the part ("OLED display", "PN532 card reader", ...) and ``what_to_do``
    tells the maker how to fix it; ``str()`` gives both as one line for the log or the CLI.
    """

    def __init__(self, device: str, what_to_do: str):
        super().__init__(f"{device}: {what_to_do}")
        self.device = device
        self.what_to_do = what_to_do


__all__ = ["DeviceError"]
