"""The table's inputs as the simulator page works them: one typed door for a press, a card put
on the reader and a card taken off.

Only simulated backends (:class:`SimButtons`, :class:`SimCardReader`) can be worked; beside
real ones the page is a spectator screen that names the buttons.  A press or a tap goes to the
simulated device, which hands it to the table exactly as a real one would (its ``on_input`` /
``on_tap`` callback, through the table's loop bridge).

On real hardware only the devices the table has already built are looked at (looking up a
device of :class:`table.devices.build.Devices` would open it); in simulation every one is.
"""

from __future__ import annotations

from typing import Any

from table.devices import DeviceError
from table.devices.buttons import Buttons, SimButtons
from table.devices.cards import CardReader, SimCardReader


class Panel:
    def __init__(self, devices: Any) -> None:
        self.devices = devices

    def _device(self, name: str) -> Any:
        devices = self.devices
        try:
            if getattr(devices, "sim", True) or not hasattr(devices, "built"):
                return getattr(devices, name, None)
            return devices.built().get(name)
        except DeviceError:
            return None

    @property
    def buttons(self) -> Buttons | None:
        found = self._device("buttons")
        return found if isinstance(found, Buttons) else None

    @property
    def reader(self) -> CardReader | None:
        found = self._device("card_reader")
        return found if isinstance(found, CardReader) else None

    def names(self) -> tuple[str, ...]:
        """The buttons' names (none without buttons)."""
        buttons = self.buttons
        return tuple(buttons.inputs) if buttons is not None else ()

    def can_press(self) -> bool:
        return isinstance(self.buttons, SimButtons)

    def can_tap(self) -> bool:
        return isinstance(self.reader, SimCardReader)

    def on_reader(self) -> str | None:
        """The UID of the card lying on the reader, if any."""
        reader = self.reader
        return reader.current if reader is not None else None

    def press(self, name: str, long: bool = False) -> None:
        buttons = self.buttons
        assert isinstance(buttons, SimButtons), "only simulated buttons are pressed from here"
        buttons.press(name, long=long)

    def tap(self, uid: str) -> None:
        reader = self.reader
        assert isinstance(reader, SimCardReader), "only a simulated reader is tapped from here"
        reader.tap(uid)

    def remove(self) -> None:
        reader = self.reader
        assert isinstance(reader, SimCardReader), "only a simulated reader is emptied from here"
        reader.remove()
