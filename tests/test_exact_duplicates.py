"""An exact duplicate (the same text, after redaction, in the same scope) is never a second row,
however many memories of the scope outrank it by keywords: the diff used to compare the new text
only with the scope's eight best keyword matches, and a short text whose words a crowd of other
memories repeat ("Ran the tests") ranked below them. A user who imported transcripts found such
texts stored two to five times.

What happens instead: the memory already stored is kept (its id, tags, context and time), it is
reinforced once (used now), and the write answers ``skipped``/``DUPLICATE`` naming it; an import
maps the duplicate record's id onto it, so the record's edges land on the memory kept.

Real SQLite store, real daemon and CLI (in-process ``mnemon``) for the import."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_harness import cli_json

from mnemon.engine.memory import Memory

TWIN = "Ran `go test ./...`."
SCOPE = "/work/shop"


def _crowd(i: int) -> str:
    """A memory that repeats the twin's words: BM25 ranks it above the short twin."""
    return f"Ran test {i}; test ran, test ran."


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[Memory]:
    m = Memory.open(tmp_path / "m.db")
    yield m
    m.close()


def test_an_exact_duplicate_outranked_by_its_scope_is_still_found(mem: Memory) -> None:
    first = mem.remember(TWIN, category="context", scope=SCOPE, embed=False, created_at=1_700_000_000.0,
                         context="please check the build")
    for i in range(40):
        mem.remember(_crowd(i), category="context", scope=SCOPE, embed=False, created_at=1_700_000_100.0 + i)
    before = mem.get(first.id).access_count
    again = mem.remember(TWIN, category="context", scope=SCOPE, embed=False, context="run them again")
    assert (again.action, again.diff_suggestion, again.duplicate_of) == ("skipped", "DUPLICATE", first.id)
    assert mem.status()["insights"] == 41
    kept = mem.get(first.id)
    assert kept.context == "please check the build"  # the older memory is kept as it was...
    assert kept.access_count == before + 1  # ...and reinforced
    # whatever its kind: a fact with the same words in the same project is the same memory
    assert mem.remember(TWIN, category="fact", scope=SCOPE, embed=False).duplicate_of == first.id
    # another project, or a forgotten twin, is not a duplicate
    assert mem.remember(TWIN, category="context", scope="/work/other", embed=False).action == "added"
    mem.forget(first.id)
    assert mem.remember(TWIN, category="context", scope=SCOPE, embed=False).action == "added"


def _record(rid: str, content: str, when: str) -> dict[str, Any]:
    return {"kind": "insight", "id": rid, "content": content, "category": "context", "scope": SCOPE,
            "created_at": when, "tags": ["claude-code", "trace"]}


def _uuid(i: int) -> str:
    return f"00000000-0000-4000-8000-{i:012d}"


def test_an_export_holding_a_duplicate_imports_as_one_memory_once_or_twice(
        home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """An export of a store an older build wrote (the same text under two ids, a crowd between them),
    imported into a fresh store: one row for the text, the second record's edge on it; imported again,
    nothing changes."""
    rows = [_record(_uuid(0), TWIN, "2026-05-01T10:00:00Z")]
    rows += [_record(_uuid(i + 1), _crowd(i), f"2026-05-02T10:{i:02d}:00Z") for i in range(40)]
    rows += [_record(_uuid(99), TWIN, "2026-05-03T10:00:00Z"),
             {"kind": "edge", "source_id": _uuid(99), "target_id": _uuid(5), "type": "causal", "weight": 0.8}]
    path = tmp_path / "old.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))

    first = cli_json(capsys, "import", str(path))
    status = cli_json(capsys, "status")
    assert first["insights"] == 41 and first["skipped"] == 1
    shown = cli_json(capsys, "show", _uuid(0))
    assert [(e["source_id"], e["target_id"]) for e in shown["edges"] if e["type"] == "causal"] \
        == [(_uuid(0), _uuid(5))]  # the duplicate record's edge, on the memory kept
    second = cli_json(capsys, "import", str(path))
    assert second["insights"] == 0 and second["edges"] == 0
    again = cli_json(capsys, "status")
    assert (again["insights"], again["edges"]) == (status["insights"], status["edges"])
    assert status["insights"] == 41


def _said(mem: Memory, content: str, at: float, kind: str = "fact") -> str:
    written = mem.remember(content, category="fact", importance=3, scope=SCOPE, session_id=f"s{at}",
                           tags=("claude-code", "note", kind), created_at=at, embed=False)
    return written.action


def _live(mem: Memory, question: str) -> list[str]:
    return [h.insight.content for h in mem.recall(question, limit=5, scopes=[SCOPE]).hits
            if not h.signals.get("superseded")]


@pytest.mark.parametrize("again", ["the shop's upload limit is 10 MB", "we went back to 10 MB for the shop's upload limit"])
def test_going_back_to_a_replaced_value_replaces_its_replacement(mem: Memory, again: str) -> None:
    """Said again after a newer statement replaced it, an old value was skipped as a duplicate of its old
    self (or updated that old, already replaced, statement), so the replacement stayed in force: "the
    limit is 10 MB", "25 MB now", then "the limit is 10 MB" again left 25 MB live."""
    assert _said(mem, "the shop's upload limit is 10 MB", 1_790_000_000.0) == "added"
    assert _said(mem, "the shop's upload limit is 25 MB now", 1_791_000_000.0, "correction") == "updated"
    assert _said(mem, again, 1_792_000_000.0) == "updated"
    assert _live(mem, "what is the shop's upload limit?") == [again]


def test_the_same_turns_read_again_change_nothing(mem: Memory) -> None:
    """Re-reading older turns (an import run twice) must not bring a replaced statement back."""
    _said(mem, "the shop's upload limit is 10 MB", 1_790_000_000.0)
    _said(mem, "the shop's upload limit is 25 MB now", 1_791_000_000.0, "correction")
    assert _said(mem, "the shop's upload limit is 10 MB", 1_790_000_000.0) == "skipped"
    assert _said(mem, "the shop's upload limit is 25 MB now", 1_791_000_000.0, "correction") == "skipped"
    assert _live(mem, "what is the shop's upload limit?") == ["the shop's upload limit is 25 MB now"]
