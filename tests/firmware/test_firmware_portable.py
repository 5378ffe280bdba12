"""The firmware's codec and protocol checks under CPython (the same checks also run under
MicroPython in test_firmware_micropython.py)."""

import binascii
import json

import pytest

import firmware_paths

import linkcodec as C
import portable_checks

VECTORS = json.loads(firmware_paths.VECTORS.read_text())


@pytest.mark.parametrize("check", [c for _, c in portable_checks.CHECKS],
                         ids=[n for n, _ in portable_checks.CHECKS])
def test_portable(check):
    check(VECTORS)


def test_damage_a_16_bit_check_cannot_see_is_no_message():
    """How the faulty-link test once failed with "the Pico rejected a 0x5 message: unknown
    message type 0x05": three bytes of an in-order LED_SET hit (its type 0x10 became 0x05,
    and two colour bytes) so that CRC-16/CCITT over the frame stays the same.  Protocol 2
    checked frames with that CRC-16: the Pico took the wreck for an in-order message of
    type 0x05, rejected it, and the host raised.  CRC-32 (protocol 3) sees it: nothing is
    done, the Pico still expects that number and asks for it again (a NAK)."""
    node, out, _ = portable_checks.make_node()
    portable_checks.greet(node, out, seq=0)                    # next expected: 2
    frame = bytearray(C.encode(2, C.LED_SET, C.led_set([(3, (200, 10, 40)), (4, (1, 2, 3))])))
    checked = len(frame) - C.CRC_LEN - 1                       # len .. the last data byte
    crc16 = binascii.crc_hqx(bytes(frame[:checked]), 0xFFFF)   # CRC-16/CCITT-FALSE
    frame[2] = 0x05
    for word in range(0x10000):                                # the colour bytes of LED 3
        frame[6], frame[7] = word >> 8, word & 0xFF
        if binascii.crc_hqx(bytes(frame[:checked]), 0xFFFF) == crc16:
            break
    assert binascii.crc_hqx(bytes(frame[:checked]), 0xFFFF) == crc16   # invisible to CRC-16
    node.feed(bytes(frame))
    assert node.rejected == 0 and node.expect == 2
    assert portable_checks.replies(out) == [(2, C.NAK, b"")]
    assert node.pixels[9:15] == bytes(6)                       # LEDs 3 and 4 untouched
