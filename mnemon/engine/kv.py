"""Small persistent state beside the memories (the ``kv`` table: capture cursors, injected ids,
mutes, routine counters) and the injection log's writes. A read that must record something
uses ``kv_set_deferred``: RAM at once, SQLite at the next ``flush`` on the writer. Bound as
methods of ``Memory``.

Part of the engine: imports the engine's own modules only.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mnemon.engine import injections as injection_log
from mnemon.engine.checks import check_str, time_now
from mnemon.errors import InvalidInput, LimitExceeded, StorageError

if TYPE_CHECKING:
    from mnemon.engine.memory import Memory


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def kv_get(memory: Memory, key: str) -> Any:
    key = check_str("key", key, max_len=512)
    with memory._lock:
        if key in memory._pending_kv:
            raw = memory._pending_kv[key]
            return None if raw is None else json.loads(raw)
        row = memory._conn.execute("SELECT value FROM kv WHERE key = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else None


def kv_get_many(memory: Memory, keys: Sequence[str]) -> dict[str, Any]:
    """The stored values of those ``keys`` that exist, in one query."""
    wanted = [check_str("key", k, max_len=512) for k in dict.fromkeys(keys)]
    out: dict[str, Any] = {}
    with memory._lock:
        for start in range(0, len(wanted), 500):
            part = wanted[start:start + 500]
            rows = memory._conn.execute(f"SELECT key, value FROM kv WHERE key IN ({','.join('?' * len(part))})",
                                      part).fetchall()
            out.update((k, json.loads(v)) for k, v in rows)
        for key in wanted:
            if key in memory._pending_kv:
                raw = memory._pending_kv[key]
                if raw is None:
                    out.pop(key, None)
                else:
                    out[key] = json.loads(raw)
    return out


def _kv_raw(key: str, value: Any) -> tuple[str, str | None]:
    key = check_str("key", key, max_len=512)
    if value is None:
        return key, None
    try:
        raw = json.dumps(value, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as err:
        raise InvalidInput(f"value for {key!r} must be JSON-serialisable: {err}") from None
    if len(raw) > 1_000_000:
        raise LimitExceeded("kv values are limited to 1,000,000 characters")
    return key, raw


def _write_kv(conn: sqlite3.Connection, values: dict[str, str | None]) -> None:
    now = time_now()
    conn.executemany("DELETE FROM kv WHERE key = ?", [(k,) for k, raw in values.items() if raw is None])
    conn.executemany("INSERT OR REPLACE INTO kv (key, value, updated_at) VALUES (?, ?, ?)",
                     [(k, raw, now) for k, raw in values.items() if raw is not None])


def kv_set(memory: Memory, key: str, value: Any) -> None:
    """Store ``value`` under ``key`` (None deletes it), committed before this returns."""
    key, raw = memory._kv_raw(key, value)
    with memory._lock, memory._tx() as conn:
        memory._pending_kv.pop(key, None)
        memory._write_kv(conn, {key: raw})


def kv_set_deferred(memory: Memory, key: str, value: Any) -> None:
    """Record ``value`` under ``key`` from a read: every reader of this Memory sees it at once,
    and the write waits for the next :meth:`flush` (which the daemon runs on its writer), so a
    read never writes to SQLite nor waits for the writer. Without a writer (a store opened
    outside the daemon, or on the writer itself) it is written at once, as :meth:`kv_set`."""
    writer = memory._writer
    if writer is None or not writer.is_alive() or threading.current_thread() is writer:
        memory.kv_set(key, value)
        return
    key, raw = memory._kv_raw(key, value)
    with memory._lock:
        if memory.read_only:
            raise StorageError("this store was opened read-only (the daemon is not running); "
                               "start it with `mnemon daemon start` to make changes")
        memory._pending_kv[key] = raw


def kv_keys(memory: Memory, prefix: str) -> list[str]:
    with memory._lock:
        like = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        keys = {r[0] for r in memory._conn.execute("SELECT key FROM kv WHERE key LIKE ? ESCAPE '\\'", (like,))}
        folded = prefix.translate(_ASCII_LOWER)  # LIKE ignores the case of ASCII letters
        for key, raw in memory._pending_kv.items():
            if key.translate(_ASCII_LOWER).startswith(folded):
                if raw is None:
                    keys.discard(key)
                else:
                    keys.add(key)
        return sorted(keys)


def log_injection(memory: Memory, entry: dict[str, Any], *, ts: float | None = None) -> int:
    """Record one answer of the inject or brief op (an entry made by
    :func:`mnemon.engine.injections.entry_of`); trims the log every so often."""
    with memory._lock, memory._tx() as conn:
        seq = injection_log.insert(conn, time_now() if ts is None else ts, entry)
        if seq % injection_log.TRIM_EVERY == 0:
            injection_log.trim(conn, keep=memory.config.injection_log_keep, cutoff=None)
        return seq
