"""Long operations (issue 11 items 9, 11 and 15): a huge capture never holds the single writer
for long; `embed --all`, `import` and `import-transcripts` report progress and outlive the
ordinary request deadline; `import-transcripts` says what it did in user-facing counts and how
long background embedding will take."""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_harness import cli
from daemon_harness import DaemonProcess
from fake_ollama import FakeOllama

from mnemon import cli as cli_mod
from mnemon import render
from mnemon.claude.capture import capture_transcript
from mnemon.engine.memory import Memory
from mnemon.paths import Paths


@pytest.fixture
def slow_ollama(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeOllama]:
    """A real HTTP embedding server taking ``delay`` seconds per request, used by the daemon."""
    with FakeOllama() as server:
        server.embed_mode = "slow"
        server.delay = 0.25
        monkeypatch.setenv("MNEMON_EMBEDDER", "ollama")
        monkeypatch.setenv("MNEMON_OLLAMA_URL", server.url)
        yield server


def progress_lines(err: str) -> list[dict[str, Any]]:
    return [json.loads(line)["progress"] for line in err.splitlines() if line.startswith('{"progress"')]


def user(uuid: str, text: str, cwd: str) -> str:
    return json.dumps({"type": "user", "uuid": uuid, "sessionId": "s1", "cwd": cwd,
                       "timestamp": "2026-11-20T10:00:00Z", "message": {"role": "user", "content": text}}) + "\n"


def assistant(uuid: str, text: str, cwd: str) -> str:
    return json.dumps({"type": "assistant", "uuid": uuid, "sessionId": "s1", "cwd": cwd,
                       "timestamp": "2026-11-20T10:00:05Z",
                       "message": {"id": "m" + uuid, "role": "assistant",
                                   "content": [{"type": "text", "text": text}]}}) + "\n"


def test_a_huge_transcript_without_a_newline_never_holds_the_writer_for_long(home: Path, tmp_path: Path) -> None:
    """4 GB of one line read whole on every capture held every `remember` for 12 s here (57 s
    for 20 GB in the report); each capture step now takes its bounded share of the writer."""
    huge = tmp_path / "huge.jsonl"
    with huge.open("wb") as fh:
        fh.write(user("u1", "We decided the deploy pipeline runs on Fridays", str(tmp_path)).encode())
        fh.truncate(4 * 1024**3)  # sparse: costs no disk, but every byte must be read to find a newline
    daemon = DaemonProcess(home)
    try:
        with daemon.client(timeout=60) as client:
            client.call("capture", {"session_id": "s1", "transcript_path": str(huge), "cwd": str(tmp_path),
                                    "event": "Stop"})
            time.sleep(0.2)
            waits = []
            for i in range(12):
                started = time.monotonic()
                client.call("remember", {"content": f"note {i}: the writer answers during a huge capture"})
                waits.append(time.monotonic() - started)
                time.sleep(0.1)
            assert max(waits) < 2.0, waits
            found = client.call("recall", {"query": "deploy pipeline Fridays"})["results"]
            assert any("deploy pipeline" in r["insight"]["content"] for r in found)
    finally:
        daemon.stop()
        huge.unlink()


def test_a_capture_step_with_a_time_budget_stops_at_a_turn_and_the_next_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text("".join(user(f"u{i}", f"We decided service {i} listens on port {8000 + i}", "/p")
                            + assistant(f"a{i}", f"Service {i} now listens on port {8000 + i}.", "/p")
                            for i in range(300)))
    with Memory.open(tmp_path / "m.db") as memory:
        steps, added = 0, 0
        while True:
            started = time.monotonic()
            summary = capture_transcript(memory, session_id="s1", transcript_path=str(path), cwd="/p",
                                         scope="p", call_seconds=0.05)
            assert time.monotonic() - started < 2.5  # 0.05 s asked; the turn in hand finishes (slack for a loaded machine)
            steps += 1
            added += summary["added"]
            if not summary["more"]:
                break
        assert steps > 3 and added == 600 and len(memory) == 600
        again = capture_transcript(memory, session_id="s1", transcript_path=str(path), cwd="/p", scope="p")
        assert again["added"] == 0 and not again["more"]


def test_embed_all_outlives_the_request_deadline_and_reports_progress(
        home: Path, slow_ollama: FakeOllama, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    with Memory.open(Paths.resolve().db) as memory:
        for i in range(400):
            memory.remember(f"service {i} listens on port {8000 + i} in region r{i}", no_diff=True)
    code, _, err = cli(capsys, "daemon", "start")
    assert code == 0, err
    monkeypatch.setattr(cli_mod, "CALL_TIMEOUT", 1.0)  # the ordinary deadline, shrunk: the work takes ~3 s
    started = time.monotonic()
    code, out, err = cli(capsys, "embed", "--all", "--json")
    assert code == 0, err
    assert time.monotonic() - started > 2.0
    result = json.loads(out)
    assert result["status"]["missing"] == 0 and result["status"]["embedded"] == 400
    progress = progress_lines(err)
    # the daemon's background queue may have embedded a batch or two before the command began:
    # progress counts what was missing when it started, and ends with all of it done
    assert 0 < progress[0]["total"] <= 400
    assert progress[-1]["done"] == progress[-1]["total"] >= progress[0]["total"]
    assert [p["done"] for p in progress] == sorted(p["done"] for p in progress)
    code, out, _ = cli(capsys, "embed")
    assert code == 0 and "400/400 memories embedded" in out


def _daemon_embedder(capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    code, out, err = cli(capsys, "status", "--json")
    assert code == 0, err
    embedder: dict[str, Any] = json.loads(out)["daemon"]["embedder"]
    return embedder


def _wait_for_embedder(capsys: pytest.CaptureFixture[str], within: float) -> dict[str, Any]:
    deadline = time.monotonic() + within
    while True:
        embedder = _daemon_embedder(capsys)
        if embedder["model_id"] or time.monotonic() > deadline:
            return embedder
        time.sleep(0.3)


def test_an_ollama_that_did_not_answer_at_start_is_taken_up_once_it_does(
        home: Path, slow_ollama: FakeOllama, capsys: pytest.CaptureFixture[str]) -> None:
    slow_ollama.tags_mode = "http500"  # the server is up but not ready when the daemon starts
    code, _, err = cli(capsys, "daemon", "start")
    assert code == 0, err
    assert _daemon_embedder(capsys)["model_id"] is None  # recall goes on without vectors meanwhile
    slow_ollama.tags_mode = "ok"
    embedder = _wait_for_embedder(capsys, within=20.0)
    assert embedder["kind"] == "ollama" and embedder["model_id"] and embedder["dim"] > 0, embedder


def test_import_transcripts_reports_user_facing_counts_and_the_embedding_still_to_come(
        home: Path, slow_ollama: FakeOllama, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    slow_ollama.delay = 0.5
    code, _, err = cli(capsys, "daemon", "start")
    assert code == 0, err
    # on a loaded machine the daemon's first probe of the server can be cut short: it tries again
    assert _wait_for_embedder(capsys, within=20.0)["model_id"]
    projects = tmp_path / "projects" / "-tmp-app"
    projects.mkdir(parents=True)
    cwd = str(tmp_path)
    (projects / "s1.jsonl").write_text(
        "".join(user(f"u{i}", f"We decided service {i} listens on port {8000 + i}", cwd)
                + assistant(f"a{i}", f"Service {i} now listens on port {8000 + i} behind the proxy.", cwd)
                for i in range(150)) + "x" * 2_000_000 + "\n" + "{broken\n")
    code, out, err = cli(capsys, "import-transcripts", str(tmp_path / "projects"), "--json")
    assert code == 0, err
    result = json.loads(out)
    assert set(result) == {"files", "done", "failed", "turns", "added", "skipped", "errors", "unreadable_lines",
                           "embedding"}
    assert (result["files"], result["done"], result["turns"], result["added"]) == (1, 1, 150, 300)
    assert result["unreadable_lines"] == 2
    assert result["embedding"]["model"] and result["embedding"]["pending"] > 0
    assert result["embedding"]["seconds"] > 0
    assert progress_lines(err)[-1]["done"] == 1
    code, out, err = cli(capsys, "import-transcripts", str(tmp_path / "projects"))
    assert code == 0, err
    assert "start" not in out and "offset" not in out and "long_lines" not in out
    assert re.search(r"read 1 of 1 transcript: 0 turns, 0 memories added", out), out
    assert re.search(r"embedding [\d,]+ memories goes on in the background \(about [\d.]+ (seconds?|minutes?)\)",
                     out), out


def test_the_progress_bar_draws_on_a_terminal() -> None:
    master, slave = os.openpty()
    with os.fdopen(slave, "w") as tty:
        bar = render.Progress("import", "bytes", stream=tty)
        bar.update(1_500_000, 3_000_000, memories=812)
        bar.close()
    drawn = b""
    while not drawn.endswith(b"\n"):  # the writes may arrive in pieces
        try:
            piece = os.read(master, 4096)
        except OSError:  # EIO: the terminal's other end is closed and everything was read
            break
        if not piece:
            break
        drawn += piece
    os.close(master)
    text = drawn.decode()
    assert "import [############------------]  50%  1.5 MB of 3.0 MB, 812 memories" in text
    assert text.startswith("\r") and text.endswith("\n")
