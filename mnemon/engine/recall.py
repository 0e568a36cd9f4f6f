"""Smart recall: intent, filters, anchors, a beam over the graph, re-ranking and a relevance floor.

Pipeline, all over the RAM state plus one FTS5 query:

1. **Intent**: WHY / WHEN / ENTITY / GENERAL from English and Chinese cues (overridable).
2. **Filters first**: scopes, categories, sources, time range and exclusions build one row
   mask before any anchor is chosen (applied afterwards, they would not bound what is
   returned); forgotten rows are never candidates.
3. **Anchors** by weighted reciprocal-rank fusion (k = 60) of: BM25 keyword hits (FTS5, the
   query's content words OR-ed), vector hits (one matrix-vector product) and matches on
   selective entities (IDF weighted). Recency is not fused: ranking the newest memories
   regardless of relevance surfaces noise, and on LoCoMo it cost recall; it only breaks ties.
4. **Beam search** from the anchors over the adjacency arrays, with the intent's edge-type
   weights and beam parameters. Scores decay multiplicatively along a path (an additive path
   score made far nodes outrank near ones).
   A few pool rows past the anchors that hold the query's words about as well as the best anchor
   join at their direct score, though no edge led to them (:func:`past_anchors`).
5. **Re-rank** with per-intent weights over keyword coverage (IDF weighted), entity match,
   similarity, graph score and the fused anchor score; the embedding-less table is used when
   there is no query vector. Superseded memories are demoted x0.25.
6. **Relevance floor**: a result needs direct evidence (a keyword or entity match, or a strong
   similarity) or a strong graph tie to an anchor that has it, and a final score above the floor;
   an unrelated query returns nothing, and ``meta["reason"]`` says why.
7. **Order**: score, then newer first, then id: deterministic. WHY results are topologically
   sorted along causal edges (Kahn), causes first.
"""

from __future__ import annotations

import heapq
import math
import re
import sqlite3
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from mnemon.engine import concepts, fts, postings, text, vectors
from mnemon.engine.checks import check_list, check_str, check_time
from mnemon.engine.evidence import Evidence, vector_only_floor
from mnemon.engine.model import CATEGORIES, EDGE_TYPES, INTENTS, MAX_LIMIT, MAX_QUERY
from mnemon.engine.state import CATEGORY_CODE, State, among
from mnemon.errors import InvalidInput

RRF_K = 60
ANCHORS = 24
DIRECT_POOL = 100
REACHED_SCORED = 60  # graph-reached nodes outside the pool whose own evidence is scored
# the best pool rows past the anchors that the beam did not reach: this many are looked at, and those holding
# at least this share of the query's words the best anchor holds, and this share of the query's words (IDF
# weighted), join the re-rank (:func:`past_anchors`)
PAST_ANCHORS = 8
PAST_ANCHOR_SHARE = 0.8
PAST_ANCHOR_MIN = 0.25
KEYWORD_FETCH = 60
KEYWORD_POSTINGS = 1500  # most rows FTS5 may score per query
# below this share of live rows in a scoped mask, FTS5's global best rarely hold KEYWORD_FETCH of
# them (an even spread needs a quarter): join the scope filter in SQL from the start
SELECTIVE_SHARE = 0.3
VECTOR_FETCH = 60

_WHY = re.compile(r"\b(why|reasons?|because|causes?|caused|motivation|rationale|how come)\b|为什么|原因|理由|为何", re.I)
_WHEN = re.compile(
    r"\b(when|what time|date|dates|before|after|during|timeline|history|sequence|first time|last time|"
    r"how long ago|which (?:day|month|year|week))\b|什么时候|何时|时间|哪天", re.I)
_ENTITY = re.compile(r"\b(what is|what's|who is|who's|tell me about|describe|about)\b|是什么|谁是|关于", re.I)

# edge-type weights per intent (causal, temporal, entity, semantic); supersedes rides low.
EDGE_WEIGHTS = {
    "WHY": {"causal": 0.70, "temporal": 0.20, "entity": 0.05, "semantic": 0.05, "supersedes": 0.05},
    "WHEN": {"causal": 0.15, "temporal": 0.65, "entity": 0.10, "semantic": 0.10, "supersedes": 0.05},
    "ENTITY": {"causal": 0.10, "temporal": 0.05, "entity": 0.55, "semantic": 0.30, "supersedes": 0.05},
    "GENERAL": {"causal": 0.25, "temporal": 0.25, "entity": 0.25, "semantic": 0.25, "supersedes": 0.05},
}
# beam width, max depth, max visited
BEAM = {"WHY": (15, 5, 500), "WHEN": (10, 5, 400), "ENTITY": (10, 4, 400), "GENERAL": (10, 4, 500)}
SIGNAL_WEIGHTS = {"keyword": 1.0, "vector": 0.8, "entity": 0.6}
ENTITY_SELECTIVE = 0.05
STEP_DECAY = 0.8
IDF_MIN_N = 200  # IDF is computed as if the store held at least this many memories
CENTRALITY = 0.05
SUPERSEDED_FACTOR = 0.25
FLOOR = 0.12
GRAPH_ONLY_FLOOR = 0.35


@dataclass(frozen=True)
class Filters:
    """A recall's arguments, checked (:func:`filters`): the query and which memories may answer."""

    query: str
    limit: int
    intent: str | None
    scopes: list[str]
    categories: list[str]
    sources: list[str]
    since: float | None
    until: float | None
    exclude_ids: tuple[str, ...]

    def mask(self, st: State) -> np.ndarray:
        """The live rows of ``st`` these filters allow."""
        n = len(st)
        mask = st.active[:n].copy()
        if self.scopes:
            codes = [st.scopes[s] for s in self.scopes if s in st.scopes]
            mask &= among(st.scope_code[:n], codes)
        if self.categories:
            mask &= among(st.cat_code[:n], [CATEGORY_CODE[c] for c in self.categories])
        if self.sources:
            codes = [st.sources[s] for s in self.sources if s in st.sources]
            mask &= among(st.source_code[:n], codes)
        if self.since is not None:
            mask &= st.created[:n] >= self.since
        if self.until is not None:
            mask &= st.created[:n] <= self.until
        if self.exclude_ids:  # up to hundreds of ids (inject's already-injected notes): one assignment
            index = st.index
            rows = [row for row in map(index.get, (ex for ex in self.exclude_ids if isinstance(ex, str)))
                    if row is not None]
            mask[rows] = False
        return mask


def filters(query: str, *, limit: int, intent: str | None, scopes: Sequence[str] | None,
            categories: Sequence[str] | None, sources: Sequence[str] | None, since: float | None,
            until: float | None, exclude_ids: Iterable[str]) -> Filters:
    """Check a recall's arguments; a bad one is an error naming it."""
    query = check_str("query", query, max_len=MAX_QUERY)
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise InvalidInput(f"limit must be an integer from 1 to {MAX_LIMIT}")
    if intent is not None:
        intent = str(intent).upper()
        if intent not in INTENTS:
            raise InvalidInput(f"unknown intent {intent!r}; choose one of {', '.join(INTENTS)}")
    cats = check_list("categories", categories, max_items=len(CATEGORIES), max_len=32) if categories else []
    for c in cats:
        if c not in CATEGORIES:
            raise InvalidInput(f"unknown category {c!r}; choose one of {', '.join(CATEGORIES)}")
    return Filters(query=query, limit=limit, intent=intent,
                   scopes=check_list("scopes", scopes, max_items=64, max_len=1024) if scopes else [],
                   categories=cats,
                   sources=check_list("sources", sources, max_items=64, max_len=64) if sources else [],
                   since=check_time("since", since), until=check_time("until", until),
                   exclude_ids=tuple(exclude_ids))


def detect_intent(query: str) -> str:
    why = len(_WHY.findall(query))
    when = len(_WHEN.findall(query))
    if why > when:
        return "WHY"
    if when > why:
        return "WHEN"
    if why and when:
        return "WHY"
    if _ENTITY.search(query):
        return "ENTITY"
    return "GENERAL"


@dataclass
class Scored:
    row: int
    score: float
    via: str
    signals: dict[str, float]


def keyword_hits(conn: sqlite3.Connection, st: State, query: str, mask: np.ndarray,
                 scopes: list[str] | None, *, fetch: int = 0,
                 max_terms: int = 32, expand: bool = True,
                 index: postings.Postings | None = None) -> list[tuple[int, float]]:
    """(row, bm25 score > 0) of FTS5 matches inside the mask, best first.

    The keyword index holds the engine's own tokens (:mod:`mnemon.engine.fts`), so how many
    rows FTS5 matches for a query token is ``st.token_df`` (give or take the rows that hold it
    only among their entities): the query keeps its rarest tokens within KEYWORD_POSTINGS
    postings without asking FTS5.

    When the mask holds most live rows, FTS5 is asked alone for its best matches and they are
    filtered by the mask. When the scopes make it selective (a project's memories in a store
    of many projects), or that filtering leaves too few, the query joins the scope filter in
    SQL, so filters apply before ranking: one query instead of a wasted one and a second.

    With ``index`` (the state's postings in RAM, :mod:`mnemon.engine.postings`, synced by the
    caller under the engine's lock) the same two queries are answered from RAM, with the same
    results. Without it, needs no engine lock: it reads the caller's own mask, ``st.seq_row``
    (single lookups) and FTS5 through ``conn``; a row committed after the mask was taken lies
    beyond it and is skipped."""
    fetch = fetch or KEYWORD_FETCH
    df = st.token_df
    if expand:
        mates = concepts.expand(text.query_tokens(query)).words
        query = f"{query} {' '.join(mates)}" if mates else query
        max_terms += len(mates)
    terms = text.fts_terms(query, max_terms=max_terms, freq=lambda token: df.get(token, 0), budget=KEYWORD_POSTINGS)
    if not terms:
        return []
    match = " OR ".join(map(text.fts_phrase, terms))
    bm25 = fts.BM25
    want = fetch * 4
    selective = bool(scopes) and int(np.count_nonzero(mask)) < SELECTIVE_SHARE * max(st.active_count, 1)
    if index is not None and index.covers(st) and all(map(postings.single_token, terms)):
        return index.hits(terms, mask, scopes, fetch=fetch, selective=selective)
    try:
        if not selective:
            rows = conn.execute(f"SELECT rowid, {bm25} FROM insights_fts WHERE insights_fts MATCH ? "
                                "ORDER BY 2 LIMIT ?", (match, want)).fetchall()
            out = _masked(st, rows, mask, fetch)
            if len(out) >= fetch or len(rows) < want:
                return out
        sql = (f"SELECT insights_fts.rowid, {bm25} FROM insights_fts "
               "JOIN insights ON insights.seq = insights_fts.rowid "
               "WHERE insights_fts MATCH ? AND insights.deleted_at IS NULL")
        params: list[Any] = [match]
        if scopes:
            sql += f" AND insights.scope IN ({','.join('?' * len(scopes))})"
            params.extend(scopes)
        sql += " ORDER BY 2 LIMIT ?"
        params.append(want)
        return _masked(st, conn.execute(sql, params).fetchall(), mask, fetch)
    except sqlite3.OperationalError:
        return []


def _masked(st: State, rows: list[tuple[int, float]], mask: np.ndarray, fetch: int) -> list[tuple[int, float]]:
    out = []
    seq_row = st.seq_row
    allowed = mask.tobytes()
    size = len(allowed)
    for seq, score in rows:
        row = seq_row.get(seq)
        if row is not None and row < size and allowed[row]:
            out.append((row, -float(score)))
            if len(out) >= fetch:
                break
    return out


@dataclass(frozen=True)
class Query:
    """One recall's question, prepared against the state once (:func:`prepare`): what every
    stage reads. ``idf`` weighs the query's words by how rare they are in the store, ``mates``
    are their concept-group mates, ``entities`` the query's entities the store knows."""

    text: str
    intent: str
    tokens: frozenset[str]
    periods: Any
    idf: dict[str, float]
    idf_total: float
    mates: dict[str, frozenset[str]]
    entities: set[str]
    vector: np.ndarray | None
    active: int  # live memories (at least 1)


def prepare(st: State, query: str, intent: str | None, query_vector: np.ndarray | None) -> Query:
    qtokens = text.query_tokens(query)
    N = max(st.active_count, 1)
    n_idf = max(N, IDF_MIN_N)  # a young store's counts say little: every word would look rare
    # in sorted order, not the set's: every score sums these weights term by term, and a set's order
    # (string hashing) differs per process, so two daemon runs would round tied notes apart differently
    idf = {t: math.log(1 + (n_idf - st.token_df.get(t, 0) + 0.5) / (st.token_df.get(t, 0) + 0.5))
           for t in sorted(qtokens)}
    qents = {text.normalise_entity(e) for e in text.extract_entities(query, known=st.entity_rows)}
    qents = {e for e in qents if e in st.entity_rows}
    return Query(text=query, intent=intent or detect_intent(query), tokens=qtokens, periods=text.time_periods(query),
                 idf=idf, idf_total=sum(idf.values()), mates=concepts.expand(qtokens).mates, entities=qents,
                 vector=query_vector, active=N)


@dataclass
class Signals:
    """Stage 1: the rows each signal ranks (keyword, vector, entity), best first."""

    ranked: dict[str, list[int]]
    bm25: dict[int, float]
    sims: np.ndarray | None  # every row's similarity to the query vector (None: no vectors)
    mask: np.ndarray  # the rows allowed
    allowed: bytes  # the mask as bytes: byte indexing is far cheaper than numpy scalar indexing


def _best(rows: np.ndarray, *keys: np.ndarray) -> np.ndarray:
    """``rows`` ordered by ``keys`` (each best first when smallest), then by row: a total order."""
    return rows[np.lexsort((rows, *reversed(keys)))]


def signals(st: State, q: Query, keyword: list[tuple[int, float]], mask: np.ndarray) -> Signals:
    n = len(st)
    ranked: dict[str, list[int]] = {}
    kw = [(row, s) for row, s in keyword if mask[row]]  # a row forgotten since the search is out
    ranked["keyword"] = [row for row, _ in kw]
    sims: np.ndarray | None = None
    if q.vector is not None and st.dim and q.vector.shape[0] == st.dim:
        valid = mask[:n] & st.has_vec[:n]
        if valid.any():
            sims = vectors.similarities(st.matrix[:n], q.vector.astype(np.float32))
            masked = np.where(valid, sims, -2.0)
            k = min(VECTOR_FETCH, int(valid.sum()))
            top = np.argpartition(-masked, k - 1)[:k]
            top = top[np.lexsort((top, -masked[top]))]
            ranked["vector"] = top[masked[top] > 0.1].tolist()
    allowed = mask[:n]
    ent_score = np.zeros(n)
    for ent in sorted(q.entities):  # each row's weights summed in one order, whatever the process's hashing
        rows = st.entity_rows[ent]
        if len(rows) > max(ENTITY_SELECTIVE * q.active, 20):
            continue  # an entity most memories mention ranks nothing (RRF would still reward it)
        w = math.log(1 + q.active / max(len(rows), 1))
        recent = np.asarray(rows[-500:], np.int64)
        np.add.at(ent_score, recent[allowed[recent]], w)
    hit = np.flatnonzero(ent_score)
    ranked["entity"] = _best(hit, -ent_score[hit], -st.created[hit])[:VECTOR_FETCH].tolist()
    return Signals(ranked=ranked, bm25=dict(kw), sims=sims, mask=allowed, allowed=allowed.tobytes())


@dataclass
class Anchors:
    """Stage 2: the signals fused by reciprocal rank, the pool's direct scores, and the anchors
    (the best rows with direct evidence) the beam starts from."""

    fused: dict[int, float]
    first_via: dict[int, str]
    evidence: Evidence
    direct: dict[int, float]
    rows: list[int]


def anchors(st: State, q: Query, sig: Signals) -> Anchors | None:
    fused: dict[int, float] = defaultdict(float)
    first_via: dict[int, str] = {}
    for name, rows in sig.ranked.items():
        w = SIGNAL_WEIGHTS[name]
        for rank, r in enumerate(rows):
            fused[r] += w / (RRF_K + rank + 1)
            if r not in first_via:
                first_via[r] = name
    if not fused:
        return None
    fused_rows = np.fromiter(fused, np.int64, len(fused))
    evidence = Evidence(st, q, sig, fused, fused_rows)
    by_fused = np.fromiter(fused.values(), np.float64, len(fused))
    pool = _best(fused_rows, -by_fused, -st.created[fused_rows])[:DIRECT_POOL]
    score = evidence.score(pool.tolist())
    some = score > 0
    chosen = _best(pool[some], -score[some], -st.created[pool[some]])[:ANCHORS]
    return Anchors(fused, first_via, evidence, dict(zip(pool.tolist(), score.tolist(), strict=True)), chosen.tolist())


def beam(st: State, q: Query, a: Anchors, allowed: bytes) -> tuple[dict[int, float], dict[int, str], int]:
    """Stage 3: from the anchors over the graph, the intent's edge weights decaying along a path.
    Returns each reached row's best score, the edge type it was reached by, and edges visited."""
    width, depth, max_visited = BEAM[q.intent]
    ew = EDGE_WEIGHTS[q.intent]
    top_w = max(ew.values())
    type_factor = [STEP_DECAY * ew[t] / top_w for t in EDGE_TYPES]
    graph: dict[int, float] = {r: a.direct[r] for r in a.rows}
    graph_via: dict[int, str] = {}
    visited = 0
    frontier = [(-graph[r], r) for r in a.rows]
    level = 0
    while frontier and level < depth and visited < max_visited:
        nxt: list[tuple[float, int]] = []
        for neg, node in heapq.nsmallest(width, frontier):
            base = -neg
            if base < graph.get(node, 0.0) - 1e-12:
                continue  # a better path to this node was found since it was queued
            for c, weight in zip(st.adj_code[node], st.adj_weight[node], strict=True):
                other = c >> 4
                if not allowed[other]:
                    continue
                score = base * type_factor[c & 15] * (weight if weight < 1.0 else 1.0)
                visited += 1
                if score > graph.get(other, 0.0) + 1e-12:
                    graph[other] = score
                    graph_via[other] = EDGE_TYPES[c & 15]
                    nxt.append((-score, other))
            if visited >= max_visited:
                break
        frontier = nxt
        level += 1
    return graph, graph_via, visited


def past_anchors(a: Anchors, graph: dict[int, float]) -> None:
    """Add to ``graph`` (at their direct score) the best PAST_ANCHORS pool rows with direct evidence
    that are neither anchors nor reached by the beam, those that hold nearly as many of the query's
    words as the best anchor (PAST_ANCHOR_SHARE of its own coverage) and a fair share of them
    (PAST_ANCHOR_MIN), and are not superseded. Without this the re-rank never saw them: in a large
    project a note that says what the query asks in its words, but is long or matched on common
    words (a low BM25 and fused rank), lost its place among the anchors to notes holding one rarer
    word, and no edge led to it. A row holding one word of a long query adds little evidence, and a
    superseded one would be shown through its successor, which need not hold those words at all."""
    if not a.rows:
        return
    waiting = heapq.nsmallest(PAST_ANCHORS, ((-score, r) for r, score in a.direct.items() if score > 0 and r not in graph))
    if not waiting:
        return
    evidence = a.evidence
    need = max(PAST_ANCHOR_SHARE * max(evidence.measured(r)["own"] for r in a.rows), PAST_ANCHOR_MIN)
    for neg, r in waiting:
        if evidence.measured(r)["own"] >= need and not evidence.st.is_superseded(r):
            graph[r] = -neg


def rerank(st: State, a: Anchors, graph: dict[int, float], graph_via: dict[int, str], limit: int) -> list[Scored]:
    """Stages 4 and 5: every reached row scored by its direct evidence and its graph score (and
    centrality, and x0.25 when superseded); those under the relevance floor (before that
    factor) are dropped. The best ``limit`` by score, then newer first, then id."""
    direct, evidence = a.direct, a.evidence
    k, n = len(graph), len(evidence.fused)
    cands = np.fromiter(graph, np.int64, k)
    reach = np.fromiter(graph.values(), np.float64, k)
    degrees = st.degree[cands]
    degree_max = int(degrees.max(initial=0)) or 1
    d_of, scored_before = np.zeros(n), np.zeros(n, bool)
    d_of[list(direct)] = list(direct.values())
    scored_before[list(direct)] = True
    # nodes the traversal reached outside the anchor pool: score their own evidence only for
    # those the graph rates highest (the rest can only enter on their graph score)
    outside = ~scored_before[cands]
    reached_only = _best(cands[outside], -reach[outside])[:REACHED_SCORED]
    d_of[reached_only] = evidence.score(reached_only.tolist())
    d = d_of[cands]
    by_edge = np.zeros(n, bool)
    by_edge[np.fromiter(graph_via, np.int64, len(graph_via))] = True
    reached = np.where(by_edge[cands], reach, 0.0)
    g_sig = np.where(reached != 0, reached / np.maximum(np.maximum(d, reached), 1e-9), 0.0)
    top = np.maximum(d, reached)
    w_gr = evidence.w_graph
    score = top * (1.0 - w_gr) + w_gr * top * (0.5 + 0.5 * g_sig)
    score = score * (1.0 + CENTRALITY * np.minimum(degrees, degree_max) / degree_max)
    keep = ((d > 0) | (reached >= GRAPH_ONLY_FLOOR)) & (score >= FLOOR)
    superseded = np.zeros(k, bool)
    if st.superseded_by:
        superseded[keep] = [st.is_superseded(r) for r in cands[keep].tolist()]
    # ranked low, but kept: the caller may want what replaces it (inject does)
    score = np.where(superseded, score * SUPERSEDED_FACTOR, score)
    chosen = _top(st, np.flatnonzero(keep), score, cands, limit)
    out = []
    for i in chosen:
        r, dr = int(cands[i]), float(d[i])
        sig = evidence.measured(r)
        sig["graph"] = float(g_sig[i])
        sig["direct"] = dr
        if superseded[i]:
            sig["superseded"] = 1.0
        out.append(Scored(r, float(score[i]), graph_via[r] if dr <= 0 else a.first_via.get(r, "keyword"), sig))
    return out


def _top(st: State, keep: np.ndarray, score: np.ndarray, cands: np.ndarray, limit: int) -> list[int]:
    """The best ``limit`` of ``keep`` (indices into ``cands``) by score, then newer first, then id.
    numpy orders by the first two; the id decides among the few that tie on both."""
    created = st.created[cands[keep]]
    order = keep[np.lexsort((-created, -score[keep]))]
    if len(order) > limit:  # whatever ties with the last one kept competes for its place
        last = order[limit - 1]
        edge = (score[order] == score[last]) & (st.created[cands[order]] == st.created[cands[last]])
        order = order[: max(limit, int(np.flatnonzero(edge)[-1]) + 1)]
    by = order.tolist()
    return sorted(by, key=lambda i: (-score[i], -st.created[cands[i]], st.insights[int(cands[i])].id))[:limit]


def recall(
    st: State,
    query: str,
    *,
    keyword: list[tuple[int, float]],
    mask: np.ndarray,
    limit: int,
    intent: str | None,
    query_vector: np.ndarray | None,
    started: float | None = None,
) -> tuple[list[Scored], str, dict[str, Any]]:
    """The ranked hits inside ``mask``; ``keyword`` is :func:`keyword_hits` for the same mask,
    searched beforehand (outside the engine's lock). ``meta["took_ms"]`` counts from
    ``started`` (the search's start, so it includes the search) or else from this call.

    The stages, in order: :func:`prepare` (the query object), :func:`signals`, :func:`anchors`,
    :func:`beam`, :func:`rerank` (with the floor), then the order."""
    t0 = time.perf_counter() if started is None else started
    intent = intent or detect_intent(query)
    n = len(st)
    meta: dict[str, Any] = {"intent": intent, "candidates": int(np.count_nonzero(mask[:n])),
                            "vector_floor": vector_only_floor(st.model_id)}
    if n == 0 or not mask[:n].any():
        meta["reason"] = "empty" if n == 0 else "no memory matches the filters"
        return [], intent, meta
    q = prepare(st, query, intent, query_vector)
    sig = signals(st, q, keyword, mask)
    a = anchors(st, q, sig)
    if a is None:
        meta["reason"] = "no keyword, entity or vector match"
        meta["took_ms"] = round((time.perf_counter() - t0) * 1000, 3)
        return [], intent, meta
    graph, graph_via, visited = beam(st, q, a, sig.allowed)
    past_anchors(a, graph)
    scored = rerank(st, a, graph, graph_via, limit)
    if intent == "WHY" and len(scored) > 1:
        scored = causal_order(st, scored)
    meta.update({"anchors": len(a.rows), "visited": visited, "considered": len(graph),
                 "signals": sorted(k for k, v in sig.ranked.items() if v), "floor": FLOOR,
                 "took_ms": round((time.perf_counter() - t0) * 1000, 3)})
    if not scored:
        meta["reason"] = "nothing passed the relevance floor"
    return scored, intent, meta


def causal_order(st: State, scored: list[Scored]) -> list[Scored]:
    """Kahn's algorithm over causal edges among the results: causes first; ties keep score
    order; rows on cycles are appended in score order."""
    rows = [s.row for s in scored]
    pos = {r: i for i, r in enumerate(rows)}
    indeg = {r: 0 for r in rows}
    out_edges: dict[int, list[int]] = {r: [] for r in rows}
    for r in rows:
        for eff in st.causal_out.get(r, ()):
            if eff in pos and eff != r:
                out_edges[r].append(eff)
                indeg[eff] += 1
    ready = [pos[r] for r in rows if indeg[r] == 0]
    heapq.heapify(ready)
    order: list[int] = []
    while ready:
        i = heapq.heappop(ready)
        r = rows[i]
        order.append(r)
        for eff in out_edges[r]:
            indeg[eff] -= 1
            if indeg[eff] == 0:
                heapq.heappush(ready, pos[eff])
    placed = set(order)
    order.extend(r for r in rows if r not in placed)
    by_row = {s.row: s for s in scored}
    return [by_row[r] for r in order]
