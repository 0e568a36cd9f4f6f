"""Argument checks and text screening shared by the engine's write paths: every argument is
checked before anything is stored (a bad one is an error naming it), and text passes
``mnemon.safety`` (redaction, the guard) on its way in.

Part of the engine: imports ``mnemon.safety`` and the engine's model only.
"""

from __future__ import annotations

import json
import time
import uuid
from typing import Any

from mnemon.engine import text
from mnemon.engine.model import MAX_METADATA_BYTES, TIME_RANGE, time_ok
from mnemon.errors import InvalidInput, LimitExceeded


def time_now() -> float:
    return time.time()


def check_str(name: str, value: object, *, max_len: int, allow_empty: bool = False) -> str:
    if not isinstance(value, str):
        raise InvalidInput(f"{name} must be a string, got {type(value).__name__}")
    if not allow_empty and not value.strip():
        raise InvalidInput(f"{name} must not be empty")
    if len(value) > max_len:
        raise LimitExceeded(f"{name} is {len(value)} characters; the limit is {max_len}")
    return value


def check_list(name: str, value: object, *, max_items: int, max_len: int) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        value = [v for v in value.split(",")]
    if not isinstance(value, (list, tuple)):
        raise InvalidInput(f"{name} must be a list of strings")
    items = [check_str(f"each of {name}", v, max_len=max_len, allow_empty=True).strip() for v in value]
    items = text.iter_unique([v for v in items if v])
    if len(items) > max_items:
        raise LimitExceeded(f"{len(items)} {name} given; the limit is {max_items}")
    return items


def check_metadata(metadata: object) -> dict[str, Any]:
    if metadata is None:
        return {}
    if not isinstance(metadata, dict):
        raise InvalidInput("metadata must be a JSON object")
    try:
        raw = json.dumps(metadata, ensure_ascii=False, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError) as err:
        raise InvalidInput(f"metadata must be JSON-serialisable: {err}") from None
    if len(raw.encode()) > MAX_METADATA_BYTES:
        raise LimitExceeded(f"metadata is {len(raw.encode())} bytes; the limit is {MAX_METADATA_BYTES}")
    return dict(json.loads(raw))


def check_time(name: str, value: object) -> float | None:
    """A time argument: seconds since the epoch inside the span every formatter can show
    (``model.TIME_RANGE``); anything else is refused here, before it can reach the store."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidInput(f"{name} must be a number of seconds since the epoch, got {type(value).__name__}")
    if not time_ok(value):
        shown = f"{value:.6g}" if isinstance(value, float) else f"{float(value):.6g}" if len(str(value)) < 300 \
            else "a number too large"
        raise InvalidInput(f"{name} is out of range: {shown} is not a time from {TIME_RANGE} "
                           "(seconds since the epoch, UTC)")
    return float(value)


def is_uuid(value: object) -> bool:
    """Whether ``value`` is a UUID in the canonical form Mnemon's ids take (lower-case hex)."""
    if not isinstance(value, str) or len(value) != 36:
        return False
    try:
        return str(uuid.UUID(value)) == value
    except ValueError:
        return False


def redact_text(value: str) -> tuple[str, tuple[str, ...]]:
    from mnemon.safety.redact import redact

    return redact(value)


def scan_text(value: str) -> tuple[str, ...]:
    from mnemon.safety.guard import scan

    return scan(value)


def import_time(rec: dict[str, Any]) -> float | None:
    """When an imported memory was made: ``created_ts`` (seconds, as ``export`` writes it), else
    ``created_at`` (ISO-8601), else None (now). A bad value is an error naming the field."""
    if rec.get("created_ts") is not None:
        return check_time("created_ts", rec["created_ts"])
    return iso_time(rec, "created_at")


def import_forgotten(rec: dict[str, Any]) -> float | None:
    """When an imported memory was forgotten (``deleted_at``, as ``export --include-deleted``
    writes it), or None for a live one."""
    return iso_time(rec, "deleted_at")


def iso_time(rec: dict[str, Any], name: str) -> float | None:
    """The field ``name`` of ``rec``, an ISO-8601 time (UTC when it names no zone), in seconds; None when absent."""
    stamp = rec.get(name)
    if stamp is None:
        return None
    if not isinstance(stamp, str):
        raise InvalidInput(f"{name} must be an ISO-8601 time, got {type(stamp).__name__}")
    import datetime as _dt

    text_ = stamp.strip()
    try:
        moment = _dt.datetime.fromisoformat(text_[:-1] + "+00:00" if text_.endswith(("Z", "z")) else text_)
        seconds = (moment if moment.tzinfo else moment.replace(tzinfo=_dt.timezone.utc)).timestamp()
    except (ValueError, OverflowError, OSError):
        raise InvalidInput(f"{name} {stamp[:40]!r} is not an ISO-8601 time") from None
    return check_time(name, seconds)


def redact_meta(value: Any, kinds: set[str]) -> Any:
    if isinstance(value, str):
        cleaned, found = redact_text(value)
        kinds.update(found)
        return cleaned
    if isinstance(value, list):
        return [redact_meta(v, kinds) for v in value]
    if isinstance(value, dict):
        return {k: redact_meta(v, kinds) for k, v in value.items()}
    return value
