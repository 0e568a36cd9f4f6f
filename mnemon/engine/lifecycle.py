"""Lifecycle: effective importance, immunity, pruning.

    EI = base_weight(importance) x max(1, ln(1 + access_count)) x 0.5^(days_since_access / 30)
         x (1 + 0.1 x min(edge_count, 5))

Immune from pruning: importance >= 4, access_count >= 3, pinned (``mnemon pin``), or younger
than ``prune_min_age_days`` (a memory needs time to be used before it is judged). A pinned
memory does not decay either: its decay factor stays 1. Auto-prune runs
when active insights exceed ``prune_cap`` and soft-deletes at most ``prune_batch`` of the
lowest-EI candidates, each logged with its reason. Computed over numpy columns at once.
"""

from __future__ import annotations

import numpy as np

from mnemon.engine.state import State

HALF_LIFE_DAYS = 30.0
_BASE = np.array([0.0, 0.15, 0.3, 0.5, 0.8, 1.0], np.float64)


def effective_importance(st: State, now: float, rows: np.ndarray | None = None) -> np.ndarray:
    n = len(st)
    idx = np.arange(n) if rows is None else rows
    base = _BASE[st.importance[idx].astype(np.int64)]
    access = np.maximum(1.0, np.log1p(st.access[idx].astype(np.float64)))
    days = np.maximum(0.0, now - st.last_access[idx]) / 86400.0
    decay = np.where(st.pinned[idx], 1.0, np.power(0.5, days / HALF_LIFE_DAYS))
    edges = 1.0 + 0.1 * np.minimum(st.degree[idx], 5)
    return base * access * decay * edges  # type: ignore[no-any-return]


def immune(st: State, now: float, min_age_days: float, rows: np.ndarray) -> np.ndarray:
    young = (now - st.created[rows]) < min_age_days * 86400.0
    return (st.importance[rows] >= 4) | (st.access[rows] >= 3) | st.pinned[rows] | young  # type: ignore[no-any-return]


def prune_candidates(st: State, now: float, *, cap: int, batch: int, min_age_days: float) -> list[tuple[int, float]]:
    """Rows to soft-delete now (lowest EI first) and their EI; empty while under the cap."""
    n = len(st)
    active_rows = np.flatnonzero(st.active[:n])
    excess = len(active_rows) - cap
    if excess <= 0:
        return []
    rows = active_rows[~immune(st, now, min_age_days, active_rows)]
    if len(rows) == 0:
        return []
    ei = effective_importance(st, now, rows)
    order = np.lexsort((rows, ei))[: min(batch, excess)]
    return [(int(rows[i]), float(ei[i])) for i in order]


def gc_candidates(st: State, now: float, threshold: float, limit: int) -> list[tuple[int, float]]:
    n = len(st)
    rows = np.flatnonzero(st.active[:n])
    if len(rows) == 0:
        return []
    ei = effective_importance(st, now, rows)
    keep = ei < threshold
    rows, ei = rows[keep], ei[keep]
    order = np.lexsort((rows, ei))[:limit]
    return [(int(rows[i]), float(ei[i])) for i in order]
