"""The card reader: players tap (and often leave) their weapon cards on it.

A reader reports ``on_tap(uid)`` when a card arrives and ``on_remove(uid)`` when it goes.
UIDs are canonical upper-case hex strings ("04A1B2C3D4E5F6").

Same-card delay: a card must be away for ``same_card_s`` before it counts as removed, so a
card left on the reader, or one flickering at the edge of the field, is one tap; a
different card arriving removes the previous one at once.

Backends:
- :class:`table.devices.pn532.Pn532Reader`: an NXP PN532 in UART (HSU) mode, 115200 baud,
  through pyserial with a small driver (no Blinka, no vendor libraries).  It polls with
  InListPassiveTarget for one ISO 14443A tag (the NTAG stickers on the cards).
- :class:`table.devices.rdm6300.Rdm6300Reader`: the cheaper 125 kHz RDM6300, which streams a
  frame per read at 9600 baud while a tag is in the field; removal is the frames stopping.
- :class:`SimCardReader`: ``tap(uid)`` / ``remove()`` from the simulator or tests.

Both real readers are a :class:`table.devices.serialreader.SerialReader`: polled in a thread
of their own, reopening a port that vanished.
"""

from __future__ import annotations

import re
import time
from abc import ABC
from collections.abc import Callable

from table.devices import Device, DeviceError

DEFAULT_SAME_CARD_S = 0.6
UID_RE = re.compile(r"^(?:[0-9A-F]{2}){4,10}$")


def canonical_uid(uid: str | bytes) -> str:
    """``uid`` as canonical upper-case hex ("04a1b2c3" / b"\\x04\\xa1.." -> "04A1B2C3")."""
    text = uid.hex() if isinstance(uid, (bytes, bytearray)) else str(uid)
    text = text.replace(":", "").replace(" ", "").upper()
    if not UID_RE.match(text):
        raise ValueError(f"a card UID is 4 to 10 bytes of hex, like 04A1B2C3D4E5F6; not {uid!r}")
    return text


class CardReader(Device, ABC):
    """Calls ``on_tap(uid)`` when a card arrives and ``on_remove(uid)`` when it leaves."""

    def __init__(self, same_card_s: float = DEFAULT_SAME_CARD_S,
                 clock: Callable[[], float] = time.monotonic):
        self.on_tap: Callable[[str], None] | None = None
        self.on_remove: Callable[[str], None] | None = None
        self.on_error: Callable[[DeviceError], None] | None = None
        self.same_card_s = same_card_s
        self.clock = clock
        self.current: str | None = None      # the card on the reader now
        self._last_seen = 0.0

    def _seen(self, uid: str | None) -> None:
        """Feed one observation: ``uid`` is on the reader now, or (None) no card is."""
        now = self.clock()
        if uid is not None:
            self._last_seen = now
            if uid != self.current:
                if self.current is not None:
                    self._removed()
                self.current = uid
                if self.on_tap is not None:
                    self.on_tap(uid)
        elif self.current is not None and now - self._last_seen >= self.same_card_s:
            self._removed()

    def _removed(self) -> None:
        uid, self.current = self.current, None
        if self.on_remove is not None and uid is not None:
            self.on_remove(uid)


class SimCardReader(CardReader):
    """A reader on screen: :meth:`tap` puts a card on it, :meth:`remove` takes it off."""

    def tap(self, uid: str) -> None:
        self._seen(canonical_uid(uid))

    def remove(self) -> None:
        if self.current is not None:
            self._removed()
