"""Helpers for the reliability evidence (tests/test_reliability.py): hook trials under a fault,
Claude Code transcripts that grow turn by turn, and a daemon's resident memory and open files.

The fake daemons, hook lists and garbage answers are the ones tests/test_hooks.py uses; the
real daemon is tests/daemon_harness.py's. What is added here is measurement: every trial is
one real hook process, timed from spawn to exit, and matched to its own line in hooks.log by
the pid the hook writes there.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mnemon.paths import Paths

HOOKS = Path(__file__).resolve().parent.parent / "hooks"
EVENT_NAMES = {
    "session_start.py": "SessionStart",
    "user_prompt_submit.py": "UserPromptSubmit",
    "stop.py": "Stop",
    "pre_compact.py": "PreCompact",
    "post_compact.py": "PostCompact",
    "session_end.py": "SessionEnd",
}
CONTEXT_HOOKS = ("session_start.py", "user_prompt_submit.py")
PROMPT_BUDGET = 2.0


@dataclass(frozen=True)
class Trial:
    """One hook process: what it returned and how long it took, spawn to exit."""

    hook: str
    pid: int
    rc: int
    stdout: bytes
    stderr: bytes
    seconds: float


@dataclass
class FaultReport:
    """All trials of one fault, and the one-line summary the README figures come from."""

    fault: str
    trials: list[Trial] = field(default_factory=list)

    def line(self) -> str:
        exits = sorted({t.rc for t in self.trials})
        printed = sum(len(t.stdout) for t in self.trials)
        worst = max((t.seconds for t in self.trials), default=0.0)
        prompt = max((t.seconds for t in self.trials if t.hook == "user_prompt_submit.py"), default=0.0)
        hooks = len({t.hook for t in self.trials})
        return (f"fault={self.fault} trials={len(self.trials)} hooks={hooks} max_wall={worst:.3f}s "
                f"max_wall_UserPromptSubmit={prompt:.3f}s exit_codes={exits} bytes_printed={printed}")


def event_for(hook: str, transcript: Path, cwd: Path, session_id: str = "rel-session") -> dict[str, Any]:
    """The event Claude Code sends to ``hook`` (the fields each one reads)."""
    event: dict[str, Any] = {"session_id": session_id, "transcript_path": str(transcript), "cwd": str(cwd),
                             "hook_event_name": EVENT_NAMES[hook]}
    if hook == "user_prompt_submit.py":
        event["prompt"] = "which database does the order store use and why?"
    if hook == "session_start.py":
        event["source"] = "startup"
    if hook == "stop.py":
        event["last_assistant_message"] = "The order store stays on SQLite."
    return event


def run_hook(hook: str, event: dict[str, Any], *, env: dict[str, str] | None = None,
             prefix: Sequence[str] = (), timeout: float = 30.0) -> Trial:
    """Run one hook as Claude Code does (``python -I hooks/<event>.py``, JSON on stdin);
    ``prefix`` wraps it (e.g. ``setpriv`` to drop capabilities)."""
    full_env = {**os.environ, **(env or {})}
    start = time.monotonic()
    proc = subprocess.Popen([*prefix, sys.executable, "-I", str(HOOKS / hook)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=full_env, cwd="/")
    try:
        out, err = proc.communicate(json.dumps(event).encode(), timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
    took = time.monotonic() - start
    return Trial(hook, proc.pid, proc.returncode, out, err, took)


def run_trials(fault: str, count: int, make_event: Callable[[str], dict[str, Any]], hooks: Sequence[str], *,
               env: dict[str, str] | None = None, prefix: Sequence[str] = (), workers: int = 3) -> FaultReport:
    """``count`` trials, the hooks taken in rotation, ``workers`` hook processes at a time."""
    order = [hooks[i % len(hooks)] for i in range(count)]
    with ThreadPoolExecutor(max_workers=workers) as pool:
        trials = list(pool.map(lambda h: run_hook(h, make_event(h), env=env, prefix=prefix), order))
    return FaultReport(fault, trials)


def hook_log_lines(paths: Paths | None = None) -> list[str]:
    path = (paths or Paths.resolve()).hook_log
    lines: list[str] = []
    for candidate in (Path(str(path) + ".1"), path):
        try:
            lines.extend(candidate.read_text(errors="replace").splitlines())
        except FileNotFoundError:
            continue
    return lines


def logged_reason(trial: Trial, lines: Sequence[str]) -> str | None:
    """The hooks.log line this trial's process wrote (``<stamp> <Event> pid=<pid> <why>``)."""
    marker = f" {EVENT_NAMES[trial.hook]} pid={trial.pid} "
    for line in lines:
        if marker in line:
            return line.split(marker, 1)[1]
    return None


# -- transcripts -----------------------------------------------------------------------------


class Transcript:
    """A Claude Code session transcript (JSONL, the fields mnemon.claude.transcript reads) that grows
    one turn at a time, appended and flushed like Claude Code's writer."""

    def __init__(self, path: Path, session_id: str, cwd: Path) -> None:
        self.path = path
        self.session_id = session_id
        self.cwd = cwd
        self.parent: str | None = None
        self.turns: list[str] = []
        self.uuids: list[str] = []
        self._lock = threading.Lock()
        path.touch()

    def _base(self, kind: str, line_uuid: str) -> dict[str, Any]:
        return {"parentUuid": self.parent, "isSidechain": False, "userType": "external", "cwd": str(self.cwd),
                "sessionId": self.session_id, "version": "2.1.332", "gitBranch": "main", "type": kind,
                "uuid": line_uuid, "timestamp": time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime())}

    def add_turn(self, marker: str) -> str:
        """One prompt carrying ``marker`` and its answer; returns the user text.

        The rest of the prompt is random words, so no two turns look alike to the engine's
        near-duplicate check (a skipped near-duplicate would read as a lost turn)."""
        words = " ".join(uuid.uuid4().hex[i:i + 8] for i in range(0, 32, 8))
        text = f"We decided the {marker} component uses {words} for its retry budget."
        with self._lock:
            user_uuid = str(uuid.uuid4())
            user = self._base("user", user_uuid)
            user["message"] = {"role": "user", "content": text}
            self.parent = user_uuid
            reply_uuid = str(uuid.uuid4())
            reply = self._base("assistant", reply_uuid)
            reply["message"] = {"id": f"msg_{uuid.uuid4().hex[:20]}", "type": "message", "role": "assistant",
                                "model": "claude-sonnet-4-5", "content": [
                                    {"type": "text", "text": f"Understood: {marker} keeps {words}."}],
                                "stop_reason": "end_turn", "usage": {"input_tokens": 10, "output_tokens": 8}}
            self.parent = reply_uuid
            with open(self.path, "ab") as fh:
                fh.write((json.dumps(user, separators=(",", ":")) + "\n").encode())
                fh.write((json.dumps(reply, separators=(",", ":")) + "\n").encode())
                fh.flush()
            self.turns.append(text)
            self.uuids.append(user_uuid)
        return text

    def capture_args(self, event: str = "Stop") -> dict[str, Any]:
        return {"session_id": self.session_id, "transcript_path": str(self.path), "cwd": str(self.cwd),
                "event": event}


# -- a process's footprint -------------------------------------------------------------------


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError(f"no VmRSS for pid {pid}")


def open_fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))
