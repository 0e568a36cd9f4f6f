"""Recall behaviour: intent, causal order, determinism, floor, filters before anchoring."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import FakeEmbedder

from mnemon.engine import recall as recall_mod
from mnemon.engine import text as text_mod
from mnemon.engine.memory import Memory
from mnemon.engine.recall import detect_intent
from mnemon.errors import InvalidInput


@pytest.fixture
def mem(tmp_path: Path) -> Memory:
    m = Memory.open(tmp_path / "r.db")
    yield m
    m.close()


@pytest.mark.parametrize(
    ("query", "intent"),
    [
        ("why did we pick SQLite?", "WHY"),
        ("what was the reason for the rewrite", "WHY"),
        ("when did we migrate the database", "WHEN"),
        ("timeline of the outage", "WHEN"),
        ("tell me about Qdrant", "ENTITY"),
        ("who is the owner of billing", "ENTITY"),
        ("database choices", "GENERAL"),
        ("为什么选择 SQLite", "WHY"),
        ("什么时候发布", "WHEN"),
        ("Qdrant 是什么", "ENTITY"),
    ],
)
def test_intent_detection(query: str, intent: str) -> None:
    assert detect_intent(query) == intent


def test_intent_override_and_validation(mem: Memory) -> None:
    mem.remember("cache invalidation strategy uses TTLs", scope="p")
    assert mem.recall("cache strategy", intent="when").intent == "WHEN"
    with pytest.raises(InvalidInput):
        mem.recall("cache", intent="HOW")
    with pytest.raises(InvalidInput):
        mem.recall("cache", limit=0)
    with pytest.raises(InvalidInput):
        mem.recall("x" * 5000)


def test_why_returns_causes_first(mem: Memory) -> None:
    t = 1_700_000_000.0
    a = mem.remember("The payment API has strict latency budgets of 50 ms", scope="p", created_at=t).id
    b = mem.remember("Because of the payment API latency budgets we added a Redis cache", scope="p",
                     created_at=t + 60).id
    c = mem.remember("The Redis cache therefore needs an eviction policy for payment latency", scope="p",
                     created_at=t + 120).id
    # make the chain explicit as well as automatic
    mem.link(a, b, type="causal")
    mem.link(b, c, type="causal")
    hits = mem.recall("why do we need a Redis cache eviction policy for payment latency", scopes=["p"]).hits
    order = [h.insight.id for h in hits]
    assert {a, b, c} <= set(order)
    assert order.index(a) < order.index(b) < order.index(c)


def test_same_query_same_order(mem: Memory) -> None:
    for i in range(40):
        mem.remember(f"service {i % 5} deploys with helm chart version {i % 3} on cluster", scope="p",
                     no_diff=True, created_at=1_700_000_000.0 + (i % 4))
    first = [h.insight.id for h in mem.recall("helm chart cluster deploys", scopes=["p"], touch=False).hits]
    assert first
    for _ in range(20):
        again = [h.insight.id for h in mem.recall("helm chart cluster deploys", scopes=["p"], touch=False).hits]
        assert again == first


def test_unrelated_query_returns_nothing(mem: Memory) -> None:
    for text in ("We deploy the API with Kubernetes and Helm", "Postgres holds billing data",
                 "Use ruff for linting Python code", "The frontend is built with React and Vite"):
        mem.remember(text, scope="p")
    res = mem.recall("banana smoothie recipe with oat milk", scopes=["p"])
    assert res.hits == ()
    assert res.meta["reason"]


def test_unrelated_query_with_vectors_returns_nothing(tmp_path: Path) -> None:
    with Memory.open(tmp_path / "v.db", embedder=FakeEmbedder()) as m:
        for text in ("We deploy the API with Kubernetes and Helm", "Postgres holds billing data"):
            m.remember(text, scope="p")
        res = m.recall("banana smoothie recipe with oat milk", scopes=["p"])
        assert res.hits == ()


def test_filters_apply_before_anchoring(mem: Memory) -> None:
    # many strong matches in project a, one weak match in project b
    for i in range(60):
        mem.remember(f"terraform state locking with dynamodb table {i}", scope="a", no_diff=True)
    target = mem.remember("terraform notes for the small project", scope="b").id
    hits = mem.recall("terraform state locking dynamodb", scopes=["b"], limit=5).hits
    assert [h.insight.id for h in hits] == [target]
    cats = mem.recall("terraform state locking", categories=["decision"]).hits
    assert cats == ()
    mem.remember("decided: terraform state lives in S3 with locking", category="decision", scope="a")
    cats = mem.recall("terraform state locking", categories=["decision"]).hits
    assert [h.insight.category for h in cats] == ["decision"]


def test_source_and_time_filters(mem: Memory) -> None:
    mem.remember("grafana dashboard for latency", source="assistant", scope="p", created_at=1000.0)
    late = mem.remember("grafana dashboard for errors", source="user", scope="p", created_at=5000.0).id
    assert [h.insight.id for h in mem.recall("grafana dashboard", sources=["user"]).hits] == [late]
    assert [h.insight.id for h in mem.recall("grafana dashboard", since=2000.0).hits] == [late]
    assert len(mem.recall("grafana dashboard", until=6000.0).hits) == 2


def test_exclude_ids(mem: Memory) -> None:
    a = mem.remember("sentry alert routing to pagerduty", scope="p").id
    b = mem.remember("sentry alert thresholds for errors", scope="p").id
    assert [h.insight.id for h in mem.recall("sentry alert", exclude_ids=[a]).hits] == [b]


def test_graph_brings_in_neighbour(mem: Memory) -> None:
    t = 1_700_000_000.0
    q = mem.remember("What did you think of the concert in Lisbon?", scope="p", source="user", created_at=t).id
    ans = mem.remember("It was amazing, the band played for three hours.", scope="p", source="assistant",
                       created_at=t + 5).id
    for i in range(10):
        mem.remember(f"unrelated chatter number {i} about gardening tomatoes", scope="p", created_at=t + 1000 + i,
                     no_diff=True)
    hits = mem.recall("concert in Lisbon", scopes=["p"]).hits
    ids = [h.insight.id for h in hits]
    assert ids[0] == q
    assert ans in ids and hits[ids.index(ans)].via == "temporal"


def test_signals_exposed(mem: Memory) -> None:
    mem.remember("Qdrant was chosen as the vector database", entities=["Qdrant"], scope="p")
    hit = mem.recall("tell me about Qdrant").hits[0]
    assert set(hit.signals) >= {"keyword", "entity", "similarity", "graph"}
    assert hit.signals["entity"] == 1.0 and hit.via in ("keyword", "entity")


def test_recall_with_vectors_finds_paraphrase(tmp_path: Path) -> None:
    with Memory.open(tmp_path / "p.db", embedder=FakeEmbedder()) as m:
        target = m.remember("nightly backup job copies postgres dumps to s3", scope="p").id
        m.remember("the office coffee machine is broken again", scope="p")
        hits = m.recall("postgres dumps backup", scopes=["p"]).hits
        assert hits[0].insight.id == target and hits[0].signals["similarity"] > 0.3


def test_superseded_is_demoted_but_retrievable(mem: Memory) -> None:
    old = mem.remember("We use Jenkins for CI pipelines on the monorepo", category="decision", scope="p").id
    new = mem.remember("We switched from Jenkins to GitHub Actions for CI pipelines on the monorepo",
                       category="decision", scope="p").id
    hits = mem.recall("CI pipelines monorepo", scopes=["p"]).hits
    assert hits[0].insight.id == new
    assert mem.get(old).content.startswith("We use Jenkins")


def test_month_in_query_favours_memories_from_that_month(mem: Memory) -> None:
    july = mem.remember("we went camping by the lake", scope="p", created_at=1_689_000_000.0).id  # July 2023
    mem.remember("we went camping in the mountains", scope="p", created_at=1_696_000_000.0)  # Sept 2023
    hits = mem.recall("when did we go camping in July?", scopes=["p"]).hits
    assert hits[0].insight.id == july and hits[0].signals["time"] == 1.0


def test_context_finds_a_reply_by_the_question_it_answers(mem: Memory) -> None:
    reply = mem.remember("They loved the dinosaur bones and asked to go back next week.", scope="p",
                         context="How did your kids like the natural history museum?").id
    mem.remember("The museum cafe was closed for renovation.", scope="p")
    hits = mem.recall("what did the kids think of the natural history museum", scopes=["p"]).hits
    assert hits[0].insight.id == reply
    assert "dinosaur" in hits[0].insight.content and "museum" not in hits[0].insight.content


def test_context_is_redacted(tmp_path: Path) -> None:
    with Memory.open(tmp_path / "c.db") as m:
        rid = m.remember("deploy finished", scope="p", context="token=ghp_abcdefghijklmnopqrstuvwxyz0123456789").id
        assert "ghp_" not in m.get(rid).context
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    assert b"ghp_abcdefghijklmnopqrstuvwxyz0123456789" not in raw


MIXED_TEXTS = (
    "Deploy note 1: the canary ran clean; noted by Sofia",
    "A state-of-the-art cache, sized for the snake_case keys in user_sessions",
    "state of the art? not quite: the cache misses on cold starts",
    "The café's menu moved to the cafe-menu service (Zoë's idea)",
    "部署脚本在周五运行，数据库迁移在周一",
    "数据库连接池的大小是二十",
    "don't page the on-call for paged disks; pages go to #ops",
)


def test_fts5_counts_the_tokens_ram_counts(mem: Memory) -> None:
    # the keyword index holds the engine's own tokens: for every token RAM counts, FTS5
    # matches exactly the rows that hold it (porter unicode61 split "state-of-the-art" and
    # "snake_case" into words, folded "café" into "cafe" and kept CJK runs whole)
    for i, content in enumerate(MIXED_TEXTS):
        mem.remember(content, scope="p", no_diff=True, tags=["ops-notes"] if i % 2 else [],
                     context="what did sofia say about the cache?" if i == 3 else "")
    st = mem._st
    assert st.token_df
    with mem._reading() as conn:
        for token, df in st.token_df.items():
            rows = {st.seq_row[seq] for (seq,) in conn.execute(
                "SELECT rowid FROM insights_fts WHERE insights_fts MATCH ?", (text_mod.fts_phrase(token),))}
            holders = {r for r in range(len(st)) if token in st.token_sets[r] or token in st.context_tokens[r]}
            assert rows >= holders and len(rows) == df, token


def test_keyword_budget_keeps_the_rarest_tokens(mem: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    # the posting budget reads RAM's token counts, which are FTS5's ("noted" and "note" are one
    # token to both): the common word is dropped from the search, the rare ones kept
    monkeypatch.setattr(recall_mod, "KEYWORD_POSTINGS", 20)
    for i in range(30):
        mem.remember(f"deploy note {i}: the canary ran clean", scope="p", no_diff=True)
    for i in range(2):
        mem.remember(f"sofia sized the redis cache, attempt {i}", scope="p", no_diff=True)
    assert mem._st.token_df.get(text_mod.stem("noted"), 0) == 30
    df = mem._st.token_df
    match = text_mod.fts_query("noted sofia cache", freq=lambda t: df.get(t, 0), budget=20)
    assert match == '"sofia" OR "cach"'
    hits = mem.recall("what sofia noted about the cache", limit=5).hits
    assert hits and all("sofia" in h.insight.content for h in hits)


def test_chinese_queries_match_by_bigrams(mem: Memory) -> None:
    # the index holds CJK bigrams as RAM does: a query sharing a bigram finds the memory
    for content in MIXED_TEXTS:
        mem.remember(content, scope="p", no_diff=True)
    hits = mem.recall("数据库迁移什么时候", scopes=["p"]).hits
    assert hits and "数据库迁移" in hits[0].insight.content


def test_took_ms_counts_the_keyword_search(mem: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    # the search runs before the ranking, outside the lock; the engine's time still includes it
    import time

    mem.remember("vault rotates the database password nightly", scope="p")
    real = recall_mod.keyword_hits

    def slow(*args: object, **kwargs: object) -> list[tuple[int, float]]:
        time.sleep(0.05)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(recall_mod, "keyword_hits", slow)
    result = mem.recall("vault database password")
    assert result.hits and result.meta["took_ms"] >= 50


def test_a_row_scores_the_same_alone_or_in_a_batch(tmp_path: Path) -> None:
    """Evidence is scored for many rows at once; each row's figures are its own arithmetic, so
    scoring it alone gives the same bits (a recall's results cannot depend on the batching)."""
    import numpy as np

    with Memory.open(tmp_path / "b.db", embedder=FakeEmbedder()) as m:
        for i in range(40):
            m.remember(f"Service {i % 5} in May 2024 uses redis for its cache and postgres for billing run {i}",
                       scope="p", entities=["Redis"] if i % 3 else ["Postgres"], created_at=1_714_000_000.0 + 3600 * i,
                       context="about the cache" if i % 2 else "", no_diff=True)
        st = m._st
        mask = st.active[: len(st)].copy()
        query = "why does redis cache billing in May 2024"
        q = recall_mod.prepare(st, query, None, m.embedder.embed_query(query))
        kw = recall_mod.keyword_hits(m._conn, st, query, mask, ["p"])
        sig = recall_mod.signals(st, q, kw, mask)
        a = recall_mod.anchors(st, q, sig)
        assert a is not None and q.periods and q.entities
        rows = list(range(len(st)))
        together = a.evidence.score(rows)
        alone = np.concatenate([a.evidence.score([r]) for r in rows])
        assert together.tobytes() == alone.tobytes()
        assert (together > 0).any()


def test_a_captured_memorys_labels_are_not_words_but_a_persons_tags_are(tmp_path: Path) -> None:
    with Memory.open(tmp_path / "m.db") as mem:
        labelled = [mem.remember(f"the {what} job writes parquet files nightly", scope="p",
                                 tags=[text_mod.CAPTURE_TAG, "note", "fact"]).id for what in ("ledger", "audit", "usage")]
        table = mem.remember("one row per order line in the orders table", scope="p").id
        tagged = mem.remember("billing moved to Postgres for its row locks", scope="p", tags=["fact-sheet"]).id
        assert all(h.insight.id not in labelled for h in mem.recall("fact", scopes=["p"]).hits)
        assert mem.recall("fact table for orders", scopes=["p"]).hits[0].insight.id == table
        assert mem.recall("fact-sheet", scopes=["p"]).hits[0].insight.id == tagged


def test_a_note_holding_the_query_past_the_anchors_is_ranked(mem: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    # a long note that says what the query asks ranks below short ones for BM25 and the fused rank; past
    # the anchors, with no edge from them, the re-rank never saw it, though it holds every word asked for
    monkeypatch.setattr(recall_mod, "ANCHORS", 2)
    day = 86400.0
    filler = " ".join(f"word{i}" for i in range(80))
    target = mem.remember(f"to rotate the webhook signing key, {filler}", scope="p", no_diff=True,
                          source="assistant", created_at=1_600_000_000).id
    other = " ".join(f"term{i}" for i in range(80))
    weak = mem.remember(f"the webhook payloads, {other}", scope="p", no_diff=True, source="tool",
                        created_at=1_500_000_000).id
    for i in range(4):
        mem.remember(f"rotate webhook signing key {i}", scope="p", no_diff=True, created_at=1_700_000_000 + i * 60 * day)
    assert not mem._st.adj_code[mem._st.index[target]]  # nothing leads to it: only its words can
    hits = {h.insight.id for h in mem.recall("rotate the webhook signing key", scopes=["p"], limit=20).hits}
    assert target in hits
    assert weak not in hits  # a row past the anchors holding one of the words asked for stays out
