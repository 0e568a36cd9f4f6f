"""Property tests: any sequence of operations, then reopening, gives the same state; vector
blobs round-trip; RAM always matches disk (verify)."""

from __future__ import annotations

import dataclasses
import shutil
import tempfile
from pathlib import Path

import numpy as np
from fakes import FakeEmbedder
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mnemon.engine import snapshot, vectors
from mnemon.engine.memory import Memory
from mnemon.engine.model import EDGE_TYPES
from mnemon.engine.state import State
from mnemon.errors import MnemonError

WORDS = ["redis", "cache", "postgres", "deploy", "because", "no longer", "api", "React", "Kafka", "timeout",
         "billing", "latency", "therefore", "queue", "auth"]

op = st.one_of(
    st.tuples(st.just("remember"), st.lists(st.sampled_from(WORDS), min_size=1, max_size=8),
              st.sampled_from(["general", "decision", "fact", "preference"]), st.integers(1, 5),
              st.sampled_from(["p", "q", "global"]), st.booleans()),
    st.tuples(st.just("forget"), st.integers(0, 50)),
    st.tuples(st.just("link"), st.integers(0, 50), st.integers(0, 50),
              st.sampled_from(["causal", "semantic", "entity", "temporal", "supersedes"])),
    st.tuples(st.just("unlink"), st.integers(0, 50), st.integers(0, 50)),
    st.tuples(st.just("recall"), st.lists(st.sampled_from(WORDS), min_size=1, max_size=4)),
    st.tuples(st.just("gc_keep"), st.integers(0, 50)),
)


def full_state(s: State) -> dict[str, object]:
    """Every field of a state, comparable: numpy columns cut to the rows in use, adjacency
    as sorted (code, weight) pairs, empty index entries dropped."""
    n = len(s)
    out: dict[str, object] = {}
    for f in dataclasses.fields(s):
        value = getattr(s, f.name)
        if f.name == "matrix":  # compared apart, with a tolerance: a rebuild re-normalises
            continue
        if isinstance(value, np.ndarray):
            value = value[:n].tolist()
        elif f.name in ("adj_code", "adj_weight"):
            continue
        elif isinstance(value, dict):
            value = {k: (sorted(v) if isinstance(v, set) else v) for k, v in value.items() if v != [] and v != set()}
        out[f.name] = value
    out["adjacency"] = [sorted(zip(s.adj_code[r], s.adj_weight[r], strict=True)) for r in range(n)]
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops=st.lists(op, max_size=25), embed=st.booleans())
def test_random_operations_then_reopen_is_identical(ops: list[tuple], embed: bool) -> None:
    home = Path(tempfile.mkdtemp(prefix="mn-h-", dir="/tmp"))
    try:
        emb = FakeEmbedder() if embed else None
        path = home / "h.db"
        with Memory.open(path, embedder=emb) as m:
            ids: list[str] = []
            for step in ops:
                try:
                    if step[0] == "remember":
                        _, words, cat, imp, scope, no_diff = step
                        res = m.remember(" ".join(words), category=cat, importance=imp, scope=scope, no_diff=no_diff)
                        if res.id:
                            ids.append(res.id)
                    elif not ids:
                        continue
                    elif step[0] == "forget":
                        m.forget(ids[step[1] % len(ids)])
                    elif step[0] == "link":
                        m.link(ids[step[1] % len(ids)], ids[step[2] % len(ids)], type=step[3])
                    elif step[0] == "unlink":
                        m.unlink(ids[step[1] % len(ids)], ids[step[2] % len(ids)])
                    elif step[0] == "recall":
                        m.recall(" ".join(step[1]))
                    elif step[0] == "gc_keep":
                        m.gc(keep=ids[step[1] % len(ids)])
                except MnemonError:
                    pass  # invalid moves (forgotten ids, self links, missing links) are refused
            m.flush()
            report = m.verify()
            assert report["ok"], report
            before = m._st.fingerprint()
            ram = full_state(m._st)
            live = m._st.active
            by_type = {t: 0 for t in EDGE_TYPES}
            for a, b, code, _w in m._st.edge_keys():
                if live[a] and live[b]:
                    by_type[EDGE_TYPES[code]] += 1
            assert m._st.edge_counts() == by_type
        assert snapshot.path_for(path).exists()
        with Memory.open(path, embedder=emb) as again:  # from the snapshot the close saved
            assert again._st.fingerprint() == before
            assert full_state(again._st) == ram
            rebuilt = State.load(again._conn, getattr(emb, "model_id", None))
            assert full_state(rebuilt) == ram
            n = len(rebuilt)
            assert np.array_equal(again._st.matrix[:n], m._st.matrix[:n])
            assert np.allclose(rebuilt.matrix[:n], m._st.matrix[:n], atol=1e-6)
            assert snapshot.load(snapshot.path_for(path), again._conn, snapshot.stamp(again._conn),
                                 getattr(emb, "model_id", None)) is not None
    finally:
        shutil.rmtree(home, ignore_errors=True)


@given(st.lists(st.floats(allow_nan=False, allow_infinity=False, width=32, min_value=-1e6, max_value=1e6),
                min_size=1, max_size=64))
def test_vector_blob_round_trip(values: list[float]) -> None:
    vec = np.array(values, dtype=np.float32)
    out = vectors.decode(vectors.encode(vec), len(values))
    assert out.dtype == np.float32 and np.array_equal(out, vec)


@given(st.binary(max_size=64), st.integers(1, 16))
def test_bad_blobs_raise(blob: bytes, dim: int) -> None:
    try:
        out = vectors.decode(blob, dim)
    except MnemonError:
        return
    assert len(blob) == dim * 4 and np.all(np.isfinite(out))


def test_edges_rebuild_exactly_past_two_million_sequence_numbers(tmp_path: Path) -> None:
    # edge keys pack (src << 32) | (dst << 4) | type: past src 2**21 they no longer fit a float64
    import sqlite3

    from mnemon.engine.db import connect

    db = tmp_path / "big.db"
    with Memory.open(db) as m:
        a = m.remember("the billing service caches invoices in redis", scope="p").id
        b = m.remember("redis evictions slowed the billing service", scope="p", no_diff=True).id
        m.link(b, a, type="causal", weight=0.7)
        expected = sorted(m._st.edge_keys())
    snapshot.path_for(db).unlink()
    raw = sqlite3.connect(db)
    with raw:
        raw.execute("UPDATE insights SET seq = seq + 3000001")
        raw.execute("UPDATE graph_edges SET src = src + 3000001, dst = dst + 3000001")
    raw.close()
    conn = connect(db)
    try:
        rebuilt = State.load(conn, None)
    finally:
        conn.close()
    assert min(rebuilt.row_seq) > 3_000_000
    assert sorted(rebuilt.edge_keys()) == expected and expected


def test_directed_links_both_ways_keep_their_own_weights(tmp_path: Path) -> None:
    # Two causal links between the same two memories, one each way, share one adjacency entry.
    # It used to keep the weight of whichever came first in RAM, and the first row in the
    # database's order on reopen: verify() found RAM and disk apart, and unlinking one left
    # the other with the wrong weight.
    path = tmp_path / "h.db"
    with Memory.open(path) as m:
        a = m.remember("the cache warms on deploy", scope="p").id
        b = m.remember("cold starts fell after the release", scope="p", no_diff=True).id
        m.link(b, a, type="causal", weight=0.3)
        m.link(a, b, type="causal", weight=0.9)
        assert m.verify()["ok"], m.verify()
        causal = {(x, y): w for x, y, t, w in m._st.fingerprint()["edges"] if t == "causal"}
        assert causal == {(b, a): 0.3, (a, b): 0.9}
        ra = m._row(a, live=True)
        rb = m._row(b, live=True)
        code = (rb << 4) | EDGE_TYPES.index("causal")
        assert m._st.adj_weight[ra][list(m._st.adj_code[ra]).index(code)] == np.float32(0.9)  # traversal: the stronger
        before = m._st.fingerprint()
    with Memory.open(path) as again:
        assert again._st.fingerprint() == before
        rebuilt = State.load(again._conn, None)
        assert rebuilt.fingerprint() == before
        again.unlink(a, b, type="causal")
        assert again.verify()["ok"], again.verify()
        causal = {(x, y): w for x, y, t, w in again._st.fingerprint()["edges"] if t == "causal"}
        assert causal == {(b, a): 0.3}
