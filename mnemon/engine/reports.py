"""Read-only reports over a store: ``show`` (one memory and its edges), ``status``, the
operation ``log``, ``export``, browsing pages (``list_insights``, ``sessions``, ``projects``,
``timeline``), the injection log, and the SessionStart brief's sources. None of them writes.
Bound as methods of ``Memory``.

Part of the engine: imports the engine's own modules only.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from mnemon.engine import browse, lifecycle
from mnemon.engine import injections as injection_log
from mnemon.engine.checks import check_time, time_now
from mnemon.engine.model import EDGE_TYPES, GLOBAL_SCOPE, PAGE_LIMIT, Edge, Insight, iso
from mnemon.engine.rows import INSIGHT_COLUMNS
from mnemon.engine.state import CATEGORY_CODE, among, insight_from_row
from mnemon.errors import InvalidInput

if TYPE_CHECKING:
    from mnemon.engine.memory import Memory



def show(memory: Memory, insight_id: str) -> dict[str, Any]:
    with memory._lock:
        st = memory._st
        row = memory._row(insight_id)
        ins = st.insights[row]
        now = time_now()
        out = ins.to_dict()
        out["effective_importance"] = round(float(lifecycle.effective_importance(st, now, np.array([row]))[0]), 4)
        out["immune"] = bool(lifecycle.immune(st, now, memory.config.prune_min_age_days, np.array([row]))[0])
        out["embedded"] = bool(st.has_vec[row])
        out["superseded_by"] = [st.insights[s].id for s in sorted(st.superseded_by.get(row, ()))]
        seq = st.row_seq[row]
        edges = [Edge(st.insights[st.seq_row[src]].id, st.insights[st.seq_row[dst]].id, EDGE_TYPES[t], w,
                      json.loads(m), c)
                 for src, dst, t, w, m, c in memory._conn.execute(
                     "SELECT src, dst, type, weight, metadata, created_at FROM graph_edges WHERE src = ? "
                     "UNION ALL SELECT src, dst, type, weight, metadata, created_at FROM graph_edges "
                     "WHERE dst = ? AND src != ?", (seq, seq, seq))
                 if t < len(EDGE_TYPES)]
        out["edges"] = [e.to_dict() for e in sorted(edges, key=lambda e: (e.type, -e.weight, e.source_id,
                                                                         e.target_id))]
        return out


def status(memory: Memory) -> dict[str, Any]:
    with memory._lock:
        st = memory._st
        n = len(st)
        active = st.active[:n]
        rows = np.flatnonzero(active)
        by_cat: dict[str, int] = {}
        by_scope: dict[str, int] = {}
        by_source: dict[str, int] = {}
        for r in rows:
            ins = st.insights[int(r)]
            by_cat[ins.category] = by_cat.get(ins.category, 0) + 1
            by_scope[ins.scope] = by_scope.get(ins.scope, 0) + 1
            by_source[ins.source] = by_source.get(ins.source, 0) + 1
        by_edge = st.edge_counts()
        try:
            size = memory.path.stat().st_size
            wal = memory.path.with_name(memory.path.name + "-wal")
            size += wal.stat().st_size if wal.exists() else 0
        except OSError:
            size = 0
        return {
            "path": str(memory.path),
            "insights": int(len(rows)),
            "forgotten": int(n - len(rows)),
            "by_category": dict(sorted(by_cat.items())),
            "by_scope": dict(sorted(by_scope.items())),
            "by_source": dict(sorted(by_source.items())),
            "edges": by_edge,
            "embeddings": memory.embed_status(),
            "db_bytes": size,
            "prune_cap": memory.config.prune_cap,
            "read_only": memory.read_only,
        }


def log(memory: Memory, *, limit: int = PAGE_LIMIT, op: str | None = None) -> list[dict[str, Any]]:
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 10000:
        raise InvalidInput("limit must be an integer from 1 to 10000")
    with memory._lock:
        sql = "SELECT seq, ts, op, insight_id, detail FROM oplog"
        params: list[Any] = []
        if op:
            sql += " WHERE op = ?"
            params.append(op)
        sql += " ORDER BY seq DESC LIMIT ?"
        params.append(limit)
        return [{"seq": s, "ts": iso(ts), "op": o, "insight_id": i, "detail": json.loads(d)}
                for s, ts, o, i, d in memory._conn.execute(sql, params)]


def export(memory: Memory, *, include_deleted: bool = False) -> Iterator[dict[str, Any]]:
    """Records for JSONL: one per insight (``kind: insight``, with ``created_ts`` in seconds and
    its ``origin`` when it has one), then one per edge (``kind: edge``)."""
    with memory._lock:
        st = memory._st
        insights = list(st.insights)
        origins = {row: key for key, row in st.origin_row.items()}
        edges = [(st.seq_row[src], st.seq_row[dst], t, w, json.loads(m), c)
                 for src, dst, t, w, m, c in memory._conn.execute(
                     "SELECT src, dst, type, weight, metadata, created_at FROM graph_edges")
                 if t < len(EDGE_TYPES)]
    for row, ins in enumerate(insights):
        if ins.deleted_at is not None and not include_deleted:
            continue
        rec = ins.to_dict()
        rec["kind"] = "insight"
        rec["created_ts"] = ins.created_at
        if row in origins:  # the idempotency key: a restored capture is not captured again
            rec["origin"] = origins[row]
        yield rec
    for a, b, c, w, m, _t in edges:
        if not include_deleted and (insights[a].deleted_at is not None or insights[b].deleted_at is not None):
            continue
        yield {"kind": "edge", "source_id": insights[a].id, "target_id": insights[b].id,
               "type": EDGE_TYPES[c], "weight": w, "metadata": m}


def list_insights(memory: Memory, *, offset: int = 0, limit: int = PAGE_LIMIT, **filters: Any) -> dict[str, Any]:
    """A page of memories, newest first, with the total matching; ``filters`` are those of
    :func:`mnemon.engine.browse.select` (scopes, session_id, categories, since, until, flagged,
    pinned, include_deleted)."""
    for name in ("since", "until"):
        filters[name] = check_time(name, filters.get(name))
    with memory._lock:
        return browse.page(memory._st, memory._conn, offset=offset, limit=limit, now=time_now(), **filters)


def select_ids(memory: Memory, **filters: Any) -> list[str]:
    """The ids of every memory matching ``filters`` (as :meth:`list_insights`), newest first."""
    with memory._lock:
        st = memory._st
        return [st.insights[int(r)].id for r in browse.select(st, memory._conn, **filters)]


def sessions(memory: Memory, *, scopes: Sequence[str] | None = None, offset: int = 0, limit: int = PAGE_LIMIT) -> dict[str, Any]:
    """Sessions with live memories or injection-log entries, newest first.

    A session's project is where the injection log saw it run when its memories are all global
    (a session that only stated preferences "for all my projects" was listed under the project
    "global", and left out of its own project's list)."""
    offset, limit = browse.check_page(offset, limit)
    with memory._lock:
        found = {e["session_id"]: e for e in browse.sessions(memory._conn)}
        for sid, scope, first, last in injection_log.sessions(memory._conn, limit=10000):
            entry = found.get(sid)
            if entry is None:
                found[sid] = {"session_id": sid, "count": 0, "first": iso(first), "last": iso(last),
                              "scope": scope, "scopes": [scope]}
            elif entry["scope"] == GLOBAL_SCOPE and scope != GLOBAL_SCOPE:
                entry["scope"], entry["scopes"] = scope, sorted({*entry["scopes"], scope})
        wanted = set(scopes or ())
        ordered = sorted((e for e in found.values() if not wanted or wanted & set(e["scopes"])),
                         key=lambda e: (e["last"] or "", e["session_id"]), reverse=True)
        chosen = ordered[offset:offset + limit]
        logged = injection_log.counts_by_session(memory._conn, [e["session_id"] for e in chosen])
        for entry in chosen:
            entry["injections"], entry["injected"] = logged.get(entry["session_id"], (0, 0))
        return {"total": len(ordered), "offset": offset, "limit": limit, "items": chosen}


def projects(memory: Memory) -> list[dict[str, Any]]:
    """Scopes with live memories (``global`` and each project), largest first."""
    with memory._lock:
        return browse.projects(memory._st)


def timeline(memory: Memory, insight_id: str, *, before: int = 5, after: int = 5) -> dict[str, Any]:
    """What was recorded around a memory: its session's neighbours (else its scope's)."""
    with memory._lock:
        return browse.around(memory._st, memory._conn, memory._row(insight_id), before=before, after=after, now=time_now())


def injections(memory: Memory, *, session_id: str | None = None, scope: str | None = None, event: str | None = None,
               before: int | None = None, limit: int = PAGE_LIMIT, with_context: bool = True) -> list[dict[str, Any]]:
    with memory._lock:
        return injection_log.query(memory._conn, session_id=session_id, scope=scope, event=event, before=before,
                                limit=limit, with_context=with_context)


def session_insights(memory: Memory, session_id: str) -> list[Insight]:
    """Live memories captured in one session, oldest first (used by the compaction brief)."""
    with memory._lock:
        rows = memory._conn.execute(
            f"SELECT {INSIGHT_COLUMNS} FROM insights WHERE session_id = ? AND deleted_at IS NULL "
            "ORDER BY created_at, seq", (session_id,)).fetchall()
        return [insight_from_row(r) for r in rows]


def successors(memory: Memory, ids: Sequence[str]) -> dict[str, Insight]:
    """For each id of a superseded memory, the live memory that replaces it now: the newest at
    the end of its chain of replacements (ids not superseded, or unknown, are left out)."""
    out: dict[str, Insight] = {}
    with memory._lock:
        st = memory._st
        for iid in ids:
            row = st.index.get(iid)
            if row is None:
                continue
            seen = {row}
            while True:
                live = [s for s in st.superseded_by.get(row, ()) if st.active[s] and s not in seen]
                if not live:
                    break
                row = max(live, key=lambda r: (st.created[r], r))
                seen.add(row)
            if len(seen) > 1:
                out[iid] = st.insights[row]
    return out


def standing(memory: Memory, *, scopes: Sequence[str], categories: Sequence[str] = ("decision", "preference"),
             min_importance: int = 3, limit: int = 20) -> list[Insight]:
    """Live, not superseded memories of the given categories in the scopes: most important,
    then newest first (the SessionStart brief)."""
    with memory._lock:
        st = memory._st
        n = len(st)
        codes = [st.scopes[s] for s in scopes if s in st.scopes]
        mask = st.active[:n] & among(st.scope_code[:n], codes)
        mask &= among(st.cat_code[:n], [CATEGORY_CODE[c] for c in categories if c in CATEGORY_CODE])
        mask &= st.importance[:n] >= min_importance
        found = np.flatnonzero(mask)
        # most important, then newest first, in numpy; superseded rows are skipped on the way
        order = found[np.lexsort((-st.created[found], -st.importance[found].astype(np.int64)))]
        out: list[Insight] = []
        for r in order.tolist():
            if not st.is_superseded(r):
                out.append(st.insights[r])
                if len(out) >= limit:
                    break
        return out
