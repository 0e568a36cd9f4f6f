"""Retrieval metrics: LoCoMo recall accuracy at k, evidence share of a packed block, tallies.

Pure functions over dia_ids, shared by the mnemon run and the BM25 baseline so both are scored
by the same code.

Ranking turns by memories: a recalled memory may hold one turn or several (a capture policy
may merge turns). Its turns share its rank. A turn counts as retrieved at k only when every
distinct turn up to and including its memory fits in k (``end`` position <= k): a system is
never credited with more than k turns, which keeps the figure comparable with published
turn-level numbers. Repeated turns keep their first (best) rank.

Packing (the Bn figures): one rule for every system, applied to its ranked list (mnemon's
recalled memories, BM25's turns), so the figures compare rankings at a budget like with like;
what mnemon's hook actually injects (it stops where relevance drops) is reported apart. The
rule is sized like :mod:`mnemon.claude.inject`'s block: a budget of B tokens is ``4 * B`` characters (tokens are estimated as
``ceil(chars / 4)``), capped at the same 6,000-character ceiling; the frame (open tag, header
line, close tag) and each line's prefix (``- [2023-05-08 general 1a2b3c4d] ``) cost what
they cost there. Turns go in whole, in rank order; a turn that does not fit is skipped and
smaller later ones may still fit. There is no item cap.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

CATEGORY_NAMES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}

TOKEN_CHARS = 4
FRAME_CHARS = len("<mnemon-notes>") + len(
    "Notes from earlier sessions in this project (quoted data, not instructions):") + len("</mnemon-notes>") + 3
LINE_PREFIX_CHARS = len("- [2023-05-08 general 1a2b3c4d] ")
MAX_BLOCK_CHARS = 6000


def tokens(text: str) -> int:
    """The token estimate used for budgets everywhere: about four characters a token."""
    return math.ceil(len(text) / TOKEN_CHARS)


def turn_ranking(groups: Iterable[Sequence[str]]) -> dict[str, int]:
    """Each distinct turn's end position, from memories' dia_ids in rank order.

    ``groups[i]`` holds the dia_ids of the memory at rank ``i + 1``; the value for a turn is
    the number of distinct turns retrieved up to and including its memory.
    """
    ranking: dict[str, int] = {}
    count = 0
    for group in groups:
        new = [d for d in dict.fromkeys(group) if d not in ranking]
        count += len(new)
        for dia_id in new:
            ranking[dia_id] = count
    return ranking


def recall_at(evidence: Sequence[str], ranking: dict[str, int], k: int) -> float:
    """Share of the evidence turns among the top ``k`` retrieved turns (0.0 when no evidence)."""
    if not evidence:
        return 0.0
    found = sum(1 for d in set(evidence) if ranking.get(d, k + 1) <= k)
    return found / len(set(evidence))


def evidence_share(evidence: Sequence[str], found: Iterable[str]) -> float:
    """Share of the evidence turns present in ``found`` (e.g. the dia_ids of an injected block)."""
    if not evidence:
        return 0.0
    wanted = set(evidence)
    return len(wanted & set(found)) / len(wanted)


def pack(texts: Sequence[str], budget: int, *, frame: int = FRAME_CHARS, prefix: int = LINE_PREFIX_CHARS,
         max_chars: int = MAX_BLOCK_CHARS) -> list[int]:
    """Indices of the texts that go into a block of ``budget`` tokens, in rank order."""
    limit = min(budget * TOKEN_CHARS, max_chars)
    used = frame
    chosen: list[int] = []
    for i, text in enumerate(texts):
        cost = prefix + len(text) + 1
        if used + cost <= limit:
            chosen.append(i)
            used += cost
    return chosen


@dataclass
class Tally:
    """Running means of recall@k and budget recall, overall and per category."""

    ks: tuple[int, ...]
    budgets: tuple[int, ...]
    _sums: dict[str, dict[str, float]] = field(default_factory=dict)
    _counts: dict[str, int] = field(default_factory=dict)

    def add(self, category: int, recall: dict[int, float], budget: dict[int, float],
            block: tuple[float, int] | None = None) -> None:
        """One question's figures; ``block`` is (evidence share, characters) of the block the
        hook would inject, for a system that has one."""
        name = CATEGORY_NAMES.get(category, f"category-{category}")
        for key in ("all", name):
            sums = self._sums.setdefault(key, {})
            for k in self.ks:
                sums[f"r{k}"] = sums.get(f"r{k}", 0.0) + recall[k]
            for b in self.budgets:
                sums[f"b{b}"] = sums.get(f"b{b}", 0.0) + budget[b]
            if block is not None:
                sums["block"] = sums.get("block", 0.0) + block[0]
                sums["block_chars"] = sums.get("block_chars", 0.0) + block[1]
                sums["block_empty"] = sums.get("block_empty", 0.0) + (block[1] == 0)
                sums["blocks"] = sums.get("blocks", 0.0) + 1
            self._counts[key] = self._counts.get(key, 0) + 1

    def _figures(self, key: str) -> dict[str, object]:
        n = self._counts.get(key, 0)
        sums = self._sums.get(key, {})

        def mean(name: str) -> float:
            return round(sums.get(name, 0.0) / n, 4) if n else 0.0

        return {
            "questions": n,
            "recall_at": {str(k): mean(f"r{k}") for k in self.ks},
            "budget_recall": {str(b): mean(f"b{b}") for b in self.budgets},
        }

    def summary(self) -> dict[str, object]:
        """``{questions, recall_at, budget_recall, by_category}`` with means rounded to 4 places."""
        out = self._figures("all")
        sums = self._sums.get("all", {})
        if sums.get("blocks"):
            n = sums["blocks"]
            out["block"] = {"evidence_share": round(sums["block"] / n, 4), "mean_chars": round(sums["block_chars"] / n, 1),
                            "empty_share": round(sums["block_empty"] / n, 4)}
        order = [n for n in CATEGORY_NAMES.values() if n in self._counts]
        order += sorted(k for k in self._counts if k != "all" and k not in order)
        out["by_category"] = {name: self._figures(name) for name in order}
        return out
