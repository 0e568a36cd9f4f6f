"""Drive the real Claude Code CLI (``claude -p``) against :mod:`mock_anthropic`.

Each :class:`ClaudeHarness` owns one throwaway directory under /tmp (short, for the Unix
socket) holding a HOME with ``.claude/settings.json``, a ``MNEMON_HOME`` and the project
folders. Claude Code runs with a clean environment (``env -i`` style: nothing from the
developer's shell leaks in), so the hooks, the daemon they talk to and the CLI the test
uses all see the same ``MNEMON_HOME``. Hooks are installed with :mod:`mnemon.claude.settings`, the
same code ``install.sh`` uses, pointing at this checkout's ``hooks/`` and the interpreter
running the tests.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mock_anthropic import MockAPI

from mnemon.claude import settings as mnemon_settings
from mnemon.paths import Paths

CLAUDE_CODE_VERSION = "2.1.332"  # keep in step with install.sh
REPO = Path(__file__).resolve().parents[2]
HOOKS_DIR = REPO / "hooks"


def _texts(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item)


def tool_results(body: dict[str, Any]) -> dict[str, str]:
    """tool_use_id -> the text of its result, in the last user message of a request."""
    users = [m for m in body.get("messages") or [] if isinstance(m, dict) and m.get("role") == "user"]
    content = users[-1].get("content") if users else None
    out = {}
    for block in content if isinstance(content, list) else []:
        if isinstance(block, dict) and block.get("type") == "tool_result":
            inner = block.get("content")
            text = inner if isinstance(inner, str) else " ".join(
                str(part.get("text") or part.get("tool_name") or "") for part in inner or []
                if isinstance(part, dict))  # ToolSearch answers with tool_reference blocks
            out[str(block.get("tool_use_id"))] = text
    return out


@dataclass(frozen=True)
class Run:
    """One ``claude -p`` invocation: its JSON result, the model requests it made, its wall time."""

    returncode: int
    stdout: str
    stderr: str
    seconds: float
    requests: list[dict[str, Any]] = field(default_factory=list)

    @property
    def result(self) -> dict[str, Any]:
        try:
            data = json.loads(self.stdout)
        except ValueError:
            raise AssertionError(f"claude printed no JSON result: {self.describe()}") from None
        if not isinstance(data, dict):
            raise AssertionError(f"unexpected claude output: {self.describe()}")
        return data

    @property
    def session_id(self) -> str:
        return str(self.result["session_id"])

    @property
    def text(self) -> str:
        return str(self.result.get("result", ""))

    def body_text(self) -> str:
        """Every string in every request body, joined: what the model was sent."""
        return "\n".join(t for body in self.requests for t in _texts(body))

    def hook_context(self, event: str = "") -> str:
        """The text hooks (of ``event``, or any) injected into the requests. Claude Code labels
        it "<Event> hook additional context: ..." (or "... hook success: ..." for plain
        stdout) inside a larger system text; a ``<mnemon-notes>`` block is taken whole,
        anything else up to the next blank line."""
        label = re.compile(
            rf"{re.escape(event) if event else '[A-Za-z]+'} hook (?:additional context|success): "
        )
        found = []
        for text in (t for body in self.requests for t in _texts(body)):
            for match in label.finditer(text):
                rest = text[match.end() :]
                if rest.startswith("<mnemon-notes>") and "</mnemon-notes>" in rest:
                    found.append(rest[: rest.index("</mnemon-notes>") + len("</mnemon-notes>")])
                else:
                    found.append(rest.split("\n\n", 1)[0])
        return "\n".join(found)

    def describe(self) -> str:
        return f"rc={self.returncode} stdout={self.stdout[-800:]!r} stderr={self.stderr[-1500:]!r}"


class ClaudeHarness:
    def __init__(self, claude: Path, api: MockAPI) -> None:
        self.claude = claude
        self.api = api
        self.root = Path(tempfile.mkdtemp(prefix="mne-", dir="/tmp"))
        self.home = self.root / "home"
        self.mnemon_home = self.root / "m"
        self.tmp = self.root / "tmp"
        for d in (self.home / ".claude", self.mnemon_home, self.tmp):
            d.mkdir(parents=True)
        self.settings_path = self.home / ".claude" / "settings.json"
        self.mnemon_bin = Path(sys.executable).parent / "mnemon"
        self.hooks_dir = HOOKS_DIR

    # -- set-up ----------------------------------------------------------------------------

    def install_hooks(
        self,
        events: Sequence[str] | None = None,
        *,
        python: Path | str = sys.executable,
        hooks_dir: Path = HOOKS_DIR,
    ) -> dict[str, Any]:
        """Our hooks in this HOME's settings.json (all of them, or only ``events``)."""
        commands = mnemon_settings.hook_commands(python, hooks_dir)
        if events is not None:
            missing = set(events) - set(commands)
            assert not missing, f"hook scripts missing for {missing}"
            commands = {e: c for e, c in commands.items() if e in events}
        merged = mnemon_settings.merge_hooks(
            mnemon_settings.read_settings(self.settings_path), commands, hooks_dir
        )
        mnemon_settings.write_settings(self.settings_path, merged)
        self.hooks_dir = hooks_dir
        return merged

    def remove_hooks(self) -> None:
        mnemon_settings.uninstall(self.settings_path, self.hooks_dir)

    def project(self, name: str, *, git: bool = False) -> Path:
        path = self.root / name
        path.mkdir()
        if git:
            subprocess.run(["git", "init", "-q", str(path)], check=True, env=self.env())
            (path / "README").write_text(f"{name}\n")
        return path

    def env(self, **extra: str) -> dict[str, str]:
        path = "/usr/local/bin:/usr/bin:/bin"
        node = shutil.which("node")
        if node and os.path.dirname(node) not in path.split(":"):
            path = f"{os.path.dirname(node)}:{path}"
        env = {
            "PATH": path,
            "HOME": str(self.home),
            "TMPDIR": str(self.tmp),
            "LANG": "C.UTF-8",
            "ANTHROPIC_BASE_URL": self.api.url,
            "ANTHROPIC_API_KEY": "dummy",
            "DISABLE_TELEMETRY": "1",
            "DISABLE_ERROR_REPORTING": "1",
            "DISABLE_AUTOUPDATER": "1",
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            "CLAUDE_CODE_MAX_RETRIES": "1",
            "MNEMON_HOME": str(self.mnemon_home),
            "MNEMON_EMBEDDER": "none",
        }
        env.update(extra)
        return env

    # -- running ---------------------------------------------------------------------------

    def run(self, prompt: str, cwd: Path, *args: str, timeout: float = 90, **env: str) -> Run:
        mark = self.api.mark()
        start = time.monotonic()
        proc = subprocess.run(
            [str(self.claude), "-p", prompt, "--output-format", "json", *args],
            cwd=cwd,
            env=self.env(**env),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        seconds = time.monotonic() - start
        return Run(proc.returncode, proc.stdout, proc.stderr, seconds, self.api.since(mark))

    def ok(self, prompt: str, cwd: Path, *args: str, **env: str) -> Run:
        """Run and assert Claude Code answered normally."""
        run = self.run(prompt, cwd, *args, **env)
        assert run.returncode == 0, run.describe()
        assert run.result.get("is_error") is False, run.describe()
        return run

    def mnemon(self, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(self.mnemon_bin), *args],
            env=self.env(),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=timeout,
        )

    def start_daemon(self) -> None:
        proc = self.mnemon("daemon", "start")
        assert proc.returncode == 0, f"mnemon daemon start failed: {proc.stdout}{proc.stderr}"

    # -- daemon and database ---------------------------------------------------------------

    @property
    def pid_file(self) -> Path:
        return self.mnemon_home / "run" / "daemon.pid"

    def daemon_pid(self) -> int | None:
        try:
            text = self.pid_file.read_text()
        except OSError:
            return None
        digits = "".join(ch for ch in text.split()[0] if ch.isdigit()) if text.split() else ""
        if not digits:
            try:
                return int(json.loads(text)["pid"])
            except (ValueError, KeyError, TypeError):
                return None
        return int(digits)

    def kill_daemon(self, sig: int = signal.SIGKILL) -> int:
        pid = self.daemon_pid()
        assert pid, f"no daemon pid in {self.pid_file}"
        os.kill(pid, sig)
        if sig == signal.SIGKILL:
            wait_for(lambda: not _alive(pid), 10, f"daemon {pid} to die")
        return pid

    def daemon_alive(self) -> bool:
        pid = self.daemon_pid()
        return bool(pid) and _alive(pid)  # type: ignore[arg-type]

    def socket_path(self) -> Path:
        return Paths.resolve({"MNEMON_HOME": str(self.mnemon_home)}).socket

    @property
    def db_path(self) -> Path:
        return self.mnemon_home / "mnemon.db"

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        if not self.db_path.exists():
            return []
        conn = sqlite3.connect(f"file:{self.db_path}?mode=ro", uri=True, timeout=5)
        try:
            return conn.execute(sql, params).fetchall()
        except sqlite3.OperationalError as err:
            if "no such table" in str(err):
                return []
            raise
        finally:
            conn.close()

    def memories(self, containing: str = "") -> list[tuple[str, str | None, str]]:
        """Live memories as ``(content, session_id, scope)``, optionally those containing a string."""
        return [
            (str(c), s, str(sc))
            for c, s, sc in self.rows(
                "SELECT content, session_id, scope FROM insights WHERE deleted_at IS NULL AND content LIKE ?",
                (f"%{containing}%",),
            )
        ]

    def wait_for_memory(self, containing: str, timeout: float = 20) -> list[tuple[str, str | None, str]]:
        wait_for(lambda: bool(self.memories(containing)), timeout, f"a memory containing {containing!r}")
        return self.memories(containing)

    def data_files(self) -> list[Path]:
        return [p for p in self.mnemon_home.rglob("*") if p.is_file()]

    def diagnostics(self, tail: int = 4000) -> str:
        """The end of every log under this harness (Mnemon's and the plugin bootstrap's), for
        a failing test's report."""
        parts = []
        for path in sorted(self.root.rglob("*")):
            if any(part.startswith("venv") for part in path.parts):
                continue
            if path.is_file() and (path.suffix in (".log", ".stderr") or path.name.endswith(".log.1")):
                text = path.read_text(errors="replace")
                parts.append(f"==> {path} <==\n{text[-tail:]}")
        return "\n".join(parts) or f"no logs under {self.root}"

    def close(self) -> None:
        pid = self.daemon_pid()
        if pid and _alive(pid):
            try:
                os.kill(pid, signal.SIGCONT)
            except OSError:
                pass
            if self.mnemon_bin.exists():
                try:
                    self.mnemon("daemon", "stop", timeout=15)
                except subprocess.TimeoutExpired:
                    pass
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        shutil.rmtree(self.root, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return True


def wait_for(predicate: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
