"""A note's relevance to a prompt (mnemon.claude.relevance) and the engine's closeness signal it reads.

With an embedder, a note counts its closeness in meaning to the prompt on top of the words it
shares: the similarity above the level unrelated text reaches for that model, so a paraphrase
("receipts go out through Postmark" for "which mail provider sends our receipts?") ranks above
notes that merely share a word. Every example is made up."""

from __future__ import annotations

from pathlib import Path

import pytest

from mnemon.claude.relevance import CLOSENESS_WEIGHT, relevance
from mnemon.engine.embedders import LocalEmbedder
from mnemon.engine.evidence import CLOSENESS_BELOW, vector_only_floor
from mnemon.engine.memory import Memory
from mnemon.engine.model import Insight


def _insight(importance: int = 3) -> Insight:
    return Insight(id="n1", content="a note", category="fact", importance=importance)


def test_closeness_counts_only_when_the_prompt_may_be_answered_by_meaning() -> None:
    signals = {"own": 0.2, "coverage": 0.3, "closeness": 0.5}
    words = relevance(_insight(), signals)
    assert words == pytest.approx((0.2 + 0.5 * 0.1) * 0.95)
    assert relevance(_insight(), signals, by_meaning=True) == pytest.approx(words + CLOSENESS_WEIGHT * 0.5 * 0.95)
    assert relevance(_insight(), {"own": 0.2, "coverage": 0.3}, by_meaning=True) == pytest.approx(words)


def test_recall_reports_closeness_above_the_model_s_unrelated_level(tmp_path: Path, local: LocalEmbedder) -> None:
    with Memory.open(tmp_path / "m.db", embedder=local) as memory:
        near = str(memory.remember("receipts go out through Postmark, the transactional email service", scope="p",
                                   no_diff=True).id)
        far = str(memory.remember("tabs, not spaces, in every makefile of this repo", scope="p", no_diff=True).id)
        query = "which mail provider sends our receipts?"
        hits = {h.insight.id: h.signals for h in memory.recall(query, scopes=["p"], query_vector=local.embed_query(query)).hits}
        start = vector_only_floor(local.model_id) - CLOSENESS_BELOW
        assert hits[near]["similarity"] > start and 0 < hits[near]["closeness"] <= 1
        assert hits[near]["closeness"] == pytest.approx((hits[near]["similarity"] - start) / (1 - start), abs=1e-6)
        assert hits.get(far, {}).get("closeness", 0.0) < hits[near]["closeness"]
    with Memory.open(tmp_path / "m.db") as words_only:  # no embedder: nothing is measured by meaning
        assert all("closeness" not in h.signals for h in words_only.recall(query, scopes=["p"]).hits)
