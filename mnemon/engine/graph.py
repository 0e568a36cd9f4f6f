"""The graph engine: which edges a new insight gets.

- temporal: a backbone edge to the latest insight of the same source in the same scope
  (weight 1.0) and proximity edges to up to 10 insights of the scope created within 24 h of
  it, weight 0.7^n / (1 + hours apart) for the n-th nearest (0-based);
- entity: per shared entity, up to 5 of the most recent insights holding it (cap 50 in all),
  weight = IDF ``max(ln(N/df) / ln(N), 0.1)`` so ubiquitous entities link weakly;
- causal: among the 10 nearest insights in time, when either text carries a causal cue and
  the token overlap ``|A∩B| / max(|A|,|B|)`` is at least 0.15; the side holding the cue is the
  effect; sub-type prevents > enables > causes by cue;
- semantic: cosine >= 0.80 auto-links the best 3; 0.40-0.80 are returned as candidates.
  Without vectors, token Jaccard >= 0.60 auto-links (a conservative stand-in: the reference's
  0.10 overlap linked nearly everything) and overlap >= 0.10 gives candidates.

Everything here reads the RAM state only; the engine writes the edges in its transaction.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from mnemon.engine import text, vectors
from mnemon.engine.state import State

PROXIMITY_WINDOW_H = 24.0
PROXIMITY_MAX = 10
# Turns of one conversation are minutes apart, where 1/(1+hours) is flat: the n-th nearest
# neighbour's weight is also scaled by this factor to the power n, so the adjacent turn leads.
PROXIMITY_POSITION_DECAY = 0.7
ENTITY_PER = 5
ENTITY_MAX = 50
CAUSAL_WINDOW = 10
CAUSAL_MIN_OVERLAP = 0.15
SEMANTIC_AUTO = 0.80
SEMANTIC_CANDIDATE = 0.40
SEMANTIC_AUTO_MAX = 3
TOKEN_AUTO = 0.60
TOKEN_CANDIDATE = 0.10
CANDIDATES_MAX = 5


@dataclass
class PlannedEdge:
    """An edge between an existing row ``other`` and the new insight; ``outgoing`` means the
    new insight is the edge's source (only meaningful for directed types)."""

    other: int
    type: str
    weight: float
    meta: dict[str, Any] = field(default_factory=dict)
    outgoing: bool = False


@dataclass(frozen=True)
class NewNode:
    """What the graph engine needs to know of an insight about to be stored (or re-linked)."""

    content: str
    tokens: frozenset[str]
    entities: tuple[str, ...]
    scope_code: int  # -1 when the scope is new
    source_code: int  # -1 when the source is new
    created: float
    vector: np.ndarray | None = None
    row: int = -1  # set when the insight already exists (re-linking after a vector arrives)


def nearest_in_time(st: State, scope_code: int, when: float, limit: int, window_h: float | None,
                    exclude: int = -1) -> list[int]:
    """Active rows of the scope nearest in time to ``when`` (closest first)."""
    line = st.timeline.get(scope_code, []) if scope_code >= 0 else []
    i = bisect.bisect_left(line, (when, -1))
    lo, hi = i - 1, i
    out: list[int] = []
    while len(out) < limit and (lo >= 0 or hi < len(line)):
        left = when - line[lo][0] if lo >= 0 else math.inf
        right = line[hi][0] - when if hi < len(line) else math.inf
        if left <= right:
            gap, row = left, line[lo][1]
            lo -= 1
        else:
            gap, row = right, line[hi][1]
            hi += 1
        if window_h is not None and gap > window_h * 3600:
            break
        if row != exclude:
            out.append(row)
    return out


def plan_edges(st: State, node: NewNode, scores: list[tuple[int, float, str]] | None = None) -> list[PlannedEdge]:
    """Every automatic edge for a new insight, from the RAM state alone (``scores``: the
    node's ``semantic_scores``, when the caller already has them)."""
    planned: list[PlannedEdge] = []
    sc, when = node.scope_code, node.created

    backbone = None
    for other in nearest_in_time(st, sc, when, 64, None, node.row):
        if int(st.source_code[other]) == node.source_code and st.created[other] <= when:
            backbone = other
            break
    if backbone is not None:
        planned.append(PlannedEdge(backbone, "temporal", 1.0, {"sub_type": "backbone"}))
    for position, other in enumerate(nearest_in_time(st, sc, when, PROXIMITY_MAX, PROXIMITY_WINDOW_H, node.row)):
        if other == backbone:
            continue
        hours = abs(when - float(st.created[other])) / 3600
        weight = PROXIMITY_POSITION_DECAY**position / (1.0 + hours)
        planned.append(PlannedEdge(other, "temporal", round(weight, 4),
                                   {"sub_type": "proximity", "hours_diff": round(hours, 2), "position": position}))

    n = max(st.active_count + 1, 2)
    linked: set[int] = set()
    for ent in node.entities:
        rows = st.entity_rows.get(text.normalise_entity(ent), ())
        df = len(rows) + 1
        idf = max(math.log(n / df) / math.log(n), 0.1) if n > df else 0.1
        holders: list[int] = []
        for other in reversed(rows):  # appended in insertion order: newest last
            if other != node.row and st.active[other]:
                holders.append(other)
                if len(holders) >= ENTITY_PER * 4:
                    break
        holders.sort(key=lambda r: (-st.created[r], -r))
        for other in holders[:ENTITY_PER]:
            if other in linked or len(linked) >= ENTITY_MAX:
                continue
            linked.add(other)
            planned.append(PlannedEdge(other, "entity", round(idf, 4), {"entity": ent}))

    my_cue = text.has_causal_cue(node.content)
    for other in nearest_in_time(st, sc, when, CAUSAL_WINDOW, None, node.row):
        their_text = st.insights[other].content
        their_cue = text.has_causal_cue(their_text)
        if not (my_cue or their_cue):
            continue
        ov = text.overlap(node.tokens, st.token_sets[other])
        if ov < CAUSAL_MIN_OVERLAP:
            continue
        cue_text = node.content if my_cue else their_text
        planned.append(PlannedEdge(other, "causal", round(ov, 4),
                                   {"overlap": round(ov, 4), "sub_type": text.causal_subtype(cue_text),
                                    "created_by": "auto"}, outgoing=not my_cue))

    planned.extend(semantic_edges(st, node, scores))
    return planned


def semantic_scores(st: State, node: NewNode, sims: np.ndarray | None = None) -> list[tuple[int, float, str]]:
    """(row, similarity, measure) of active insights most similar to the node, best first
    (``sims``: the node's cosine against every row, when the caller has computed it)."""
    n = len(st)
    vec = node.vector
    if vec is not None and st.dim and vec.shape[0] == st.dim and n:
        sims = vectors.similarities(st.matrix[:n], vec) if sims is None else sims[:n]
        mask = st.active[:n] & st.has_vec[:n]
        if 0 <= node.row < n:
            mask[node.row] = False
        sims = np.where(mask, sims, -1.0)
        k = min(16, n)
        top = np.argpartition(-sims, k - 1)[:k]
        top = top[np.lexsort((top, -sims[top]))]
        return [(int(r), float(sims[r]), "cosine") for r in top if sims[r] >= SEMANTIC_CANDIDATE]
    if not node.tokens:
        return []
    scored = []
    for other in nearest_in_time(st, node.scope_code, node.created, 200, None, node.row):
        ov = text.overlap(node.tokens, st.token_sets[other])
        if ov >= TOKEN_CANDIDATE:
            scored.append((other, ov, "overlap"))
    scored.sort(key=lambda t: (-t[1], t[0]))
    return scored[:16]


def semantic_edges(st: State, node: NewNode, scores: list[tuple[int, float, str]] | None = None) -> list[PlannedEdge]:
    out: list[PlannedEdge] = []
    for other, sim, measure in semantic_scores(st, node) if scores is None else scores:
        if sim >= (SEMANTIC_AUTO if measure == "cosine" else TOKEN_AUTO) and len(out) < SEMANTIC_AUTO_MAX:
            out.append(PlannedEdge(other, "semantic", round(sim, 4), {"created_by": "auto", measure: round(sim, 4)}))
    return out


def semantic_candidates(st: State, node: NewNode,
                        scores: list[tuple[int, float, str]] | None = None) -> list[dict[str, Any]]:
    out = []
    for other, sim, measure in semantic_scores(st, node) if scores is None else scores:
        auto = node.row >= 0 and st.has_edge(node.row, other, "semantic")
        ins = st.insights[other]
        out.append({"id": ins.id, "content": ins.content[:200], measure: round(sim, 4), "auto_linked": auto})
        if len(out) >= CANDIDATES_MAX:
            break
    return out


def causal_candidates(st: State, row: int, max_nodes: int = 10) -> list[dict[str, Any]]:
    """A 2-hop breadth-first neighbourhood of an insight, with a suggested causal sub-type."""
    seen = {row}
    frontier = [row]
    out: list[dict[str, Any]] = []
    for hop in (1, 2):
        nxt = []
        for node in frontier:
            for c in st.adj_code[node]:
                other = c >> 4
                if other in seen or not st.active[other]:
                    continue
                seen.add(other)
                nxt.append(other)
                if st.has_edge(row, other, "causal") or st.has_edge(other, row, "causal"):
                    continue
                ins = st.insights[other]
                out.append({"id": ins.id, "content": ins.content[:200], "hop": hop,
                            "suggested_sub_type": text.causal_subtype(ins.content + " " + st.insights[row].content)})
                if len(out) >= max_nodes:
                    return out
        frontier = nxt
    return out
