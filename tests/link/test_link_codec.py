"""The host's codec (table.devices.linkcodec) against the golden vectors, and the decoder's
resynchronisation as a property."""

import json
import zlib
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from table.devices import linkcodec as C

VECTORS = json.loads((Path(__file__).resolve().parents[1] / "vectors" / "link.json").read_text())


def test_crc_vectors():
    for case in VECTORS["crc32"]:
        assert C.crc32(bytes.fromhex(case["data"])) == case["crc"]


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=200))
def test_the_frame_check_is_zlibs_crc32(data):
    """The codec's CRC, worked in 16-bit halves for the Pico, is the CRC-32 of zlib."""
    assert C.crc32(data) == zlib.crc32(data)


def test_frame_vectors_encode_and_decode():
    for case in VECTORS["frames"]:
        data = bytes.fromhex(case["data"])
        frame = C.encode(case["seq"], case["type"], data)
        assert frame.hex() == case["frame"], case["name"]
        assert C.Decoder().feed(frame) == [(case["seq"], case["type"], data)]


def test_stream_vectors():
    for case in VECTORS["streams"]:
        want = [(s, t, bytes.fromhex(d)) for s, t, d in case["frames"]]
        assert C.Decoder().feed(bytes.fromhex(case["stream"])) == want, case["name"]


def test_body_vectors_the_host_sends():
    b = VECTORS["bodies"]
    for case in b["led_set"]:
        assert C.led_set([(i, tuple(c)) for i, c in case["args"][0]]).hex() == case["data"]
    for case in b["servo"]:
        assert C.servo(*case["args"]).hex() == case["data"]
    for case in b["lost"]:
        assert C.lost(tuple(case["args"][0]), case["args"][1]).hex() == case["data"]
    for case in b["led_count"]:
        assert C.led_count(*case["args"]).hex() == case["data"]
    for case in b["hello_reply"]:
        n, fw, ver = case["args"]
        assert C.parse_hello_reply(bytes.fromhex(case["data"])) == (ver, n, fw)


def test_scale_vectors_match_the_host_cap():
    for value, cap, want in VECTORS["scale"]:
        assert C.scale(value, cap) == want


frames_st = st.lists(
    st.tuples(st.integers(0, 255), st.integers(0, 255), st.binary(max_size=C.MAX_DATA)),
    min_size=1, max_size=8)


@settings(max_examples=150, deadline=None)
@given(frames=frames_st, noise=st.lists(st.binary(max_size=80), min_size=8, max_size=8),
       cut=st.integers(1, 200))
def test_every_intact_frame_is_found_whatever_garbage_comes_between(frames, noise, cut):
    stream = b""
    for (seq, mtype, data), garbage in zip(frames, noise):
        stream += garbage + C.encode(seq, mtype, data)
    dec = C.Decoder()
    got = dec.feed(stream[:cut]) + dec.feed(stream[cut:])   # split anywhere
    assert got == [(s, t, bytes(d)) for s, t, d in frames]


@settings(max_examples=100, deadline=None)
@given(frames=frames_st, where=st.integers(0, 10_000), flip=st.integers(1, 255))
def test_a_damaged_frame_is_dropped_and_the_rest_survive(frames, where, flip):
    encoded = [C.encode(*f) for f in frames]
    victim = where % len(encoded)
    damaged = bytearray(encoded[victim])
    damaged[where % len(damaged)] ^= flip
    stream = b"".join(bytes(damaged) if i == victim else e for i, e in enumerate(encoded))
    got = C.Decoder().feed(stream)
    assert got == [(s, t, bytes(d)) for i, (s, t, d) in enumerate(frames) if i != victim]
