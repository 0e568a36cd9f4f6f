"""Times outside 1970-01-01..9999-12-31 (issue 11 item 3): refused at every boundary with an
error naming the field, never able to break a command that shows them, found by verify and
doctor, and repaired in stores written before the boundaries checked them."""

from __future__ import annotations

import json
import math
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from cli_harness import cli, cli_json
from daemon_harness import DaemonProcess, wait_until

from mnemon.engine import text
from mnemon.engine.memory import Memory
from mnemon.engine.model import iso
from mnemon.errors import InvalidInput
from mnemon.paths import Paths

MAX_TIME = 253402300799.0  # 9999-12-31T23:59:59Z
BAD_TIMES = (2.6e11, -1e11, 1e300, math.inf, 10**400)


def every_command_works(capsys: pytest.CaptureFixture[str], tmp_path: Path, keep: str, drop: str) -> None:
    """export, recall, show, gc and forget: the commands one bad time used to break for good."""
    dump = tmp_path / "after.jsonl"
    code, _, err = cli(capsys, "export", "-o", str(dump))
    assert code == 0, err
    assert all(json.loads(line) for line in dump.read_text().splitlines())
    assert cli_json(capsys, "recall", "deploy pipeline")["results"]
    assert cli_json(capsys, "show", keep[:8])["created_at"]
    assert "candidates" in cli_json(capsys, "gc", "--threshold", "9")
    code, out, err = cli(capsys, "forget", drop[:8])
    assert code == 0 and f"forgot {drop[:8]}" in out, err
    assert cli_json(capsys, "verify")["ok"] is True


def test_formatting_a_time_never_raises() -> None:
    for ts in (*BAD_TIMES, math.nan, -math.inf):
        assert iso(ts) is None  # type: ignore[arg-type]
        assert text.in_periods(ts, [(2026, None)]) is False  # type: ignore[arg-type]
    assert iso(MAX_TIME) == "9999-12-31T23:59:59Z" and iso(0.0) == "1970-01-01T00:00:00Z"


def test_the_engine_refuses_times_outside_the_range_naming_the_field(tmp_path: Path) -> None:
    with Memory.open(tmp_path / "m.db") as memory:
        for bad in BAD_TIMES:
            with pytest.raises(InvalidInput, match="created_at is out of range"):
                memory.remember("the deploy pipeline runs on Fridays", created_at=bad)
        with pytest.raises(InvalidInput, match="since is out of range"):
            memory.recall("deploy", since=1e300)
        assert len(memory) == 0
        stamp = memory.remember("the deploy pipeline runs on Fridays", created_at=MAX_TIME).id
        assert stamp is not None and memory.show(stamp)["created_at"] == "9999-12-31T23:59:59Z"


def test_the_socket_refuses_bad_created_at_and_every_command_keeps_working(
        home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    daemon = DaemonProcess(home)
    try:
        with daemon.client() as client:
            for bad in (2.6e11, -1e11, 1e300):
                with pytest.raises(InvalidInput, match="created_at is out of range"):
                    client.call("remember", {"content": "the deploy pipeline is broken again", "created_at": bad})
            with pytest.raises(InvalidInput, match="until is out of range"):
                client.call("recall", {"query": "deploy", "until": 2.6e11})
            keep = client.call("remember", {"content": "The deploy pipeline runs on Fridays"})["id"]
            drop = client.call("remember", {"content": "The deploy pipeline uses blue-green releases",
                                            "created_at": 1.7e9})["id"]
            assert client.call("status")["insights"] == 2
        every_command_works(capsys, tmp_path, keep, drop)
    finally:
        daemon.stop()


def test_an_import_line_with_a_bad_time_is_refused_by_line_and_the_rest_imported(
        home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    dump = tmp_path / "in.jsonl"
    lines = [{"kind": "insight", "content": "The deploy pipeline runs on Fridays", "created_ts": 1.7e9},
             {"kind": "insight", "content": "The deploy pipeline needs a green build", "created_ts": 1e300},
             {"kind": "insight", "content": "The deploy pipeline uses blue-green releases",
              "created_at": "+10000-01-01T00:00:00Z"},
             {"kind": "insight", "content": "The deploy pipeline posts to the releases channel"}]
    dump.write_text("".join(json.dumps(line) + "\n" for line in lines))
    code, out, err = cli(capsys, "import", str(dump), "--json")
    assert code == 2
    report = json.loads(out)
    assert report["insights"] == 2 and report["errors"] == 2
    assert [p["line"] for p in report["problems"]] == [2, 3]
    assert "created_ts is out of range" in report["problems"][0]["error"]
    assert "created_at" in report["problems"][1]["error"]
    ids = [r["id"] for r in cli_json(capsys, "recall", "deploy pipeline")["results"] for r in [r["insight"]]]
    every_command_works(capsys, tmp_path, ids[0], ids[-1])


def test_a_transcript_line_stamped_after_9999_is_skipped_and_counted(
        home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    projects = tmp_path / "projects" / "-tmp-app"
    projects.mkdir(parents=True)

    def user(uuid: str, stamp: str, content: str) -> dict[str, Any]:
        return {"type": "user", "uuid": uuid, "sessionId": "s1", "cwd": str(tmp_path), "timestamp": stamp,
                "message": {"role": "user", "content": content}}

    lines = [user("u1", "2026-11-20T10:00:00Z", "We decided the deploy pipeline runs on Fridays"),
             user("u2", "9999-12-31T23:59:59-12:00", "We decided the deploy pipeline needs a green build"),
             user("u3", "2026-11-20T10:02:00Z", "We decided the deploy pipeline uses blue-green releases")]
    (projects / "s1.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines))
    result = cli_json(capsys, "import-transcripts", str(tmp_path / "projects"))
    assert result["added"] == 2 and result["errors"] == 1
    contents = {r["insight"]["content"]: r["insight"]["id"]
                for r in cli_json(capsys, "recall", "deploy pipeline")["results"]}
    assert not any("green build" in c for c in contents)
    keep, drop = sorted(contents.values())
    every_command_works(capsys, tmp_path, keep, drop)
    assert "created_at is out of range" in Paths.resolve().daemon_log.read_text()


def _corrupt(db: Path, keep: str, forgotten: str) -> None:
    """Write what the old boundaries let in, and mark the store as one from before m008."""
    conn = sqlite3.connect(db)
    conn.execute("UPDATE insights SET created_at = 1e300, last_accessed_at = 1e300 WHERE id = ?", (keep,))
    conn.execute("UPDATE insights SET deleted_at = -1e11 WHERE id = ?", (forgotten,))
    conn.execute("UPDATE graph_edges SET created_at = 9e999")
    conn.execute("UPDATE oplog SET ts = 2.6e11 WHERE seq = 1")
    conn.execute("DELETE FROM schema_migrations WHERE name = 'm008_repair_timestamps'")
    conn.commit()
    conn.close()


def test_a_store_holding_bad_times_is_repaired_when_the_daemon_opens_it(
        home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    paths = Paths.resolve()
    with Memory.open(paths.db) as memory:
        keep = memory.remember("The deploy pipeline runs on Fridays").id
        other = memory.remember("The deploy pipeline uses blue-green releases").id
        forgotten = memory.remember("The old deploy script lived in tools/").id
        assert keep and other and forgotten
        memory.link(keep, other, type="causal")
        memory.forget(forgotten)
    _corrupt(paths.db, keep, forgotten)
    paths.snapshot.unlink(missing_ok=True)
    repair = cli_json(capsys, "log", "--op", "repair")["entries"]
    assert len(repair) == 1 and repair[0]["detail"]["repaired"]["insights"] == 2
    assert set(repair[0]["detail"]["ids"]) == {keep, forgotten}
    shown = cli_json(capsys, "show", keep[:8])
    assert shown["created_at"] and shown["created_at"] < "9999"
    assert cli_json(capsys, "show", forgotten[:8])["deleted_at"] is not None
    assert "repaired out-of-range times" in paths.daemon_log.read_text()
    every_command_works(capsys, tmp_path, keep, other)


def test_verify_and_doctor_find_a_bad_time_written_behind_the_daemons_back(
        home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    added = cli_json(capsys, "remember", "The deploy pipeline runs on Fridays")["id"]
    assert cli_json(capsys, "verify")["ok"] is True
    conn = sqlite3.connect(Paths.resolve().db)
    conn.execute("UPDATE insights SET created_at = 2.6e11 WHERE id = ?", (added,))
    conn.commit()
    conn.close()
    code, out, _ = cli(capsys, "verify", "--json")
    report = json.loads(out)
    assert code == 1 and not report["ok"]
    assert any("time outside 1970-01-01 to 9999-12-31" in p and added[:8] in p for p in report["problems"])
    code, out, _ = cli(capsys, "doctor", "--json")
    database = next(c for c in json.loads(out)["checks"] if c["name"] == "database")
    assert code == 1 and database["level"] == "fail" and "time outside" in database["detail"]
    assert cli(capsys, "daemon", "restart")[0] == 0  # as verify advises: the repair pass after start mends it
    assert wait_until(lambda: cli(capsys, "verify")[0] == 0, timeout=20, step=0.5)
    assert cli_json(capsys, "log", "--op", "repair")["entries"][0]["detail"]["ids"] == [added]
