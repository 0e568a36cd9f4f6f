"""`mnemon restore --project [DIR]` / `--session ID`: the undo of `forget --project` / `--session`.

Regression: `mnemon forget --project --yes` forgot every memory of a project in one command and said
"undo: `mnemon restore ID...`" after listing ten of the ids ("..."); restore took ids only, so undoing
it meant finding and typing every id (`restore --project` was "unrecognized arguments").
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tests.cli_harness import cli as run
from tests.cli_harness import cli_json as run_json


def test_forget_and_restore_a_whole_project(home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    app, other = tmp_path / "app", tmp_path / "other"
    app.mkdir()
    other.mkdir()
    mine = [run_json(capsys, "remember", f"The worker w{i} of the app listens on port {9100 + i}",
                     "--scope", str(app))["id"] for i in range(14)]
    theirs = run_json(capsys, "remember", "The other service deploys on Fridays", "--scope", str(other))["id"]
    earlier = run_json(capsys, "remember", "The other service has no staging", "--scope", str(other))["id"]
    assert run(capsys, "forget", earlier)[0] == 0  # forgotten on its own, before: stays forgotten

    code, out, _ = run(capsys, "forget", "--project", str(app), "--yes")
    assert code == 0 and "--project" in out, out  # the undo it names is one that works
    assert run_json(capsys, "list", "--project", str(app))["total"] == 0

    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # a session with no answer to give
    code, _, err = run(capsys, "restore", "--project", str(app))
    assert code == 2 and "about to restore 14 memories" in err and "--yes" in err
    assert run_json(capsys, "list", "--project", str(app))["total"] == 0  # nothing without a yes

    code, out, _ = run(capsys, "restore", "--project", str(app), "--yes")
    assert code == 0, out
    assert {i["id"] for i in run_json(capsys, "list", "--project", str(app), "--limit", "50")["items"]} == set(mine)
    listed = {i["id"]: i for i in run_json(capsys, "list", "--project", str(other), "--deleted")["items"]}
    assert listed[theirs]["deleted_at"] is None and listed[earlier]["deleted_at"] is not None

    code, out, _ = run(capsys, "restore", "--project", str(app))
    assert code == 0 and "nothing to restore" in out
    code, _, err = run(capsys, "restore")
    assert code == 2 and "--session ID, or --project" in err
