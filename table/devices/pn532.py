"""The NXP PN532 card reader in UART (HSU) mode, 115200 baud, and its frames (NXP PN532 user
manual, section 6.2): it is polled with InListPassiveTarget for one ISO 14443A tag (the NTAG
stickers on the cards).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from types import EllipsisType

from table.devices import DeviceError
from table.devices.cards import DEFAULT_SAME_CARD_S
from table.devices.serialreader import Garbled, SerialReader

log = logging.getLogger(__name__)

PN532_HOST_TO_PN532 = 0xD4
PN532_PN532_TO_HOST = 0xD5
ACK_FRAME = b"\x00\x00\xff\x00\xff\x00"
WAKEUP = b"\x55\x55" + b"\x00" * 14          # HSU wake-up: 0x55s then a long preamble
CMD_GET_FIRMWARE_VERSION = 0x02
CMD_SAM_CONFIGURATION = 0x14
CMD_RF_CONFIGURATION = 0x32
CMD_IN_LIST_PASSIVE_TARGET = 0x4A


def pn532_frame(data: bytes) -> bytes:
    """A normal information frame around ``data`` (TFI and the packet data)."""
    if not 1 <= len(data) <= 254:
        raise ValueError(f"a PN532 normal frame carries 1..254 bytes, not {len(data)}")
    length = len(data)
    return (bytes([0x00, 0x00, 0xFF, length, (-length) & 0xFF]) + data
            + bytes([(-sum(data)) & 0xFF, 0x00]))


def parse_pn532(buffer: bytearray) -> tuple[str, bytes] | None:
    """Take the first frame off ``buffer``.

    Returns ("ack", b""), ("nack", b"") or ("data", TFI + packet data), or None if no
    whole frame is there yet (the partial frame stays in ``buffer``).  Raises
    :class:`Garbled` for a frame that fails its checks, after dropping its start code so the
    next call resynchronises on what follows.
    """
    start = buffer.find(b"\x00\xff")
    if start < 0:
        del buffer[: max(0, len(buffer) - 1)]      # keep a trailing 0x00: a start may follow
        return None
    del buffer[:start]
    if len(buffer) < 4:
        return None
    length, lcs = buffer[2], buffer[3]
    if length == 0x00 and lcs == 0xFF:
        del buffer[:4]
        return ("ack", b"")
    if length == 0xFF and lcs == 0x00:
        del buffer[:4]
        return ("nack", b"")
    if (length + lcs) & 0xFF:
        del buffer[:2]
        raise Garbled(f"length checksum fails (LEN {length:#04x}, LCS {lcs:#04x})")
    if len(buffer) < 4 + length + 1:
        return None
    data = bytes(buffer[4: 4 + length])
    dcs = buffer[4 + length]
    del buffer[:2]
    if (sum(data) + dcs) & 0xFF:
        raise Garbled(f"data checksum fails ({len(data)} bytes, DCS {dcs:#04x})")
    del buffer[: 4 + length + 1 - 2]
    return ("data", data)


class _NoAnswer(Exception):
    pass


class Pn532Reader(SerialReader):
    """An NXP PN532 on a UART (its mode switches set to HSU), polled for ISO 14443A tags."""

    device_name = "PN532 card reader"
    baudrate = 115200

    def __init__(self, port: str = "/dev/serial0", *, poll_s: float = 0.1,
                 same_card_s: float = DEFAULT_SAME_CARD_S, timeout_s: float = 0.5,
                 max_silent: int = 3, reopen_s: float = 1.0,
                 clock: Callable[[], float] = time.monotonic, start: bool = True):
        self.timeout_s = timeout_s
        self.max_silent = max_silent
        self.firmware: tuple[int, int, int] | None = None    # (IC, version, revision)
        self._silent = 0
        self._rf_reset = False      # a tag may be left selected: reset the field first
        self._buffer = bytearray()
        super().__init__(port, poll_s=poll_s, same_card_s=same_card_s, clock=clock,
                         reopen_s=reopen_s, start=start)

    def _setup(self) -> None:
        self._buffer.clear()
        self._rf_reset = False
        self._write(WAKEUP)
        try:
            # normal mode (no SAM), virtual-card timeout 1 s, IRQ pin used
            self.command(CMD_SAM_CONFIGURATION, b"\x01\x14\x01")
            ic, ver, rev, _support = self.command(CMD_GET_FIRMWARE_VERSION)[:4]
            # CfgItem 5 (max retries): ATR 0xFF, PSL 1, passive activation 2 -> a poll with no
            # card answers "0 targets" at once instead of waiting for one.
            self.command(CMD_RF_CONFIGURATION, b"\x05\xff\x01\x02")
        except (_NoAnswer, Garbled, ValueError) as err:
            raise DeviceError(
                self.device_name,
                f"no sensible answer on {self.port_path} ({err or 'silence'}); check that TX "
                "and RX are crossed, the reader has 3.3-5 V, and its switches select UART/HSU",
            ) from None
        self.firmware = (ic, ver, rev)
        log.info("PN532 on %s: firmware %d.%d", self.port_path, ver, rev)

    def command(self, code: int, params: bytes = b"") -> bytes:
        """Send a command, wait for its ACK and its answer; return the answer's data."""
        self._write(pn532_frame(bytes([PN532_HOST_TO_PN532, code]) + params))
        deadline = time.monotonic() + self.timeout_s
        kind, _ = self._frame(deadline)
        if kind != "ack":
            raise Garbled(f"expected an ACK, got a {kind} frame")
        kind, data = self._frame(deadline)
        if kind != "data" or len(data) < 2:
            raise Garbled(f"expected an answer, got a {kind} frame")
        if data[0] == 0x7F:
            raise Garbled("the PN532 reported a syntax error (error frame)")
        if data[0] != PN532_PN532_TO_HOST or data[1] != code + 1:
            raise Garbled(f"answer {data[:2].hex()} does not match command {code:#04x}")
        return data[2:]

    def _frame(self, deadline: float) -> tuple[str, bytes]:
        while True:
            frame = parse_pn532(self._buffer)
            if frame is not None:
                return frame
            if time.monotonic() > deadline:
                raise _NoAnswer(f"no answer within {self.timeout_s} s")
            self._buffer += self._read()

    def _poll(self) -> str | None | EllipsisType:
        try:
            if self._rf_reset:
                # A selected tag stays ACTIVE and ignores the next poll's REQA: switch the RF
                # field off so it powers up IDLE and answers again (InListPassiveTarget
                # switches the field back on).
                self.command(CMD_RF_CONFIGURATION, b"\x01\x00")
            self._rf_reset = True      # until this poll shows that no tag was selected
            answer = self.command(CMD_IN_LIST_PASSIVE_TARGET, b"\x01\x00")   # 1 target, 106 kbps A
            uid = self._target_uid(answer)
            self._rf_reset = uid is not None
        except Garbled as err:
            log.warning("%s: discarded a garbled frame (%s)", self.device_name, err)
            self._resync()
            return ...
        except _NoAnswer:
            self._write(ACK_FRAME)     # an ACK from the host aborts the pending command
            self._resync()
            self._silent += 1
            if self._silent >= self.max_silent:
                self._silent = 0
                raise DeviceError(
                    self.device_name,
                    f"stopped answering on {self.port_path}; check its power and wiring",
                ) from None
            return ...
        self._silent = 0
        return uid

    @staticmethod
    def _target_uid(answer: bytes) -> str | None:
        if not answer or answer[0] == 0:
            return None
        # NbTg, Tg, SENS_RES (2), SEL_RES, NFCIDLength, NFCID1...
        if len(answer) < 6 or len(answer) < 6 + answer[5] or answer[5] not in (4, 7, 10):
            raise Garbled(f"target data {answer.hex()} is not an ISO 14443A target")
        return answer[6: 6 + answer[5]].hex().upper()

    def _resync(self) -> None:
        self._buffer.clear()
        try:
            self._port().reset_input_buffer()
        except Exception:    # noqa: BLE001 -- the next read reports a vanished port properly
            pass
