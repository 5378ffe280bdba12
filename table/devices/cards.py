"""The card reader: players tap (and often leave) their weapon cards on it.

A reader reports ``on_tap(uid)`` when a card arrives and ``on_remove(uid)`` when it goes.
UIDs are canonical upper-case hex strings ("04A1B2C3D4E5F6").

Same-card delay: a card must be away for ``same_card_s`` before it counts as removed, so a
card left on the reader, or one flickering at the edge of the field, is one tap; a
different card arriving removes the previous one at once.

Backends:
- :class:`Pn532Reader`: an NXP PN532 in UART (HSU) mode, 115200 baud, through pyserial
  with the small driver below (no Blinka, no vendor libraries).  It polls with
  InListPassiveTarget for one ISO 14443A tag (the NTAG stickers on the cards).
- :class:`Rdm6300Reader`: the cheaper 125 kHz RDM6300, which streams a frame per read at
  9600 baud while a tag is in the field; removal is the frames stopping.
- :class:`SimCardReader`: ``tap(uid)`` / ``remove()`` from the simulator or tests.

A real reader polls in its own thread and calls the handlers from it.  Garbled frames are
dropped with a logged warning.  If the port vanishes or the reader stops answering, the
thread reports a :class:`DeviceError` to ``on_error`` (and keeps it in ``error``), then
tries to reopen the port every ``reopen_s`` until it works again.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from types import EllipsisType
from typing import TYPE_CHECKING

from table.devices import Device, DeviceError

if TYPE_CHECKING:
    import serial

log = logging.getLogger(__name__)

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


class _SerialReader(CardReader):
    """A reader on a serial port, polled in a thread."""

    device_name = "card reader"
    baudrate = 9600

    def __init__(self, port: str, *, poll_s: float, same_card_s: float,
                 clock: Callable[[], float], reopen_s: float, start: bool):
        super().__init__(same_card_s, clock)
        self.port_path = port
        self.poll_s = poll_s
        self.reopen_s = reopen_s
        self.error: DeviceError | None = None
        self.serial: serial.Serial | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._open()
        if start:
            self.start()

    # -- the port --------------------------------------------------------------------------
    def _open(self) -> None:
        import serial

        try:
            self.serial = serial.Serial(self.port_path, self.baudrate, timeout=0.01,
                                        exclusive=True)
        except (serial.SerialException, OSError, ValueError) as err:
            raise DeviceError(
                self.device_name,
                f"cannot open serial port {self.port_path} ({err}); enable the UART "
                "(raspi-config: serial port on, login shell off) and check the port in the "
                "profile",
            ) from None
        try:
            self._setup()
        except DeviceError:
            self._close_port()
            raise

    def _close_port(self) -> None:
        if self.serial is not None:
            try:
                self.serial.close()
            except OSError:
                pass
            self.serial = None

    def _read(self) -> bytes:
        """What has arrived (waiting up to the port's short timeout for the first byte)."""
        import serial

        port = self._port()
        try:
            return port.read(max(1, port.in_waiting))
        except (serial.SerialException, OSError) as err:
            raise self._vanished(err) from None

    def _write(self, data: bytes) -> None:
        import serial

        port = self._port()
        try:
            port.write(data)
        except (serial.SerialException, OSError) as err:
            raise self._vanished(err) from None

    def _port(self) -> serial.Serial:
        """The open port (DeviceError when it was closed, by close() from another thread)."""
        if self.serial is None:
            raise self._vanished("closed")
        return self.serial

    def _vanished(self, err: object) -> DeviceError:
        return DeviceError(
            self.device_name,
            f"serial port {self.port_path} failed ({err}); check the cable and the reader's "
            "power; it will be reopened when it comes back",
        )

    # -- polling -----------------------------------------------------------------------------
    def poll_once(self) -> None:
        """One poll of the reader; raises DeviceError if the port or the reader fails."""
        if self.serial is None:
            self._open()
            log.info("%s: %s is back", self.device_name, self.port_path)
            self.error = None
        uid = self._poll()
        if uid is not ...:
            self._seen(uid)

    @abstractmethod
    def _setup(self) -> None:
        """Prepare a freshly opened reader; raise DeviceError if it does not answer."""

    @abstractmethod
    def _poll(self) -> str | None | EllipsisType:
        """The UID on the reader now, None for no card, or ... when this poll told nothing."""

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name=self.device_name,
                                            daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self.poll_once()
            except DeviceError as err:
                self._close_port()
                if self.error is None:
                    log.error("%s", err)
                    self.error = err
                    if self.on_error is not None:
                        self.on_error(err)
                self._stop.wait(self.reopen_s)
                continue
            except Exception:          # a handler's bug must not kill the reader
                log.exception("%s: a card handler failed", self.device_name)
            self._stop.wait(self.poll_s)

    def _close_device(self) -> None:
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2)
        self._close_port()


# ---------------------------------------------------------------------------------------------
# PN532 frames (NXP PN532 user manual, section 6.2)

PN532_HOST_TO_PN532 = 0xD4
PN532_PN532_TO_HOST = 0xD5
ACK_FRAME = b"\x00\x00\xff\x00\xff\x00"
NACK_FRAME = b"\x00\x00\xff\xff\x00\x00"
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


class Garbled(ValueError):
    """A frame failed its checks."""


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


class Pn532Reader(_SerialReader):
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


# ---------------------------------------------------------------------------------------------
# RDM6300: 0x02, 10 ASCII hex (version + 4-byte tag), 2 ASCII hex (XOR of the 5 bytes), 0x03

RDM_FRAME_LEN = 14


def rdm6300_frame(uid: str) -> bytes:
    """The frame an RDM6300 sends for a 5-byte (10 hex digit) tag."""
    raw = bytes.fromhex(uid)
    if len(raw) != 5:
        raise ValueError(f"an RDM6300 tag is 5 bytes (10 hex digits), not {uid!r}")
    checksum = 0
    for b in raw:
        checksum ^= b
    return b"\x02" + raw.hex().upper().encode() + f"{checksum:02X}".encode() + b"\x03"


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


class Rdm6300Reader(_SerialReader):
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
