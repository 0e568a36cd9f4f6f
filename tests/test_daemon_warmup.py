"""A fresh daemon warms up its injection and safety code off the request path
(``mnemon_daemon.screens``): the first prompt after a start used to import and compile that code
itself, 0.6 to 1.3 s on a 2-core machine against the prompt hook's 1 s deadline.

What is checked is who did the work, not how long it took: the daemon runs with a
``sitecustomize`` that records, per thread, every module of ``mnemon.claude`` and
``mnemon.safety`` imported (the interpreter's ``import`` audit event, raised only for a module
actually loaded) and every regular expression compiled (``re``'s compiler runs only for a
pattern its cache lacks); the records are written when the daemon exits.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from daemon_harness import DaemonProcess, reap, wait_until

from mnemon.claude.project import project_scope

SID = "0f1e2d3c-aaaa-bbbb-cccc-00000000a0a1"
ARGS = {"prompt": "the billing deploy failed again, why? the price list looks stale", "session_id": SID}

RECORDER = '''
import atexit, json, os, re._compiler, sys, threading

_out = os.environ["MNEMON_TEST_IMPORTS_OUT"]
_seen = []

def _audit(event, args):
    if event == "import" and str(args[0]).startswith(("mnemon.claude", "mnemon.safety")):
        _seen.append(["import", threading.current_thread().name, str(args[0])])

_compile = re._compiler.compile

def _counted(p, flags=0):
    _seen.append(["compile", threading.current_thread().name, str(p)[:60]])
    return _compile(p, flags)

re._compiler.compile = _counted
sys.addaudithook(_audit)
atexit.register(lambda: open(_out, "w").write(json.dumps(_seen)))
'''


@pytest.fixture
def home(mnemon_home: Path) -> Iterator[Path]:
    yield mnemon_home
    reap(mnemon_home)


def _recorded(home: Path, tmp_path: Path, first: tuple[str, dict[str, Any]],
              settled: bool = False) -> tuple[Any, list[list[str]]]:
    """Start an instrumented daemon, send ``first`` as its first request after the ping that says
    it is up (``settled``: once its status says the warm-up is over), stop it; its answer and what
    each thread imported and compiled."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(RECORDER)
    out = tmp_path / "imports.json"
    env = {"PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")]),
           "MNEMON_TEST_IMPORTS_OUT": str(out)}
    proc = DaemonProcess(home, env=env)
    try:
        with proc.client(timeout=30.0) as client:
            if settled:
                assert wait_until(lambda: client.call("status", {})["daemon"]["screens"] != "loading", timeout=60)
                assert client.call("status", {})["daemon"]["screens"] == "ready"
            answer = client.call(*first)
    finally:
        assert proc.stop() == 0
    return answer, json.loads(out.read_text())


def _seed(home: Path, project: Path) -> None:
    proc = DaemonProcess(home)
    try:
        with proc.client(timeout=30.0) as client:
            here = project_scope(str(project))
            for text, scope in (
                ("We deploy the billing service from the release branch only, never from main.", here),
                ("The deploy failed because the cache kept yesterday's price list; it is keyed by day now.", here),
                ("When you fix a bug, add a regression test first.", "global"),
            ):
                client.call("remember", {"content": text, "scope": scope, "category": "decision"})
    finally:
        assert proc.stop() == 0


def _on_requests(records: list[list[str]]) -> list[list[str]]:
    """What the threads that serve requests (the read pool, the writer) imported or compiled."""
    return [r for r in records if r[1].startswith(("mnemon-read", "mnemon-writer"))]


def test_a_prompt_a_moment_after_a_start_finds_the_code_loaded_and_compiled(home: Path, tmp_path: Path) -> None:
    """Once the warm-up is over (half a second to a second after the start here), the first prompt
    imports nothing and compiles no pattern: the old daemon waited for 0.4 s without a request
    before it even imported the code, and left what the first injection builds to that prompt."""
    project = tmp_path / "billing"
    project.mkdir()
    _seed(home, project)
    answer, records = _recorded(home, tmp_path, ("inject", ARGS | {"cwd": str(project)}), settled=True)
    assert answer["reason"] == "ok" and "cache kept yesterday" in answer["context"]
    assert any(r[0] == "import" and r[2] == "mnemon.safety.guard" and r[1] == "load-screens" for r in records)
    assert any(r[0] == "compile" and r[1] == "load-screens" for r in records)
    assert not _on_requests(records), _on_requests(records)[:10]


def test_a_prompt_at_once_after_a_start_waits_for_the_warm_up_instead_of_loading_beside_it(
        home: Path, tmp_path: Path) -> None:
    """A prompt whose hook started the daemon asks at once: it imports none of the code itself
    (one thread loads it, once), and gets its notes."""
    project = tmp_path / "billing"
    project.mkdir()
    _seed(home, project)
    answer, records = _recorded(home, tmp_path, ("inject", ARGS | {"cwd": str(project)}))
    assert answer["reason"] == "ok" and "cache kept yesterday" in answer["context"]
    assert any(r[0] == "import" and r[2] == "mnemon.safety.guard" and r[1] == "load-screens" for r in records)
    assert not [r for r in _on_requests(records) if r[0] == "import"]


def test_the_first_session_brief_after_a_start_loads_nothing_itself(home: Path, tmp_path: Path) -> None:
    project = tmp_path / "billing"
    project.mkdir()
    _seed(home, project)
    answer, records = _recorded(home, tmp_path, ("brief", {"session_id": SID, "cwd": str(project)}))
    assert answer["reason"] == "ok" and "release branch" in answer["context"]
    assert not [r for r in _on_requests(records) if r[0] == "import"]
