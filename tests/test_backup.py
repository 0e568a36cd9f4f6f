"""Export and import through the real CLI, daemon and socket (issue 11 items 4 to 7): a failed
export leaves the previous backup intact, a restore keeps every edge and every id (renaming only
what collides, and saying so), and an import of any size goes through in bounded calls, with
refused records reported by line."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_harness import cli, cli_json

from mnemon.backup import write_export
from mnemon.engine.memory import Memory
from mnemon.paths import Paths
from mnemon.wire.protocol import MAX_FRAME, encode


def fresh_store(capsys: pytest.CaptureFixture[str], home: Path) -> None:
    """Stop the daemon and remove the store: the next command starts on an empty one."""
    assert cli(capsys, "daemon", "stop")[0] == 0
    for leftover in home.glob("mnemon.db*"):
        leftover.unlink()


def records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def edge_keys(rows: list[dict[str, Any]]) -> set[tuple[str, str, str]]:
    return {(r["source_id"], r["target_id"], r["type"]) for r in rows if r["kind"] == "edge"}


def test_export_replaces_the_file_only_when_complete_and_creates_it_0600(
        home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    backups = tmp_path / "backups"
    backups.mkdir()
    target = backups / "backup.jsonl"
    target.write_text("the previous backup\n")
    target.chmod(0o644)
    cli_json(capsys, "remember", "The deploy pipeline runs on Fridays")
    run_dir = Paths.resolve().socket_dir
    assert cli(capsys, "daemon", "stop")[0] == 0
    db = Paths.resolve().db
    os.chmod(run_dir, 0o777)  # the daemon refuses this directory, and without the file to read
    db.rename(db.with_name("aside.db"))  # directly the export fails before any record
    try:
        code, _, err = cli(capsys, "export", "-o", str(target))
    finally:
        os.chmod(run_dir, 0o700)
        db.with_name("aside.db").rename(db)
    assert code == 1 and "writable by other users" in err
    assert target.read_text() == "the previous backup\n"
    assert sorted(p.name for p in backups.iterdir()) == ["backup.jsonl"]
    code, _, err = cli(capsys, "export", "-o", str(target))
    assert code == 0 and "exported 1 record(s)" in err
    assert [r["content"] for r in records(target)] == ["The deploy pipeline runs on Fridays"]
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert sorted(p.name for p in backups.iterdir()) == ["backup.jsonl"]


def test_an_import_the_daemon_cannot_take_says_where_it_stopped_and_how_to_finish(
        home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    dump = tmp_path / "in.jsonl"
    dump.write_text("\n" + json.dumps({"kind": "insight", "content": "The deploy pipeline runs on Fridays"}) + "\n")
    cli_json(capsys, "status")
    run_dir = Paths.resolve().socket_dir
    assert cli(capsys, "daemon", "stop")[0] == 0
    os.chmod(run_dir, 0o777)
    try:
        code, _, err = cli(capsys, "import", str(dump))
    finally:
        os.chmod(run_dir, 0o700)
    assert code == 1 and f"The import stopped at {dump}:2;" in err and "Run the same import again" in err
    assert cli_json(capsys, "import", str(dump))["insights"] == 1


def test_an_export_failing_midway_leaves_the_previous_file_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "backup.jsonl"
    target.write_text("the previous backup\n")
    link = tmp_path / "latest.jsonl"
    link.symlink_to(target)

    def failing() -> Iterator[dict[str, Any]]:
        yield {"kind": "insight", "content": "first"}
        raise OSError("the daemon went away")

    with pytest.raises(OSError, match="went away"):
        write_export(failing(), str(link))
    assert target.read_text() == "the previous backup\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["backup.jsonl", "latest.jsonl"]
    assert write_export(iter([{"kind": "insight", "content": "new"}]), str(link)) == 1
    assert link.is_symlink() and records(target) == [{"kind": "insight", "content": "new"}]


def test_700_memories_and_their_edges_survive_a_restore_with_their_ids(
        home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with Memory.open(Paths.resolve().db) as memory:
        ids = [memory.remember(f"service {i} listens on port {8000 + i} in region r{i}", no_diff=True).id
               for i in range(700)]
        assert all(ids)
        memory.link(ids[0], ids[699], type="causal", weight=0.8)  # old batches of 500 split these two
    dump = tmp_path / "dump.jsonl"
    assert cli(capsys, "export", "-o", str(dump))[0] == 0
    exported = records(dump)
    assert (ids[0], ids[699], "causal") in edge_keys(exported)
    fresh_store(capsys, home)
    code, out, err = cli(capsys, "import", str(dump), "--json")
    assert code == 0, err
    report = json.loads(out)
    restored = tmp_path / "restored.jsonl"
    assert cli(capsys, "export", "-o", str(restored))[0] == 0
    content = {r["id"]: r["content"] for r in records(restored) if r["kind"] == "insight"}
    assert ("service 0 listens on port 8000 in region r0", "service 699 listens on port 8699 in region r699",
            "causal") in {(content[a], content[b], t) for a, b, t in edge_keys(records(restored))}
    assert report["insights"] == 700 and report["errors"] == 0 and report["renamed"] == 0
    # Storing the memories links most of them again; those edges are left as they are.
    assert report["edges"] + report["edges_unchanged"] == len(edge_keys(exported))
    progress = [json.loads(line)["progress"] for line in err.splitlines() if line.startswith('{"progress"')]
    assert progress and progress[-1]["done"] == progress[-1]["total"] == dump.stat().st_size
    shown = cli_json(capsys, "show", ids[0][:8])  # the short id still names the same memory
    assert shown["id"] == ids[0]
    assert {(e["source_id"], e["target_id"], e["type"], e["weight"]) for e in shown["edges"]} >= {
        (ids[0], ids[699], "causal", 0.8)}
    again = tmp_path / "again.jsonl"
    assert cli(capsys, "export", "-o", str(again))[0] == 0
    assert {r["id"] for r in records(again) if r["kind"] == "insight"} == set(ids)
    assert edge_keys(exported) <= edge_keys(records(again))
    twice = cli_json(capsys, "import", str(dump))  # importing the same file again changes nothing
    assert twice["insights"] == 0 and twice["skipped"] == 700 and twice["renamed"] == 0
    assert cli_json(capsys, "status")["insights"] == 700


def test_an_id_already_taken_is_renamed_reported_and_its_edges_follow(
        home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    a = cli_json(capsys, "remember", "The billing service talks to Stripe")["id"]
    b = cli_json(capsys, "remember", "Refunds failed because the Stripe keys expired")["id"]
    cli_json(capsys, "link", b, a, "--type", "causal")
    dump = tmp_path / "dump.jsonl"
    assert cli(capsys, "export", "-o", str(dump))[0] == 0
    fresh_store(capsys, home)
    squatter = tmp_path / "squatter.jsonl"
    squatter.write_text(json.dumps({"kind": "insight", "id": a, "content": "An unrelated note about lunch"}) + "\n")
    assert cli_json(capsys, "import", str(squatter))["insights"] == 1
    code, out, err = cli(capsys, "import", str(dump))
    assert code == 0, err
    assert "1 memory got a new id (another memory held theirs)" in out and f"  {a} -> " in out
    report = cli_json(capsys, "import", str(dump))
    assert report["renamed"] == 0 and report["insights"] == 0  # the renamed one is recognised, not added twice
    found = cli_json(capsys, "recall", "billing service Stripe")["results"]
    renamed = next(r["insight"]["id"] for r in found if r["insight"]["content"].startswith("The billing"))
    assert renamed != a and cli_json(capsys, "show", a[:8])["content"] == "An unrelated note about lunch"
    edges = cli_json(capsys, "show", b[:8])["edges"]
    assert (b, renamed, "causal") in {(e["source_id"], e["target_id"], e["type"]) for e in edges}


def test_a_forgotten_memory_restored_from_an_export_stays_forgotten(
        home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Regression: `export --include-deleted` writes deleted_at, and `import` dropped it: a memory
    the user had forgotten came back into recall and injection after a restore."""
    kept = cli_json(capsys, "remember", "The staging cluster runs in the north region")["id"]
    gone = cli_json(capsys, "remember", "The old staging password rotation script lived in cron")["id"]
    cli_json(capsys, "link", gone, kept, "--type", "causal")  # its edges are exported with it
    cli_json(capsys, "forget", gone)
    before = {r["id"]: r for r in records_of(capsys, tmp_path / "before.jsonl")}
    assert before[gone]["deleted_at"] and before[kept]["deleted_at"] is None
    fresh_store(capsys, home)
    report = cli_json(capsys, "import", str(tmp_path / "before.jsonl"))
    assert report["insights"] == 2 and report["errors"] == 0, report
    after = {r["id"]: r for r in records_of(capsys, tmp_path / "after.jsonl")}
    assert after[gone]["deleted_at"] == before[gone]["deleted_at"] and after[kept]["deleted_at"] is None
    assert cli_json(capsys, "status")["forgotten"] == 1
    assert gone not in {r["insight"]["id"] for r in cli_json(capsys, "recall", "staging password rotation cron")["results"]}
    again = cli_json(capsys, "import", str(tmp_path / "before.jsonl"))
    assert again["insights"] == 0 and again["errors"] == 0 and again["skipped"] >= 2


def test_a_restore_keeps_how_often_and_when_a_memory_was_used(
        home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Regression: import stored every memory as never used and last used at the import: an
    often-used memory lost its immunity to pruning and every old one looked freshly used."""
    used = cli_json(capsys, "remember", "The payroll batch runs on the second Friday of the month")["id"]
    idle = cli_json(capsys, "remember", "The office printer is on the third floor", "--imp", "2")["id"]
    for _ in range(3):
        cli_json(capsys, "recall", "payroll batch second Friday")
    assert cli(capsys, "daemon", "restart")[0] == 0  # the uses are written out
    before = {r["id"]: r for r in records_of(capsys, tmp_path / "before.jsonl")}
    assert before[used]["access_count"] >= 3
    fresh_store(capsys, home)
    assert cli_json(capsys, "import", str(tmp_path / "before.jsonl"))["insights"] == 2
    after = {r["id"]: r for r in records_of(capsys, tmp_path / "after.jsonl")}
    for key in (used, idle):
        assert (after[key]["access_count"], after[key]["last_accessed_at"]) == (
            before[key]["access_count"], before[key]["last_accessed_at"]), key
    assert cli_json(capsys, "show", used[:8])["immune"] is True


def records_of(capsys: pytest.CaptureFixture[str], path: Path) -> list[dict[str, Any]]:
    """Every record of the store, forgotten ones too, as `export --include-deleted` writes them to ``path``."""
    assert cli(capsys, "export", "--include-deleted", "-o", str(path))[0] == 0
    return [r for r in records(path) if r["kind"] == "insight"]


def test_an_import_larger_than_a_frame_goes_through_and_bad_lines_are_reported(
        home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    dump = tmp_path / "big.jsonl"
    lines = [json.dumps({"kind": "insight", "content": f"small note {i} about module m{i}"}) for i in range(500)]
    for i in range(120):  # ~80 KB each (4-byte characters): together more than one frame
        lines.append(json.dumps({"kind": "insight", "content": f"note {i} " + "\U0001f600" * 7990,
                                 "context": "\U0001f680" * 8000, "metadata": {"note": "n" * 15000}},
                                ensure_ascii=False))
    lines[3] = "not json at all"
    lines[10] = json.dumps(["a", "list"])
    lines[20] = json.dumps({"kind": "insight", "content": "too big a number", "importance": 10**30})
    lines[30] = json.dumps({"kind": "insight", "content": "x" * (2 * 1024 * 1024)})
    lines[40] = json.dumps({"kind": "gadget"})
    dump.write_text("\n".join(lines) + "\n")
    assert len(encode({"records": [json.loads(line) for line in lines[500:]]}, max_frame=1 << 30)) > MAX_FRAME
    code, out, err = cli(capsys, "import", str(dump), "--json")
    report = json.loads(out)
    assert code == 2
    assert report["insights"] == 615 and report["errors"] == 5 and report["lines"] == 620
    problems = {p["line"]: p["error"] for p in report["problems"]}
    assert set(problems) == {4, 11, 21, 31, 41}
    assert "not valid JSON" in problems[4] and "JSON object" in problems[11]
    assert "cannot be sent" in problems[21] and "bytes" in problems[31] and "gadget" in problems[41]
    assert cli_json(capsys, "status")["insights"] == 615
    small = tmp_path / "small.jsonl"
    small.write_text("\n".join(lines[:5]) + "\n")
    code, out, err = cli(capsys, "import", str(small))
    assert code == 2 and "imported 0 memories" in out and f"{small}:4: not valid JSON" in err


def test_a_restore_keeps_muted_projects_and_routine_wordings(
        home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Regression: an export held memories and edges only. Restored on a new machine, a project the
    user had muted was injected again, and the wordings capture had counted as routine ("Fixed the
    import in `a.py`", stored again and again) were counted from zero, so routine notes came back
    into the blocks. The export carries both (``kind: setting``); a restore never lowers a count
    already there, and importing the file twice changes nothing."""
    from mnemon.claude.notes import pattern_key

    project = tmp_path / "ledger"
    project.mkdir()
    cli_json(capsys, "remember", "The ledger exports run nightly at 02:00 UTC", "--scope", str(project))
    assert cli(capsys, "mute", "--project", str(project))[0] == 0
    memory_key = pattern_key("fixed the import in `<path>`")
    assert cli(capsys, "daemon", "stop")[0] == 0
    mem = Memory.open(home / "mnemon.db")
    try:
        mem.kv_set(memory_key, 5)
    finally:
        mem.close()
    records_of(capsys, tmp_path / "before.jsonl")
    settings = {r["key"]: r["value"] for r in records(tmp_path / "before.jsonl") if r.get("kind") == "setting"}
    assert settings.get(memory_key) == 5 and any(k.startswith("mute:project:") for k in settings), settings
    fresh_store(capsys, home)
    report = cli_json(capsys, "import", str(tmp_path / "before.jsonl"))
    assert report["errors"] == 0 and report["insights"] == 1, report
    assert cli(capsys, "daemon", "stop")[0] == 0
    mem = Memory.open(home / "mnemon.db")
    try:
        assert mem.kv_get(memory_key) == 5
        muted = [k for k in mem.kv_keys("mute:project:") if (mem.kv_get(k) or {}).get("on") is True]
        assert muted, "the muted project is muted after the restore"
        mem.kv_set(memory_key, 9)  # counted further here: a restore of the old file does not lower it
    finally:
        mem.close()
    again = cli_json(capsys, "import", str(tmp_path / "before.jsonl"))
    assert again["errors"] == 0 and again["insights"] == 0, again
    assert cli(capsys, "daemon", "stop")[0] == 0
    mem = Memory.open(home / "mnemon.db")
    try:
        assert mem.kv_get(memory_key) == 9
    finally:
        mem.close()
