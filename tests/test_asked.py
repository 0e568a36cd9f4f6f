"""A question with a descriptive lead is a question, not a statement (mnemon.claude.asked).

Regression: "The nightly export keeps failing with a timeout like this, where should I look?",
typed in a real Claude Code session, was split at the comma and its lead stored as a note of kind
"statement"; the next session's memory said as a settled fact that the export keeps failing. The
whole question stays as the turn's trace (the search context of its answer); the lead is no note.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mnemon.claude.capture import capture_transcript
from mnemon.claude.notes import read_turn
from mnemon.engine.memory import Memory

SID = "11111111-2222-3333-4444-555555555555"
PROJECT = "/home/dev/shop"


@pytest.mark.parametrize("body", [
    "The nightly export keeps failing with a timeout like this, where should I look?",
    "The deploy script keeps failing like this. Where should I look?",
    "Our sync job times out every night, what should I check first?",
    "The login test fails on CI with a 401, any idea why?",
    "the payment webhook returns 500 since the upgrade, how do I debug it?",
    "The worker hangs after the second batch. It never releases the lock. What could be causing it?",
    "`mypy app` reports an error in app/routers/items.py, what's wrong?",
])
def test_the_lead_of_a_question_asking_help_with_it_is_no_note(body: str) -> None:
    reading = read_turn(body, "user")
    assert reading.notes == () and reading.shape == "question", reading


@pytest.mark.parametrize(("body", "kept"), [
    # not a problem described: a fact said before a question of its own
    ("We use Postgres 16 with pgbouncer. Where should I look for connection settings?", "We use Postgres 16"),
    ("We moved the export to the read replica, where should I look for the lag?", "moved the export"),
    # not a question asking help with it: a statement with a request tacked on
    ("The ingest API listens on port 8443, can you add that to the README?", "listens on port 8443"),
    # a lead that decides or rules keeps its kind
    ("We decided to drop the retry because it keeps failing anyway. Any idea what else breaks?", "decided"),
    ("Never call the pricing API from views, it fails under load, why is that?", "Never call the pricing API"),
])
def test_a_lead_that_states_something_of_its_own_stays_a_note(body: str, kept: str) -> None:
    assert any(kept in note.text for note in read_turn(body, "user").notes), read_turn(body, "user")


def test_the_assistants_wording_is_not_read_this_way() -> None:
    reply = "The export fails with a timeout because the batch is too large. Why? Each batch holds a day."
    assert any("batch is too large" in n.text for n in read_turn(reply, "assistant").notes)


def test_capture_keeps_the_question_as_trace_and_the_answer_as_note(memory: Memory, tmp_path: Path) -> None:
    prompt = "The nightly export keeps failing with a timeout like this, where should I look?"
    answer = "The export's HTTP client uses a 5 second timeout, set in export/client.py; the nightly batch needs longer."
    lines = [
        {"type": "user", "uuid": "u1", "timestamp": "2026-11-20T10:00:00Z", "sessionId": SID,
         "message": {"role": "user", "content": prompt}},
        {"type": "assistant", "uuid": "a1", "timestamp": "2026-11-20T10:00:05Z", "sessionId": SID,
         "message": {"id": "m1", "role": "assistant", "content": [{"type": "text", "text": answer}]}},
    ]
    path = tmp_path / "s.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    capture_transcript(memory, session_id=SID, transcript_path=str(path), cwd=PROJECT, scope=PROJECT)
    rows = [r for r in memory.export() if r.get("kind") == "insight"]
    user = [(r["category"], r["content"], r["tags"]) for r in rows if r["source"] == "user"]
    assert len(user) == 1 and user[0][0] == "context" and "trace" in user[0][2] and user[0][1] == prompt, user
    assert any("5 second timeout" in r["content"] and r["source"] == "assistant" and "trace" not in r["tags"]
               for r in rows), rows


@pytest.mark.parametrize("body", [
    "The export job failed again last night, here is the log:\n"
    + "\n".join(f"2026-11-28 02:00:{i:02d} ERROR export.worker Timeout after 30000ms" for i in range(12)),
    "the migration failed on prod last night, here is the traceback:",
    "The build breaks on CI like this:",
])
def test_a_lead_handing_over_the_evidence_of_a_problem_is_no_note(body: str) -> None:
    """Regression: with a 600-line log pasted under it, "The export job failed again last night, here
    is the log:" was stored as a fact of importance 3."""
    assert read_turn(body, "user").notes == ()


def test_what_is_said_after_the_evidence_stays() -> None:
    body = ("The export job failed again last night, here is the log:\n"
            + "\n".join(f"2026-11-28 02:00:{i:02d} ERROR export.worker Timeout after 30000ms" for i in range(12))
            + "\nWe decided to raise the S3 client timeout to 120 seconds for the export job.")
    notes = read_turn(body, "user").notes
    assert [n.kind for n in notes] == ["decision"] and "120 seconds" in notes[0].text
    assert "here is the log" not in notes[0].text


def test_a_lead_that_says_something_of_its_own_before_its_paste_stays() -> None:
    said = read_turn("Heads-up, the deploy now runs from GitHub Actions, here is the config:", "user").notes
    assert said and said[0].kind == "correction"
