"""The injection log: for every prompt and session start the hooks asked about, what was
injected into Claude Code, or that nothing was and why.

One row per answer of the ``inject`` and ``brief`` ops (the daemon records it after the
answer is built, on its writer thread; a dry run such as ``mnemon inject`` records nothing).
A row holds the session, the project scope, the event (``prompt``, or the SessionStart
source: ``startup``, ``resume``, ``clear``, ``compact``), the prompt as stored (private spans
and secrets removed, like every other text that reaches the database, and shortened), the
reason (``ok``, or why nothing was injected: ``trivial``, ``muted``, ``disabled``, the
relevance floor, ...), the block itself with its size in characters and estimated tokens, and
each note's id, kind, score and signals (its date and scope are in the block's line for it).

Bounded: :func:`trim` keeps the newest ``keep`` rows (``injection_log_keep`` in the config,
checked every :data:`TRIM_EVERY` records and at each maintenance pass) and drops rows older
than ``retention_days``, so the table rotates like a log file and cannot grow without limit.
The table is not covered by the generation counter: logging never invalidates the saved
RAM state.

The functions take a connection; :class:`~mnemon.engine.memory.Memory` calls them inside its own
lock and transactions.
"""

from __future__ import annotations

import json
import math
import sqlite3
from typing import Any

from mnemon.engine.model import iso
from mnemon.errors import InvalidInput

MAX_PROMPT = 1000  # characters of the prompt kept with an entry
MAX_CONTEXT = 12000  # the block is capped far below this (inject_max_chars), a guard only
TRIM_EVERY = 200
EVENTS = ("prompt", "startup", "resume", "clear", "compact")
_ITEM_KEYS = ("id", "short_id", "category", "score", "signals")  # date and scope are in the block itself
_COLUMNS = "seq, ts, session_id, scope, event, prompt, reason, context, chars, tokens, items, took_ms"


def estimate_tokens(text: str) -> int:
    """The estimate the injected block is packed by: about four characters a token."""
    return math.ceil(len(text) / 4)


def entry_of(result: dict[str, Any], *, session_id: str, scope: str, event: str, prompt: str,
             took_ms: float | None) -> dict[str, Any]:
    """The row to record for an ``inject`` or ``brief`` answer (``result`` is what the op
    returns: ``context``, ``items``, ``reason``). The prompt is redacted here."""
    from mnemon.safety.redact import redact

    if event not in EVENTS:
        raise InvalidInput(f"injection log: event must be one of {', '.join(EVENTS)}, got {event!r}")
    context = str(result.get("context") or "")
    items = []
    for item in result.get("items") or ():
        if isinstance(item, dict):
            kept = {k: item[k] for k in _ITEM_KEYS if k in item}
            kept["chars"] = len(str(item.get("text", "")))
            items.append(kept)
    cleaned = redact(prompt)[0].strip() if prompt else ""
    if len(cleaned) > MAX_PROMPT:
        cleaned = cleaned[: MAX_PROMPT - 1] + "…"
    reason = str(result.get("reason") or ("late" if result.get("late") else "ok" if context else "empty"))
    return {"session_id": session_id, "scope": scope, "event": event, "prompt": cleaned, "reason": reason,
            "context": context[:MAX_CONTEXT], "chars": len(context), "tokens": estimate_tokens(context),
            "items": items, "took_ms": None if took_ms is None else round(float(took_ms), 2)}


def insert(conn: sqlite3.Connection, ts: float, entry: dict[str, Any]) -> int:
    cur = conn.execute(
        "INSERT INTO injection_log (ts, session_id, scope, event, prompt, reason, context, chars, tokens, items, "
        "took_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (ts, entry["session_id"], entry["scope"], entry["event"], entry["prompt"], entry["reason"],
         entry["context"], int(entry["chars"]), int(entry["tokens"]),
         json.dumps(entry["items"], ensure_ascii=False), entry.get("took_ms")))
    return int(cur.lastrowid or 0)


def trim(conn: sqlite3.Connection, *, keep: int, cutoff: float | None) -> int:
    """Drop all but the newest ``keep`` rows, and rows older than ``cutoff``; the count dropped."""
    dropped = conn.execute("DELETE FROM injection_log WHERE seq <= (SELECT MAX(seq) FROM injection_log) - ?",
                           (max(0, keep),)).rowcount
    if cutoff is not None:
        dropped += conn.execute("DELETE FROM injection_log WHERE ts < ?", (cutoff,)).rowcount
    return int(dropped)


def query(conn: sqlite3.Connection, *, session_id: str | None = None, scope: str | None = None,
          event: str | None = None, before: int | None = None, limit: int = 50,
          with_context: bool = True) -> list[dict[str, Any]]:
    """Entries, newest first; ``before`` (a ``seq``) pages backwards. Without ``with_context``
    the blocks themselves are left out (``context`` is ""), for overviews."""
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 1000:
        raise InvalidInput("limit must be an integer from 1 to 1000")
    where: list[str] = []
    params: list[Any] = []
    for column, value in (("session_id", session_id), ("scope", scope), ("event", event)):
        if value:
            where.append(f"{column} = ?")
            params.append(value)
    if before is not None:
        where.append("seq < ?")
        params.append(int(before))
    columns = _COLUMNS if with_context else _COLUMNS.replace(" context,", " '' AS context,")
    sql = f"SELECT {columns} FROM injection_log"
    if where:
        sql += " WHERE " + " AND ".join(where)
    sql += " ORDER BY seq DESC LIMIT ?"
    params.append(limit)
    return [_entry(row) for row in conn.execute(sql, params)]


def counts_by_session(conn: sqlite3.Connection, session_ids: list[str]) -> dict[str, tuple[int, int]]:
    """For each session, (entries, entries that injected something)."""
    out: dict[str, tuple[int, int]] = {}
    for start in range(0, len(session_ids), 500):
        chunk = session_ids[start:start + 500]
        marks = ",".join("?" * len(chunk))
        for sid, total, injected in conn.execute(
                f"SELECT session_id, COUNT(*), SUM(chars > 0) FROM injection_log WHERE session_id IN ({marks}) "
                "GROUP BY session_id", chunk):
            out[str(sid)] = (int(total), int(injected or 0))
    return out


def sessions(conn: sqlite3.Connection, limit: int = 1000) -> list[tuple[str, str, float, float]]:
    """Sessions the log knows: (session id, scope, first entry, last entry), newest first."""
    return [(str(s), str(sc), float(a), float(b)) for s, sc, a, b in conn.execute(
        "SELECT session_id, MAX(scope), MIN(ts), MAX(ts) FROM injection_log GROUP BY session_id "
        "ORDER BY MAX(ts) DESC LIMIT ?", (limit,))]


def _entry(row: tuple[Any, ...]) -> dict[str, Any]:
    seq, ts, session_id, scope, event, prompt, reason, context, chars, tokens, items, took_ms = row
    return {"seq": seq, "ts": iso(ts), "session_id": session_id, "scope": scope, "event": event,
            "prompt": prompt, "reason": reason, "context": context, "chars": chars, "tokens": tokens,
            "items": json.loads(items), "took_ms": took_ms}
