"""The 125 kHz RDM6300 card reader: it streams a frame per read at 9600 baud while a tag is in
the field; removal is the frames stopping.

A frame: 0x02, 10 ASCII hex (version + 4-byte tag), 2 ASCII hex (XOR of the 5 bytes), 0x03.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from table.devices.cards import DEFAULT_SAME_CARD_S
from table.devices.serialreader import Garbled, SerialReader

log = logging.getLogger(__name__)

RDM_FRAME_LEN = 14


def parse_rdm6300(frame: bytes) -> str:
    """The UID in one 14-byte frame; raises :class:`Garbled` if it fails its checks."""
    if len(frame) != RDM_FRAME_LEN or frame[0] != 0x02 or frame[-1] != 0x03:
        raise Garbled("frame is not 0x02 + 12 hex digits + 0x03")
    try:
        raw = bytes.fromhex(frame[1:11].decode("ascii"))
        checksum = int(frame[11:13].decode("ascii"), 16)
    except (UnicodeDecodeError, ValueError):
        raise Garbled(f"frame {frame!r} has non-hex digits") from None
    xor = 0
    for b in raw:
        xor ^= b
    if xor != checksum:
        raise Garbled(f"checksum {checksum:02X} != {xor:02X}")
    return raw.hex().upper()


class Rdm6300Reader(SerialReader):
    """A 125 kHz RDM6300 on a UART at 9600 baud."""

    device_name = "RDM6300 card reader"
    baudrate = 9600

    def __init__(self, port: str = "/dev/serial0", *, poll_s: float = 0.05,
                 same_card_s: float = DEFAULT_SAME_CARD_S, reopen_s: float = 1.0,
                 clock: Callable[[], float] = time.monotonic, start: bool = True):
        self._buffer = bytearray()
        super().__init__(port, poll_s=poll_s, same_card_s=same_card_s, clock=clock,
                         reopen_s=reopen_s, start=start)

    def _setup(self) -> None:
        self._buffer.clear()       # the RDM6300 only talks; nothing to set up

    def _poll(self) -> str | None:
        self._buffer += self._read()
        uid = None
        while True:
            start = self._buffer.find(b"\x02")
            if start < 0:
                self._buffer.clear()
                break
            del self._buffer[:start]
            if len(self._buffer) < RDM_FRAME_LEN:
                break
            frame = bytes(self._buffer[:RDM_FRAME_LEN])
            try:
                uid = parse_rdm6300(frame)
                del self._buffer[:RDM_FRAME_LEN]
            except Garbled as err:
                log.warning("%s: discarded a garbled frame (%s)", self.device_name, err)
                del self._buffer[:1]
        return uid
