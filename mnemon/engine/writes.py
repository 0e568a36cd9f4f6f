"""The engine's writes of single memories: remember (validate, redact, embed, diff, store, then
RAM) and the edits (link, unlink, forget, restore, pin, scope). Each is one transaction with its
operation-log row; RAM changes only after the commit. Bound as methods of ``Memory``.

Part of the engine: imports the engine's own modules and ``mnemon.safety`` (through ``checks``).
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from mnemon.engine import fts, graph, lifecycle, rows, text, vectors
from mnemon.engine.checks import (
    check_list,
    check_metadata,
    check_str,
    check_time,
    is_uuid,
    redact_meta,
    redact_text,
    scan_text,
    time_now,
)
from mnemon.engine.diff import _exact_twins
from mnemon.engine.model import (
    CATEGORIES,
    DEFAULT_CATEGORY,
    DEFAULT_IMPORTANCE,
    DEFAULT_SOURCE,
    DIRECTED_EDGES,
    EDGE_CODE,
    EDGE_TYPES,
    GLOBAL_SCOPE,
    LINK_WEIGHT,
    MAX_CONTENT,
    MAX_ENTITIES,
    MAX_ENTITY_LEN,
    MAX_TAG_LEN,
    MAX_TAGS,
    Edge,
    Insight,
    RememberResult,
)
from mnemon.engine.rows import INSERT_EDGE
from mnemon.engine.state import (
    State,
    encode_tokens,
    token_sets_of,
)
from mnemon.errors import (
    CorruptData,
    EmbedderError,
    InvalidInput,
    LimitExceeded,
    NotFound,
    StorageError,
)

if TYPE_CHECKING:
    from mnemon.engine.memory import Memory


MAX_FORGET = 100_000  # memories forgotten in one call (a session or a project at a time)


@dataclass(frozen=True)
class Draft:
    """A memory to store, its arguments checked and its text screened (redacted, flagged)."""

    content: str
    context: str
    category: str
    importance: int
    tags: tuple[str, ...]
    entities: tuple[str, ...]  # those given; more are extracted under the lock
    source: str
    scope: str
    session_id: str | None
    origin: str | None
    metadata: dict[str, Any]
    created_at: float | None
    insight_id: str | None
    redacted: tuple[str, ...]
    flags: tuple[str, ...]


def remember(
    memory: Memory,
    content: str,
    *,
    category: str = DEFAULT_CATEGORY,
    importance: int = DEFAULT_IMPORTANCE,
    tags: Sequence[str] = (),
    entities: Sequence[str] = (),
    source: str = DEFAULT_SOURCE,
    scope: str = GLOBAL_SCOPE,
    session_id: str | None = None,
    metadata: dict[str, Any] | None = None,
    origin: str | None = None,
    created_at: float | None = None,
    no_diff: bool = False,
    embed: bool = True,
    vector: np.ndarray | None = None,
    context: str = "",
    insight_id: str | None = None,
) -> RememberResult:
    """Store one memory. See ``mnemon.engine.memory`` for the guarantees.

    ``context`` is text that situates the memory (for a captured reply, the prompt it
    answers): it is searched as keywords, so a memory can be found by what it was about as
    well as by its own words, but it is never part of the memory's content.

    ``insight_id`` (import) asks for that id, a UUID; it is used when no memory holds it,
    else the memory gets a new one (the result's ``id`` says which).

    Stages: check and screen (:func:`draft`), embed (:func:`_vector`), search for twins
    outside the lock through FTS5 (unless the keyword postings are in RAM: then under it), then
    under it: the diff, the transaction (:func:`_store`) and RAM (:func:`_apply`)."""
    d = draft(content, category=category, importance=importance, tags=tags, entities=entities, source=source,
              scope=scope, session_id=session_id, metadata=metadata, origin=origin, created_at=created_at,
              context=context, insight_id=insight_id)
    vec, embedded_model = _vector(memory, d.content, vector, embed)
    toks, ctx_toks = token_sets_of(d.content, list(d.tags), d.context)

    # With the keyword postings in RAM the diff searches under the lock in a fraction of a
    # millisecond: cheaper than taking the lock a second time and asking FTS5 outside it.
    searched = None if no_diff or memory._postings is not None else _search_twins(memory, d)
    with memory._lock:
        return _remember_locked(memory, d, vec, embedded_model, (toks, ctx_toks), searched, no_diff)


def _remember_locked(memory: Memory, d: Draft, vec: np.ndarray | None, embedded_model: str | None,
                     tokens: tuple[tuple[str, ...], tuple[str, ...]],
                     searched: tuple[State, int, tuple[np.ndarray, list[int]] | None] | None,
                     no_diff: bool) -> RememberResult:
    """:func:`remember` under the lock: the diff against what is stored, then the transaction and RAM."""
    if searched is not None and (memory._st is not searched[0] or memory._writes != searched[1]):
        searched = None  # written meanwhile: the search may have missed a twin, so it runs again
    st = memory._st
    if d.origin is not None and d.origin in st.origin_row:
        existing = st.insights[st.origin_row[d.origin]]
        return RememberResult(id=None, action="skipped", diff_suggestion="DUPLICATE",
                              duplicate_of=existing.id, redacted=d.redacted, flags=d.flags)
    if vec is not None and st.dim and vec.shape[0] != st.dim:
        vec = None  # a vector of another dimension is never mixed into the matrix
    digest = vectors.content_hash(d.content)
    tok_set = frozenset(tokens[0])
    sims = st.matrix[: len(st)] @ vec if (vec is not None and st.dim) else None
    suggestion, other, sim = ("ADD", -1, 0.0)
    if not no_diff:
        suggestion, other, sim = memory._diff(d.content, tok_set, digest, d.scope, d.category, sims,
                                              None if searched is None else searched[2], tags=d.tags,
                                              when=d.created_at)
    if suggestion == "DUPLICATE":
        memory._touch_rows([other], time_now())
        with memory._tx() as conn:
            memory._log(conn, "diff-skip", st.insights[other].id, {"similarity": round(sim, 4), "origin": d.origin})
        return RememberResult(id=None, action="skipped", diff_suggestion="DUPLICATE",
                              duplicate_of=st.insights[other].id, redacted=d.redacted, flags=d.flags)

    now = time_now()
    ins = _insight(st, d, digest, now)
    node = graph.NewNode(content=d.content, tokens=tok_set, entities=ins.entities,
                         scope_code=st.scopes.get(d.scope, -1), source_code=st.sources.get(d.source, -1),
                         created=ins.created_at, vector=vec if (vec is not None and st.dim) else None)
    sem_scores = graph.semantic_scores(st, node, sims)
    planned = graph.plan_edges(st, node, sem_scores)
    link = _Replacing(suggestion, other, sim, st.insights[other].id if other >= 0 else None, ins.created_at,
                      float(st.created[other]) if other >= 0 else 0.0)
    with memory._tx() as conn:
        seq = _store(memory, conn, d, ins, tokens, vec, embedded_model, planned, link, now)

    row = _apply(st, seq, d, ins, tokens, vec, embedded_model, planned, link)  # committed: now RAM
    try:  # the memory is committed: housekeeping failing must not report it as lost
        pruned = memory._auto_prune(now)
        memory._maybe_trim_oplog()
    except StorageError:
        pruned = 0
    node = replace(node, row=row, scope_code=int(st.scope_code[row]), source_code=int(st.source_code[row]))
    ei = float(lifecycle.effective_importance(st, now, np.array([row]))[0])
    return RememberResult(
        id=ins.id, action="updated" if link.superseded else "added", diff_suggestion=suggestion,
        superseded_id=link.superseded, edges_created=link.counts,
        semantic_candidates=tuple(graph.semantic_candidates(st, node, sem_scores)),
        causal_candidates=tuple(graph.causal_candidates(st, row)),
        embedded=bool(st.has_vec[row]), effective_importance=ei, auto_pruned=pruned,
        redacted=d.redacted, flags=d.flags,
    )


def _insight(st: State, d: Draft, digest: str, now: float) -> Insight:
    """The new memory's record: its id (the one asked for when free), its entities (those given and those
    extracted against the known ones) and its times."""
    all_entities = text.iter_unique(list(d.entities) + text.extract_entities(d.content, known=st.entity_rows))
    when = now if d.created_at is None else d.created_at
    new_id = d.insight_id if d.insight_id is not None and d.insight_id not in st.index else str(uuid.uuid4())
    return Insight(
        id=new_id, content=d.content, category=d.category, importance=d.importance, tags=d.tags,
        entities=tuple(all_entities[:MAX_ENTITIES]), source=d.source, scope=d.scope, session_id=d.session_id,
        created_at=when, updated_at=now, last_accessed_at=max(when, now), access_count=0,
        content_hash=digest, metadata=d.metadata, flags=d.flags, context=d.context.strip(),
    )


def _search_twins(memory: Memory, d: Draft) -> tuple[State, int, tuple[np.ndarray, list[int]] | None] | None:
    """The diff's keyword search, run outside the lock like recall's (see there), with the state
    and write count it saw: :func:`remember` uses it only if nothing was written since."""
    with memory._lock:
        st, written = memory._st, memory._writes
        mask = memory._diff_mask(st, d.scope, d.category)
    if mask is None:
        return st, written, None
    with memory._reading() as conn:
        return st, written, (mask, memory._diff_keyword(conn, st, d.content, mask, d.scope))


def draft(content: str, *, category: str, importance: int, tags: Sequence[str], entities: Sequence[str],
          source: str, scope: str, session_id: str | None, metadata: dict[str, Any] | None, origin: str | None,
          created_at: float | None, context: str, insight_id: str | None) -> Draft:
    """Check every argument of :func:`remember` (a bad one is an error naming it, before
    anything is stored) and screen the text: secrets and ``<private>`` spans redacted, an
    instruction aimed at the model flagged."""
    content = check_str("content", content, max_len=MAX_CONTENT)
    context = check_str("context", context, max_len=MAX_CONTENT, allow_empty=True)
    if category not in CATEGORIES:
        raise InvalidInput(f"unknown category {category!r}; choose one of {', '.join(CATEGORIES)}")
    if isinstance(importance, bool) or not isinstance(importance, int) or not 1 <= importance <= 5:
        raise InvalidInput(f"importance must be an integer from 1 to 5, got {importance!r}")
    tag_list = check_list("tags", tags, max_items=MAX_TAGS, max_len=MAX_TAG_LEN)
    given_entities = check_list("entities", entities, max_items=MAX_ENTITIES, max_len=MAX_ENTITY_LEN)
    source = check_str("source", source, max_len=64).strip()
    scope = check_str("scope", scope, max_len=1024).strip()
    if session_id is not None:
        session_id = check_str("session_id", session_id, max_len=256)
    if origin is not None:
        origin = check_str("origin", origin, max_len=512)
    meta = check_metadata(metadata)
    when = check_time("created_at", created_at)
    if insight_id is not None and not is_uuid(insight_id):
        raise InvalidInput(f"id must be a UUID such as {uuid.uuid4()}, got {str(insight_id)[:80]!r}")

    kinds: set[str] = set()
    content, found = redact_text(content)
    kinds.update(found)
    if not content.strip():
        raise InvalidInput("nothing left to remember after removing <private> content and secrets")
    if context.strip():
        context, found = redact_text(context)
        kinds.update(found)
    tag_list = [redact_text(t)[0] for t in tag_list]
    given_entities = [redact_text(e)[0] for e in given_entities]
    meta = redact_meta(meta, kinds)
    flags = ("injection",) if scan_text(content) else ()
    return Draft(content=content, context=context, category=category, importance=importance, tags=tuple(tag_list),
                 entities=tuple(given_entities), source=source, scope=scope, session_id=session_id, origin=origin,
                 metadata=meta, created_at=when, insight_id=insight_id, redacted=tuple(sorted(kinds)), flags=flags)


def _vector(memory: Memory, content: str, vector: np.ndarray | None, embed: bool) -> tuple[np.ndarray | None, str | None]:
    """The memory's vector and its model: the one given, else the embedder's (None when there is
    none, or it failed: the embed queue tries again later)."""
    if vector is not None:
        vec = vectors.normalise(np.asarray(vector, dtype=np.float32))
        return vec, getattr(memory.embedder, "model_id", None) or memory._st.model_id or "external"
    if embed and memory.embedder is not None:
        try:
            return vectors.normalise(memory.embedder.embed_passages([content])[0]), memory.embedder.model_id
        except (EmbedderError, CorruptData):
            return None, None
    return None, None


@dataclass
class _Replacing:
    """What the diff found the new memory replaces (``superseded``) or is replaced by
    (``replaced_by``: a statement captured late, older than the one stored), and the edge
    counts :func:`_apply` fills in."""

    suggestion: str
    other: int
    sim: float
    other_id: str | None
    when: float
    other_created: float
    counts: dict[str, int] = field(default_factory=lambda: {t: 0 for t in ("temporal", "entity", "causal",
                                                                           "semantic")})

    @property
    def superseded(self) -> str | None:
        if self.suggestion in ("UPDATE", "CONFLICT") and not self.outdated:
            return self.other_id
        return None

    @property
    def outdated(self) -> bool:
        # a statement captured late (an older transcript imported now) is itself the one replaced
        return self.suggestion in ("UPDATE", "CONFLICT") and self.other_created > self.when

    @property
    def replaced_by(self) -> str | None:
        return self.other_id if self.outdated else None


def _store(memory: Memory, conn: sqlite3.Connection, d: Draft, ins: Insight,
           tokens: tuple[tuple[str, ...], tuple[str, ...]], vec: np.ndarray | None, embedded_model: str | None,
           planned: Sequence[graph.PlannedEdge], link: _Replacing, now: float) -> int:
    """The new memory's rows, in the caller's transaction: the insight, its keyword-index entry,
    entities, vector, edges and the operation-log row. Returns its ``seq``."""
    from mnemon.engine.rescreen import SCREEN_VERSION

    st = memory._st
    cur = conn.execute(rows.INSERT_INSIGHT, rows.insight_values(
        ins, origin=d.origin, tokens=encode_tokens(tokens[0]), context_tokens=encode_tokens(tokens[1]),
        tokens_version=text.TOKENS_VERSION, screened=SCREEN_VERSION))
    seq = int(cur.lastrowid or 0)
    fts.insert(conn, seq, ins.content, ins.tags, ins.entities, ins.context)
    conn.executemany("INSERT OR IGNORE INTO insight_entities (insight_id, entity) VALUES (?, ?)",
                     [(ins.id, text.normalise_entity(e)) for e in ins.entities])
    if vec is not None and embedded_model:
        memory._write_vector(conn, ins.id, embedded_model, vec, ins.content_hash)
    edge_rows = []
    for p in planned:
        src, dst = (seq, st.row_seq[p.other])
        if p.type in DIRECTED_EDGES:
            if not p.outgoing:
                src, dst = dst, src
        else:
            src, dst = dst, src  # symmetric: the older row is the stored source
        edge_rows.append((src, dst, EDGE_CODE[p.type], p.weight, json.dumps(p.meta), now))
    if link.superseded or link.outdated:
        newer, older = (seq, st.row_seq[link.other]) if link.superseded else (st.row_seq[link.other], seq)
        edge_rows.append((newer, older, EDGE_CODE["supersedes"], 1.0,
                          json.dumps({"similarity": round(link.sim, 4), "diff": link.suggestion}), now))
    conn.executemany(INSERT_EDGE, edge_rows)
    memory._log(conn, "remember", ins.id, {
        "action": "updated" if link.superseded else "added", "diff": link.suggestion,
        "superseded_id": link.superseded, "superseded_by": link.replaced_by, "category": d.category,
        "scope": d.scope, "source": d.source, "origin": d.origin, "redacted": list(d.redacted),
        "flags": list(d.flags)})
    return seq


def _apply(st: State, seq: int, d: Draft, ins: Insight, tokens: tuple[tuple[str, ...], tuple[str, ...]],
           vec: np.ndarray | None, embedded_model: str | None, planned: Sequence[graph.PlannedEdge],
           link: _Replacing) -> int:
    """The committed memory into RAM (its row, vector and edges); counts edges into ``link``."""
    row = int(st.add_insight(seq, ins, d.origin, tokens))
    if vec is not None and embedded_model and (st.model_id in (None, embedded_model)):
        st.set_vector(row, vec, embedded_model, ins.content_hash)
    for p in planned:
        if p.type in DIRECTED_EDGES:
            a, b = (row, p.other) if p.outgoing else (p.other, row)
        else:
            a, b = p.other, row
        st.add_edge(a, b, p.type, p.weight)
        link.counts[p.type] = link.counts.get(p.type, 0) + 1
    if link.superseded:
        st.add_edge(row, link.other, "supersedes", 1.0)
    elif link.outdated:
        st.add_edge(link.other, row, "supersedes", 1.0)
    return row


def _write_vector(memory: Memory, conn: sqlite3.Connection, insight_id: str, model: str, vec: np.ndarray,
                  digest: str) -> None:
    conn.execute(
        "INSERT OR REPLACE INTO embeddings (insight_id, model, dim, dtype, content_hash, vector) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (insight_id, model, int(vec.shape[0]), vectors.DTYPE_TAG, digest, vectors.encode(vec)))


def link(memory: Memory, source_id: str, target_id: str, *, type: str, weight: float = LINK_WEIGHT,
         metadata: dict[str, Any] | None = None) -> Edge:
    if type not in EDGE_TYPES:
        raise InvalidInput(f"unknown edge type {type!r}; choose one of {', '.join(EDGE_TYPES)}")
    if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not 0 < weight <= 1:
        raise InvalidInput(f"weight must be a number in (0, 1], got {weight!r}")
    meta = check_metadata(metadata)
    meta.setdefault("created_by", "manual")
    if type == "causal":
        sub = meta.get("sub_type", "causes")
        if sub not in ("causes", "enables", "prevents"):
            raise InvalidInput("causal sub_type must be causes, enables or prevents")
        meta["sub_type"] = sub
    with memory._lock:
        st = memory._st
        a, b = memory._row(source_id, live=True), memory._row(target_id, live=True)
        if a == b:
            raise InvalidInput("a memory cannot be linked to itself")
        x, y = (b, a) if type not in DIRECTED_EDGES and a > b else (a, b)
        now = time_now()
        with memory._tx() as conn:
            conn.execute(INSERT_EDGE, (st.row_seq[x], st.row_seq[y], EDGE_CODE[type], float(weight),
                                        json.dumps(meta), now))
            memory._log(conn, "link", st.insights[x].id,
                      {"target": st.insights[y].id, "type": type, "weight": float(weight)})
        st.add_edge(a, b, type, float(weight))
        return Edge(st.insights[a].id, st.insights[b].id, type, float(weight), meta, now)


def unlink(memory: Memory, source_id: str, target_id: str, *, type: str | None = None) -> int:
    if type is not None and type not in EDGE_TYPES:
        raise InvalidInput(f"unknown edge type {type!r}; choose one of {', '.join(EDGE_TYPES)}")
    with memory._lock:
        st = memory._st
        a, b = memory._row(source_id), memory._row(target_id)
        types = [type] if type else list(EDGE_TYPES)
        removed = []
        for t in types:
            x, y = (a, b) if t in DIRECTED_EDGES else (min(a, b), max(a, b))
            if st.has_edge(x, y, t):
                removed.append((x, y, t))
        if not removed:
            raise NotFound("no such link; see the memory's links with `mnemon show ID`")
        with memory._tx() as conn:
            for x, y, t in removed:
                conn.execute("DELETE FROM graph_edges WHERE src = ? AND dst = ? AND type = ?",
                             (st.row_seq[x], st.row_seq[y], EDGE_CODE[t]))
                memory._log(conn, "unlink", st.insights[x].id, {"target": st.insights[y].id, "type": t})
        for x, y, t in removed:
            st.remove_edge(x, y, t)
        return len(removed)


def forget(memory: Memory, insight_id: str, *, reason: str = "user", at: float | None = None) -> Insight:
    """Soft delete: out of recall and traversal at once; kept on disk for `show` and audit.
    ``at``: when it was forgotten, if not now (an import of a memory forgotten before)."""
    with memory._lock:
        st = memory._st
        row = memory._row(insight_id, live=True)
        now = time_now() if at is None else at
        with memory._tx() as conn:
            conn.execute("UPDATE insights SET deleted_at = ? WHERE id = ?", (now, st.insights[row].id))
            memory._log(conn, "forget", st.insights[row].id, {"reason": reason})
        st.replace_insight(row, replace(st.insights[row], deleted_at=now))
        st.deactivate(row)
        return st.insights[row]


def _check_ids(insight_ids: Sequence[str], verb: str) -> None:
    """The ids a batch forget or restore was given: a non-empty list, at most :data:`MAX_FORGET`."""
    if not isinstance(insight_ids, (list, tuple)) or not insight_ids:
        raise InvalidInput(f"give at least one memory id to {verb}")
    if len(insight_ids) > MAX_FORGET:
        raise LimitExceeded(f"{len(insight_ids)} ids given; {verb} at most {MAX_FORGET} at once")


def forget_many(memory: Memory, insight_ids: Sequence[str], *, reason: str = "user") -> list[Insight]:
    """Forget several memories in one transaction (each logged); all or none. Ids already
    forgotten or unknown are refused before anything is written."""
    _check_ids(insight_ids, "forget")
    with memory._lock:
        st = memory._st
        rows = list(dict.fromkeys(memory._row(i, live=True) for i in insight_ids))
        now = time_now()
        with memory._tx() as conn:
            for row in rows:
                iid = st.insights[row].id
                conn.execute("UPDATE insights SET deleted_at = ? WHERE id = ?", (now, iid))
                memory._log(conn, "forget", iid, {"reason": reason, "batch": len(rows)})
        for row in rows:
            st.replace_insight(row, replace(st.insights[row], deleted_at=now))
            st.deactivate(row)
        return [st.insights[r] for r in rows]


def restore(memory: Memory, insight_ids: Sequence[str]) -> list[Insight]:
    """Undo a forget: forgotten (or pruned) memories back in recall, as they were, in one
    transaction (each logged). A memory already purged (``retention_days`` after it was
    forgotten) is no longer known; one that is not forgotten is refused before anything is written."""
    _check_ids(insight_ids, "restore")
    with memory._lock:
        st = memory._st
        rows = list(dict.fromkeys(memory._row(i) for i in insight_ids))
        live = [st.insights[r].short_id for r in rows if st.active[r]]
        if live:
            raise InvalidInput(f"not forgotten, nothing to restore: {', '.join(live)}")
        for row in rows:  # remembered again since it was forgotten: a second copy would only crowd recall
            ins = st.insights[row]
            twins = _exact_twins(memory, st, ins.content_hash, ins.scope) if ins.content_hash else []
            if twins:
                raise InvalidInput(f"{ins.short_id} is not restored: {st.insights[twins[0]].short_id} holds the same "
                                   "text, remembered again since it was forgotten (nothing was restored)")
        with memory._tx() as conn:
            for row in rows:
                conn.execute("UPDATE insights SET deleted_at = NULL WHERE id = ?", (st.insights[row].id,))
                memory._log(conn, "restore", st.insights[row].id, {"batch": len(rows)})
        for row in rows:
            st.replace_insight(row, replace(st.insights[row], deleted_at=None))
            st.activate(row)
        return [st.insights[r] for r in rows]


def pin(memory: Memory, insight_id: str, *, on: bool = True) -> Insight:
    """Pin (or unpin) a memory: a pinned memory neither decays nor is pruned."""
    with memory._lock:
        st = memory._st
        row = memory._row(insight_id, live=True)
        ins = st.insights[row]
        if ins.pinned == bool(on):
            return ins
        with memory._tx() as conn:
            conn.execute("UPDATE insights SET pinned = ? WHERE id = ?", (int(bool(on)), ins.id))
            memory._log(conn, "pin" if on else "unpin", ins.id, {})
        st.replace_insight(row, replace(ins, pinned=bool(on)))
        return st.insights[row]


def set_scope(memory: Memory, insight_id: str, scope: str) -> Insight:
    """Move a memory to another scope (``global`` or a project). Its edges stay as they are;
    recall, injection and the brief follow the new scope at once."""
    scope = check_str("scope", scope, max_len=1024).strip()
    with memory._lock:
        st = memory._st
        row = memory._row(insight_id, live=True)
        ins = st.insights[row]
        if ins.scope == scope:
            return ins
        with memory._tx() as conn:
            conn.execute("UPDATE insights SET scope = ? WHERE id = ?", (scope, ins.id))
            memory._log(conn, "scope", ins.id, {"from": ins.scope, "to": scope})
        st.rescope(row, replace(ins, scope=scope))
        return st.insights[row]
