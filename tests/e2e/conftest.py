"""Fixtures for the end-to-end tests with the real Claude Code.

The CLI comes from ``$MNEMON_CLAUDE_BIN`` or ``<repo>/.cache/claude-code`` (where
``./install.sh --test`` puts the pinned version); without it these tests skip with the reason.
The variable is read at import: the shared autouse fixture clears ``MNEMON_*`` per test.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from claude_harness import REPO, ClaudeHarness
from mock_anthropic import MockAPI, running

_CLAUDE = Path(
    os.environ.get("MNEMON_CLAUDE_BIN")
    or REPO / ".cache" / "claude-code" / "node_modules" / ".bin" / "claude"
)


@pytest.fixture(scope="session")
def claude_bin() -> Path:
    if not os.access(_CLAUDE, os.X_OK):
        pytest.skip(f"Claude Code not found at {_CLAUDE}: run ./install.sh --test (or set MNEMON_CLAUDE_BIN)")
    return _CLAUDE


@pytest.fixture(scope="module")
def mock_api() -> Iterator[MockAPI]:
    with running() as api:
        yield api


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.when == "call":
        item.stash[_FAILED] = report.failed


_FAILED = pytest.StashKey[bool]()


@pytest.fixture
def harness(request: pytest.FixtureRequest, claude_bin: Path, mock_api: MockAPI) -> Iterator[ClaudeHarness]:
    h = ClaudeHarness(claude_bin, mock_api)
    try:
        yield h
    finally:
        if request.node.stash.get(_FAILED, False):
            print(h.diagnostics())
        h.close()
