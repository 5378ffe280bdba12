import logging
import os
import select
import threading

import pytest

from table.devices import DeviceError
from table.devices.cards import SimCardReader, canonical_uid
from table.devices.pn532 import ACK_FRAME, Pn532Reader, parse_pn532, pn532_frame
from table.devices.rdm6300 import Rdm6300Reader, parse_rdm6300
from table.devices.serialreader import Garbled

from tests.polling import until

UID = bytes.fromhex("04a1b2c3d4e5f6")
OTHER = bytes.fromhex("deadbeef")


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def frame(data: bytes) -> bytes:
    """Test-side PN532 frame encoder, written from the user manual independently."""
    n = len(data)
    return bytes([0, 0, 0xFF, n, (0x100 - n) % 0x100]) + data + bytes(
        [(0x100 - sum(data) % 0x100) % 0x100, 0])


class FakePn532:
    """Answers real PN532 frames on the master side of a pty, like the chip in HSU mode."""

    def __init__(self, tmp_path):
        self.link = str(tmp_path / "ttyPN532")   # like /dev/serial/by-id/...: a symlink
        self.commands = []        # (code, params) of each command frame received
        self.raw = bytearray()
        self.card = None
        self.active = None        # the tag selected last, until the RF field goes off
        self.silent = False
        self.garble_next = False
        self.plug()

    def plug(self):
        self.master, self.slave = os.openpty()
        if os.path.lexists(self.link):
            os.unlink(self.link)
        os.symlink(os.ttyname(self.slave), self.link)
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, args=(self.master, self.stop),
                                       daemon=True)
        self.thread.start()

    def unplug(self):
        self.stop.set()
        self.thread.join()
        os.unlink(self.link)
        os.close(self.master)
        os.close(self.slave)

    def _serve(self, master, stop):
        buf = bytearray()
        while not stop.is_set():
            ready, _, _ = select.select([master], [], [], 0.005)
            if not ready:
                continue
            try:
                chunk = os.read(master, 512)
            except OSError:
                continue
            self.raw += chunk
            buf += chunk
            while True:
                i = buf.find(b"\x00\x00\xff")
                if i < 0 or len(buf) < i + 5:
                    break
                n = buf[i + 3]
                if n == 0 and buf[i + 4] == 0xFF:          # host ACK: abort
                    del buf[: i + 5]
                    continue
                if len(buf) < i + 5 + n + 2:
                    break
                data = bytes(buf[i + 5: i + 5 + n])
                del buf[: i + 5 + n + 2]
                self.commands.append((data[1], data[2:]))
                if not self.silent:
                    os.write(master, ACK_FRAME + self._answer(data[1], data[2:]))

    def _answer(self, code, params):
        if code == 0x4A:
            if self.card is None or self.card == self.active:
                body = b"\x00"          # no tag, or one still ACTIVE that ignores REQA
            else:
                body = bytes([1, 1, 0x00, 0x44, 0x00, len(self.card)]) + self.card
                self.active = self.card
        elif code == 0x32 and params == b"\x01\x00":
            self.active = None           # RF field off: the tag resets to IDLE
            body = b""
        elif code == 0x02:
            body = bytes([0x32, 0x01, 0x06, 0x07])
        else:
            body = b""
        out = bytearray(frame(bytes([0xD5, code + 1]) + body))
        if self.garble_next:
            self.garble_next = False
            out[7] ^= 0x10                    # a flipped bit: the DCS no longer matches
        return bytes(out)

    def close(self):
        if not self.stop.is_set():
            self.unplug()


@pytest.fixture
def pn532(tmp_path):
    fake = FakePn532(tmp_path)
    yield fake
    fake.close()


class Events:
    def __init__(self, reader):
        self.log = []
        reader.on_tap = lambda uid: self._add("tap", uid)
        reader.on_remove = lambda uid: self._add("remove", uid)
        reader.on_error = lambda err: self._add("error", err)

    def _add(self, kind, value):
        self.log.append((kind, value))

    def wait_for(self, n):
        until(lambda: len(self.log) >= n, what=f"{n} card reader events")
        return self.log


# -- frames -----------------------------------------------------------------------------------

def test_frame_encoding_matches_the_manual():
    assert pn532_frame(b"\xd4\x02") == bytes.fromhex("0000ff02fed4022a00")   # GetFirmwareVersion
    assert pn532_frame(b"\xd4\x14\x01\x14\x01") == bytes.fromhex("0000ff05fbd414011401" + "0200")
    assert pn532_frame(b"\xd4\x4a\x01\x00") == frame(b"\xd4\x4a\x01\x00")


def test_parse_ack_nack_and_data_and_keep_partial_frames():
    buf = bytearray(b"\x55" + ACK_FRAME + bytes.fromhex("0000ffff0000") + frame(b"\xd5\x15"))
    assert parse_pn532(buf) == ("ack", b"")
    assert parse_pn532(buf) == ("nack", b"")
    assert parse_pn532(buf) == ("data", b"\xd5\x15")
    partial = frame(b"\xd5\x03\x32\x01\x06\x07")
    buf = bytearray(partial[:7])
    assert parse_pn532(buf) is None
    buf += partial[7:]
    assert parse_pn532(buf) == ("data", b"\xd5\x03\x32\x01\x06\x07")


def test_garbled_frames_raise_and_parsing_resynchronises():
    bad_lcs = bytes.fromhex("0000ff03fed5")
    bad_dcs = bytearray(frame(b"\xd5\x4b\x00"))
    bad_dcs[-2] ^= 1
    buf = bytearray(bad_lcs + bytes(bad_dcs) + frame(b"\xd5\x15"))
    with pytest.raises(Garbled, match="length checksum"):
        parse_pn532(buf)
    with pytest.raises(Garbled, match="data checksum"):
        parse_pn532(buf)
    assert parse_pn532(buf) == ("data", b"\xd5\x15")


def test_uids_are_canonical_upper_case_hex():
    assert canonical_uid("04a1b2c3d4e5f6") == "04A1B2C3D4E5F6"
    assert canonical_uid(b"\xde\xad\xbe\xef") == "DEADBEEF"
    assert canonical_uid("de:ad:be:ef") == "DEADBEEF"
    for bad in ("xyz", "ABC", "", "0102"):
        with pytest.raises(ValueError, match="4 to 10 bytes of hex"):
            canonical_uid(bad)


# -- PN532 over a pty ---------------------------------------------------------------------------

def open_reader(pn532, **kw):
    kw.setdefault("start", False)
    kw.setdefault("timeout_s", 0.5)
    return Pn532Reader(pn532.link, **kw)


def test_pn532_wakes_up_and_configures_the_chip(pn532):
    reader = open_reader(pn532)
    try:
        assert pn532.raw.startswith(b"\x55\x55\x00")
        assert pn532.commands == [
            (0x14, b"\x01\x14\x01"),          # SAMConfiguration: normal mode
            (0x02, b""),                      # GetFirmwareVersion
            (0x32, b"\x05\xff\x01\x02"),      # RFConfiguration: few passive retries
        ]
        assert reader.firmware == (0x32, 1, 6)
    finally:
        reader.close()


def test_a_card_left_on_the_reader_is_one_tap_and_one_removal(pn532):
    clock = FakeClock()
    reader = open_reader(pn532, clock=clock, same_card_s=0.6)
    events = Events(reader)
    try:
        reader.poll_once()
        assert events.log == []
        assert pn532.commands[-1] == (0x4A, b"\x01\x00")    # one target, 106 kbps type A
        pn532.card = UID
        for _ in range(5):
            reader.poll_once()
            clock.now += 0.1
        assert events.log == [("tap", "04A1B2C3D4E5F6")]
        # each poll after one that found the card first switches the RF field off
        assert pn532.commands[-3:] == [(0x4A, b"\x01\x00"), (0x32, b"\x01\x00"),
                                       (0x4A, b"\x01\x00")]
        pn532.card = None
        reader.poll_once()                # just gone: maybe a flicker, not removed yet
        clock.now += 0.3
        pn532.card = UID
        reader.poll_once()                # back within the same-card delay: still one tap
        pn532.card = None
        clock.now += 0.59
        reader.poll_once()
        assert events.log == [("tap", "04A1B2C3D4E5F6")]
        clock.now += 0.02
        reader.poll_once()
        assert events.log == [("tap", "04A1B2C3D4E5F6"), ("remove", "04A1B2C3D4E5F6")]
        pn532.card = UID
        reader.poll_once()
        pn532.card = OTHER                # swapped for another card: remove, then tap
        reader.poll_once()
        assert events.log[2:] == [("tap", "04A1B2C3D4E5F6"), ("remove", "04A1B2C3D4E5F6"),
                                  ("tap", "DEADBEEF")]
    finally:
        reader.close()


def test_a_resting_card_is_seen_on_every_poll(pn532):
    clock = FakeClock()
    reader = open_reader(pn532, clock=clock, same_card_s=0.15)
    events = Events(reader)
    try:
        pn532.card = UID
        for _ in range(30):
            reader.poll_once()
            clock.now += 0.1
        assert events.log == [("tap", "04A1B2C3D4E5F6")]
    finally:
        reader.close()


def test_garbled_answer_is_logged_and_changes_nothing(pn532, caplog):
    reader = open_reader(pn532, clock=FakeClock())
    events = Events(reader)
    try:
        pn532.card = UID
        pn532.garble_next = True
        with caplog.at_level(logging.WARNING, logger="table.devices.pn532"):
            reader.poll_once()
        assert events.log == []
        assert "discarded a garbled frame (data checksum fails" in caplog.text
        reader.poll_once()
        assert events.log == [("tap", "04A1B2C3D4E5F6")]
    finally:
        reader.close()


def test_silent_reader_is_aborted_then_reported(pn532):
    # (the fake never answers while silent, so the timeout only says how long each poll
    # waits: generous, so that opening the reader does not time out on a loaded machine)
    reader = open_reader(pn532, timeout_s=0.3, max_silent=2)
    try:
        pn532.silent = True
        reader.poll_once()                # one silence: abort and try again next poll
        until(lambda: pn532.raw.endswith(ACK_FRAME), what="the abort (an ACK frame)")
        with pytest.raises(DeviceError, match="PN532 card reader: stopped answering"):
            reader.poll_once()
    finally:
        reader.close()


def test_no_reader_on_the_port_is_a_device_error(pn532):
    pn532.silent = True
    with pytest.raises(DeviceError, match="no sensible answer.*TX and RX are crossed"):
        open_reader(pn532, timeout_s=0.03)


def test_missing_port_is_a_device_error(tmp_path):
    with pytest.raises(DeviceError, match=r"cannot open serial port .*/ttyNONE"):
        Pn532Reader(str(tmp_path / "ttyNONE"), start=False)


def test_reader_thread_reports_a_vanished_port_and_recovers(pn532):
    reader = open_reader(pn532, start=True, poll_s=0.005, reopen_s=0.01, same_card_s=0.05)
    events = Events(reader)
    try:
        pn532.card = UID
        assert events.wait_for(1) == [("tap", "04A1B2C3D4E5F6")]
        pn532.unplug()
        log = events.wait_for(2)
        assert log[1][0] == "error" and isinstance(log[1][1], DeviceError)
        assert "failed" in str(log[1][1]) and reader.error is log[1][1]
        pn532.card = OTHER
        pn532.plug()                       # plugged back (a new pty behind the same link)
        log = events.wait_for(4)
        assert log[2:] == [("remove", "04A1B2C3D4E5F6"), ("tap", "DEADBEEF")]
        assert reader.error is None
    finally:
        reader.close()


# -- RDM6300 over a pty -----------------------------------------------------------------------

def rdm6300_frame(uid: str) -> bytes:
    """Test-side: the frame an RDM6300 sends for a 5-byte (10 hex digit) tag."""
    raw = bytes.fromhex(uid)
    checksum = 0
    for b in raw:
        checksum ^= b
    return b"\x02" + raw.hex().upper().encode() + f"{checksum:02X}".encode() + b"\x03"


def test_rdm6300_frame_and_checksum():
    # 0A ^ 00 ^ B1 ^ C2 ^ D3 = AA
    assert rdm6300_frame("0A00B1C2D3") == b"\x020A00B1C2D3AA\x03"
    assert parse_rdm6300(rdm6300_frame("0a00b1c2d3")) == "0A00B1C2D3"
    bad = bytearray(rdm6300_frame("0A00B1C2D3"))
    bad[11:13] = b"AB"
    with pytest.raises(Garbled, match="checksum AB != AA"):
        parse_rdm6300(bytes(bad))
    with pytest.raises(Garbled, match="non-hex"):
        parse_rdm6300(b"\x02ZZ00B1C2D300\x03")


@pytest.fixture
def rdm_pty():
    master, slave = os.openpty()
    yield master, os.ttyname(slave)
    os.close(master)
    os.close(slave)


def wait_readable(reader):
    until(lambda: reader.serial.in_waiting > 0, what="bytes waiting at the reader")


def test_rdm6300_reports_tap_and_removal_by_timeout(rdm_pty, caplog):
    master, path = rdm_pty
    clock = FakeClock()
    reader = Rdm6300Reader(path, clock=clock, same_card_s=0.5, start=False)
    events = Events(reader)
    try:
        assert reader.serial.baudrate == 9600
        garbled = bytearray(rdm6300_frame("0A00B1C2D3"))
        garbled[5] ^= 0x01
        os.write(master, b"\x00noise" + bytes(garbled) + rdm6300_frame("0A00B1C2D3")[:6])
        wait_readable(reader)
        with caplog.at_level(logging.WARNING, logger="table.devices.rdm6300"):
            reader.poll_once()
        assert "RDM6300 card reader: discarded a garbled frame" in caplog.text
        assert events.log == []
        os.write(master, rdm6300_frame("0A00B1C2D3")[6:] + rdm6300_frame("0A00B1C2D3"))
        wait_readable(reader)
        reader.poll_once()
        assert events.log == [("tap", "0A00B1C2D3")]
        clock.now += 0.4
        reader.poll_once()                    # no frames for 0.4 s: still on the reader
        assert events.log == [("tap", "0A00B1C2D3")]
        clock.now += 0.2
        reader.poll_once()
        assert events.log == [("tap", "0A00B1C2D3"), ("remove", "0A00B1C2D3")]
    finally:
        reader.close()


# -- simulated ---------------------------------------------------------------------------------

def test_sim_reader_taps_and_removes():
    reader = SimCardReader()
    events = Events(reader)
    reader.tap("04a1b2c3d4e5f6")
    reader.tap("04A1B2C3D4E5F6")           # still the same card on the reader
    reader.remove()
    reader.remove()
    reader.tap("DEADBEEF")
    assert events.log == [("tap", "04A1B2C3D4E5F6"), ("remove", "04A1B2C3D4E5F6"),
                          ("tap", "DEADBEEF")]
    with pytest.raises(ValueError, match="hex"):
        reader.tap("not a uid")
