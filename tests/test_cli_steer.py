"""Browsing and steering through the CLI and a real daemon: list, forget in bulk with its
confirmation, pin, scope, mute by scope, and the injection log the daemon keeps for the hooks'
inject and brief ops (``mnemon log --injections``)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from daemon_harness import reap, wait_until

from mnemon.claude.project import project_scope
from mnemon.errors import InvalidInput
from mnemon.paths import Paths
from mnemon.wire.client import Client
from tests.cli_harness import cli as run
from tests.cli_harness import cli_json as run_json

SESSION = "0b5f6c1e-1111-4222-8333-944455556666"


@pytest.fixture
def home(mnemon_home: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    monkeypatch.setenv("HOME", str(tmp_path))
    yield mnemon_home
    reap(mnemon_home)


def remember(capsys: pytest.CaptureFixture[str], text: str, *args: str) -> str:
    return str(run_json(capsys, "remember", text, *args)["id"])


def call(op: str, args: dict[str, Any]) -> Any:
    with Client(Paths.resolve(), timeout=10, autostart="wait") as client:
        return client.call(op, args)


def test_new_commands_have_help_with_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("list", "pin", "scope", "forget", "log", "ui", "mcp"):
        code, out, _ = run(capsys, name, "--help")
        assert code == 0 and "example:" in out and "mnemon " in out, name


def test_list_with_filters_and_pages(home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    project = tmp_path / "app"
    project.mkdir()
    monkeypatch.chdir(project)
    ids = [remember(capsys, f"Project note {i}: the {w} service owns the {w} queue", "--scope", "project",
                    "--cat", "fact") for i, w in enumerate(["billing", "search", "mailer", "ledger", "audit"])]
    pref = remember(capsys, "I prefer short commit messages in the imperative", "--cat", "preference")
    everything = run_json(capsys, "list")
    assert everything["total"] == 6 and everything["items"][0]["id"] == pref
    page2 = run_json(capsys, "list", "--project", "--limit", "2", "--page", "2")
    assert [d["id"] for d in page2["items"]] == [ids[2], ids[1]] and page2["total"] == 5
    assert [d["id"] for d in run_json(capsys, "list", "--kind", "preference")["items"]] == [pref]
    assert run_json(capsys, "list", "--scope", "global")["total"] == 1
    assert run_json(capsys, "list", "--since", "1h")["total"] == 6
    assert run_json(capsys, "list", "--until", "2001-01-01")["total"] == 0
    code, out, _ = run(capsys, "list", "--project", "--limit", "2")
    assert code == 0 and "5 memories; showing 1-2" in out and "more: --page 2" in out and ids[4][:8] in out
    code, _, err = run(capsys, "list", "--since", "last tuesday")
    assert code == 2 and "--since 'last tuesday'" in err
    code, _, err = run(capsys, "list", "--kind", "nonsense")
    assert code == 2 and "unknown kind" in err


def test_forget_several_ids_a_session_and_a_project(home: Path, capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    a = remember(capsys, "The cache is warmed at deploy time by a job")
    b = remember(capsys, "The retry budget for the payments API is three attempts")
    c = remember(capsys, "Use feature flags for every risky migration")
    code, out, _ = run(capsys, "forget", a[:8], b[:8])
    assert code == 0 and "forgot 2 memories" in out
    assert {d["id"] for d in run_json(capsys, "list")["items"]} == {c}
    code, _, err = run(capsys, "forget", c, a)
    assert code == 1 and "already forgotten" in err
    assert run_json(capsys, "list")["total"] == 1, "all or nothing"

    for i in range(3):
        call("remember", {"content": f"Session turn {i}: we tuned the {i} worker pool", "session_id": SESSION})
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, _, err = run(capsys, "forget", "--session", SESSION)
    assert code == 2 and "--yes" in err and "about to forget 3 memories" in err
    monkeypatch.setattr("sys.stdin", io.StringIO("n\n"))
    code, _, err = run(capsys, "forget", "--session", SESSION)
    assert code == 1 and "nothing forgotten" in err
    assert run_json(capsys, "list", "--session", SESSION)["total"] == 3
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    code, out, err = run(capsys, "forget", "--session", SESSION)
    assert code == 0 and "forgot 3 memories" in out and "worker pool" in err
    assert run_json(capsys, "list", "--session", SESSION)["total"] == 0
    assert call("recall", {"query": "worker pool"})["results"] == []

    project = tmp_path / "old"
    project.mkdir()
    monkeypatch.chdir(project)
    remember(capsys, "The old project used Makefiles for everything", "--scope", "project")
    result = run_json(capsys, "forget", "--project", str(project), "--yes")
    assert result["count"] == 1
    assert run_json(capsys, "list", "--project", str(project))["total"] == 0
    assert run_json(capsys, "forget", "--project", str(project), "--yes")["count"] == 0
    code, _, err = run(capsys, "forget", c, "--session", SESSION)
    assert code == 2 and "one of them" in err


def test_pin_and_scope(home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    project = tmp_path / "svc"
    project.mkdir()
    note = remember(capsys, "Deploys need the VPN profile named corp-eu", "--cat", "fact")
    shown = run_json(capsys, "pin", note[:8])
    assert shown["pinned"] is True
    assert run_json(capsys, "show", note[:8])["immune"] is True
    assert [d["id"] for d in run_json(capsys, "list", "--pinned")["items"]] == [note]
    code, out, _ = run(capsys, "list")
    assert "[pinned]" in out
    assert run_json(capsys, "pin", note, "--off")["pinned"] is False
    moved = run_json(capsys, "scope", note, "project", "--cwd", str(project))
    assert moved["scope"] == project_scope(str(project))
    found = call("inject", {"prompt": "which VPN profile do deploys need", "cwd": str(project), "dry_run": True})
    assert "corp-eu" in found["context"]
    elsewhere = tmp_path / "other"
    elsewhere.mkdir()
    assert call("inject", {"prompt": "which VPN profile do deploys need", "cwd": str(elsewhere),
                           "dry_run": True})["context"] == ""
    code, out, _ = run(capsys, "scope", note, "global")
    assert code == 0 and "now in scope global" in out
    ops = [e["op"] for e in run_json(capsys, "log", "--limit", "4")["entries"]]
    assert ops[:4] == ["scope", "scope", "unpin", "pin"]
    code, _, err = run(capsys, "pin", "zzzzzzzz")
    assert code == 1 and "no memory" in err


def test_the_daemon_logs_what_each_prompt_got(home: Path, capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
    project = tmp_path / "shop"
    project.mkdir()
    remember(capsys, "We decided the checkout service retries card payments twice", "--cat", "decision",
             "--imp", "4", "--scope", project_scope(str(project)))
    cwd = str(project)
    got = call("inject", {"prompt": "how many times does checkout retry card payments?", "session_id": SESSION,
                          "cwd": cwd})
    assert "retries card payments" in got["context"]
    call("inject", {"prompt": "ok", "session_id": SESSION, "cwd": cwd})
    call("inject", {"prompt": "token ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8 for checkout retries",
                    "session_id": SESSION, "cwd": cwd})
    call("brief", {"session_id": SESSION, "cwd": cwd, "source": "startup"})
    call("inject", {"prompt": "checkout retries", "cwd": cwd, "dry_run": True})  # records nothing
    call("inject", {"prompt": "checkout retries", "session_id": "another-session", "cwd": cwd, "dry_run": True})

    def logged() -> list[dict[str, Any]]:
        return list(run_json(capsys, "log", "--injections", "--session", SESSION)["entries"])

    assert wait_until(lambda: len(logged()) == 4, timeout=10), logged()
    brief, secret, trivial, first = logged()
    assert brief["event"] == "startup" and brief["reason"] == "all-shown" and brief["context"] == "", \
        "the note already reached this session"
    assert first["event"] == "prompt" and first["reason"] == "ok" and first["scope"] == project_scope(cwd)
    assert first["context"] == got["context"] and first["chars"] == len(got["context"])
    assert first["items"][0]["signals"] and first["items"][0]["short_id"] == got["items"][0]["short_id"]
    assert first["took_ms"] is not None and first["took_ms"] >= 0
    assert trivial["reason"] == "trivial" and trivial["context"] == "" and trivial["chars"] == 0
    assert "ghp_" not in secret["prompt"] and "REDACTED" in secret["prompt"]
    assert secret["event"] == "prompt" and secret["context"] == "", "already injected in this session"
    everything = run_json(capsys, "log", "--injections", "--limit", "100")["entries"]
    assert {e["session_id"] for e in everything} == {SESSION}, "dry runs record nothing"
    call("brief", {"session_id": "fresh-session", "cwd": cwd, "source": "startup"})
    fresh = run_json(capsys, "log", "--injections", "--session", "fresh-session")["entries"]
    assert [(e["event"], e["reason"]) for e in fresh] == [("startup", "ok")]
    assert "retries card payments" in fresh[0]["context"]

    call("mute", {"target": "session", "session_id": SESSION, "on": True})
    call("inject", {"prompt": "how many times does checkout retry?", "session_id": SESSION, "cwd": cwd})
    assert wait_until(lambda: logged()[0]["reason"] == "muted", timeout=10)
    code, out, _ = run(capsys, "log", "--injections", "--session", SESSION, "--context")
    assert code == 0 and "nothing (muted)" in out and "nothing (trivial)" in out and "| <mnemon-notes>" in out
    shown = len(got["items"])
    assert f"prompt 'how many times does checkout retry card payments?': {shown} note{'s' if shown > 1 else ''}, " \
        in out and "tokens" in out  # "1 note", not "1 notes"
    code, _, err = run(capsys, "log", "--session", SESSION)
    assert code == 2 and "--injections" in err
    code, out, _ = run(capsys, "log", "--injections", "--session", "0b5f6c1e-0000-4000-8000-000000000000")
    assert code == 0 and out.startswith("nothing logged for session 0b5f6c1e-0000"), out  # was "the log is empty"


def test_mute_a_project_by_its_scope(home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    project = tmp_path / "named"
    project.mkdir()
    scope = project_scope(str(project))
    remember(capsys, "The named project builds with Bazel remote caching", "--scope", scope)
    prompt = {"prompt": "how does the named project build with Bazel", "cwd": str(project), "dry_run": True}
    assert call("inject", prompt)["context"]
    assert call("mute", {"target": "project", "scope": scope, "on": True})["muted"] is True
    assert call("inject", prompt)["reason"] == "muted"
    projects = {p["scope"]: p for p in call("projects", {})["items"]}
    assert projects[scope]["muted"] is True and projects[scope]["count"] == 1
    call("mute", {"target": "project", "scope": scope, "on": False})
    assert call("inject", prompt)["context"]


def test_a_bulk_forget_confirmed_on_a_stale_preview_forgets_nothing(home: Path) -> None:
    for i in range(2):
        call("remember", {"content": f"Stale preview turn {i} about the cache warmer", "session_id": SESSION})
    preview = call("forget_many", {"session_id": SESSION, "dry_run": True})
    assert preview["count"] == 2 and len(preview["digest"]) == 16
    call("remember", {"content": "A turn captured after the question was asked, about log rotation",
                      "session_id": SESSION})
    with pytest.raises(InvalidInput, match="changed since they were shown"):
        call("forget_many", {"session_id": SESSION, "expect": preview["digest"]})
    assert call("list", {"session_id": SESSION})["total"] == 3
    again = call("forget_many", {"session_id": SESSION, "dry_run": True})
    done = call("forget_many", {"session_id": SESSION, "expect": again["digest"]})
    assert done["count"] == 3 and call("list", {"session_id": SESSION})["total"] == 0


def test_a_forgotten_memory_is_restored_as_it_was(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Field report: a user who forgot the wrong id lost it; forget is a soft delete, yet nothing
    brought a memory back. `mnemon restore ID` does, until retention purges it."""
    kept = remember(capsys, "Invoices are numbered per tenant, never globally")
    other = remember(capsys, "The nightly export runs at 02:00 UTC")
    code, out, _ = run(capsys, "forget", kept[:8])
    assert code == 0 and f"mnemon restore {kept[:8]}" in out, out
    code, out, _ = run(capsys, "show", kept[:8])
    assert code == 0 and "forgotten at" in out and f"mnemon restore {kept[:8]}" in out, out
    assert call("recall", {"query": "invoices numbered per tenant"})["results"] == []
    code, out, err = run(capsys, "restore", kept[:8])
    assert code == 0 and f"restored {kept[:8]}" in out, err
    assert [r["insight"]["id"] for r in call("recall", {"query": "invoices numbered per tenant"})["results"]][:1] == [kept]
    assert {d["id"] for d in run_json(capsys, "list")["items"]} == {kept, other}
    assert run_json(capsys, "show", kept[:8]).get("deleted_at") is None
    code, _, err = run(capsys, "restore", kept[:8], other[:8])
    assert code == 2 and "not forgotten" in err, err
    code, _, err = run(capsys, "restore", "0" * 8)
    assert code == 1 and "no memory with id" in err, err
    assert run(capsys, "forget", kept[:8], other[:8])[0] == 0
    assert run_json(capsys, "restore", kept, other)["count"] == 2
    assert [e["op"] for e in run_json(capsys, "log", "--limit", "3")["entries"]][:2] == ["restore", "restore"]
    assert run(capsys, "verify")[0] == 0  # RAM and disk agree
    assert run(capsys, "daemon", "restart")[0] == 0
    assert {d["id"] for d in run_json(capsys, "list")["items"]} == {kept, other}


def test_a_memory_remembered_again_since_its_forget_is_not_restored_twice(home: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """Restoring a memory whose text was remembered again after the forget made two live copies
    of one note, both found and ranked side by side."""
    old = remember(capsys, "The deploy window is Tuesday 14:00 UTC")
    assert run(capsys, "forget", old[:8])[0] == 0
    again = remember(capsys, "The deploy window is Tuesday 14:00 UTC")
    assert again != old
    code, _, err = run(capsys, "restore", old[:8])
    assert code == 2 and again[:8] in err and "same text" in err, err
    assert run_json(capsys, "show", old[:8])["deleted_at"] is not None
    assert [d["id"] for d in run_json(capsys, "list")["items"]] == [again]
