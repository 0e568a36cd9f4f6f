"""The MCP server inside the real Claude Code: registered the way install.sh registers it, the
mock model calls ``memory_search``, then ``memory_show`` with a short id from the search
result, and the request after that carries the memory's full text in the tool result.

Claude Code announces MCP tools as deferred (by name only, while the server connects): the
model first loads their schemas with ToolSearch, as a real model does, then calls them."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from claude_harness import ClaudeHarness, tool_results
from mock_anthropic import MockAPI, ToolUse

from mnemon.claude import settings as mnemon_settings

pytestmark = pytest.mark.e2e

DECISION = "We decided to use PostgreSQL for the billing service because we need row-level locking."
SEARCH = "mcp__mnemon__memory_search"
SHOW = "mcp__mnemon__memory_show"


class Model:
    """Plays a model that loads the memory tools, searches, then reads one note in full."""

    def __init__(self) -> None:
        self.load: ToolUse | None = None
        self.loaded = ""
        self.search: ToolUse | None = None
        self.show: ToolUse | None = None
        self.search_text = ""
        self.show_text = ""

    def __call__(self, body: dict[str, Any]) -> str | ToolUse | None:
        tools = {t.get("name") for t in body.get("tools") or [] if isinstance(t, dict)}
        results = tool_results(body)
        if self.show is not None and self.show.id in results:
            self.show_text = results[self.show.id]
            return "PostgreSQL, for row-level locking."
        if self.search is not None and self.search.id in results:
            self.search_text = results[self.search.id]
            found = re.search(r"\[([0-9a-f]{8}) ", self.search_text)
            if found is None:
                return "Nothing found."
            self.show = ToolUse(SHOW, {"ids": [found.group(1)]})
            return self.show
        if self.load is not None and self.load.id in results and self.search is None:
            self.loaded = results[self.load.id]
            self.search = ToolUse(SEARCH, {"query": "billing database decision"})
            return self.search
        if self.load is None and "ToolSearch" in tools:
            self.load = ToolUse("ToolSearch", {"query": f"select:{SEARCH},{SHOW}"})
            return self.load
        return None


@pytest.fixture
def model(mock_api: MockAPI) -> Iterator[Model]:
    playing = Model()
    yield playing
    mock_api.responder = None


def test_model_searches_then_shows_through_the_mcp_server(harness: ClaudeHarness, mock_api: MockAPI,
                                                          model: Model) -> None:
    project = harness.project("alpha", git=True)
    harness.install_hooks()
    change = mnemon_settings.install_mcp(harness.home / ".claude.json", sys.executable)
    assert change.changed
    harness.start_daemon()
    harness.ok(DECISION, project)
    harness.wait_for_memory("row-level locking")

    mock_api.responder = model
    run = harness.ok("What did we decide for the billing database? Look it up in memory.", project,
                     "--allowedTools", f"{SEARCH},{SHOW}")
    assert SEARCH in model.loaded and SHOW in model.loaded, model.loaded
    assert model.search is not None and model.show is not None, run.describe()
    assert model.search_text.startswith("<mnemon-results>") and "decision" in model.search_text, model.search_text
    short = model.show.input["ids"][0]
    assert re.fullmatch(r"[0-9a-f]{8}", short)
    assert "row-level locking" in model.show_text and "PostgreSQL" in model.show_text, model.show_text
    assert f"[{short} " in model.show_text and "source: user turn, captured from" in model.show_text
    after_show = [body for body in run.requests if model.show.id in tool_results(body)]
    assert len(after_show) == 1 and "<mnemon-results>" in tool_results(after_show[0])[model.show.id]
    assert run.text == "PostgreSQL, for row-level locking."

    other = harness.project("beta", git=True)
    model.__init__()  # type: ignore[misc]
    elsewhere = harness.ok("What did we decide for the billing database?", other,
                           "--allowedTools", f"{SEARCH},{SHOW}")
    assert model.search is not None, elsewhere.describe()
    assert "row-level locking" not in model.search_text and "No memory" in model.search_text
