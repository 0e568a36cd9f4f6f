"""One error tree for everything Mnemon raises.

    MnemonError                      base; `str(err)` always says what to do next
    ├── InvalidInput                 an argument breaks a rule or a limit (nothing was written)
    │   └── LimitExceeded            content, tags, entities, query or frame size over its cap
    ├── NotFound                     an id that is not in the store (or was forgotten)
    ├── StorageError                 SQLite failed; the operation was rolled back
    │   └── CorruptData              a row or vector blob that cannot be decoded (reported, never used)
    ├── EmbedderError                the embedder is unavailable or answered nonsense
    ├── ConfigError                  the config file cannot be read or holds a bad value
    ├── ProtocolError                a frame that cannot be decoded, or an unknown op
    │   └── VersionMismatch          client and daemon speak different protocol versions
    └── DaemonError                  the daemon cannot be reached
        ├── DaemonUnavailable        not running and could not be started
        └── DaemonTimeout            no answer before the call's deadline

Foreign errors (sqlite3, msgpack, OSError on sockets, httpx) are wrapped once, at their
boundary. Errors cross the socket as ``{type, message}``; :func:`from_wire` rebuilds the
matching class on the client side. This module imports nothing but the standard library:
hooks load it on every prompt.
"""

from __future__ import annotations


class MnemonError(Exception):
    """Base class of every error Mnemon raises on purpose."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def to_wire(self) -> dict[str, str]:
        return {"type": type(self).__name__, "message": self.message}


class InvalidInput(MnemonError):
    """An argument breaks a rule; nothing was written."""


class LimitExceeded(InvalidInput):
    """A size or count limit was exceeded; nothing was written."""


class NotFound(MnemonError):
    """The id names nothing in the store."""


class StorageError(MnemonError):
    """The database failed; the operation was rolled back."""


class CorruptData(StorageError):
    """A stored row or vector cannot be decoded; it is reported and never used."""


class EmbedderError(MnemonError):
    """The embedder is unavailable or misbehaved."""


class ConfigError(MnemonError):
    """The configuration file or an environment override is invalid."""


class ProtocolError(MnemonError):
    """A frame could not be decoded or asked for something unknown."""


class VersionMismatch(ProtocolError):
    """Client and daemon speak different protocol versions."""


class DaemonError(MnemonError):
    """The daemon could not serve the request."""


class DaemonUnavailable(DaemonError):
    """The daemon is not running and could not be started."""


class DaemonTimeout(DaemonError):
    """The daemon did not answer before the deadline."""


_BY_NAME: dict[str, type[MnemonError]] = {
    cls.__name__: cls
    for cls in (
        MnemonError,
        InvalidInput,
        LimitExceeded,
        NotFound,
        StorageError,
        CorruptData,
        EmbedderError,
        ConfigError,
        ProtocolError,
        VersionMismatch,
        DaemonError,
        DaemonUnavailable,
        DaemonTimeout,
    )
}


def from_wire(error: object) -> MnemonError:
    """Rebuild an error sent as ``{type, message}``; unknown types become MnemonError."""
    if not isinstance(error, dict):
        return ProtocolError(f"malformed error reply from the daemon: {error!r:.200}")
    name = error.get("type")
    message = error.get("message")
    cls = _BY_NAME.get(name if isinstance(name, str) else "", MnemonError)
    return cls(message if isinstance(message, str) else f"{name}: (no message)")
