"""The socket protocol: length-prefixed msgpack frames.

A frame is a 4-byte unsigned big-endian length followed by that many bytes of one msgpack
map. A request is ``{v, id, op, args}``; a reply is ``{v, id, ok: true, result}`` or
``{v, id, ok: false, error: {type, message}}``. A reply that carries ``more: true`` is one
chunk of a streamed answer (export, transcript import): more frames with the same id follow,
and the last one has no ``more``.

Invariants: no frame over :data:`MAX_FRAME` is ever buffered (the length prefix is checked
before the body is read); msgpack is decoded with ``raw=False``, string map keys only and no
extension types, so a frame decodes to plain ``dict``/``list``/``str``/``bytes``/numbers or
raises :class:`~mnemon.errors.ProtocolError`. Raw msgpack dicts stop at this module: callers
get :class:`Request` and :class:`Reply` values.

This module is imported by hooks on every prompt: standard library and msgpack only, and
not even all of that: :class:`Request` and :class:`Reply` are slotted plain classes rather
than frozen dataclasses (``dataclasses`` pulls in ``inspect``, ~6 ms per hook start), and
the length prefix is ``int.to_bytes``/``int.from_bytes`` rather than ``struct``. msgpack itself
is imported on first use: with ``light=True`` (the hooks' client) frames are packed and unpacked
by :mod:`mnemon.wire.lightpack` instead, to the same bytes and values, and msgpack (with the
``datetime`` it imports, ~2.7 ms) is never loaded.
"""

from __future__ import annotations

from mnemon.errors import LimitExceeded, MnemonError, ProtocolError, VersionMismatch, from_wire

TYPE_CHECKING = False  # typing costs milliseconds on every hook start
if TYPE_CHECKING:
    from typing import Any

PROTOCOL_VERSION = 1
MAX_FRAME = 8 * 1024 * 1024
MAX_OP_LEN = 64
HEADER_SIZE = 4


def _no_ext(code: int, data: bytes) -> Any:
    raise ProtocolError(f"msgpack extension type {code} is not allowed in a frame")


def encode(obj: Any, *, max_frame: int = MAX_FRAME, light: bool = False) -> bytes:
    """One frame: the length prefix and the msgpack body of ``obj`` (``light``: packed in Python)."""
    try:
        if light:
            from mnemon.wire.lightpack import packb  # noqa: PLC0415 - the hooks' path never loads msgpack

            body = packb(obj)
        else:
            import msgpack  # noqa: PLC0415 - see the module docstring

            body = msgpack.packb(obj, use_bin_type=True, datetime=False)
    except (TypeError, ValueError, OverflowError) as err:
        raise ProtocolError(f"cannot encode a frame: {err}") from None
    if len(body) > max_frame:
        raise LimitExceeded(
            f"frame of {len(body)} bytes exceeds the {max_frame}-byte limit; send less per call"
        )
    return len(body).to_bytes(HEADER_SIZE, "big") + body


def decode_body(body: bytes, *, max_frame: int = MAX_FRAME, light: bool = False) -> Any:
    """The value in one frame body; any malformation becomes ProtocolError. ``light``: unpacked
    in Python, to the same value."""
    try:
        if light:
            from mnemon.wire.lightpack import unpackb  # noqa: PLC0415 - the hooks' path never loads msgpack

            return unpackb(body)
        import msgpack  # noqa: PLC0415 - see the module docstring

        return msgpack.unpackb(
            body,
            raw=False,
            strict_map_key=True,
            ext_hook=_no_ext,
            use_list=True,
            max_ext_len=0,
        )
    except ProtocolError:
        raise
    except Exception as err:  # msgpack raises ValueError, TypeError, ExtraData, StackError...
        raise ProtocolError(f"malformed frame: {type(err).__name__}: {err}"[:300]) from None


class FrameDecoder:
    """Incremental decoder: :meth:`feed` bytes as they arrive, get complete messages back.

    An oversized length prefix raises :class:`LimitExceeded` as soon as the 4 header bytes
    are in, before any of the body is buffered. After an error the stream is unusable (the
    frame boundaries are lost): the connection must be closed.
    """

    def __init__(self, max_frame: int = MAX_FRAME, *, light: bool = False) -> None:
        self.max_frame = max_frame
        self.light = light
        self._buf = bytearray()
        self._need: int | None = None

    @property
    def pending(self) -> int:
        """Bytes received that do not yet form a complete frame."""
        return len(self._buf)

    @property
    def partial(self) -> bool:
        """True while a frame has begun (some of its bytes are in) and is not yet complete."""
        return self._need is not None or bool(self._buf)

    def feed(self, data: bytes) -> list[Any]:
        self._buf += data
        out: list[Any] = []
        while True:
            if self._need is None:
                if len(self._buf) < HEADER_SIZE:
                    return out
                size = int.from_bytes(self._buf[:HEADER_SIZE], "big")
                if size > self.max_frame:
                    self._buf.clear()
                    raise LimitExceeded(
                        f"frame of {size} bytes exceeds the {self.max_frame}-byte limit; send less per call"
                    )
                del self._buf[:HEADER_SIZE]
                self._need = size
            if len(self._buf) < self._need:
                return out
            body = bytes(self._buf[: self._need])
            del self._buf[: self._need]
            self._need = None
            out.append(decode_body(body, max_frame=self.max_frame, light=self.light))


class _Value:
    """Immutable slotted value: equality and repr over its slots (a frozen dataclass without
    importing ``dataclasses``)."""

    __slots__: tuple[str, ...] = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable; cannot set {name!r}")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self.__slots__)

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, n) for n in self.__slots__))

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__slots__)
        return f"{type(self).__name__}({inner})"


class Request(_Value):
    __slots__ = ("id", "op", "args")
    id: int
    op: str
    args: dict[str, Any]

    def __init__(self, id: int, op: str, args: dict[str, Any] | None = None) -> None:  # noqa: A002 - the wire name
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "op", op)
        object.__setattr__(self, "args", {} if args is None else args)

    def to_wire(self) -> dict[str, Any]:
        return {"v": PROTOCOL_VERSION, "id": self.id, "op": self.op, "args": self.args}


class Reply(_Value):
    __slots__ = ("id", "ok", "result", "error", "more")
    id: int | None
    ok: bool
    result: Any
    error: MnemonError | None
    more: bool

    def __init__(
        self,
        id: int | None,  # noqa: A002 - the wire name
        ok: bool,
        result: Any = None,
        error: MnemonError | None = None,
        more: bool = False,
    ) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "ok", ok)
        object.__setattr__(self, "result", result)
        object.__setattr__(self, "error", error)
        object.__setattr__(self, "more", more)

    def unwrap(self) -> Any:
        """The result, or the daemon's error re-raised as the matching class."""
        if not self.ok:
            raise self.error if self.error is not None else ProtocolError("error reply without an error")
        return self.result


def request_id_of(msg: Any) -> int | None:
    """The request id in a message, when there is a usable one (for error replies)."""
    if isinstance(msg, dict):
        rid = msg.get("id")
        if isinstance(rid, int) and not isinstance(rid, bool):
            return rid
    return None


def parse_request(msg: Any) -> Request:
    """Validate a decoded message as a request; raise ProtocolError/VersionMismatch."""
    if not isinstance(msg, dict):
        raise ProtocolError(f"a request must be a map, got {type(msg).__name__}")
    version = msg.get("v")
    if version != PROTOCOL_VERSION:
        raise VersionMismatch(
            f"client speaks protocol version {version!r}, this daemon speaks {PROTOCOL_VERSION}; "
            "upgrade both to the same release (`mnemon daemon restart` after upgrading)"
        )
    rid = request_id_of(msg)
    if rid is None:
        raise ProtocolError("a request needs an integer 'id'")
    op = msg.get("op")
    if not isinstance(op, str) or not op or len(op) > MAX_OP_LEN:
        raise ProtocolError("a request needs a short string 'op'")
    args = msg.get("args", {})
    if args is None:
        args = {}
    if not isinstance(args, dict):
        raise ProtocolError(f"'args' must be a map, got {type(args).__name__}")
    extra = sorted(set(msg) - {"v", "id", "op", "args"})
    if extra:
        raise ProtocolError(f"unknown request field(s): {', '.join(map(str, extra))}")
    return Request(id=rid, op=op, args=args)


def ok_reply(rid: int | None, result: Any, *, more: bool = False) -> dict[str, Any]:
    msg: dict[str, Any] = {"v": PROTOCOL_VERSION, "id": rid, "ok": True, "result": result}
    if more:
        msg["more"] = True
    return msg


def error_reply(rid: int | None, error: MnemonError) -> dict[str, Any]:
    return {"v": PROTOCOL_VERSION, "id": rid, "ok": False, "error": error.to_wire()}


def parse_reply(msg: Any) -> Reply:
    """Validate a decoded message as a reply; errors inside it become MnemonError values."""
    if not isinstance(msg, dict):
        raise ProtocolError(f"a reply must be a map, got {type(msg).__name__}")
    if msg.get("v") != PROTOCOL_VERSION:
        raise VersionMismatch(
            f"the daemon speaks protocol version {msg.get('v')!r}, this client speaks {PROTOCOL_VERSION}; "
            "restart it with `mnemon daemon restart`"
        )
    rid = request_id_of(msg)
    ok = msg.get("ok")
    if ok is True:
        return Reply(id=rid, ok=True, result=msg.get("result"), more=msg.get("more") is True)
    if ok is False:
        return Reply(id=rid, ok=False, error=from_wire(msg.get("error")))
    raise ProtocolError("a reply needs a boolean 'ok'")
