"""Keeping the store in shape: pruning over the cap, ``gc`` candidates, retention and VACUUM
(``maintain``), re-screening under newer rules, and ``verify`` (RAM against disk). Bound as
methods of ``Memory``.

Part of the engine: imports the engine's own modules only.
"""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import numpy as np

from mnemon.engine import fts, lifecycle
from mnemon.engine import injections as injection_log
from mnemon.engine.checks import time_now
from mnemon.engine.model import GC_THRESHOLD, PAGE_LIMIT, TIME_RANGE
from mnemon.engine.state import State, token_sets_of
from mnemon.errors import InvalidInput, StorageError

if TYPE_CHECKING:
    from mnemon.engine.memory import Memory



def _auto_prune(memory: Memory, now: float) -> int:
    cfg = memory.config
    doomed = lifecycle.prune_candidates(memory._st, now, cap=cfg.prune_cap, batch=cfg.prune_batch,
                                        min_age_days=cfg.prune_min_age_days)
    if not doomed:
        return 0
    st = memory._st
    with memory._tx() as conn:
        for row, ei in doomed:
            ins = st.insights[row]
            conn.execute("UPDATE insights SET deleted_at = ? WHERE id = ?", (now, ins.id))
            memory._log(conn, "prune", ins.id, {"reason": "auto-prune: over prune_cap", "ei": round(ei, 5),
                                              "cap": cfg.prune_cap, "active": st.active_count})
    for row, _ in doomed:
        st.replace_insight(row, replace(st.insights[row], deleted_at=now))
        st.deactivate(row)
    return len(doomed)


def gc(memory: Memory, *, threshold: float = GC_THRESHOLD, keep: str | None = None, limit: int = PAGE_LIMIT) -> dict[str, Any]:
    """Without ``keep``: low-retention candidates (EI below ``threshold``). With ``keep``:
    retain that memory (access count +3, which makes it immune: see ``mnemon.engine.lifecycle``)."""
    if isinstance(threshold, bool) or not isinstance(threshold, (int, float)) or not 0 <= threshold < float("inf"):
        raise InvalidInput(f"threshold must be a non-negative number, got {threshold}")  # NaN compares false: refused
    with memory._lock:
        st = memory._st
        now = time_now()
        if keep is not None:
            row = memory._row(keep, live=True)
            ins = st.insights[row]
            with memory._tx() as conn:
                conn.execute("UPDATE insights SET access_count = access_count + 3, last_accessed_at = ? "
                             "WHERE id = ?", (now, ins.id))
                memory._log(conn, "gc-keep", ins.id, {"access_count": ins.access_count + 3})
            st.replace_insight(row, replace(ins, access_count=ins.access_count + 3, last_accessed_at=now))
            ei = float(lifecycle.effective_importance(st, now, np.array([row]))[0])
            return {"kept": ins.id, "access_count": ins.access_count + 3, "effective_importance": round(ei, 4)}
        cands = lifecycle.gc_candidates(st, now, float(threshold), max(1, min(int(limit), 1000)))
        n = len(st)
        rows = np.flatnonzero(st.active[:n])
        immune = lifecycle.immune(st, now, memory.config.prune_min_age_days, np.array([r for r, _ in cands], int))
        return {
            "threshold": threshold,
            "active": int(len(rows)),
            "prune_cap": memory.config.prune_cap,
            "candidates": [
                {"id": st.insights[r].id, "content": st.insights[r].content[:160], "effective_importance":
                 round(ei, 4), "immune": bool(immune[i]), "importance": int(st.importance[r]),
                 "access_count": int(st.access[r]), "created_at": st.insights[r].to_dict()["created_at"]}
                for i, (r, ei) in enumerate(cands)
            ],
        }


def maintain(memory: Memory, *, now: float | None = None, vacuum_ratio: float = 0.25) -> dict[str, Any]:
    """Retention: purge memories forgotten or pruned more than ``retention_days`` ago (their
    edges, vectors, entity rows and keyword-index entries go with them), trim the operation
    log and the injection log (entries past ``injection_log_keep`` or older than
    ``retention_days``), and VACUUM when at least ``vacuum_ratio`` of the file is free pages. The daemon runs
    this at start and every few hours, so the database cannot grow without limit. It also
    repairs any stored time outside the valid range (``db.repair_timestamps``)."""
    from mnemon.engine.db import repair_timestamps

    now = time_now() if now is None else now
    cutoff = now - memory.config.retention_days * 86400.0
    with memory._lock:
        doomed = [r for r, ins in enumerate(memory._st.insights)
                  if ins.deleted_at is not None and ins.deleted_at <= cutoff]
        if doomed:
            with memory._tx() as conn:
                for row in doomed:
                    ins = memory._st.insights[row]
                    fts.delete(conn, memory._st.row_seq[row])
                    conn.execute("DELETE FROM insights WHERE id = ?", (ins.id,))
                memory._log(conn, "purge", None, {"count": len(doomed), "retention_days": memory.config.retention_days})
            memory.flush()
            memory._st = State.load(memory._conn, getattr(memory.embedder, "model_id", None) or memory._st.model_id)
        with memory._tx() as conn:
            memory._trim_oplog(conn)
            logged = injection_log.trim(conn, keep=memory.config.injection_log_keep, cutoff=cutoff)
            repaired = repair_timestamps(conn, now)
        if repaired.get("insights"):
            memory.flush()
            memory._st = State.load(memory._conn, getattr(memory.embedder, "model_id", None) or memory._st.model_id)
        pages = memory._conn.execute("PRAGMA page_count").fetchone()[0]
        free = memory._conn.execute("PRAGMA freelist_count").fetchone()[0]
        vacuumed = False
        if pages and free / pages >= vacuum_ratio:
            try:
                memory._write_conn().execute("VACUUM")
                vacuumed = True
            except sqlite3.Error as err:
                raise StorageError(f"VACUUM failed: {err}") from None
        return {"purged": len(doomed), "vacuumed": vacuumed, "free_pages": int(free), "pages": int(pages),
                "injections_dropped": logged, "repaired": repaired}


def rescreen(memory: Memory, batch: int = 500) -> dict[str, Any]:
    """Screen up to ``batch`` memories stored under older secret or injection rules again
    (``mnemon.engine.rescreen``); ``more`` says whether any are left."""
    from mnemon.engine import rescreen

    return rescreen.run_batch(memory, batch)


def rescreen_pending(memory: Memory) -> int:
    from mnemon.engine import rescreen

    with memory._lock:
        return rescreen.pending(memory._conn)


def verify(memory: Memory) -> dict[str, Any]:
    """Re-derive the RAM state from disk and compare; also SQLite's integrity checks.

    The engine's lock is held only for the keyword index's check (a write statement) and to read
    which access counts are still unflushed: the rest (about 10 s at 20,000 memories) reads through
    a connection of its own and the RAM state as it stands, so recall and the prompt hooks go on
    meanwhile (they waited the whole time, and a prompt during `mnemon doctor` got nothing). In the
    daemon this runs on the writer, so nothing is written meanwhile; recall only counts uses, and a
    row used during the check is among the unflushed ones read last."""
    problems: list[str] = []
    with memory._reading() as conn:
        integrity = conn.execute("PRAGMA integrity_check").fetchone()[0]
        if integrity != "ok":
            problems.append(f"sqlite integrity_check: {integrity}")
        with memory._lock:
            try:
                if not memory.read_only:
                    memory._write_conn().execute(
                        "INSERT INTO insights_fts (insights_fts, rank) VALUES ('integrity-check', 1)")
            except sqlite3.DatabaseError as err:
                problems.append(f"keyword index: {err}")
            st = memory._st
        fk = conn.execute("PRAGMA foreign_key_check").fetchall()
        if fk:
            problems.append(f"{len(fk)} rows violate foreign keys")
        problems.extend(_bad_times(memory, conn))
        disk = State.load(conn, st.model_id).fingerprint()
    ram = st.fingerprint()
    with memory._lock:
        pending = {st.insights[r].id for r in list(memory._touches)}
    problems.extend(_differences(disk, ram, pending))
    stale = sum(1 for r, ins in enumerate(st.insights)
                if token_sets_of(ins.content, ins.tags, ins.context) != (st.token_sets[r], st.context_tokens[r]))
    if stale:
        problems.append(f"{stale} memories have stored token sets that differ from their text")
    if st.corrupt_vectors:
        problems.append(f"{len(st.corrupt_vectors)} corrupt vectors set aside (re-embed them)")
    return {"ok": not problems, "problems": problems, "insights": len(ram["insights"]),
            "edges": len(ram["edges"]), "vectors": len(ram["vectors"])}


def _differences(disk: dict[str, Any], ram: dict[str, Any], pending: set[str]) -> list[str]:
    """Where the RAM state's fingerprint differs from the one derived from disk (an access count
    not flushed yet, in ``pending``, is no difference)."""
    problems = [f"RAM and disk differ in {key}" for key in ("active", "edges", "vectors", "model", "entities", "tokens")
                if disk[key] != ram[key]]
    for iid, value in ram["insights"].items():
        other = disk["insights"].get(iid)
        if other is None:
            problems.append(f"memory {iid[:8]} is in RAM but not on disk")
        elif other[:5] != value[:5] or other[6:] != value[6:] or (other[5] != value[5] and iid not in pending):
            problems.append(f"memory {iid[:8]} differs between RAM and disk")
    for iid in disk["insights"].keys() - ram["insights"].keys():
        problems.append(f"memory {iid[:8]} is on disk but not in RAM")
    return problems


def _bad_times(memory: Memory, conn: sqlite3.Connection | None = None) -> list[str]:
    """Stored times outside the valid range (``model.TIME_RANGE``), one problem per table."""
    from mnemon.engine.db import bad_time_sql

    conn = memory._conn if conn is None else conn
    out = []
    ids = [r[0] for r in conn.execute(
        f"SELECT id FROM insights WHERE {bad_time_sql('created_at')} OR {bad_time_sql('updated_at')} OR "
        f"{bad_time_sql('last_accessed_at')} OR {bad_time_sql('deleted_at', nullable=True)} ORDER BY seq")]
    if ids:
        shown = ", ".join(i[:8] for i in ids[:10]) + (f" and {len(ids) - 10} more" if len(ids) > 10 else "")
        out.append(f"{len(ids)} memor{'y has' if len(ids) == 1 else 'ies have'} a time outside {TIME_RANGE} "
                   f"({shown}); `mnemon daemon restart` repairs them")
    for table, column, what in (("graph_edges", "created_at", "edges"), ("oplog", "ts", "log entries")):
        n = conn.execute(f"SELECT COUNT(*) FROM {table} WHERE {bad_time_sql(column)}").fetchone()[0]
        if n:
            out.append(f"{n} {what} have a time outside {TIME_RANGE}; `mnemon daemon restart` repairs them")
    return out
