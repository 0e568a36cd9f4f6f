"""Frames: round trips at any split, bounded sizes, and garbage that only ever raises ProtocolError."""

from __future__ import annotations

import struct

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mnemon.errors import (
    InvalidInput,
    LimitExceeded,
    MnemonError,
    NotFound,
    ProtocolError,
    VersionMismatch,
)
from mnemon.wire.protocol import (
    MAX_FRAME,
    PROTOCOL_VERSION,
    FrameDecoder,
    Request,
    encode,
    error_reply,
    ok_reply,
    parse_reply,
    parse_request,
)

values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**64 - 1)
    | st.floats(allow_nan=False)
    | st.text(max_size=50)
    | st.binary(max_size=50),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5),
    max_leaves=20,
)


@given(st.lists(values, min_size=1, max_size=5), st.data())
@settings(max_examples=100, deadline=None)
def test_frames_split_at_arbitrary_bytes_round_trip(messages: list[object], data: st.DataObject) -> None:
    stream = b"".join(encode(m) for m in messages)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=8)))
    decoder = FrameDecoder()
    out: list[object] = []
    start = 0
    for cut in [*cuts, len(stream)]:
        out.extend(decoder.feed(stream[start:cut]))
        start = cut
    assert out == messages
    assert decoder.pending == 0


@given(st.binary(max_size=300))
@settings(max_examples=200, deadline=None)
def test_random_bytes_only_raise_protocol_errors(blob: bytes) -> None:
    decoder = FrameDecoder(max_frame=1024)
    try:
        for message in decoder.feed(blob):
            try:
                parse_request(message)
            except ProtocolError:
                pass
    except (ProtocolError, LimitExceeded):
        pass


@given(st.binary(max_size=200))
@settings(max_examples=200, deadline=None)
def test_random_bodies_in_valid_frames_only_raise_protocol_errors(body: bytes) -> None:
    try:
        FrameDecoder().feed(struct.pack(">I", len(body)) + body)
    except ProtocolError:
        pass


def test_oversized_length_is_refused_before_the_body_arrives() -> None:
    decoder = FrameDecoder()
    with pytest.raises(LimitExceeded, match="exceeds the 8388608-byte limit"):
        decoder.feed(struct.pack(">I", MAX_FRAME + 1))
    assert decoder.pending == 0


def test_encode_refuses_an_oversized_frame() -> None:
    with pytest.raises(LimitExceeded):
        encode({"blob": b"x" * 2000}, max_frame=1000)


def test_extension_types_and_non_string_keys_are_refused() -> None:
    ext = msgpack.packb(msgpack.ExtType(5, b"abc"))
    with pytest.raises(ProtocolError, match="malformed frame"):
        FrameDecoder().feed(struct.pack(">I", len(ext)) + ext)
    intkey = msgpack.packb({1: "a"})
    with pytest.raises(ProtocolError):
        FrameDecoder().feed(struct.pack(">I", len(intkey)) + intkey)


def test_trailing_bytes_inside_a_frame_are_refused() -> None:
    body = msgpack.packb({"a": 1}) + b"\x01"
    with pytest.raises(ProtocolError):
        FrameDecoder().feed(struct.pack(">I", len(body)) + body)


def test_deep_nesting_is_refused() -> None:
    body = b"\x91" * 5000 + b"\x00"
    with pytest.raises(ProtocolError):
        FrameDecoder().feed(struct.pack(">I", len(body)) + body)


def test_request_round_trip_and_validation() -> None:
    req = Request(id=7, op="recall", args={"query": "x"})
    assert parse_request(FrameDecoder().feed(encode(req.to_wire()))[0]) == req
    assert parse_request({"v": PROTOCOL_VERSION, "id": 1, "op": "ping"}).args == {}
    with pytest.raises(VersionMismatch, match="protocol version 2"):
        parse_request({"v": 2, "id": 1, "op": "ping", "args": {}})
    for bad in (
        [1, 2],
        {"v": 1, "op": "ping"},
        {"v": 1, "id": True, "op": "ping"},
        {"v": 1, "id": 1, "op": ""},
        {"v": 1, "id": 1, "op": "x" * 100},
        {"v": 1, "id": 1, "op": "ping", "args": [1]},
        {"v": 1, "id": 1, "op": "ping", "args": {}, "extra": 1},
    ):
        with pytest.raises(ProtocolError):
            parse_request(bad)


def test_replies_carry_errors_as_the_matching_class() -> None:
    ok = parse_reply(ok_reply(3, {"a": 1}))
    assert ok.ok and ok.unwrap() == {"a": 1} and not ok.more
    assert parse_reply(ok_reply(3, [], more=True)).more
    for err in (NotFound("no such id"), LimitExceeded("too big"), InvalidInput("bad")):
        reply = parse_reply(error_reply(4, err))
        with pytest.raises(type(err), match=err.message):
            reply.unwrap()
    odd = parse_reply({"v": 1, "id": 1, "ok": False, "error": {"type": "Weird", "message": "m"}})
    with pytest.raises(MnemonError, match="m"):
        odd.unwrap()
    with pytest.raises(VersionMismatch):
        parse_reply({"v": 9, "id": 1, "ok": True})
    with pytest.raises(ProtocolError):
        parse_reply({"v": 1, "id": 1})


# -- the hooks' pure-Python codec (mnemon.wire.lightpack) -------------------------------------------

from mnemon.wire import lightpack  # noqa: E402
from mnemon.wire.protocol import decode_body  # noqa: E402

_INTS = st.one_of(st.integers(-(1 << 63), (1 << 64) - 1),
                  st.sampled_from([0, 127, 128, 255, 256, 65535, 65536, (1 << 32) - 1, 1 << 32, -1, -32, -33, -128,
                                   -129, -32768, -32769, -(1 << 31), -(1 << 31) - 1, -(1 << 63), (1 << 64) - 1]))
_VALUES = st.recursive(
    st.none() | st.booleans() | _INTS | st.floats() | st.text(max_size=40) | st.binary(max_size=40)
    | st.sampled_from(["x" * 31, "x" * 32, "y" * 255, "y" * 256, "z" * 65536, b"b" * 256, b"c" * 65536]),
    lambda k: st.lists(k, max_size=5) | st.dictionaries(st.text(max_size=8), k, max_size=5)
    | st.sampled_from([list(range(16)), list(range(65536)), {str(i): i for i in range(16)}]),
    max_leaves=40)


@settings(max_examples=300, deadline=None)
@given(value=_VALUES)
def test_light_codec_packs_and_unpacks_as_msgpack(value: object) -> None:
    packed = msgpack.packb(value, use_bin_type=True, datetime=False)
    assert lightpack.packb(value) == packed
    assert repr(decode_body(packed, light=True)) == repr(decode_body(packed))
    assert encode(value, light=True) == encode(value)


@settings(max_examples=400, deadline=None)
@given(body=st.binary(max_size=60) | _VALUES.map(lambda v: msgpack.packb(v, use_bin_type=True)).flatmap(
    lambda b: st.sampled_from([b, b[:-1], b + b"\x00", b[:1] + b"\xc1" + b[2:], b"\x81\xcc\x01" + b, b"\xd4\x01\x02"])))
def test_light_codec_refuses_what_msgpack_refuses(body: bytes) -> None:
    try:
        expected: object = ("ok", repr(decode_body(body)))
    except ProtocolError:
        expected = "refused"
    try:
        got: object = ("ok", repr(decode_body(body, light=True)))
    except ProtocolError:
        got = "refused"
    assert got == expected


def test_light_codec_refuses_what_msgpack_cannot_pack() -> None:
    for value in (1 << 64, -(1 << 63) - 1, object(), {1.5j: 1}, "\ud800"):
        with pytest.raises(ProtocolError):
            encode(value)
        with pytest.raises(ProtocolError):
            encode(value, light=True)
