"""Scoring injected blocks against probes, and the figures per kind.

A block is compared case-folded and whitespace-normalised (:func:`bench.coding.corpus.norm`):

* **hit**: one of the probe's ``expect_any`` strings is in the block (probes that expect
  something; irrelevant probes have no hit);
* **clean**: none of its ``forbid`` strings is (every probe);
* **both**: hit and clean (probes that expect something);
* **abstention**: the block is empty (reported for irrelevant probes, where it is the goal);
* **size**: the block's characters, 0 when empty; mean and p95 over the probes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from bench.coding.corpus import norm
from bench.coding.model import KINDS, Probe


@dataclass(frozen=True)
class Verdict:
    hit: bool | None  # None when the probe expects nothing
    clean: bool
    empty: bool
    chars: int
    forbidden: tuple[str, ...]  # the forbidden strings found

    def to_dict(self) -> dict[str, object]:
        return {"hit": self.hit, "clean": self.clean, "empty": self.empty, "chars": self.chars,
                "forbidden_found": list(self.forbidden)}


def judge(block: str, probe: Probe) -> Verdict:
    text = norm(block)
    hit = any(norm(e) in text for e in probe.expect_any) if probe.expect_any else None
    found = tuple(f for f in probe.forbid if norm(f) in text)
    empty = not block.strip()
    return Verdict(hit, not found, empty, 0 if empty else len(block), found)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0-100) by the nearest-rank method; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return float(ordered[rank - 1])


def _share(items: list[Verdict], test: Callable[[Verdict], object]) -> float | None:
    if not items:
        return None
    return round(sum(1 for v in items if test(v)) / len(items), 4)


def figures(verdicts: Iterable[Verdict]) -> dict[str, object]:
    """n, hit, clean, both, the share of empty blocks and the sizes of a group of verdicts."""
    vs = list(verdicts)
    expecting = [v for v in vs if v.hit is not None]
    share = _share

    chars = [v.chars for v in vs]
    return {
        "n": len(vs),
        "hit": share(expecting, lambda v: v.hit),
        "clean": share(vs, lambda v: v.clean),
        "both": share(expecting, lambda v: v.hit and v.clean),
        "empty": share(vs, lambda v: v.empty),
        "mean_chars": round(sum(chars) / len(chars), 1) if chars else 0.0,
        "p95_chars": percentile(chars, 95),
    }


def summarise(probes: Sequence[Probe], verdicts: Sequence[Verdict]) -> dict[str, object]:
    """Figures overall and per kind, plus the abstention rate on irrelevant probes."""
    by_kind: dict[str, dict[str, object]] = {}
    for kind in KINDS:
        mine = [v for p, v in zip(probes, verdicts, strict=True) if p.kind == kind]
        if mine:
            by_kind[kind] = figures(mine)
    overall = figures(verdicts)
    irrelevant = [v for p, v in zip(probes, verdicts, strict=True) if p.expect_empty]
    overall["abstention"] = round(sum(1 for v in irrelevant if v.empty) / len(irrelevant), 4) if irrelevant else None
    overall["irrelevant_with_planted_fact"] = sum(1 for v in irrelevant if not v.clean)
    overall["irrelevant"] = len(irrelevant)
    return {"overall": overall, "by_kind": by_kind}
