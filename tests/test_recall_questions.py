"""`mnemon recall "<question>"` and the model's memory_search list the answer before the question
asked before: a captured question matches a question about the same thing word for word, so recall
ranks it first, yet it answers nothing (the injected block never shows one). A user who asked the
CLI why something broke got their own earlier question as result 1 and had to read on for the cause.

The question stays listed, after the answers and under a heading of its own (it leads to the turn
that answered it); ``--json`` keeps recall's own order, the tags say what each memory is.

Real daemon and CLI (in-process ``mnemon``), a real transcript captured with import-transcripts,
and the MCP tools talking to the same daemon."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_harness import cli, cli_json

from mnemon.mcp_server import Tools

SESSION = "0b5f6c1e-1111-4222-8333-944455556677"
QUESTION = "why did the nightly invoice job send no emails last week?"
CAUSE = ("The nightly invoice job sent no emails because the SMTP relay password expired last Monday; "
         "the job itself ran fine every night.")


def _captured(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    """A project whose one session asked the question and got the cause, captured."""
    code = tmp_path / "code" / "billing"
    code.mkdir(parents=True)
    folder = tmp_path / "projects" / "-code-billing"
    folder.mkdir(parents=True)
    turn = {"sessionId": SESSION, "cwd": str(code)}
    lines = [
        {"type": "user", "uuid": "u1", "parentUuid": None, "timestamp": "2026-11-20T10:00:00Z",
         "message": {"role": "user", "content": QUESTION}, **turn},
        {"type": "assistant", "uuid": "a1", "parentUuid": "u1", "timestamp": "2026-11-20T10:00:05Z",
         "message": {"id": "m1", "role": "assistant", "content": [{"type": "text", "text": CAUSE}]}, **turn},
    ]
    (folder / f"{SESSION}.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert cli_json(capsys, "import-transcripts", str(tmp_path / "projects"))["failed"] == 0
    return code


def test_recall_lists_the_answer_before_the_question_asked_before(
        home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _captured(capsys, tmp_path)
    ranked = cli_json(capsys, "recall", QUESTION)["results"]
    contents = [h["insight"]["content"] for h in ranked]
    assert QUESTION in contents and CAUSE in contents
    # what recall itself ranks first is the question (which is why the listing must reorder)
    assert contents[0] == QUESTION

    code, out, _ = cli(capsys, "recall", QUESTION)
    assert code == 0
    listed = [line for line in out.splitlines() if line[:3].strip().rstrip(".").isdigit()]
    assert CAUSE[:60] in listed[0], out
    assert out.index("questions asked before") < out.index(QUESTION) and out.index(CAUSE[:60]) < out.index(QUESTION)
    assert "1 question(s) asked before" in out.splitlines()[0]


def test_memory_search_gives_the_model_the_answer_first(
        home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = _captured(capsys, tmp_path)
    tools = Tools(cwd=str(code))
    try:
        found = tools.search(QUESTION)
    finally:
        tools.close()
    # (the header names the query: the question's own line is its last occurrence)
    assert found.index(CAUSE[:60]) < found.index("Questions asked before") < found.rindex(QUESTION), found
