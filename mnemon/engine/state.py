"""The in-RAM state of a store, derived entirely from SQLite.

Consistency model: SQLite is canonical. ``State`` is rebuilt from it at open and updated
only after a transaction commits, so a crash can lose RAM but never a committed memory.
``State.load(conn)`` is also what ``verify()`` uses to re-derive RAM and compare.

Layout, chosen for recall speed at 100k memories:
- per-row numpy columns (active, created, scope/category/source codes, importance, access
  count, last access) so filters are vector operations;
- one contiguous float32 matrix of unit-length embeddings (rows without a vector are zero
  and flagged in ``has_vec``), grown by doubling;
- adjacency per row as two compact arrays: 32-bit ``(neighbour_row << 4) | edge_type_code`` and
  float32 weights, holding every edge at both endpoints; the direction of directed edges
  (causal cause->effect, supersedes new->old) is kept in ``causal_out`` / ``superseded_by``; two
  directed edges of one type between the same rows, one each way, share one entry, which holds
  the stronger weight, and each one's own weight is kept in ``both_ways``;
- entity -> rows, origin -> row, per (scope, source) latest row, per scope a time-sorted
  list for 24 h proximity, and per row its token set.
"""

from __future__ import annotations

import bisect
import gc
import json
import sqlite3
import sys
from array import array
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from mnemon.engine import edgeload, text, vectors
from mnemon.engine.model import CATEGORIES, DIRECTED_EDGES, EDGE_CODE, EDGE_TYPES, Insight
from mnemon.engine.rows import INSIGHT_COLUMNS
from mnemon.errors import CorruptData

Tokens = tuple[str, ...]
# numpy columns filled from each insight (``State._column_values``)
_ROW_COLUMNS = ("created", "scope_code", "cat_code", "source_code", "importance", "access", "last_access", "flagged",
                "pinned")
# adjacency entries are 32-bit (neighbour_row << 4) | edge_type_code
MAX_ROWS = 1 << 27
CATEGORY_CODE = {name: i for i, name in enumerate(CATEGORIES)}
_GENERAL = CATEGORY_CODE["general"]
DIRECTED = DIRECTED_EDGES



def _json(raw: str) -> Any:
    if raw == "[]":
        return ()
    if raw == "{}":
        return {}
    return json.loads(raw)


def insight_from_row(row: sqlite3.Row | tuple[Any, ...]) -> Insight:
    (_seq, id_, content, category, importance, tags, entities, source, scope, session_id, created_at,
     updated_at, last_accessed_at, access_count, deleted_at, content_hash, _origin, metadata, flags, context,
     pinned) = row
    intern = sys.intern  # the same few names recur on every row: keep one copy of each
    return Insight(
        id=id_, content=content, category=intern(category), importance=int(importance),
        tags=tuple(map(intern, _json(tags))), entities=tuple(map(intern, _json(entities))), source=intern(source),
        scope=intern(scope), session_id=intern(session_id) if session_id else session_id,
        created_at=created_at, updated_at=updated_at,
        last_accessed_at=last_accessed_at, access_count=int(access_count), deleted_at=deleted_at,
        content_hash=content_hash, metadata=_json(metadata), flags=tuple(_json(flags)), context=context,
        pinned=bool(pinned),
    )




EMPTY: tuple[str, ...] = ()


def token_sets_of(content: str, tags: tuple[str, ...] | list[str], context: str) -> tuple[Tokens, Tokens]:
    """A memory's searchable tokens: those of its content and tags (a captured memory's tags are
    labels, not words: :func:`text.word_tags`), and those its context adds.

    Each is a sorted tuple of distinct, interned tokens: a quarter of a frozenset's memory
    (100 MB at 100k memories), and the sets they meet (query tokens) are the small side."""
    toks = set(map(sys.intern, text.tokens(" ".join((content, *text.word_tags(tags))))))
    ctx = set(map(sys.intern, text.tokens(context))) - toks if context else ()
    return tuple(sorted(toks)), tuple(sorted(ctx))


def among(column: np.ndarray, codes: Sequence[int]) -> np.ndarray:
    """``np.isin(column, codes)`` for the few codes a filter names, at a tenth of its cost."""
    out = np.zeros(len(column), dtype=bool)
    for code in codes:
        out |= column == code
    return out


def _stored_tokens(raw: str) -> Tokens:
    return tuple(map(sys.intern, raw.split())) if raw else EMPTY


def encode_tokens(toks: Tokens) -> str:
    """The stored form of a token set (tokens never contain whitespace; already sorted)."""
    return " ".join(toks)


def _too_many() -> CorruptData:
    return CorruptData(f"more than {MAX_ROWS} memories (forgotten ones included) in one store; "
                       "export the live ones and import them into a fresh store")


def effective_model(conn: sqlite3.Connection, model_id: str | None) -> str | None:
    """The vector model a state loads: the one asked for, else the one most vectors use."""
    if model_id is not None:
        return model_id
    top = conn.execute("SELECT model FROM embeddings GROUP BY model ORDER BY COUNT(*) DESC LIMIT 1").fetchone()
    return top[0] if top else None


@dataclass
class State:
    insights: list[Insight] = field(default_factory=list)
    index: dict[str, int] = field(default_factory=dict)
    seq_row: dict[int, int] = field(default_factory=dict)
    row_seq: list[int] = field(default_factory=list)
    origin_row: dict[str, int] = field(default_factory=dict)
    token_sets: list[Tokens] = field(default_factory=list)
    token_df: dict[str, int] = field(default_factory=dict)
    stale_tokens: list[int] = field(default_factory=list)  # rows whose stored token sets were recomputed
    context_tokens: list[Tokens] = field(default_factory=list)
    entity_keys: list[tuple[str, ...]] = field(default_factory=list)  # normalised, distinct
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
    pinned: np.ndarray = field(default_factory=lambda: np.zeros(0, bool))  # immune to decay and pruning
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
    edge_count: int = 0
    causal_out: dict[int, set[int]] = field(default_factory=lambda: defaultdict(set))
    superseded_by: dict[int, set[int]] = field(default_factory=lambda: defaultdict(set))
    both_ways: dict[tuple[int, int, int], float] = field(default_factory=dict)  # (src, dst, code) -> own weight
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
        new = max(need, cap + cap // 4, cap + 1024)

        def grow(arr: np.ndarray) -> np.ndarray:
            out = np.zeros((new,) + arr.shape[1:], arr.dtype)
            out[:cap] = arr
            return out

        for name in ("active", "created", "scope_code", "cat_code", "source_code", "importance", "access",
                     "last_access", "flagged", "pinned", "degree", "has_vec"):
            setattr(self, name, grow(getattr(self, name)))
        if self.dim:
            self.matrix = grow(self.matrix)

    def code(self, table: dict[str, int], name: str) -> int:
        code = table.get(name)
        if code is None:
            code = table[name] = len(table)
        return code

    # -- insights ---------------------------------------------------------------------------
    def add_insight(self, seq: int, ins: Insight, origin: str | None,
                    tokens: tuple[Tokens, Tokens] | None = None) -> int:
        toks, ctx = tokens if tokens is not None else token_sets_of(ins.content, ins.tags, ins.context)
        row = self._register(seq, ins, origin, toks, ctx, text.normalise_entity, None)
        self._grow(row + 1)
        for name, value in zip(_ROW_COLUMNS, self._column_values(ins), strict=True):
            getattr(self, name)[row] = value
        if ins.deleted_at is None:
            self.active[row] = True
            self._index_time(row)
        return row

    def _register(self, seq: int, ins: Insight, origin: str | None, toks: Tokens, ctx: Tokens,
                  normalise: Callable[[str], str], shared: dict[tuple[str, ...], tuple[str, ...]] | None) -> int:
        """The Python-side indexes of a new row (everything but the numpy columns)."""
        row = len(self.insights)
        if row >= MAX_ROWS:
            raise _too_many()
        self.insights.append(ins)
        self.index[ins.id] = row
        self.seq_row[seq] = row
        self.row_seq.append(seq)
        if origin:
            self.origin_row[origin] = row
        self.token_sets.append(toks)
        self.context_tokens.append(ctx)
        df = self.token_df
        for t in toks:
            df[t] = df.get(t, 0) + 1
        for t in ctx:  # disjoint from toks
            df[t] = df.get(t, 0) + 1
        self.adj_code.append(array("i"))
        self.adj_weight.append(array("f"))
        keys: list[str] = []
        for ent in ins.entities:
            key = normalise(ent)
            if key not in keys:
                keys.append(key)
                self.entity_rows[key].append(row)
            if key not in self.entity_display:
                self.entity_display[key] = ent
        ekeys = tuple(keys)
        self.entity_keys.append(shared.setdefault(ekeys, ekeys) if shared is not None else ekeys)
        return row

    def _column_values(self, ins: Insight) -> tuple[Any, ...]:
        """The row's values for the numpy columns named in ``_ROW_COLUMNS``."""
        return (ins.created_at, self.code(self.scopes, ins.scope), CATEGORY_CODE.get(ins.category, _GENERAL),
                self.code(self.sources, ins.source), ins.importance, ins.access_count, ins.last_accessed_at,
                bool(ins.flags), ins.pinned)

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
        self.pinned[row] = ins.pinned

    def rescope(self, row: int, ins: Insight) -> None:
        """``ins`` (the row's memory with a new scope) in place of the old: the row leaves its
        old scope's time line and joins the new one."""
        live = bool(self.active[row])
        self.deactivate(row)
        self.insights[row] = ins
        self.scope_code[row] = self.code(self.scopes, ins.scope)
        if live:
            self.activate(row)

    def activate(self, row: int) -> None:  # back in recall and its scope's time line: a forgotten memory restored
        if not self.active[row]:
            self.active[row] = True
            self._index_time(row)

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
            for _created, other in reversed(line):
                if int(self.source_code[other]) == key[1]:
                    best = other
                    break
            if best is None:
                del self.latest_by_source[key]
            else:
                self.latest_by_source[key] = best

    # -- edges ------------------------------------------------------------------------------
    def has_edge(self, a: int, b: int, etype: str) -> bool:
        """Whether the edge exists (for directed types, in the direction a -> b)."""
        code = EDGE_CODE[etype]
        if (b << 4) | code not in self.adj_code[a]:
            return False
        if etype == "causal":
            return b in self.causal_out.get(a, ())
        if etype == "supersedes":
            return a in self.superseded_by.get(b, ())
        return True

    def add_edge(self, a: int, b: int, etype: str, weight: float) -> None:
        """Add (or re-weight) an edge in RAM; directed types go a -> b."""
        code = EDGE_CODE[etype]
        if self.has_edge(a, b, etype) or (etype not in DIRECTED and self.has_edge(b, a, etype)):
            if (a, b, code) in self.both_ways:
                self.both_ways[(a, b, code)] = weight
                weight = max(weight, self.both_ways[(b, a, code)])
            self._set_weight(a, b, code, weight)
            self._set_weight(b, a, code, weight)
            return
        codes = self.adj_code[a]
        if (b << 4) | code in codes:  # the directed edge the other way: share its entry
            other = self.adj_weight[a][codes.index((b << 4) | code)]
            self.both_ways[(a, b, code)], self.both_ways[(b, a, code)] = weight, other
            self._set_weight(a, b, code, max(weight, other))
            self._set_weight(b, a, code, max(weight, other))
        else:
            codes.append((b << 4) | code)
            self.adj_weight[a].append(weight)
            if a != b:
                self.adj_code[b].append((a << 4) | code)
                self.adj_weight[b].append(weight)
        self.degree[a] += 1
        self.degree[b] += 1
        self.edge_count += 1
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
        if etype in DIRECTED:
            if not self.has_edge(a, b, etype):
                return False
            both_ways = self.has_edge(b, a, etype)
        else:
            if not self.has_edge(a, b, etype):
                return False
            both_ways = False
        if etype == "causal":
            self.causal_out[a].discard(b)
        elif etype == "supersedes":
            self.superseded_by[b].discard(a)
        if both_ways:  # the edge the other way keeps the entry, with its own weight
            del self.both_ways[(a, b, code)]
            remaining = self.both_ways.pop((b, a, code))
            self._set_weight(a, b, code, remaining)
            self._set_weight(b, a, code, remaining)
        else:
            for x, y in ((a, b), (b, a)):
                target = (y << 4) | code
                codes, weights = self.adj_code[x], self.adj_weight[x]
                keep = [i for i, c in enumerate(codes) if c != target]
                self.adj_code[x] = array("i", (codes[i] for i in keep))
                self.adj_weight[x] = array("f", (weights[i] for i in keep))
        self.degree[a] -= 1
        self.degree[b] -= 1
        self.edge_count -= 1
        return True

    def edge_keys(self) -> list[tuple[int, int, int, float]]:
        """Every edge once: (source row, target row, type code, weight); symmetric types with
        the lower row first."""
        out = []
        for a, codes in enumerate(self.adj_code):
            weights = self.adj_weight[a]
            for i, c in enumerate(codes):
                b, code = c >> 4, c & 15
                etype = EDGE_TYPES[code]
                if etype == "causal":
                    if b in self.causal_out.get(a, ()):
                        out.append((a, b, code, self.both_ways.get((a, b, code), weights[i])))
                elif etype == "supersedes":
                    if a in self.superseded_by.get(b, ()):
                        out.append((a, b, code, self.both_ways.get((a, b, code), weights[i])))
                elif a <= b:
                    out.append((a, b, code, weights[i]))
        return out

    def edge_counts(self) -> dict[str, int]:
        """Edges by type between live memories (what ``edge_keys`` would count, vectorised:
        status at 100k memories walks 2.7 million adjacency entries)."""
        n = len(self)
        out = {t: 0 for t in EDGE_TYPES}
        active = self.active[:n]
        lengths = np.fromiter((len(c) for c in self.adj_code), np.int64, count=n)
        if lengths.sum():
            codes = np.frombuffer(b"".join(c.tobytes() for c in self.adj_code), dtype=np.int32)
            owner = np.repeat(np.arange(n), lengths)
            other, kind = codes >> 4, codes & 15
            keep = active[owner] & active[other] & (owner <= other)
            for code, count in zip(*np.unique(kind[keep], return_counts=True), strict=True):
                if EDGE_TYPES[int(code)] not in DIRECTED:
                    out[EDGE_TYPES[int(code)]] = int(count)
        out["causal"] = sum(1 for a, bs in self.causal_out.items() if active[a] for b in bs if active[b])
        out["supersedes"] = sum(1 for b, as_ in self.superseded_by.items() if active[b] for a in as_ if active[a])
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

    # -- loading ----------------------------------------------------------------------------
    @classmethod
    def load(cls, conn: sqlite3.Connection, model_id: str | None) -> State:
        """Rebuild the whole state from SQLite. ``model_id`` selects which vectors to load
        (``None``: the model most vectors use)."""
        st = cls()
        enabled = gc.isenabled()
        gc.disable()  # hundreds of thousands of new objects: collections would only rescan them
        try:
            st._load_insights(conn)
            model_id = effective_model(conn, model_id)
            if model_id is not None:
                st._load_vectors(conn, model_id)
            edgeload.load_edges(st, conn)
        finally:
            if enabled:
                gc.enable()
        return st

    def _load_insights(self, conn: sqlite3.Connection) -> None:
        """Every insight, in seq order, with the per-row columns filled in bulk at the end
        (the same result as ``add_insight`` row by row, at a fraction of the cost)."""
        self._grow(conn.execute("SELECT COUNT(*) FROM insights").fetchone()[0])
        cur = conn.execute(f"SELECT {INSIGHT_COLUMNS}, tokens, context_tokens, tokens_version FROM insights "
                           "ORDER BY seq")
        current = text.TOKENS_VERSION
        names: dict[str, str] = {}  # the same few entity names recur on many rows

        def normalise(ent: str) -> str:
            key = names.get(ent)
            if key is None:
                key = names[ent] = sys.intern(text.normalise_entity(ent))
            return key

        shared: dict[tuple[str, ...], tuple[str, ...]] = {}  # many memories name the same few entities
        live_rows: list[int] = []
        values: list[tuple[Any, ...]] = []
        while True:
            chunk = cur.fetchmany(4096)
            if not chunk:
                break
            for r in chunk:
                ins = insight_from_row(r[:21])
                if r[23] == current and r[21] is not None:
                    toks, ctx = _stored_tokens(r[21]), _stored_tokens(r[22])
                else:
                    toks, ctx = token_sets_of(ins.content, ins.tags, ins.context)
                    self.stale_tokens.append(len(self.insights))
                row = self._register(r[0], ins, r[16], toks, ctx, normalise, shared)
                if ins.deleted_at is None:
                    live_rows.append(row)
                values.append(self._column_values(ins))
        n = len(self.insights)
        if not n:
            return
        for name, column_values in zip(_ROW_COLUMNS, zip(*values, strict=True), strict=True):
            column = getattr(self, name)
            column[:n] = np.asarray(column_values, dtype=column.dtype)
        self.active[live_rows] = True
        # per scope a time-sorted line and per (scope, source) the latest live row
        live = np.asarray(live_rows, dtype=np.int64)
        order = live[np.lexsort((live, self.created[live], self.scope_code[live]))]
        timeline, latest = self.timeline, self.latest_by_source
        for row in order.tolist():
            sc = int(self.scope_code[row])
            timeline[sc].append((float(self.created[row]), row))
            latest[(sc, int(self.source_code[row]))] = row

    def _load_vectors(self, conn: sqlite3.Connection, model_id: str) -> None:
        """The model's vectors as one matrix: blobs are checked one by one (length, dtype,
        dimension), then decoded, checked for finiteness and normalised together."""
        rows, blobs = [], []
        dim = 0
        for insight_id, vdim, dtype, digest, blob in conn.execute(
            "SELECT insight_id, dim, dtype, content_hash, vector FROM embeddings WHERE model = ?", (model_id,)
        ):
            row = self.index.get(insight_id)
            if row is None:
                continue
            if (dtype != vectors.DTYPE_TAG or not isinstance(blob, bytes) or not isinstance(vdim, int)
                    or vdim <= 0 or len(blob) != vdim * 4 or (dim and vdim != dim)):
                self.corrupt_vectors.append(insight_id)
                continue
            dim = vdim
            rows.append(row)
            blobs.append(blob)
            own = self.insights[row].content_hash
            self.vec_hash[row] = own if digest == own else digest  # one string, not two
        if not rows:
            return
        mat = np.frombuffer(b"".join(blobs), dtype="<f4").reshape(len(rows), dim).astype(np.float32)
        norms = np.linalg.norm(mat, axis=1)
        bad = ~np.isfinite(norms)
        if bad.any():
            for i in np.flatnonzero(bad):
                self.corrupt_vectors.append(self.insights[rows[i]].id)
                del self.vec_hash[rows[i]]
            keep = ~bad
            mat, norms, rows = mat[keep], norms[keep], [r for r, k in zip(rows, keep, strict=True) if k]
        nz = norms > 0
        mat[nz] /= norms[nz, None]
        self.dim = dim
        self.model_id = model_id
        self.matrix = np.zeros((len(self.active), dim), np.float32)
        self.matrix[rows] = mat
        self.has_vec[rows] = True

    def fingerprint(self) -> dict[str, Any]:
        """A comparable digest of the state, for ``verify()`` and tests."""
        n = len(self)
        return {
            "insights": {ins.id: (ins.content_hash, ins.deleted_at is None, ins.category, ins.importance,
                                  ins.scope, ins.access_count, ins.pinned) for ins in self.insights},
            "active": int(self.active[:n].sum()),
            "edges": sorted((self.insights[a].id, self.insights[b].id, EDGE_TYPES[c], round(w, 5))
                            for a, b, c, w in self.edge_keys()),
            "vectors": sorted(self.insights[r].id for r in range(n) if self.has_vec[r]),
            "model": self.model_id,
            "tokens": {ins.id: (self.token_sets[r], self.context_tokens[r]) for r, ins in enumerate(self.insights)},
            "entities": {k: sorted(self.insights[r].id for r in v) for k, v in self.entity_rows.items() if v},
        }
