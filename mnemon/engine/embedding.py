"""Vectors follow the text: which memories lack a vector of the current model, storing vectors
computed elsewhere (with their semantic edges), the coverage report, and ``embed_batch``, the
one loop the daemon's queue and the benchmarks share.

Part of the engine: imports the engine's own modules only.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from mnemon.engine import graph, vectors
from mnemon.engine.checks import time_now
from mnemon.engine.model import EDGE_CODE
from mnemon.engine.rows import INSERT_EDGE
from mnemon.errors import CorruptData

if TYPE_CHECKING:
    import sqlite3

    from mnemon.engine.embedders import Embedder
    from mnemon.engine.memory import Memory
    from mnemon.engine.state import State



def pending_embeddings(memory: Memory, limit: int = 64) -> list[tuple[str, str]]:
    """(id, text) of live memories without a vector of the current model (or stale)."""
    with memory._lock:
        st = memory._st
        n = len(st)
        out = []
        for row in np.flatnonzero(st.active[:n] & ~st.has_vec[:n]):
            ins = st.insights[int(row)]
            out.append((ins.id, ins.content))
            if len(out) >= limit:
                break
        return out


def store_vectors(memory: Memory, model_id: str, items: Sequence[tuple[str, np.ndarray]]) -> int:
    """Persist vectors computed elsewhere; vectors of a model other than the current one, of
    memories since forgotten, or of changed text are ignored. Adds semantic edges."""
    with memory._lock:
        st = memory._st
        current = getattr(memory.embedder, "model_id", None) or st.model_id or model_id
        if model_id != current:
            return 0
        accepted = []
        for insight_id, raw in items:
            row = st.index.get(insight_id)
            if row is None or not st.active[row]:
                continue
            try:
                vec = vectors.normalise(np.asarray(raw, dtype=np.float32))
            except CorruptData:
                continue
            if st.dim and vec.shape[0] != st.dim:
                continue
            accepted.append((row, vec))
        if not accepted:
            return 0
        now = time_now()
        new_edges: list[tuple[int, graph.PlannedEdge]] = []
        # The semantic edges of each vector are found against the matrix holding the batch's
        # earlier vectors, so RAM takes them inside the transaction; if it does not commit (a
        # full disk), RAM is put back, else it would claim vectors the disk does not hold and the
        # queue would never embed them again.
        undo = _vectors_undo(st, [row for row, _ in accepted])
        try:
            with memory._tx() as conn:
                for row, vec in accepted:
                    ins = st.insights[row]
                    memory._write_vector(conn, ins.id, model_id, vec, ins.content_hash)
                for row, vec in accepted:
                    st.set_vector(row, vec, model_id, st.insights[row].content_hash)
                    new_edges += [(row, p) for p in _semantic_edges(st, conn, row, vec, now)]
                memory._log(conn, "embed", None, {"model": model_id, "count": len(accepted)})
        except BaseException:
            undo()
            raise
        for row, p in new_edges:
            st.add_edge(p.other, row, "semantic", p.weight)
        return len(accepted)


def _semantic_edges(st: State, conn: sqlite3.Connection, row: int, vec: np.ndarray,
                    now: float) -> list[graph.PlannedEdge]:
    """The semantic edges a new vector of ``row`` makes, written in ``conn`` (RAM takes them after commit)."""
    node = graph.NewNode(content=st.insights[row].content, tokens=frozenset(st.token_sets[row]), entities=(),
                         scope_code=int(st.scope_code[row]), source_code=int(st.source_code[row]),
                         created=float(st.created[row]), vector=vec, row=row)
    made = []
    for p in graph.semantic_edges(st, node):
        if not st.has_edge(p.other, row, "semantic"):
            a, b = min(p.other, row), max(p.other, row)
            conn.execute(INSERT_EDGE, (st.row_seq[a], st.row_seq[b], EDGE_CODE["semantic"], p.weight,
                                       json.dumps(p.meta), now))
            made.append(p)
    return made


def _vectors_undo(st: State, rows: Sequence[int]) -> Callable[[], None]:
    """A function that puts the vectors of ``rows`` (and the matrix, when it has none yet) back as they are now."""
    dim, model_id, matrix = st.dim, st.model_id, st.matrix
    kept = [(row, bool(st.has_vec[row]), st.vec_hash.get(row), matrix[row].copy() if dim else None) for row in rows]

    def undo() -> None:
        if not dim:
            st.dim, st.model_id, st.matrix = dim, model_id, matrix
        for row, had, digest, vec in kept:
            if vec is not None:
                st.matrix[row] = vec
            st.has_vec[row] = had
            if digest is None:
                st.vec_hash.pop(row, None)
            else:
                st.vec_hash[row] = digest

    return undo


def embed_status(memory: Memory) -> dict[str, Any]:
    with memory._lock:
        st = memory._st
        n = len(st)
        active = st.active[:n]
        with_vec = int((active & st.has_vec[:n]).sum())
        total = int(active.sum())
        models = dict(memory._conn.execute("SELECT model, COUNT(*) FROM embeddings GROUP BY model").fetchall())
        return {
            "model": getattr(memory.embedder, "model_id", None) or st.model_id,
            "dim": st.dim or getattr(memory.embedder, "dim", 0),
            "embedded": with_vec,
            "active": total,
            "missing": total - with_vec,
            "coverage": round(with_vec / total, 4) if total else 1.0,
            "stored_by_model": models,
            "corrupt": list(st.corrupt_vectors),
        }


def embed_batch(memory: Memory, embedder: Embedder | None, *, batch: int = 32,
                store: Callable[[list[tuple[str, np.ndarray]]], int | None] | None = None) -> int:
    """Embed one batch of the live memories lacking a vector of ``embedder``'s model and store
    the vectors; the number stored (0: nothing was left, or nothing could be stored). The
    daemon's embed queue passes ``store`` to run :meth:`Memory.store_vectors` on its writer."""
    if embedder is None:
        return 0
    items = memory.pending_embeddings(batch)
    if not items:
        return 0
    vecs = embedder.embed_passages([content for _, content in items])
    pairs = list(zip([insight_id for insight_id, _ in items], vecs, strict=True))
    stored = memory.store_vectors(embedder.model_id, pairs) if store is None else store(pairs)
    return len(pairs) if stored is None else int(stored)
