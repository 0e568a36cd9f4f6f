"""Browsing the store the way a person does: filtered pages of memories, sessions, and what
happened around one memory.

These read the RAM state (numpy columns make every filter a vector operation) and, for the
one column RAM has no index of, the session, SQLite's ``insights_session`` index. They run
inside :class:`~mnemon.engine.memory.Memory`'s lock, which its thin wrappers (``list_insights``,
``sessions``, ``timeline``) take; nothing here writes.

Listing order is newest first (creation time, then insertion order). A summary is the
memory's ``to_dict()`` without its search context, plus its effective importance, its edge
count and whether a newer memory supersedes it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

import numpy as np

from mnemon.engine import lifecycle
from mnemon.engine.model import CATEGORIES, iso
from mnemon.engine.state import CATEGORY_CODE, State
from mnemon.errors import InvalidInput

MAX_PAGE = 1000


def check_page(offset: object, limit: object) -> tuple[int, int]:
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_PAGE:
        raise InvalidInput(f"limit must be an integer from 1 to {MAX_PAGE}")
    if isinstance(offset, bool) or not isinstance(offset, int) or offset < 0:
        raise InvalidInput("offset must be a non-negative integer")
    return offset, limit


def summaries(st: State, rows: Sequence[int], now: float) -> list[dict[str, Any]]:
    """The listing form of each row (see the module docstring)."""
    if not rows:
        return []
    idx = np.asarray(rows, dtype=np.int64)
    ei = lifecycle.effective_importance(st, now, idx)
    out = []
    for i, row in enumerate(rows):
        d = st.insights[row].to_dict()
        d.pop("context", None)
        d["effective_importance"] = round(float(ei[i]), 4)
        d["edge_count"] = int(st.degree[row])
        d["superseded"] = st.is_superseded(row)
        out.append(d)
    return out


def session_rows(conn: sqlite3.Connection, st: State, session_id: str, *, include_deleted: bool = False) -> list[int]:
    """The rows of one session's memories, oldest first."""
    sql = "SELECT seq FROM insights WHERE session_id = ?"
    if not include_deleted:
        sql += " AND deleted_at IS NULL"
    rows = [st.seq_row[seq] for (seq,) in conn.execute(sql + " ORDER BY created_at, seq", (session_id,))
            if seq in st.seq_row]
    return rows


def select(st: State, conn: sqlite3.Connection, *, scopes: Sequence[str] | None = None,
           session_id: str | None = None, categories: Sequence[str] | None = None, since: float | None = None,
           until: float | None = None, flagged: bool | None = None, pinned: bool | None = None,
           include_deleted: bool = False, ids: Sequence[str] | None = None) -> np.ndarray:
    """Rows matching every filter given, newest first (``ids``: only these memories, whole ids)."""
    n = len(st)
    mask = np.ones(n, bool) if include_deleted else st.active[:n].copy()
    if ids is not None:
        named = np.zeros(n, bool)
        named[[st.index[i] for i in ids if i in st.index]] = True
        mask &= named
    if scopes:
        mask &= np.isin(st.scope_code[:n], [st.scopes[s] for s in scopes if s in st.scopes])
    if categories:
        for c in categories:
            if c not in CATEGORY_CODE:
                raise InvalidInput(f"unknown kind {c!r}; choose one of {', '.join(CATEGORIES)}")
        mask &= np.isin(st.cat_code[:n], [CATEGORY_CODE[c] for c in categories])
    if since is not None:
        mask &= st.created[:n] >= since
    if until is not None:
        mask &= st.created[:n] <= until
    if flagged is not None:
        mask &= st.flagged[:n] == flagged
    if pinned is not None:
        mask &= st.pinned[:n] == pinned
    if session_id:
        in_session = np.zeros(n, bool)
        in_session[session_rows(conn, st, session_id, include_deleted=include_deleted)] = True
        mask &= in_session
    rows = np.flatnonzero(mask)
    order = np.lexsort((-rows, -st.created[rows]))
    selected: np.ndarray = rows[order]
    return selected


def page(st: State, conn: sqlite3.Connection, *, offset: int, limit: int, now: float,
         **filters: Any) -> dict[str, Any]:
    offset, limit = check_page(offset, limit)
    rows = select(st, conn, **filters)
    chosen = [int(r) for r in rows[offset:offset + limit]]
    return {"total": int(len(rows)), "offset": offset, "limit": limit, "items": summaries(st, chosen, now)}


def sessions(conn: sqlite3.Connection, *, scopes: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """Every session with live memories: its scope(s), count and time span, newest first. One
    grouped query (SQLite does the counting, over the session index)."""
    found: dict[str, dict[str, Any]] = {}
    for sid, scope, count, first, last in conn.execute(
            "SELECT session_id, scope, COUNT(*), MIN(created_at), MAX(created_at) FROM insights "
            "WHERE deleted_at IS NULL AND session_id IS NOT NULL AND session_id != '' GROUP BY session_id, scope"):
        entry = found.setdefault(sid, {"session_id": sid, "scopes": {}, "count": 0, "first": first, "last": last})
        entry["scopes"][scope] = count
        entry["count"] += count
        entry["first"], entry["last"] = min(entry["first"], first), max(entry["last"], last)
    out = []
    for entry in found.values():
        scope_counts: dict[str, int] = entry.pop("scopes")
        if scopes and not set(scope_counts) & set(scopes):
            continue
        entry["scope"] = max(scope_counts, key=lambda s: (scope_counts[s], s != "global"))
        entry["scopes"] = sorted(scope_counts)
        out.append(entry)
    out.sort(key=lambda e: (-e["last"], e["session_id"]))
    for entry in out:
        entry["first"], entry["last"] = iso(entry["first"]), iso(entry["last"])
    return out


def around(st: State, conn: sqlite3.Connection, row: int, *, before: int, after: int,
           now: float) -> dict[str, Any]:
    """The memories recorded just before and after ``row``: in its session when it has one,
    else in its scope's time line."""
    for name, value in (("before", before), ("after", after)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100:
            raise InvalidInput(f"{name} must be an integer from 0 to 100")
    ins = st.insights[row]
    if ins.session_id:
        line = session_rows(conn, st, ins.session_id)
        where = "session"
    else:
        line = [r for _, r in st.timeline.get(int(st.scope_code[row]), [])]
        where = "scope"
    if row not in line:  # a forgotten memory is shown with its neighbours all the same
        line = sorted([*line, row], key=lambda r: (st.created[r], st.row_seq[r]))
    i = line.index(row)
    return {"id": ins.id, "along": where, "session_id": ins.session_id, "scope": ins.scope,
            "before": summaries(st, line[max(0, i - before):i], now),
            "memory": summaries(st, [row], now)[0],
            "after": summaries(st, line[i + 1:i + 1 + after], now),
            "position": i, "length": len(line)}


def projects(st: State) -> list[dict[str, Any]]:
    """Every scope with live memories: its count and newest memory, largest first."""
    n = len(st)
    live = st.active[:n]
    names = {code: name for name, code in st.scopes.items()}
    codes = st.scope_code[:n][live]
    created = st.created[:n][live]
    found = []
    for code in np.unique(codes).tolist():
        sel = codes == code
        found.append((int(sel.sum()), names[int(code)], float(created[sel].max())))
    found.sort(key=lambda e: (-e[0], e[1]))
    return [{"scope": scope, "count": count, "last": iso(last)} for count, scope, last in found]
