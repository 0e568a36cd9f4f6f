"""The harness itself, with no hooks: the pinned Claude Code answers from the mock API and
every request it sends is logged, so the tests that follow can trust what they read."""

from __future__ import annotations

import json
import subprocess

import pytest
from claude_harness import CLAUDE_CODE_VERSION, REPO, ClaudeHarness
from mock_anthropic import REPLY

pytestmark = pytest.mark.e2e


def test_pinned_version(harness: ClaudeHarness) -> None:
    out = subprocess.run(
        [str(harness.claude), "--version"], capture_output=True, text=True, env=harness.env()
    )
    assert out.stdout.split()[0] == CLAUDE_CODE_VERSION


def test_claude_answers_from_the_mock_without_hooks(harness: ClaudeHarness) -> None:
    project = harness.project("plain")
    run = harness.ok("Say hello to the harness", project)
    assert run.text == REPLY
    assert run.session_id
    assert "Say hello to the harness" in run.body_text()
    assert run.hook_context() == ""
    assert any(body.get("stream") for body in run.requests)
    json.dumps(run.requests)


def test_plugin_validates(harness: ClaudeHarness) -> None:
    """Claude Code's own validator accepts the plugin and marketplace manifests, hooks and
    command, and sees the hosts the plugin declares (PyPI for its bootstrap, local Ollama)."""
    out = subprocess.run(
        [str(harness.claude), "plugin", "validate", str(REPO)],
        capture_output=True,
        text=True,
        env=harness.env(),
        timeout=60,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Validation passed" in out.stdout
    for event in ("SessionStart", "UserPromptSubmit", "Stop", "PreCompact", "PostCompact", "SessionEnd"):
        assert f"hooks: {event} command" in out.stdout
    assert "commands: mnemon:memory" in out.stdout
    assert "pypi.org (declared)" in out.stdout
