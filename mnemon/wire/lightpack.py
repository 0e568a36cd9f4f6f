"""msgpack in pure Python, for the hooks' small frames: the subset the protocol uses, byte for byte.

Importing ``msgpack`` costs a hook process about 2.7 ms (its C extension imports ``datetime``),
more than packing a request and unpacking an answer of a few kilobytes in Python. :func:`packb`
gives the bytes ``msgpack.packb(obj, use_bin_type=True, datetime=False)`` gives (the smallest
encoding of each integer, float64, str8 and bin types), and :func:`unpackb` the value
``msgpack.unpackb(body, raw=False, strict_map_key=True, use_list=True)`` gives, refusing what
it refuses: extension types, non-string map keys, invalid UTF-8, truncated or trailing bytes.
Errors are ``ValueError`` (or ``TypeError`` for a value that cannot be packed), which
:mod:`mnemon.wire.protocol` turns into :class:`~mnemon.errors.ProtocolError`.
``tests/test_protocol.py`` holds both to msgpack's own answers.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs milliseconds on every hook start
if TYPE_CHECKING:
    from typing import Any

_INT64 = (-(1 << 63), (1 << 64) - 1)


def packb(obj: Any) -> bytes:
    out = bytearray()
    _pack(obj, out, 0)
    return bytes(out)


def _size(out: bytearray, n: int, small: int | None, codes: tuple[int, int, int]) -> None:
    """The header of a str, bin, array or map of ``n`` elements (``small``: its fix form's base)."""
    if small is not None and n < (32 if small == 0xA0 else 16):
        out.append(small | n)
    elif codes[0] and n <= 0xFF:
        out += bytes((codes[0], n))
    elif n <= 0xFFFF:
        out.append(codes[1])
        out += n.to_bytes(2, "big")
    elif n <= 0xFFFFFFFF:
        out.append(codes[2])
        out += n.to_bytes(4, "big")
    else:
        raise ValueError(f"{n} elements are more than msgpack can hold")


def _pack(obj: Any, out: bytearray, depth: int) -> None:  # noqa: C901 - one branch per msgpack type
    if depth > 512:
        raise ValueError("value nested too deeply to pack")
    if obj is None:
        out.append(0xC0)
    elif obj is True or obj is False:
        out.append(0xC3 if obj else 0xC2)
    elif isinstance(obj, int):
        _pack_int(int(obj), out)
    elif isinstance(obj, float):
        import _struct  # noqa: PLC0415 - floats are rare in requests

        out.append(0xCB)
        out += _struct.pack(">d", obj)
    elif isinstance(obj, str):
        data = obj.encode("utf-8")
        _size(out, len(data), 0xA0, (0xD9, 0xDA, 0xDB))
        out += data
    elif isinstance(obj, (bytes, bytearray, memoryview)):
        data = bytes(obj)
        _size(out, len(data), None, (0xC4, 0xC5, 0xC6))
        out += data
    elif isinstance(obj, dict):
        _size(out, len(obj), 0x80, (0, 0xDE, 0xDF))
        for key, value in obj.items():
            _pack(key, out, depth + 1)
            _pack(value, out, depth + 1)
    elif isinstance(obj, (list, tuple)):
        _size(out, len(obj), 0x90, (0, 0xDC, 0xDD))
        for value in obj:
            _pack(value, out, depth + 1)
    else:
        raise TypeError(f"can not serialize {type(obj).__name__!r} object")


def _pack_int(n: int, out: bytearray) -> None:
    if not _INT64[0] <= n <= _INT64[1]:
        raise OverflowError("Integer value out of range")
    if 0 <= n < 0x80 or -32 <= n < 0:
        out += n.to_bytes(1, "big", signed=True)
        return
    for width, unsigned, signed in ((1, 0xCC, 0xD0), (2, 0xCD, 0xD1), (4, 0xCE, 0xD2), (8, 0xCF, 0xD3)):
        if n >= 0 and n < 1 << (8 * width):
            out.append(unsigned)
            out += n.to_bytes(width, "big")
            return
        if n < 0 and n >= -(1 << (8 * width - 1)):
            out.append(signed)
            out += n.to_bytes(width, "big", signed=True)
            return


def unpackb(body: bytes) -> Any:
    value, end = _unpack(memoryview(body), 0, 0)
    if end != len(body):
        raise ValueError(f"extra data: {len(body) - end} bytes after the value")
    return value


# the fixed-size types: code -> (bytes after the code, how to read them)
_WIDTH = {0xCC: 1, 0xCD: 2, 0xCE: 4, 0xCF: 8, 0xD0: 1, 0xD1: 2, 0xD2: 4, 0xD3: 8}
_LENGTH = {0xC4: 1, 0xC5: 2, 0xC6: 4, 0xD9: 1, 0xDA: 2, 0xDB: 4, 0xDC: 2, 0xDD: 4, 0xDE: 2, 0xDF: 4}


def _take(buf: memoryview, at: int, n: int) -> bytes:
    if at + n > len(buf):
        raise ValueError("truncated frame body")
    return bytes(buf[at:at + n])


def _unpack(buf: memoryview, at: int, depth: int) -> tuple[Any, int]:  # noqa: C901 - one branch per type
    if depth > 512:
        raise ValueError("value nested too deeply to unpack")
    code = _take(buf, at, 1)[0]
    at += 1
    if code < 0x80:
        return code, at
    if code >= 0xE0:
        return code - 0x100, at
    if code in _WIDTH:
        width = _WIDTH[code]
        return int.from_bytes(_take(buf, at, width), "big", signed=code >= 0xD0), at + width
    if 0xA0 <= code <= 0xBF or code in (0xD9, 0xDA, 0xDB):
        n, at = (code & 0x1F, at) if code <= 0xBF else _length(buf, at, code)
        return _take(buf, at, n).decode("utf-8"), at + n
    if 0x90 <= code <= 0x9F or code in (0xDC, 0xDD):
        n, at = (code & 0x0F, at) if code <= 0x9F else _length(buf, at, code)
        items = []
        for _ in range(n):
            value, at = _unpack(buf, at, depth + 1)
            items.append(value)
        return items, at
    if 0x80 <= code <= 0x8F or code in (0xDE, 0xDF):
        n, at = (code & 0x0F, at) if code <= 0x8F else _length(buf, at, code)
        out: dict[Any, Any] = {}
        for _ in range(n):
            key, at = _unpack(buf, at, depth + 1)
            if not isinstance(key, (str, bytes)):
                raise ValueError(f"{type(key).__name__} is not allowed for map key when strict_map_key=True")
            out[key], at = _unpack(buf, at, depth + 1)
        return out, at
    if code == 0xC0:
        return None, at
    if code in (0xC2, 0xC3):
        return code == 0xC3, at
    if code in (0xC4, 0xC5, 0xC6):
        n, at = _length(buf, at, code)
        return _take(buf, at, n), at + n
    if code in (0xCA, 0xCB):
        import _struct  # noqa: PLC0415 - floats are rare in requests

        width = 4 if code == 0xCA else 8
        return _struct.unpack(">f" if width == 4 else ">d", _take(buf, at, width))[0], at + width
    raise ValueError(f"msgpack type 0x{code:02x} is not allowed in a frame")  # 0xc1, extension types


def _length(buf: memoryview, at: int, code: int) -> tuple[int, int]:
    width = _LENGTH[code]
    return int.from_bytes(_take(buf, at, width), "big"), at + width
