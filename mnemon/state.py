"""The in-RAM state of a store, derived entirely from SQLite.

Consistency model: SQLite is canonical. ``State`` is rebuilt from it at open and updated
only after a transaction commits, so a crash can lose RAM but never a committed memory.
``State.load(conn)`` is also what ``verify()`` uses to re-derive RAM and compare.

Layout, chosen for recall speed at 100k memories:
- per-row numpy columns (active, created, scope/category/source codes, importance, access
  count, last access) so filters are vector operations;
- one contiguous float32 matrix of unit-length embeddings (rows without a vector are zero
  and flagged in ``has_vec``), grown by doubling;
- adjacency per row as two compact arrays: ``(neighbour_row << 4) | edge_type_code`` and
  float32 weights, holding every edge at both endpoints; the direction of directed edges
  (causal cause->effect, supersedes new->old) is kept in ``causal_out`` / ``superseded_by``;
- entity -> rows, origin -> row, per (scope, source) latest row, per scope a time-sorted
  list for 24 h proximity, and per row its token set.
"""

from __future__ import annotations

import bisect
import json
import sqlite3
import sys
from array import array
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from mnemon import text, vectors
from mnemon.errors import CorruptData
from mnemon.model import CATEGORIES, EDGE_TYPES, Edge, Insight

EDGE_CODE = {name: i for i, name in enumerate(EDGE_TYPES)}
CATEGORY_CODE = {name: i for i, name in enumerate(CATEGORIES)}
DIRECTED = frozenset({"causal", "supersedes"})


def insight_from_row(row: sqlite3.Row | tuple[Any, ...]) -> Insight:
    (_seq, id_, content, category, importance, tags, entities, source, scope, session_id, created_at,
     updated_at, last_accessed_at, access_count, deleted_at, content_hash, _origin, metadata, flags) = row
    return Insight(
        id=id_, content=content, category=category, importance=int(importance),
        tags=tuple(json.loads(tags)), entities=tuple(json.loads(entities)), source=source, scope=scope,
        session_id=session_id, created_at=created_at, updated_at=updated_at,
        last_accessed_at=last_accessed_at, access_count=int(access_count), deleted_at=deleted_at,
        content_hash=content_hash, metadata=json.loads(metadata), flags=tuple(json.loads(flags)),
    )


INSIGHT_COLUMNS = ("seq, id, content, category, importance, tags, entities, source, scope, session_id, "
                   "created_at, updated_at, last_accessed_at, access_count, deleted_at, content_hash, origin, "
                   "metadata, flags")


@dataclass
class State:
    insights: list[Insight] = field(default_factory=list)
    index: dict[str, int] = field(default_factory=dict)
    seq_row: dict[int, int] = field(default_factory=dict)
    row_seq: list[int] = field(default_factory=list)
    origin_row: dict[str, int] = field(default_factory=dict)
    token_sets: list[frozenset[str]] = field(default_factory=list)
    token_df: dict[str, int] = field(default_factory=dict)
    # numpy columns, capacity >= len(insights)
    active: np.ndarray = field(default_factory=lambda: np.zeros(0, bool))
    created: np.ndarray = field(default_factory=lambda: np.zeros(0, np.float64))
    scope_code: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int32))
    cat_code: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int8))
    source_code: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int32))
    importance: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int8))
    access: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int32))
    last_access: np.ndarray = field(default_factory=lambda: np.zeros(0, np.float64))
    flagged: np.ndarray = field(default_factory=lambda: np.zeros(0, bool))
    degree: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int32))
    # embeddings
    model_id: str | None = None
    dim: int = 0
    matrix: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), np.float32))
    has_vec: np.ndarray = field(default_factory=lambda: np.zeros(0, bool))
    vec_hash: dict[int, str] = field(default_factory=dict)
    corrupt_vectors: list[str] = field(default_factory=list)
    # codes
    scopes: dict[str, int] = field(default_factory=dict)
    sources: dict[str, int] = field(default_factory=dict)
    # graph
    adj_code: list[array] = field(default_factory=list)  # type: ignore[type-arg]
    adj_weight: list[array] = field(default_factory=list)  # type: ignore[type-arg]
    edge_meta: dict[tuple[int, int, int], tuple[float, dict[str, Any], float]] = field(default_factory=dict)
    causal_out: dict[int, set[int]] = field(default_factory=lambda: defaultdict(set))
    superseded_by: dict[int, set[int]] = field(default_factory=lambda: defaultdict(set))
    entity_rows: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    entity_display: dict[str, str] = field(default_factory=dict)
    latest_by_source: dict[tuple[int, int], int] = field(default_factory=dict)
    timeline: dict[int, list[tuple[float, int]]] = field(default_factory=lambda: defaultdict(list))

    # -- sizes ------------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.insights)

    @property
    def active_count(self) -> int:
        return int(self.active[: len(self)].sum())

    def _grow(self, need: int) -> None:
        cap = len(self.active)
        if need <= cap:
            return
        new = max(need, cap * 2, 1024)

        def grow(arr: np.ndarray) -> np.ndarray:
            out = np.zeros((new,) + arr.shape[1:], arr.dtype)
            out[:cap] = arr
            return out

        for name in ("active", "created", "scope_code", "cat_code", "source_code", "importance", "access",
                     "last_access", "flagged", "degree", "has_vec"):
            setattr(self, name, grow(getattr(self, name)))
        if self.dim:
            self.matrix = grow(self.matrix)

    def code(self, table: dict[str, int], name: str) -> int:
        code = table.get(name)
        if code is None:
            code = table[name] = len(table)
        return code

    # -- insights ---------------------------------------------------------------------------
    def add_insight(self, seq: int, ins: Insight, origin: str | None) -> int:
        row = len(self.insights)
        self._grow(row + 1)
        self.insights.append(ins)
        self.index[ins.id] = row
        self.seq_row[seq] = row
        self.row_seq.append(seq)
        if origin:
            self.origin_row[origin] = row
        toks = frozenset(sys.intern(t) for t in text.tokens(ins.content + " " + " ".join(ins.tags)))
        self.token_sets.append(toks)
        df = self.token_df
        for t in toks:
            df[t] = df.get(t, 0) + 1
        self.adj_code.append(array("q"))
        self.adj_weight.append(array("f"))
        live = ins.deleted_at is None
        self.active[row] = live
        self.created[row] = ins.created_at
        sc = self.code(self.scopes, ins.scope)
        self.scope_code[row] = sc
        self.cat_code[row] = CATEGORY_CODE.get(ins.category, CATEGORY_CODE["general"])
        src = self.code(self.sources, ins.source)
        self.source_code[row] = src
        self.importance[row] = ins.importance
        self.access[row] = ins.access_count
        self.last_access[row] = ins.last_accessed_at
        self.flagged[row] = bool(ins.flags)
        for ent in ins.entities:
            key = text.normalise_entity(ent)
            self.entity_rows[key].append(row)
            self.entity_display.setdefault(key, ent)
        if live:
            self._index_time(row)
        return row

    def _index_time(self, row: int) -> None:
        sc = int(self.scope_code[row])
        key = (sc, int(self.source_code[row]))
        prev = self.latest_by_source.get(key)
        if prev is None or self.created[prev] <= self.created[row]:
            self.latest_by_source[key] = row
        bisect.insort(self.timeline[sc], (float(self.created[row]), row))

    def replace_insight(self, row: int, ins: Insight) -> None:
        self.insights[row] = ins
        self.access[row] = ins.access_count
        self.last_access[row] = ins.last_accessed_at
        self.importance[row] = ins.importance

    def deactivate(self, row: int) -> None:
        if not self.active[row]:
            return
        self.active[row] = False
        sc = int(self.scope_code[row])
        line = self.timeline[sc]
        i = bisect.bisect_left(line, (float(self.created[row]), row))
        if i < len(line) and line[i][1] == row:
            del line[i]
        key = (sc, int(self.source_code[row]))
        if self.latest_by_source.get(key) == row:
            best = None
            for created, other in reversed(line):
                if int(self.source_code[other]) == key[1]:
                    best = other
                    break
            if best is None:
                del self.latest_by_source[key]
            else:
                self.latest_by_source[key] = best

    def known_entities(self) -> set[str]:
        return set(self.entity_rows)

    # -- edges ------------------------------------------------------------------------------
    def has_edge(self, a: int, b: int, etype: str) -> bool:
        code = EDGE_CODE[etype]
        return (a, b, code) in self.edge_meta or (etype not in DIRECTED and (b, a, code) in self.edge_meta)

    def add_edge(self, a: int, b: int, etype: str, weight: float, meta: dict[str, Any], created: float) -> None:
        code = EDGE_CODE[etype]
        if etype not in DIRECTED and a > b:
            a, b = b, a
        if (a, b, code) in self.edge_meta:
            self.edge_meta[(a, b, code)] = (weight, meta, created)
            self._set_weight(a, b, code, weight)
            self._set_weight(b, a, code, weight)
            return
        self.edge_meta[(a, b, code)] = (weight, meta, created)
        self.adj_code[a].append((b << 4) | code)
        self.adj_weight[a].append(weight)
        if a != b:
            self.adj_code[b].append((a << 4) | code)
            self.adj_weight[b].append(weight)
        self.degree[a] += 1
        self.degree[b] += 1
        if etype == "causal":
            self.causal_out[a].add(b)
        elif etype == "supersedes":
            self.superseded_by[b].add(a)

    def _set_weight(self, a: int, b: int, code: int, weight: float) -> None:
        codes = self.adj_code[a]
        target = (b << 4) | code
        for i, c in enumerate(codes):
            if c == target:
                self.adj_weight[a][i] = weight

    def remove_edge(self, a: int, b: int, etype: str) -> bool:
        code = EDGE_CODE[etype]
        if etype not in DIRECTED and a > b:
            a, b = b, a
        if self.edge_meta.pop((a, b, code), None) is None:
            return False
        for x, y in ((a, b), (b, a)):
            target = (y << 4) | code
            codes, weights = self.adj_code[x], self.adj_weight[x]
            keep = [i for i, c in enumerate(codes) if c != target]
            self.adj_code[x] = array("q", (codes[i] for i in keep))
            self.adj_weight[x] = array("f", (weights[i] for i in keep))
        self.degree[a] -= 1
        self.degree[b] -= 1
        if etype == "causal":
            self.causal_out[a].discard(b)
        elif etype == "supersedes":
            self.superseded_by[b].discard(a)
        return True

    def edges_of(self, row: int) -> list[Edge]:
        out = []
        for c in self.adj_code[row]:
            other, code = c >> 4, c & 15
            etype = EDGE_TYPES[code]
            key = (row, other, code)
            if key not in self.edge_meta:
                key = (other, row, code)
            if key not in self.edge_meta:
                continue
            weight, meta, created = self.edge_meta[key]
            out.append(Edge(self.insights[key[0]].id, self.insights[key[1]].id, etype, weight, meta, created))
        return out

    def is_superseded(self, row: int) -> bool:
        return any(self.active[s] for s in self.superseded_by.get(row, ()))

    # -- vectors ----------------------------------------------------------------------------
    def set_vector(self, row: int, vec: np.ndarray, model_id: str, digest: str) -> None:
        if self.dim == 0:
            self.dim = int(vec.shape[0])
            self.model_id = model_id
            self.matrix = np.zeros((len(self.active), self.dim), np.float32)
        self.matrix[row] = vec
        self.has_vec[row] = True
        self.vec_hash[row] = digest

    def clear_vectors(self) -> None:
        self.dim = 0
        self.model_id = None
        self.matrix = np.zeros((0, 0), np.float32)
        self.has_vec[:] = False
        self.vec_hash.clear()

    # -- loading ----------------------------------------------------------------------------
    @classmethod
    def load(cls, conn: sqlite3.Connection, model_id: str | None) -> State:
        """Rebuild the whole state from SQLite. ``model_id`` selects which vectors to load
        (``None``: the model most vectors use)."""
        st = cls()
        rows = conn.execute(f"SELECT {INSIGHT_COLUMNS} FROM insights ORDER BY seq").fetchall()
        st._grow(len(rows))
        for r in rows:
            st.add_insight(r[0], insight_from_row(r), r[16])
        if model_id is None:
            top = conn.execute("SELECT model FROM embeddings GROUP BY model ORDER BY COUNT(*) DESC LIMIT 1").fetchone()
            model_id = top[0] if top else None
        if model_id is not None:
            for insight_id, dim, dtype, digest, blob in conn.execute(
                "SELECT insight_id, dim, dtype, content_hash, vector FROM embeddings WHERE model = ?", (model_id,)
            ):
                row = st.index.get(insight_id)
                if row is None:
                    continue
                try:
                    vec = vectors.decode(blob, dim, dtype)
                except CorruptData:
                    st.corrupt_vectors.append(insight_id)
                    continue
                if st.dim and dim != st.dim:
                    st.corrupt_vectors.append(insight_id)
                    continue
                st.set_vector(row, vectors.normalise(vec), model_id, digest)
            st.model_id = model_id if st.dim else None
        for src, dst, etype, weight, meta, created in conn.execute(
            "SELECT source_id, target_id, type, weight, metadata, created_at FROM edges"
        ):
            a, b = st.index.get(src), st.index.get(dst)
            if a is None or b is None or etype not in EDGE_CODE:
                continue
            st.add_edge(a, b, etype, float(weight), json.loads(meta), created)
        return st

    def fingerprint(self) -> dict[str, Any]:
        """A comparable digest of the state, for ``verify()`` and tests."""
        n = len(self)
        return {
            "insights": {ins.id: (ins.content_hash, ins.deleted_at is None, ins.category, ins.importance,
                                  ins.scope, ins.access_count) for ins in self.insights},
            "active": int(self.active[:n].sum()),
            "edges": sorted((self.insights[a].id, self.insights[b].id, EDGE_TYPES[c], round(w, 5))
                            for (a, b, c), (w, _m, _t) in self.edge_meta.items()),
            "vectors": sorted(self.insights[r].id for r in range(n) if self.has_vec[r]),
            "model": self.model_id,
            "entities": {k: sorted(self.insights[r].id for r in v) for k, v in self.entity_rows.items() if v},
        }
