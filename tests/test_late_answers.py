"""A block the prompt hook gave up waiting for is not kept as shown in the session.

The hook waits 1 s for its answer (a daemon just started, or busy, answers later); the daemon still
built the block and recorded its notes as shown in the session, so the model never saw them and no
later prompt of the session showed them either ("already shown"). Seen after an upgrade: the first
prompt got nothing, and the same question asked again got eight weaker notes instead of the decision.

The hook now tells the daemon when it stops waiting (``until``); a block ready later is logged as
``late`` and its notes stay unshown. The real daemon and the real hook script; the daemon is made
late by stopping it (SIGSTOP) while the hook waits, as a loaded machine would."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from daemon_harness import reap, wait_until

from mnemon.claude.project import project_scope
from mnemon.paths import Paths
from mnemon.wire.client import Client, ping
from mnemon.wire.launcher import start_daemon

HOOKS = Path(__file__).resolve().parent.parent / "hooks"
SESSION = "5a1e0000-1111-4222-8333-944455556666"
DECISION = "We decided the invoice numbers restart at 1 every January, with the year as a prefix."
PROMPT = "how do the invoice numbers restart each year?"


@pytest.fixture
def daemon(mnemon_home: Path, tmp_path: Path) -> Iterator[Client]:
    paths = Paths.resolve()
    start_daemon(paths, wait=True)
    client = Client(paths, autostart="no")
    try:
        yield client
    finally:
        client.close()
        reap(mnemon_home)


def _prompt(cwd: Path) -> tuple[bytes, float]:
    event = {"session_id": SESSION, "transcript_path": str(cwd / "t.jsonl"), "cwd": str(cwd),
             "hook_event_name": "UserPromptSubmit", "prompt": PROMPT}
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-I", str(HOOKS / "user_prompt_submit.py")],
                          input=json.dumps(event).encode(), capture_output=True, timeout=20, cwd=cwd)
    assert proc.returncode == 0
    return proc.stdout, time.monotonic() - start


def _log(client: Client) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = client.call("injections", {"session_id": SESSION, "limit": 10})["entries"]
    return entries


def test_a_block_the_hook_gave_up_on_is_shown_at_the_next_prompt(daemon: Client, tmp_path: Path) -> None:
    daemon.call("remember", {"content": DECISION, "category": "decision", "importance": 4,
                             "scope": project_scope(str(tmp_path))})
    info = ping(Paths.resolve(), timeout=2)
    assert info is not None
    os.kill(info["pid"], signal.SIGSTOP)  # busy: the hook's request waits in the socket
    try:
        out, took = _prompt(tmp_path)
    finally:
        os.kill(info["pid"], signal.SIGCONT)
    assert out == b"" and took < 3  # the hook gave up at its deadline, the prompt went on without notes
    assert wait_until(lambda: len(_log(daemon)) == 1, timeout=20)  # the daemon answered it anyway, late

    out, _ = _prompt(tmp_path)  # the same session asks again: the decision was never seen, so it comes now
    assert out and DECISION in json.loads(out)["hookSpecificOutput"]["additionalContext"]
    assert wait_until(lambda: len(_log(daemon)) == 2, timeout=20)
    assert [e["reason"] for e in _log(daemon)] == ["ok", "late"]  # newest first: the late one says so
    out, _ = _prompt(tmp_path)  # and once shown, it is not shown a second time
    assert out == b""
