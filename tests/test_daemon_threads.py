"""The concurrency rule "every SQLite write runs on the writer thread", checked on a real
``Daemon`` in-process: every op is run on the thread its kind gives it (the read pool, the
writer, the caller for ``loop`` and ``stream``), and SQLite's own trace of the store's
connection records which thread ran each write statement. What a read must remember (the
ids inject and the startup brief hand out, access counts) reaches the store through the
writer, and the next read sees it before it got there."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mnemon_daemon.ops import OPS
from mnemon_daemon.server import Daemon

from mnemon.claude.inject import injected_key
from mnemon.config import load
from mnemon.engine.memory import Memory, WrongThread
from mnemon.paths import Paths

SID = "0f1e2d3c-aaaa-bbbb-cccc-000000000002"
WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "BEGIN", "COMMIT", "VACUUM", "CREATE", "DROP", "ALTER")


@pytest.fixture
def traced(tmp_path: Path) -> Iterator[tuple[Daemon, list[tuple[str, str]]]]:
    config = load(env={}, overrides={"embedder": "none"})
    memory = Memory.open(tmp_path / "m.db", config=config)
    writes: list[tuple[str, str]] = []

    def trace(sql: str) -> None:
        words = sql.lstrip().split(None, 1)
        if words and words[0].upper() in WRITES:
            writes.append((threading.current_thread().name, sql[:80]))

    memory._conn.set_trace_callback(trace)
    d = Daemon(Paths.resolve(), build="test", memory=memory, config=config, config_error=None,
               embedder=None, embedder_error=None)
    try:
        yield d, writes
    finally:
        d.writer.stop(10)
        d.reads.shutdown(wait=True)
        memory.close()


def run(d: Daemon, op: str, **args: Any) -> Any:
    """Run ``op`` on the thread the daemon gives its kind (as ``Daemon._run`` does)."""
    spec = OPS[op]
    call = spec.bind(d, spec.validate(args))
    if spec.kind == "read":
        return d.reads.submit(call).result(10)
    if spec.kind == "write":
        return d.writer.submit(call).result(10)
    out = call()
    return list(out) if spec.kind == "stream" else out


def settle(d: Daemon) -> None:
    for _ in range(3):
        d.writer.submit(lambda: None).result(10)


def test_every_sqlite_write_of_every_op_runs_on_the_writer(traced: tuple[Daemon, list[tuple[str, str]]],
                                                            tmp_path: Path) -> None:
    d, writes = traced
    cwd = str(tmp_path)
    first = run(d, "remember", content="We decided to deploy the billing service with blue green releases",
                category="decision", importance=4, scope="global")
    run(d, "remember", content="The billing service runs its database migrations before each deploy",
        category="fact", scope="global")
    writes.clear()  # from here on, only what reads and writes of a running daemon do

    prompt = "how do we deploy the billing service?"
    answer = run(d, "inject", prompt=prompt, session_id=SID, cwd=cwd)
    assert answer["reason"] == "ok", answer
    shown = [item["id"] for item in answer["items"]]
    assert first["id"] in shown
    again = run(d, "inject", prompt=prompt, session_id=SID, cwd=cwd)  # before any flush: RAM remembers
    assert not {item["id"] for item in again.get("items", [])} & set(shown)
    run(d, "brief", session_id=SID, cwd=cwd, source="startup")
    run(d, "brief", session_id=SID, cwd=cwd, source="compact")
    run(d, "recall", query="billing deploy")
    for op, args in (("status", {}), ("show", {"id": first["id"]}), ("log", {}), ("list", {}),
                     ("sessions", {}), ("projects", {}), ("timeline", {"id": first["id"]}),
                     ("injections", {"session_id": SID}), ("embed", {}), ("verify", {}), ("export", {}),
                     ("mute", {"target": "session", "session_id": SID}), ("pin", {"id": first["id"]}),
                     ("gc", {}), ("config", {}), ("ping", {})):
        run(d, op, **args)
    settle(d)
    d.writer.submit(d.memory.flush).result(10)

    writer = d.writer.thread.name
    assert writes, "the trace saw no write at all"
    strays = [(thread, sql) for thread, sql in writes if thread != writer]
    assert not strays, f"SQLite writes off the writer thread: {strays}"
    check = sqlite3.connect(str(tmp_path / "m.db"))
    stored = check.execute("SELECT value FROM kv WHERE key = ?", (injected_key(SID),)).fetchone()
    check.close()
    assert stored is not None


def test_a_write_off_the_writer_raises_and_a_deferred_record_waits_for_flush(tmp_path: Path) -> None:
    memory = Memory.open(tmp_path / "m.db")
    done = threading.Event()
    writer = threading.Thread(target=done.wait, name="test-writer")
    writer.start()
    try:
        memory.bind_writer(writer)
        with pytest.raises(WrongThread, match="not on the writer 'test-writer'"):
            memory.kv_set("k", 1)
        with pytest.raises(WrongThread):
            memory.remember("a memory written from the wrong thread")
        memory.kv_set_deferred("k", [1, 2])
        assert memory.kv_get("k") == [1, 2]
        assert memory.kv_get_many(["k", "x"]) == {"k": [1, 2]}
        assert memory.kv_keys("K") == ["k"]
        assert memory._conn.execute("SELECT COUNT(*) FROM kv").fetchone()[0] == 0
        with pytest.raises(WrongThread):
            memory.flush()
        memory.kv_set_deferred("k", None)
        assert memory.kv_get("k") is None and memory.kv_keys("k") == []
    finally:
        done.set()
        writer.join()
    memory.kv_set_deferred("j", "now")  # the writer has ended: written at once
    assert memory._conn.execute("SELECT value FROM kv WHERE key = 'j'").fetchone() == ('"now"',)
    memory.close()
