"""An upgrade in place (``git pull`` in the checkout an editable install runs from, or a reinstall
of the same version) keeps the version and the install path, so the clients' build id did not
change and the daemon of the old code went on serving the hooks of the new one, for as long as
it lived (it never exits on its own by default). The daemon now notices that the code on disk
changed since it started, and once it has settled, exits between requests and starts a daemon of
the new code (a hook meanwhile spools its capture, or waits for the start).

A real daemon process, run from a copy of the package (so the test can change its files), on a
real store; nothing is mocked."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from daemon_harness import raw_connect, reap, wait_until

from mnemon.paths import Paths
from mnemon.wire.client import ping

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def code(tmp_path: Path) -> Path:
    """The packages as an install lays them out (``mnemon``, ``mnemon_daemon``), in a folder of their own."""
    where = tmp_path / "code"
    skip = shutil.ignore_patterns("__pycache__")
    shutil.copytree(ROOT / "mnemon", where / "mnemon", ignore=skip)
    shutil.copytree(ROOT / "daemon", where / "mnemon_daemon", ignore=skip)
    return where


@pytest.fixture
def daemon(mnemon_home: Path, code: Path, tmp_path: Path) -> Iterator[subprocess.Popen[bytes]]:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    with open(tmp_path / "stderr", "wb") as err:
        proc = subprocess.Popen([sys.executable, "-m", "mnemon_daemon"], cwd=code, env=env,
                                stdout=subprocess.DEVNULL, stderr=err)
    try:
        paths = Paths.resolve()
        assert wait_until(lambda: ping(paths, timeout=0.5) is not None, timeout=30), \
            (tmp_path / "stderr").read_text()
        info = ping(paths, timeout=2)
        assert info is not None and info["pid"] == proc.pid  # the daemon of the copied code serves
        yield proc
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(20)
        reap(mnemon_home)


def test_a_daemon_hands_over_to_the_new_code_once_its_code_changed_on_disk(
        daemon: subprocess.Popen[bytes], code: Path, mnemon_home: Path) -> None:
    time.sleep(7)  # past a look at the code (every 5 s) and the idle second: nothing changed, it stays
    assert daemon.poll() is None
    changed = code / "mnemon" / "engine" / "text.py"
    changed.write_text(changed.read_text() + "\n# the next release\n")
    assert wait_until(lambda: daemon.poll() is not None, timeout=40, step=0.2), "the old daemon went on serving"
    assert daemon.returncode == 0
    logs = "".join(p.read_text() for p in mnemon_home.rglob("daemon.log"))
    assert "the code on disk changed" in logs
    # its successor (started as clients start one: the installed package) serves the same store
    paths = Paths.resolve()
    assert wait_until(lambda: (ping(paths, timeout=0.5) or {}).get("pid") not in (None, daemon.pid), timeout=30)


def test_a_daemon_asked_to_stop_after_its_code_changed_stays_stopped(
        daemon: subprocess.Popen[bytes], code: Path, mnemon_home: Path) -> None:
    """`mnemon daemon stop` (or `./install.sh --uninstall`) right after a pull, while the daemon was
    still serving and had not handed over yet: it must stop, not start a daemon of the new code."""
    paths = Paths.resolve()
    busy = raw_connect(paths)  # an open connection: the daemon is not idle, so it does not hand over
    try:
        changed = code / "mnemon" / "engine" / "text.py"
        changed.write_text(changed.read_text() + "\n# the next release\n")
        time.sleep(12)  # two looks at the code: it knows it is out of date
        assert daemon.poll() is None
        daemon.terminate()
        assert daemon.wait(20) == 0
    finally:
        busy.close()
    time.sleep(3)
    assert ping(paths, timeout=0.5) is None, "a daemon was started after the stop"


DECISION = "We decided the invoice numbers restart at 1 every January, with the year as a prefix."


def test_the_new_hooks_still_get_notes_from_a_daemon_of_the_code_before_them(
        mnemon_home: Path, code: Path, tmp_path: Path) -> None:
    """Right after a `git pull`, the hooks of the new code meet the daemon of the old one (same build
    id). A hook that sends an argument the old daemon does not know (``until``) was refused, and every
    prompt got no notes until the daemon was restarted (a daemon from before this branch never hands
    over by itself). The hook asks again without it."""
    requests = code / "mnemon" / "engine" / "requests.py"  # the daemon as it was: no `until` anywhere
    requests.write_text("".join(line for line in requests.read_text().splitlines(keepends=True)
                                if not line.lstrip().startswith("until:")))
    hookops = code / "mnemon_daemon" / "hookops.py"
    hookops.write_text(hookops.read_text().replace("r.until", "None"))
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "MNEMON_BUILD_ID": "one-build"}
    with open(tmp_path / "stderr", "wb") as err:
        proc = subprocess.Popen([sys.executable, "-m", "mnemon_daemon"], cwd=code, env=env,
                                stdout=subprocess.DEVNULL, stderr=err)
    try:
        paths = Paths.resolve()
        assert wait_until(lambda: ping(paths, timeout=0.5) is not None, timeout=30), (tmp_path / "stderr").read_text()
        project = tmp_path / "billing"
        project.mkdir()
        from mnemon.claude.project import project_scope
        from mnemon.wire.client import Client

        with Client(paths, autostart="no") as client:
            client.call("remember", {"content": DECISION, "category": "decision", "importance": 4,
                                     "scope": project_scope(str(project))})
        event = {"session_id": "5a1e0000-1111-4222-8333-944455556677", "transcript_path": str(project / "t.jsonl"),
                 "cwd": str(project), "hook_event_name": "UserPromptSubmit",
                 "prompt": "how do the invoice numbers restart each year?"}
        done = subprocess.run([sys.executable, "-I", str(ROOT / "hooks" / "user_prompt_submit.py")],
                              input=json.dumps(event).encode(), capture_output=True, timeout=20, cwd=project, env=env)
        assert done.returncode == 0
        assert done.stdout and DECISION in json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"], \
            "".join(p.read_text() for p in mnemon_home.rglob("hooks.log"))
        assert proc.poll() is None  # served by the old daemon itself
    finally:
        proc.terminate()
        proc.wait(20)
        reap(mnemon_home)


def test_a_daemon_whose_environment_was_removed_stops_and_starts_no_successor(
        mnemon_home: Path, code: Path, tmp_path: Path) -> None:
    """Regression: `claude plugin uninstall mnemon@mnemon` deletes the plugin's data directory with the
    venv the daemon runs from; the daemon went on running from the deleted interpreter, for ever
    (idle exit is off by default), with no `mnemon` left to stop it. It now stops within seconds and
    starts nothing (no hook will call it again)."""
    env_dir = tmp_path / "plugin-data" / "venv"  # a venv of its own, sharing the test venv's packages
    (env_dir / "bin").mkdir(parents=True)
    venv = Path(sys.prefix)
    shutil.copy(venv / "pyvenv.cfg", env_dir / "pyvenv.cfg")
    (env_dir / "lib").symlink_to(venv / "lib", target_is_directory=True)
    (env_dir / "bin" / "python").symlink_to(os.path.realpath(sys.executable))
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    with open(tmp_path / "stderr", "wb") as err:
        proc = subprocess.Popen([str(env_dir / "bin" / "python"), "-m", "mnemon_daemon"], cwd=code, env=env,
                                stdout=subprocess.DEVNULL, stderr=err)
    try:
        paths = Paths.resolve()
        assert wait_until(lambda: (ping(paths, timeout=0.5) or {}).get("pid") == proc.pid, timeout=30), \
            (tmp_path / "stderr").read_text()
        time.sleep(2)
        assert proc.poll() is None
        shutil.rmtree(tmp_path / "plugin-data")  # what the uninstall does
        assert wait_until(lambda: proc.poll() is not None, timeout=20, step=0.2), "it went on running"
        assert proc.returncode == 0
        logs = "".join(p.read_text() for p in mnemon_home.rglob("daemon.log"))
        assert "runs from is gone" in logs and "starting a daemon of the new code" not in logs
        time.sleep(3)
        assert ping(paths, timeout=0.5) is None, "a daemon was started after it"
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(20)
        reap(mnemon_home)
