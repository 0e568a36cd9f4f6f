"""Capture coalescing and the compaction brief's ordering, on a real Daemon object in-process.

The daemon here is the real ``Daemon`` with a real engine, writer and transcript files; it is
not serving a socket, so a test can hold the writer busy (a job waiting on an event) and see
what the queue does with requests that arrive meanwhile.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mnemon_daemon.ops import OPS
from mnemon_daemon.server import Daemon

from mnemon.claude.inject import compacted_key
from mnemon.config import load
from mnemon.engine.memory import Memory
from mnemon.paths import Paths

SID = "0f1e2d3c-aaaa-bbbb-cccc-000000000001"


@pytest.fixture
def daemon(tmp_path: Path) -> Iterator[Daemon]:
    config = load(env={}, overrides={"embedder": "none"})
    memory = Memory.open(tmp_path / "m.db", config=config)
    d = Daemon(Paths.resolve(), build="test", memory=memory, config=config, config_error=None,
               embedder=None, embedder_error=None)
    try:
        yield d
    finally:
        d.writer.stop(10)
        d.reads.shutdown(wait=True)
        memory.close()


class Gate:
    """Holds the writer busy until opened."""

    def __init__(self, d: Daemon) -> None:
        self.event = threading.Event()
        started = threading.Event()

        def hold() -> None:
            started.set()
            self.event.wait(10)

        d.writer.submit(hold)
        assert started.wait(5)

    def open(self) -> None:
        self.event.set()


def call(d: Daemon, op: str, **args: Any) -> Any:
    spec = OPS[op]
    return spec.bind(d, spec.validate(args))()


def settle(d: Daemon) -> None:
    """Wait until every job queued so far (and what it queued) has run."""
    for _ in range(3):
        d.writer.submit(lambda: None).result(10)


def line(obj: object) -> str:
    return json.dumps(obj) + "\n"


def user(uuid: str, text: str) -> str:
    return line({"type": "user", "uuid": uuid, "timestamp": "2026-11-20T10:00:00Z", "sessionId": SID,
                 "message": {"role": "user", "content": text}})


def assistant(uuid: str, text: str) -> str:
    return line({"type": "assistant", "uuid": uuid, "timestamp": "2026-11-20T10:00:05Z", "sessionId": SID,
                 "message": {"id": "m-" + uuid, "role": "assistant", "content": [{"type": "text", "text": text}]}})


def contents(d: Daemon) -> list[str]:
    return [r["content"] for r in d.memory.export() if r.get("kind", "insight") == "insight"]


def test_a_coalesced_capture_keeps_the_later_last_assistant_message(daemon: Daemon, tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    path.write_text(user("u1", "Why does the billing export time out on large accounts?"))
    reply = "The billing export times out because it loads every invoice row into memory at once."
    base = {"session_id": SID, "transcript_path": str(path), "cwd": str(tmp_path)}
    gate = Gate(daemon)
    first = call(daemon, "capture", **base, event="Stop")
    second = call(daemon, "capture", **base, event="Stop", last_assistant_message=reply)
    third = call(daemon, "capture", **base, event="SessionEnd")
    assert (first["coalesced"], second["coalesced"], third["coalesced"]) == (False, True, True)
    waiting = daemon.captures.waiting(SID)
    assert len(waiting) == 1
    assert waiting[0]["last_assistant_message"] == reply and waiting[0]["event"] == "SessionEnd"
    gate.open()
    settle(daemon)
    assert reply in contents(daemon)
    rows = [r for r in daemon.memory.export() if r.get("content") == reply]
    assert rows[0]["metadata"]["event"] == "SessionEnd"


def test_captures_of_two_transcripts_of_one_session_are_both_read(daemon: Daemon, tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    one.write_text(user("u1", "Why is the nightly report job scheduled at 3am instead of midnight?"))
    two.write_text(user("u2", "How do we rotate the staging database credentials safely?"))
    gate = Gate(daemon)
    a = call(daemon, "capture", session_id=SID, transcript_path=str(one), cwd=str(tmp_path), event="Stop")
    b = call(daemon, "capture", session_id=SID, transcript_path=str(two), cwd=str(tmp_path), event="Stop")
    assert not a["coalesced"] and not b["coalesced"]
    gate.open()
    settle(daemon)
    stored = " ".join(contents(daemon))
    assert "nightly report job" in stored and "staging database credentials" in stored


def test_a_capture_arriving_while_one_runs_is_queued_again(daemon: Daemon, tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    path.write_text(user("u1", "Why does the search index rebuild take forty minutes every night?"))
    base = {"session_id": SID, "transcript_path": str(path), "cwd": str(tmp_path)}
    call(daemon, "capture", **base, event="Stop")
    settle(daemon)
    with path.open("a") as fh:
        fh.write(assistant("a1", "The rebuild re-tokenises every document; incremental indexing fixes it."))
        fh.write(user("u2", "Should we move the search index to a dedicated host next quarter?"))
    assert not call(daemon, "capture", **base, event="Stop")["coalesced"]
    settle(daemon)
    assert any("dedicated host" in c for c in contents(daemon))


def test_compaction_brief_runs_after_the_sessions_queued_capture(daemon: Daemon, tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    path.write_text(user("u1", "We decided to keep all billing data in Postgres; never use MySQL for billing."))
    gate = Gate(daemon)
    call(daemon, "capture", session_id=SID, transcript_path=str(path), cwd=str(tmp_path), event="PreCompact")
    answer: dict[str, Any] = {}
    asker = threading.Thread(target=lambda: answer.update(
        call(daemon, "brief", session_id=SID, cwd=str(tmp_path), source="compact")))
    asker.start()
    time.sleep(0.2)
    assert daemon.memory.kv_get(compacted_key(SID)) is None
    gate.open()
    asker.join(5)
    assert "Postgres" in answer["context"]
    assert daemon.memory.kv_get(compacted_key(SID)) is not None


def test_compaction_brief_answers_empty_when_the_capture_outlives_the_hooks_deadline(
    daemon: Daemon, tmp_path: Path
) -> None:
    path = tmp_path / "s.jsonl"
    path.write_text(user("u1", "We decided to deploy only from the release branch, never from main."))
    gate = Gate(daemon)
    call(daemon, "capture", session_id=SID, transcript_path=str(path), cwd=str(tmp_path), event="PreCompact")
    started = time.monotonic()
    answer = call(daemon, "brief", session_id=SID, cwd=str(tmp_path), source="compact")
    waited = time.monotonic() - started
    assert answer["context"] == "" and answer["late"] is True
    assert waited < 1.0
    gate.open()
    settle(daemon)
    assert daemon.memory.kv_get(compacted_key(SID)) is not None
    assert any("release branch" in c for c in contents(daemon))


def test_startup_brief_does_not_wait_for_the_writer(daemon: Daemon, tmp_path: Path) -> None:
    gate = Gate(daemon)
    try:
        answer = call(daemon, "brief", session_id=SID, cwd=str(tmp_path), source="startup")
        assert isinstance(answer["context"], str) and "late" not in answer
    finally:
        gate.open()


def test_a_session_killed_before_its_first_stop_is_captured_at_the_next_start(daemon: Daemon,
                                                                             tmp_path: Path) -> None:
    """Regression: a session killed before its first Stop (a closed terminal, a crash) fires no
    capture hook at all: the decision typed in it was never stored, not even by later sessions in
    the same project (seen with the real Claude Code, killed while the model was answering)."""
    path = tmp_path / "killed.jsonl"
    path.write_text(user("u1", "We decided the ledger service deploys from the release branch only, "
                               "because main is not audited."))
    call(daemon, "inject", prompt="We decided the ledger service deploys from the release branch only",
         session_id=SID, cwd=str(tmp_path), transcript_path=str(path))
    settle(daemon)
    assert not any("release branch" in c for c in contents(daemon))  # no Stop, no SessionEnd: nothing yet
    call(daemon, "brief", session_id="0f1e2d3c-aaaa-bbbb-cccc-000000000002", cwd=str(tmp_path), source="startup")
    settle(daemon)
    assert any("release branch only" in c for c in contents(daemon))
    before = len(contents(daemon))
    call(daemon, "brief", session_id="0f1e2d3c-aaaa-bbbb-cccc-000000000003", cwd=str(tmp_path), source="startup")
    settle(daemon)
    assert len(contents(daemon)) == before  # caught up once: nothing stored twice


def test_with_capture_off_nothing_said_meanwhile_is_stored_later(daemon: Daemon, tmp_path: Path) -> None:
    """Regression: `capture = false` in config.toml was read by nothing: every Stop stored its turn
    as before (seen with the real Claude Code). Turned off, hooks store nothing, and what was said
    while it was off is not stored once it is on again (the session's cursor moves past it)."""
    import dataclasses

    path = tmp_path / "s.jsonl"
    base = {"session_id": SID, "transcript_path": str(path), "cwd": str(tmp_path)}
    on = daemon.config
    daemon.config = dataclasses.replace(on, capture=False)
    path.write_text(user("u1", "We decided the payroll export runs on the 25th of each month."))
    call(daemon, "capture", **base, event="Stop")
    with path.open("a") as fh:  # a line still being written when the next capture comes
        fh.write(user("u2", "The payroll bank file goes to the SFTP host named vault-7.").rstrip("\n"))
    call(daemon, "capture", **base, event="SessionEnd")
    settle(daemon)
    assert contents(daemon) == []
    daemon.config = on
    with path.open("a") as fh:
        fh.write("\n" + user("u3", "We decided invoices are numbered per calendar year from now on."))
    call(daemon, "capture", **base, event="Stop")
    settle(daemon)
    stored = " ".join(contents(daemon))
    assert "numbered per calendar year" in stored
    assert "payroll" not in stored and "vault-7" not in stored
    rows = [r for r in daemon.memory.export() if "calendar year" in str(r.get("content"))]
    assert rows[0]["metadata"]["line"] == 3  # line numbers still count the lines passed over


def test_a_session_killed_while_capture_was_off_is_not_caught_up_later(daemon: Daemon, tmp_path: Path) -> None:
    """A session killed before its first Stop is captured at the next SessionStart; one that ran
    while capture was off must not be, even once capture is on again."""
    import dataclasses

    path = tmp_path / "killed.jsonl"
    path.write_text(user("u1", "We decided the payroll export runs on the 25th of each month."))
    on = daemon.config
    daemon.config = dataclasses.replace(on, capture=False)
    call(daemon, "inject", prompt="We decided the payroll export runs on the 25th", session_id=SID,
         cwd=str(tmp_path), transcript_path=str(path))
    settle(daemon)
    daemon.config = on
    call(daemon, "brief", session_id="0f1e2d3c-aaaa-bbbb-cccc-000000000002", cwd=str(tmp_path), source="startup")
    settle(daemon)
    assert not any("payroll" in c for c in contents(daemon))
