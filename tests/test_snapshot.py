"""The saved RAM state: used only while it still describes the database exactly, refused when
stale, foreign, damaged or crafted, and never a way to lose or invent a memory."""

from __future__ import annotations

import json
import os
import pickle
import sqlite3
from pathlib import Path

import pytest
from fakes import FakeEmbedder

from mnemon.engine import snapshot
from mnemon.engine.embedding import embed_batch
from mnemon.engine.memory import Memory


def _store(path: Path, embedder: object = None) -> list[str]:
    with Memory.open(path, embedder=embedder) as mem:
        ids = [mem.remember(f"Decision {i}: the billing service uses Postgres because of row locks {i}",
                            category="decision", entities=["Postgres"]).id for i in range(5)]
        mem.link(ids[0], ids[1], type="causal")
    return [i for i in ids if i]


def _usable(path: Path, model: str | None = None) -> bool:
    conn = sqlite3.connect(path)
    try:
        return snapshot.load(snapshot.path_for(path), conn, snapshot.stamp(conn), model) is not None
    finally:
        conn.close()


def test_close_saves_a_private_snapshot_that_the_next_open_uses(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    ids = _store(path)
    snap = snapshot.path_for(path)
    assert snap.exists() and snap.stat().st_mode & 0o777 == 0o600
    assert _usable(path)
    with Memory.open(path) as mem:
        assert [h.insight.id for h in mem.recall("billing Postgres row locks", limit=10).hits]
        assert mem.verify()["ok"]
        assert set(ids) <= set(mem._st.index)


def test_a_write_after_the_snapshot_makes_it_stale(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    ids = _store(path)
    # another writer (here: plain SQLite, as a crashed daemon's last writes would be) changes data
    conn = sqlite3.connect(path)
    conn.execute("UPDATE insights SET importance = 5 WHERE id = ?", (ids[2],))
    conn.commit()
    conn.close()
    assert not _usable(path)
    with Memory.open(path) as mem:
        assert mem.get(ids[2]).importance == 5
        assert mem.verify()["ok"]


def test_a_crash_after_writes_never_loses_them(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    _store(path)
    crashed = Memory.open(path)
    new = crashed.remember("Written after the snapshot, then the process died").id
    crashed.link(new, crashed.recall("billing Postgres", limit=1).hits[0].insight.id, type="semantic")
    # no close(): the snapshot on disk predates these writes
    with Memory.open(path) as mem:
        assert new in mem._st.index
        assert mem.show(new)["edges"]
        assert mem.verify()["ok"]
    crashed._conn.close()


def test_vectors_of_another_model_are_not_taken_from_a_snapshot(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    _store(path)  # no embedder: the snapshot holds no vectors
    emb = FakeEmbedder()
    with Memory.open(path, embedder=emb) as mem:
        assert embed_batch(mem, emb) == 5
    # now saved with the fake model's vectors; a store opened for another model must rebuild
    assert _usable(path, emb.model_id)
    assert not _usable(path, "other:model")
    with Memory.open(path) as mem:  # no embedder: the most common model, which the snapshot holds
        assert mem._st.model_id == emb.model_id and int(mem._st.has_vec[: len(mem._st)].sum()) == 5


@pytest.mark.parametrize("damage", ["truncate", "garbage", "header", "world-writable"])
def test_damaged_or_foreign_snapshots_are_ignored(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "m.db"
    ids = _store(path)
    snap = snapshot.path_for(path)
    data = snap.read_bytes()
    if damage == "truncate":
        snap.write_bytes(data[: len(data) // 2])
    elif damage == "garbage":
        snap.write_bytes(data[:200] + os.urandom(len(data) - 200))
    elif damage == "header":
        magic, header, rest = data.split(b"\n", 2)
        meta = json.loads(header)
        meta["stamp"]["generation"] += 1
        snap.write_bytes(magic + b"\n" + json.dumps(meta).encode() + b"\n" + rest)
    else:
        snap.chmod(0o666)
    assert not _usable(path)
    with Memory.open(path) as mem:
        assert set(ids) <= set(mem._st.index)
        assert mem.verify()["ok"]


class _Boom:
    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.system, ("touch PWNED",))


def test_a_crafted_pickle_is_refused_not_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "m.db"
    _store(path)
    snap = snapshot.path_for(path)
    magic, header, _rest = snap.read_bytes().split(b"\n", 2)
    meta = json.loads(header)
    evil = pickle.dumps(_Boom(), protocol=5)
    meta["pickle_bytes"] = len(evil)
    meta["arrays"] = []
    snap.write_bytes(magic + b"\n" + json.dumps(meta).encode() + b"\n" + evil)
    monkeypatch.chdir(tmp_path)
    assert not _usable(path)
    assert not (tmp_path / "PWNED").exists()


def test_paths_name_the_snapshot_the_engine_writes(tmp_path: Path) -> None:
    from mnemon.paths import Paths

    paths = Paths.resolve({"MNEMON_HOME": str(tmp_path)})
    assert paths.snapshot == snapshot.path_for(paths.db)
    assert paths.as_dict()["snapshot"] == str(paths.snapshot)
