"""The keyword postings in RAM (mnemon.engine.postings): FTS5's own ranking, bit for bit, and
kept current by writes, forgets, supersedes and purges."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from mnemon.engine import fts, postings, text
from mnemon.engine import recall as recall_mod
from mnemon.engine.memory import Memory

WORDS = ("cache redis postgres deploy billing invoice retry backoff timeout pool worker queue kafka "
         "lock await migration index schema nginx proxy token session auth login report export").split()


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[Memory]:
    m = Memory.open(tmp_path / "p.db")
    yield m
    m.close()


def _fill(mem: Memory, n: int, seed: int = 3) -> list[str]:
    rng = random.Random(seed)
    ids = []
    for i in range(n):
        words = [rng.choice(WORDS) for _ in range(rng.randint(3, 14))]
        if i % 7 == 0:
            words.append("café-crème")  # non-ASCII: FTS5's tokenizer path, not str.split
        ids.append(mem.remember(" ".join(words) + f" item{i}.", scope="p" if i % 3 else "q",
                                tags=[rng.choice(WORDS)] if i % 2 else [], entities=["Redis"] if i % 5 == 0 else [],
                                context=" ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 6))),
                                no_diff=True, created_at=1_700_000_000.0 + i).id)
    return ids


def _fts(mem: Memory, terms: list[str], limit: int = 1000) -> list[tuple[int, float]]:
    match = " OR ".join(map(text.fts_phrase, terms))
    return [(seq, -score) for seq, score in mem._conn.execute(
        f"SELECT rowid, {fts.BM25} FROM insights_fts WHERE insights_fts MATCH ? ORDER BY 2 LIMIT ?", (match, limit))]


def _ram(mem: Memory, terms: list[str]) -> list[tuple[int, float]]:
    mem.warm()
    index = mem._keywords()
    assert index is not None
    order, score = index.scores(terms)
    return [(mem._st.row_seq[r], s) for r, s in zip(order.tolist(), score.tolist(), strict=True)]


def test_scores_equal_fts5_bit_for_bit(mem: Memory) -> None:
    ids = _fill(mem, 120)
    for insight_id in ids[::9]:
        mem.forget(insight_id)  # forgotten rows stay in the keyword index: FTS5 counts them
    rng = random.Random(5)
    queries = [[w] for w in WORDS] + [[rng.choice(WORDS) for _ in range(rng.randint(2, 6))] for _ in range(60)]
    queries += [["café-crème", "redis"], ["item7"], ["nosuchword", "cache"]]
    for terms in queries:
        terms = list(dict.fromkeys(terms))
        assert _ram(mem, terms) == _fts(mem, terms), terms


def test_ties_come_in_rowid_order_like_fts5(mem: Memory) -> None:
    for i in range(30):
        mem.remember("the retry queue backs off", scope="p", no_diff=True, created_at=1_700_000_000.0 + i,
                     metadata={"n": i})
    got = _ram(mem, ["retri", "queue"])
    assert got == _fts(mem, ["retri", "queue"])
    assert got == _fts(mem, ["retri", "queue"], limit=7)[:7] + got[7:]


def test_keyword_hits_from_ram_equal_fts5_for_every_mask(mem: Memory) -> None:
    _fill(mem, 150)
    st = mem._st
    mem.warm()
    index = mem._keywords()
    masks = {"all": st.active[: len(st)].copy(), "scope q": st.active[: len(st)] & (st.scope_code[: len(st)] ==
                                                                                      st.scopes["q"])}
    masks["sparse"] = masks["all"] & (np.arange(len(st)) % 4 == 0)
    for name, mask in masks.items():
        for scopes in (None, ["p"], ["q"], ["p", "q"]):
            for query in ("redis cache deploy", "billing invoice retry timeout", "kafka", "lock await pool worker"):
                for fetch in (3, 60):
                    kwargs = {"fetch": fetch}
                    sql = recall_mod.keyword_hits(mem._conn, st, query, mask, scopes, **kwargs)
                    ram = recall_mod.keyword_hits(mem._conn, st, query, mask, scopes, index=index, **kwargs)
                    assert ram == sql, (name, scopes, query, fetch)


def test_a_write_shows_in_the_next_recall(mem: Memory) -> None:
    _fill(mem, 40)
    assert mem.recall("zeppelin hangar", scopes=["p"]).hits == ()
    mem.warm()
    built = mem._postings
    new = mem.remember("the zeppelin hangar door sensor reports twice", scope="p").id
    hits = mem.recall("zeppelin hangar", scopes=["p"]).hits
    assert hits[0].insight.id == new and hits[0].signals["keyword"] > 0
    assert mem._postings is built and built.covers(mem._st)  # synced in place, not rebuilt
    assert _ram(mem, ["zeppelin", "hangar"]) == _fts(mem, ["zeppelin", "hangar"])


def test_many_writes_merge_the_tail_and_stay_exact(mem: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(postings, "TAIL_MERGE", 50)
    _fill(mem, 30)
    mem.warm()
    rng = random.Random(9)
    for i in range(40):
        mem.remember(" ".join(rng.choice(WORDS) for _ in range(6)) + f" later{i}", scope="p", no_diff=True)
        if i % 4 == 0:
            mem.recall("redis cache", scopes=["p"])  # sync a few rows at a time
    index = mem._keywords()
    assert index is not None and index._tail_size < 50 and len(index._row) > 0
    for terms in (["redi", "cach"], ["later3"], ["billing", "queue", "lock"]):
        assert _ram(mem, terms) == _fts(mem, terms)


def test_a_forgotten_memory_leaves_the_next_recall(mem: Memory) -> None:
    gone = mem.remember("the zeppelin hangar door sensor reports twice", scope="p").id
    kept = mem.remember("the zeppelin hangar roof leaks when it rains", scope="p").id
    _fill(mem, 20)
    assert {gone, kept} <= {h.insight.id for h in mem.recall("zeppelin hangar", scopes=["p"]).hits}
    mem.forget(gone)
    hits = [h.insight.id for h in mem.recall("zeppelin hangar", scopes=["p"]).hits]
    assert hits[0] == kept and gone not in hits


def test_a_superseding_memory_shows_in_the_next_recall(mem: Memory) -> None:
    old = mem.remember("the zeppelin hangar listens on port 8080", scope="p", category="fact").id
    assert [h.insight.id for h in mem.recall("zeppelin hangar port", scopes=["p"]).hits] == [old]
    new = mem.remember("correction: the zeppelin hangar listens on port 9090 now", scope="p", category="fact").id
    assert mem._st.is_superseded(mem._st.index[old])
    hits = {h.insight.id: h for h in mem.recall("zeppelin hangar port", scopes=["p"]).hits}
    assert new in hits
    assert old not in hits or hits[old].signals.get("superseded") == 1.0


def test_a_purge_rebuilds_the_postings(mem: Memory) -> None:
    gone = mem.remember("the zeppelin hangar door sensor reports twice", scope="p",
                        created_at=1_600_000_000.0).id
    mem.remember("the zeppelin hangar roof leaks", scope="p")
    mem.warm()
    before = mem._postings
    mem.forget(gone)
    mem.maintain(now=1_600_000_000.0 + 10 * 365 * 86400.0)
    assert gone not in mem._st.index  # purged: the state was reloaded
    assert mem._keywords() is not before
    assert _ram(mem, ["zeppelin", "hangar"]) == _fts(mem, ["zeppelin", "hangar"])


def test_a_keyword_row_of_no_memory_leaves_the_answer_to_fts5(mem: Memory) -> None:
    mem.remember("the zeppelin hangar door sensor reports twice", scope="p")
    with mem._tx() as conn:
        fts.insert(conn, 999_999, "zeppelin hangar orphan", [], [], "")
    mem._postings = None
    mem.warm()
    index = mem._postings
    assert index is not None and not index.covers(mem._st)
    hits = mem.recall("zeppelin hangar", scopes=["p"]).hits
    assert len(hits) == 1


def test_the_first_search_leaves_the_build_for_later(mem: Memory) -> None:
    _fill(mem, 20)
    mem.recall("redis cache", scopes=["p"])
    assert mem._postings is None  # a one-shot process asks once: FTS5 answers
    mem.recall("redis cache", scopes=["p"])
    assert mem._postings is not None and mem._postings.covers(mem._st)


@pytest.mark.parametrize("value", ["plain words here", "Mixed CASE words", "café crème", "a.b/c d", "x\u00a0y",
                                   "tab\tsep", "under_score it's well-known"])
def test_fts_tokens_split_as_the_ascii_tokenizer(tmp_path: Path, value: str) -> None:
    import sqlite3

    conn = sqlite3.connect(tmp_path / "t.db")
    conn.execute("CREATE VIRTUAL TABLE t USING fts5 (c, tokenize = 'ascii tokenchars ''-_''''''')")
    conn.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
    conn.execute("INSERT INTO t (c) VALUES (?)", (value,))
    expected = [row[0] for row in conn.execute("SELECT term FROM v ORDER BY offset")]
    assert postings.fts_tokens(value) == expected
    conn.close()


def test_the_diff_from_ram_equals_the_diff_from_fts5(tmp_path: Path) -> None:
    """remember's diff searches the postings under the lock once they are in RAM: the same
    statements are found duplicate, updated or replaced by value as through FTS5 (a fresh
    Memory per write, which never builds the postings)."""
    rng = random.Random(5)
    subjects = ["the api server", "the billing worker", "the redis cache", "the nginx proxy", "the export job"]
    notes = []
    for _ in range(120):
        subject = rng.choice(subjects)
        kind = rng.randrange(4)
        if kind == 0:
            notes.append((f"{subject} listens on port {rng.choice([8080, 8443, 9000])}", "fact"))
        elif kind == 1:
            notes.append((f"we use {rng.choice(WORDS)} for {subject} because of {rng.choice(WORDS)}", "decision"))
        elif kind == 2:
            notes.append((f"we no longer use {rng.choice(WORDS)} for {subject}", "decision"))
        else:
            notes.append((" ".join(rng.choice(WORDS) for _ in range(8)) + f" about {subject}", "general"))
    warm = Memory.open(tmp_path / "warm.db")
    warm.warm()
    outcomes: dict[str, list[tuple[str, str, str | None]]] = {"ram": [], "fts5": []}
    contents: dict[str, dict[str, str]] = {"ram": {}, "fts5": {}}
    try:
        for i, (note, category) in enumerate(notes):
            cold = Memory.open(tmp_path / "cold.db")
            try:
                for key, m in (("ram", warm), ("fts5", cold)):
                    r = m.remember(note, category=category, scope="p", created_at=1_700_000_000.0 + i)
                    if r.id:
                        contents[key][r.id] = note
                    other = r.superseded_id or r.duplicate_of
                    outcomes[key].append((r.action, r.diff_suggestion, contents[key].get(other) if other else None))
                assert cold._postings is None
            finally:
                cold.close()
        assert warm._postings is not None
    finally:
        warm.close()
    assert outcomes["ram"] == outcomes["fts5"]
    assert {o[0] for o in outcomes["ram"]} >= {"added", "updated", "skipped"}
