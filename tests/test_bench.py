"""The benchmark's metric code, converter and pipeline on a tiny hand-made conversation.

The conversation is small enough to know every answer: the metric functions must give exact
figures on hand-made rankings, and both systems must find the evidence of an easy question.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import locomo
from bench.bm25 import BM25Index, Turn, match_expression
from bench.metrics import (
    FRAME_CHARS,
    LINE_PREFIX_CHARS,
    MAX_BLOCK_CHARS,
    Tally,
    evidence_share,
    pack,
    recall_at,
    tokens,
    turn_ranking,
)

TINY = {
    "sample_id": "tiny-1",
    "conversation": {
        "speaker_a": "Ada",
        "speaker_b": "Brian",
        "session_1_date_time": "1:56 pm on 8 May, 2023",
        "session_1": [
            {"speaker": "Ada", "dia_id": "D1:1", "text": "Hi Brian! I adopted a grey kitten called Pixel yesterday."},
            {"speaker": "Brian", "dia_id": "D1:2", "text": "Congratulations! Cats are wonderful company."},
            {"speaker": "Brian", "dia_id": "D1:3", "text": "I have been training for the Lisbon marathon all spring.",
             "img_url": ["http://example.invalid/shoe.jpg"], "blip_caption": "a photo of running shoes"},
            {"speaker": "Ada", "dia_id": "D1:4", "text": "Impressive. When is the race?"},
            {"speaker": "Brian", "dia_id": "D1:5", "text": "In October, so I run forty miles a week now."},
        ],
        "session_2_date_time": "10:04 am on 2 June, 2023",
        "session_2": [
            {"speaker": "Brian", "dia_id": "D2:1", "text": "How is the kitten settling in?"},
            {"speaker": "Ada", "dia_id": "D2:2", "text": "Pixel knocked my violin off the shelf, but she is fine."},
            {"speaker": "Brian", "dia_id": "D2:3", "text": "Ha! Do you still play in the orchestra?"},
            {"speaker": "Ada", "dia_id": "D2:4", "text": "Yes, every Thursday evening at the town hall."},
            {"speaker": "Brian", "dia_id": "D2:5", "text": "My knee hurts after the long run, so I am resting."},
        ],
    },
    "qa": [
        {"question": "What is the name of Ada's kitten?", "answer": "Pixel", "evidence": ["D1:1"], "category": 4},
        {"question": "Which marathon is Brian training for?", "answer": "Lisbon", "evidence": ["D1:3"],
         "category": 4},
        {"question": "What instrument does Ada play, and when?", "answer": "violin, Thursdays",
         "evidence": ["D2:2; D2:4"], "category": 1},
        {"question": "Odd evidence only", "answer": "x", "evidence": ["D"], "category": 2},
        {"question": "No evidence", "answer": "x", "evidence": [], "category": 2},
    ],
}


@pytest.fixture
def tiny(tmp_path: Path) -> locomo.Conversation:
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps([TINY]), encoding="utf-8")
    (conv,) = locomo.load(path)
    return conv


# -- parsing -----------------------------------------------------------------------------------

def test_parse_evidence_reads_odd_ids_and_dedupes() -> None:
    assert locomo.parse_evidence(["D8:6; D9:17", "D", "D:11:26", "D01:3", "D8:6"]) == ("D8:6", "D9:17", "D1:3")


def test_parse_session_date() -> None:
    moment = locomo.parse_session_date("1:56 pm on 8 May, 2023")
    assert (moment.year, moment.month, moment.day, moment.hour, moment.minute) == (2023, 5, 8, 13, 56)
    with pytest.raises(locomo.InvalidInput):
        locomo.parse_session_date("yesterday")


def test_load_keeps_only_questions_with_parsable_evidence(tiny: locomo.Conversation) -> None:
    assert [s.number for s in tiny.sessions] == [1, 2]
    assert len(tiny.turns) == 10
    assert [q.evidence for q in tiny.questions] == [("D1:1",), ("D1:3",), ("D2:2", "D2:4")]
    assert tiny.turns[2].blip_caption == "a photo of running shoes"


def test_load_rejects_files_that_are_not_locomo(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"not": "a list"}', encoding="utf-8")
    with pytest.raises(locomo.InvalidInput, match="list of LoCoMo samples"):
        locomo.load(bad)
    bad.write_text('[{"sample_id": "x"}]', encoding="utf-8")
    with pytest.raises(locomo.InvalidInput, match="not a LoCoMo sample"):
        locomo.load(bad)
    with pytest.raises(locomo.InvalidInput, match="cannot read"):
        locomo.load(tmp_path / "missing.json")


# -- metrics on hand-made rankings -------------------------------------------------------------

def test_recall_at_k_one_turn_per_memory() -> None:
    ranking = turn_ranking([("D1:4",), ("D1:1",), ("D2:2",), ("D1:1",), ("D2:5",), ("D2:4",)])
    assert ranking == {"D1:4": 1, "D1:1": 2, "D2:2": 3, "D2:5": 4, "D2:4": 5}
    assert recall_at(["D1:1"], ranking, 1) == 0.0
    assert recall_at(["D1:1"], ranking, 2) == 1.0
    assert recall_at(["D2:2", "D2:4"], ranking, 3) == 0.5
    assert recall_at(["D2:2", "D2:4"], ranking, 5) == 1.0
    assert recall_at(["D2:2", "D9:9"], ranking, 25) == 0.5  # an id naming no turn is a miss
    assert recall_at([], ranking, 5) == 0.0


def test_turns_of_one_memory_share_its_rank_and_never_exceed_k() -> None:
    ranking = turn_ranking([("D1:1", "D1:2", "D1:3"), ("D2:1",), ("D1:2", "D2:2")])
    assert ranking == {"D1:1": 3, "D1:2": 3, "D1:3": 3, "D2:1": 4, "D2:2": 5}
    assert recall_at(["D1:2"], ranking, 2) == 0.0
    assert recall_at(["D1:2"], ranking, 3) == 1.0
    assert recall_at(["D2:2", "D1:1"], ranking, 4) == 0.5


def test_evidence_share_and_packing() -> None:
    assert tokens("") == 0 and tokens("abcd") == 1 and tokens("abcde") == 2
    texts = ["x" * 40, "y" * 400, "z" * 20, "w" * 8]
    # frame 10 chars, prefix 5 chars, newline 1: costs 46, 406, 26, 14 chars; budget n = 4n chars
    assert pack(texts, 10, frame=10, prefix=5) == [2]
    assert pack(texts, 5, frame=10, prefix=5) == []
    assert pack(texts, 14, frame=10, prefix=5) == [0]
    assert pack(texts, 24, frame=10, prefix=5) == [0, 2, 3]  # the long one is skipped, later short ones fit
    assert pack(texts, 200, frame=10, prefix=5) == [0, 1, 2, 3]
    assert pack(texts, 200, frame=10, prefix=5, max_chars=100) == [0, 2, 3]
    assert evidence_share(["D1:1", "D2:2"], ["D2:2", "D1:5"]) == 0.5
    assert evidence_share([], ["D1:1"]) == 0.0


def test_baseline_block_costs_what_the_injected_block_costs() -> None:
    from mnemon.claude import inject
    from mnemon.config import Config

    assert FRAME_CHARS == len(inject.OPEN_TAG) + len(inject.INJECT_HEADER) + len(inject.CLOSE_TAG) + 3
    assert MAX_BLOCK_CHARS == Config().inject_max_chars
    assert LINE_PREFIX_CHARS == len("- [2023-05-08 general 1a2b3c4d] ")


def test_tally_means_overall_and_per_category() -> None:
    tally = Tally((5,), (250,))
    tally.add(4, {5: 1.0}, {250: 0.5})
    tally.add(4, {5: 0.0}, {250: 0.0})
    tally.add(1, {5: 0.5}, {250: 1.0})
    out = tally.summary()
    assert out["questions"] == 3
    assert out["recall_at"] == {"5": 0.5}
    assert out["budget_recall"] == {"250": 0.5}
    assert list(out["by_category"]) == ["multi-hop", "single-hop"]
    assert out["by_category"]["single-hop"] == {"questions": 2, "recall_at": {"5": 0.5},
                                                "budget_recall": {"250": 0.25}}


# -- BM25 baseline -----------------------------------------------------------------------------

def test_bm25_query_drops_stopwords_and_quotes_terms() -> None:
    assert match_expression("What is the name of Ada's kitten?") == '"name" OR "ada" OR "s" OR "kitten"'
    assert match_expression("What is it?") == ""


def test_bm25_finds_the_easy_evidence_first(tiny: locomo.Conversation) -> None:
    index = BM25Index(tiny.turns)
    assert index.search("Which marathon is Brian training for?")[0].dia_id == "D1:3"
    assert index.search("shoes")[0].dia_id == "D1:3"  # the image caption is indexed
    assert index.search("what is it") == []
    index.close()


def test_bm25_system_scores_the_tiny_conversation(tiny: locomo.Conversation) -> None:
    system = locomo.BM25System(tiny, (250, 60))
    tally = Tally((1, 5), (250, 60))
    for q in tiny.questions:
        locomo._score(system.answer(q.text), q, tally)
    out = tally.summary()
    assert out["questions"] == 3
    assert out["recall_at"]["5"] == 1.0
    assert out["budget_recall"]["250"] == 1.0
    answer = system.answer("Which marathon is Brian training for?")
    assert answer.groups[0] == ("D1:3",)
    first = Turn("D1:3", "Brian", TINY["conversation"]["session_1"][2]["text"], "a photo of running shoes")
    assert FRAME_CHARS + LINE_PREFIX_CHARS + len(first.document) + 1 == 4 * 60 - 2
    assert answer.injected[60] == ("D1:3",)  # one turn fits in 60 tokens, no second one
    system.close()


# -- the transcript converter ------------------------------------------------------------------

def test_converter_writes_claude_code_jsonl(tiny: locomo.Conversation, tmp_path: Path) -> None:
    session = tiny.sessions[0]
    sid = locomo.session_id_for(tiny, session)
    cwd = str(tmp_path / "proj")
    path = locomo.write_transcript(locomo.transcript_dir(tmp_path / "claude", cwd) / f"{sid}.jsonl",
                                   locomo.transcript_lines(tiny, session, session_id=sid, cwd=cwd))
    assert path.parent.name == cwd.replace("/", "-").replace("_", "-")
    lines = [json.loads(raw) for raw in path.read_text(encoding="utf-8").splitlines()]
    assert [line["type"] for line in lines] == ["user", "assistant", "assistant", "user", "assistant"]
    assert all("dia_id" not in line for line in lines)  # real transcripts never carry it
    assert lines[0]["parentUuid"] is None
    assert all(b["parentUuid"] == a["uuid"] for a, b in zip(lines, lines[1:], strict=False))
    assert len({line["uuid"] for line in lines}) == 5
    assert all(line["sessionId"] == sid and line["cwd"] == cwd for line in lines)
    assert lines[0]["message"] == {"role": "user", "content": "Ada: " + TINY["conversation"]["session_1"][0]["text"]}
    reply = lines[2]["message"]
    assert reply["role"] == "assistant" and reply["stop_reason"] == "end_turn"
    assert reply["content"] == [{"type": "text", "text": "Brian: I have been training for the Lisbon marathon "
                                 "all spring. [shares a photo of running shoes]"}]
    assert lines[1]["message"]["id"] != lines[2]["message"]["id"]
    assert lines[0]["timestamp"] == "2023-05-08T13:56:00.000Z"
    assert lines[1]["timestamp"] == "2023-05-08T13:56:20.000Z"
    assert len(lines) == len(session.turns)


def test_converter_output_parses_as_turns_that_map_back_to_every_dia_id(tiny: locomo.Conversation,
                                                                         tmp_path: Path) -> None:
    from mnemon.claude.transcript import Cursor, parse_turns, read_chunk

    seen: list[str] = []
    for session in tiny.sessions:
        sid = locomo.session_id_for(tiny, session)
        lines = locomo.transcript_lines(tiny, session, session_id=sid, cwd=str(tmp_path))
        at = locomo.TurnLines()
        at.add(session, lines)
        path = locomo.write_transcript(tmp_path / f"{sid}.jsonl", lines)
        chunk = read_chunk(str(path), Cursor())
        assert chunk.eof and not chunk.bad_lines and len(chunk.records) == len(session.turns)
        for turn in parse_turns(chunk.records, cwd=str(tmp_path)):
            assert turn.prompt
            seen.extend(at.dia_ids({"uuid": turn.uuid, "line": turn.line}))
            if turn.replies:
                seen.extend(at.dia_ids({"uuid": turn.replies[0].uuid, "line": turn.replies[0].line,
                                        "last_line": turn.replies[-1].line}))
    assert sorted(seen) == sorted(t.dia_id for t in tiny.turns)


def test_the_session_opener_is_the_user(tiny: locomo.Conversation, tmp_path: Path) -> None:
    second = tiny.sessions[1]
    lines = locomo.transcript_lines(tiny, second, session_id="s2", cwd=str(tmp_path))
    assert second.turns[0].speaker == "Brian"
    assert [line["type"] for line in lines] == ["user", "assistant", "user", "assistant", "user"]


# -- the mnemon pipeline end to end -------------------------------------------------------------

def test_mnemon_pipeline_finds_the_easy_evidence_first(tiny: locomo.Conversation, tmp_path: Path) -> None:
    system = locomo.MnemonSystem(tiny, (250, 1000), workdir=tmp_path / "w", embedder=None)
    try:
        stored = [rec for rec in system.memory.export() if rec["kind"] == "insight"]
        turns_stored = {d for rec in stored for d in system.lines.dia_ids(rec.get("metadata") or {})}
        assert turns_stored <= {t.dia_id for t in tiny.turns}
        assert {"D1:1", "D1:3", "D2:2", "D2:4"} <= turns_stored
        answer = system.answer("Which marathon is Brian training for?")
        assert "D1:3" in answer.groups[0]
        assert "D1:3" in answer.injected[250] and "D1:3" in answer.injected[1000]
        again = system.answer("Which marathon is Brian training for?")
        assert again == answer  # reads do not change the store
    finally:
        system.close()


def test_run_reports_both_systems_with_the_documented_keys(tmp_path: Path) -> None:
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps([TINY]), encoding="utf-8")
    report = locomo.run(path, embedder="none")
    assert report["questions"] == 3 and report["baseline_bm25"]["questions"] == 3
    for figures in (report, report["baseline_bm25"]):
        assert set(figures["recall_at"]) == {"5", "10", "25"}
        assert set(figures["budget_recall"]) == {"250", "500", "1000"}
        assert set(figures["by_category"]) == {"single-hop", "multi-hop"}
    assert report["baseline_bm25"]["recall_at"]["5"] == 1.0
    assert report["baseline_bm25_context"]["questions"] == 3
    assert report["embedder"] == "none"
    assert 0.0 <= report["block"]["evidence_share"] <= 1.0 and report["block"]["mean_chars"] >= 0
    table = locomo.format_table(report)
    assert "mnemon / bm25 / bm25c" in table and "the hook's block" in table


def test_bm25_with_context_finds_a_turn_by_the_one_before_it() -> None:
    turns = [Turn("D1:1", "Ann", "Where did you get that lovely kitten from?"),
             Turn("D1:2", "Bo", "A shelter near the river, last spring."),
             Turn("D1:3", "Ann", "We adopted a puppy once.")]
    plain, with_context = BM25Index(turns), BM25Index(turns, with_context=True)
    assert [t.dia_id for t in plain.search("where is the kitten from")] == ["D1:1"]
    assert [t.dia_id for t in with_context.search("where is the kitten from")] == ["D1:1", "D1:2"]
    plain.close()
    with_context.close()


def test_budget_recall_packs_mnemons_ranked_turns_by_the_rule_bm25_uses(tiny: locomo.Conversation,
                                                                        tmp_path: Path) -> None:
    system = locomo.MnemonSystem(tiny, (60, 1000), workdir=tmp_path, embedder=None)
    try:
        answer = system.answer("Which marathon is Brian training for?")
        ranked = []
        for group in answer.groups:  # each turn at its best-ranked memory, as recall_at counts
            if group and not set(group) <= set(ranked):
                ranked.extend(d for d in group if d not in ranked)
        assert set(answer.injected[60]) <= set(answer.injected[1000]) <= set(ranked)
        assert len(answer.injected[60]) < len(answer.injected[1000])  # whole items: fewer fit a smaller budget
        assert answer.block is not None
    finally:
        system.close()


def test_embedding_cache_returns_the_models_vectors_and_skips_it_next_time(tmp_path: Path) -> None:
    import numpy as np

    from bench.embedcache import CachedEmbedder

    class Counting:
        model_id, dim = "test:counting-8", 8

        def __init__(self) -> None:
            self.calls = 0

        def embed_passages(self, texts: list[str]) -> np.ndarray:
            self.calls += len(texts)
            return np.stack([self._vec("p" + t) for t in texts])

        def embed_query(self, text: str) -> np.ndarray:
            self.calls += 1
            return self._vec("q" + text)

        def _vec(self, text: str) -> np.ndarray:
            v = np.random.default_rng(sum(map(ord, text))).standard_normal(8).astype(np.float32)
            return v / np.linalg.norm(v)

    inner = Counting()
    cached = CachedEmbedder(inner, tmp_path / "c.sqlite")
    first = cached.embed_passages(["alpha", "beta"])
    assert np.array_equal(first, inner.embed_passages(["alpha", "beta"]))
    assert np.array_equal(cached.embed_query("alpha"), inner.embed_query("alpha"))
    cached.close()
    inner.calls = 0
    again = CachedEmbedder(inner, tmp_path / "c.sqlite")
    assert np.array_equal(again.embed_passages(["beta", "alpha", "gamma"])[:2], first[::-1])
    assert not np.array_equal(again.embed_query("alpha"), first[0])  # queries and passages differ
    assert inner.calls == 1 and (again.hits, again.misses) == (3, 1)
    assert again.model_id == "test:counting-8" and again.dim == 8
    again.close()


def test_speed_percentiles_are_nearest_rank_in_milliseconds() -> None:
    from bench.speed import percentiles, rss_mb

    samples = [i / 1000 for i in range(1, 101)]  # 1..100 ms
    assert percentiles(samples, 50, 95, 99) == {"p50": 50.0, "p95": 95.0, "p99": 99.0}
    assert percentiles([0.004], 50, 99) == {"p50": 4.0, "p99": 4.0}
    assert rss_mb() > 1.0


def test_capacity_climbs_until_a_rate_misses_the_p99(monkeypatch: pytest.MonkeyPatch) -> None:
    # the search logic only: concurrency() stands in for the daemon (the real one runs in the bench)
    from bench import speed

    runs: list[float] = []

    def fake(_daemon: object, _project: Path, clients: int, requests: int, interval: float) -> dict:
        rate = clients / interval
        runs.append(rate)
        return {"offered_rps": rate, "throughput_rps": rate, "p50": 5.0, "requests": clients * requests,
                "p99": 20.0 if rate <= 200 else 80.0, "errors": 0}

    monkeypatch.setattr(speed, "concurrency", fake)
    out = speed.capacity(None, Path("/p"), 50, lambda _m: None)  # type: ignore[arg-type]
    assert out["max_rps_within_target"] == 200
    assert runs == [50, 100, 150, 200, 250]  # stops at the first miss
    assert out["steps"][-1]["p99"] == 80.0


def test_synthetic_store_text_is_deterministic_and_vectors_are_unit_and_clustered() -> None:
    import numpy as np

    from bench import synth

    first = list(synth.generate(200))
    assert first == list(synth.generate(200))
    assert len({m.content for m in first}) == 200
    vecs = synth.vectors([m.topic for m in first])
    assert vecs.shape == (200, synth.DIM) and vecs.dtype == np.float32
    assert np.allclose(np.linalg.norm(vecs, axis=1), 1.0, atol=1e-5)
    topics = np.array([m.topic for m in first])
    sims = vecs @ vecs.T
    same = (topics[:, None] == topics[None, :]) & ~np.eye(200, dtype=bool)
    assert sims[same].mean() > 0.4 > 0.05 > abs(sims[~same].mean())
