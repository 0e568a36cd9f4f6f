"""The mnemon command end to end: a real daemon started on demand, --json keys, exit codes."""

from __future__ import annotations

import json
import os
import shlex
import sys
from pathlib import Path

import pytest

from mnemon.claude.settings import HOOKS, install_mcp
from mnemon.paths import Paths
from tests.cli_harness import cli as run
from tests.cli_harness import cli_json as run_json


def test_remember_recall_show_forget_with_json(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    added = run_json(capsys, "remember", "We picked SQLite because it needs no server", "--cat", "decision",
                     "--imp", "4", "--tags", "storage,db")
    assert added["action"] == "added"
    assert {"id", "action", "diff_suggestion", "edges_created", "embedded", "flags"} <= set(added)
    short = added["id"][:8]
    found = run_json(capsys, "recall", "why SQLite", "--limit", "3")
    assert {"intent", "results", "meta"} <= set(found)
    assert found["results"][0]["insight"]["id"] == added["id"]
    assert {"insight", "score", "via", "signals"} <= set(found["results"][0])
    shown = run_json(capsys, "show", short)
    assert shown["id"] == added["id"] and shown["tags"] == ["storage", "db"]
    code, out, _ = run(capsys, "recall", "why SQLite")
    assert code == 0 and short in out and "intent WHY" in out
    code, out, _ = run(capsys, "forget", short)
    assert code == 0 and f"forgot {short}" in out
    status = run_json(capsys, "status")
    assert status["insights"] == 0 and status["forgotten"] == 1
    assert status["daemon"]["pid"] > 0
    log = run_json(capsys, "log", "--limit", "5")
    assert [e["op"] for e in log["entries"]][:2] == ["forget", "remember"]


def test_exit_codes(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "remember", "x", "--imp", "9")
    assert code == 2 and "invalid choice" in err
    code, _, err = run(capsys, "remember", "   ")
    assert code == 2 and err.startswith("mnemon: ")
    code, _, err = run(capsys, "show", "ffffffff")
    assert code == 1 and err.startswith("mnemon: ")
    # The hint names the command that lists memories (`mnemon log` lists operations, not memories).
    assert "`mnemon list`" in err and "mnemon log" not in err, err
    code, _, _ = run(capsys, "frobnicate")
    assert code == 2
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.startswith("mnemon ")


def test_every_subcommand_has_help_with_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    commands = ["remember", "recall", "status", "show", "link", "unlink", "forget", "restore", "gc", "log", "embed",
                "verify", "export", "import", "inject", "mute", "import-transcripts", "config", "path",
                "doctor", "daemon"]
    for name in commands:
        code, out, _ = run(capsys, name, "--help")
        assert code == 0 and "example:" in out and "mnemon " in out, name


def test_path_lists_every_location(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "path")
    paths = Paths.resolve()
    assert data["root"] == str(home)
    assert data["database"] == str(paths.db) and data["socket"] == str(paths.socket)
    assert {"config", "pid", "lock", "daemon_log", "hook_log"} <= set(data)


def test_link_gc_embed_verify_config(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = run_json(capsys, "remember", "The billing service talks to Stripe")["id"]
    b = run_json(capsys, "remember", "Refunds failed because Stripe keys expired")["id"]
    edge = run_json(capsys, "link", a, b, "--type", "causal", "--weight", "0.7")
    assert edge["type"] == "causal" and edge["weight"] == 0.7
    assert run_json(capsys, "unlink", a, b, "--type", "causal")["removed"] >= 1
    gc = run_json(capsys, "gc", "--threshold", "0.1")
    assert {"threshold", "active", "candidates"} <= set(gc)
    assert run_json(capsys, "embed")["embedder"]["kind"] == "none"
    code, _, err = run(capsys, "embed", "--all")
    assert code == 2 and "no embedder" in err
    assert run_json(capsys, "verify")["ok"] is True
    cfg = run_json(capsys, "config")
    assert cfg["config"]["embedder"] == "none" and cfg["error"] is None


def test_export_then_import_into_a_fresh_store(home: Path, capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    for text in ("Alpha uses Redis for caching", "Beta runs on Kubernetes", "Gamma is written in Rust"):
        run_json(capsys, "remember", text)
    dump = tmp_path / "dump.jsonl"
    code, _, err = run(capsys, "export", "-o", str(dump))
    assert code == 0 and "exported" in err
    lines = [json.loads(line) for line in dump.read_text().splitlines()]
    assert sum(1 for r in lines if r["kind"] == "insight") == 3
    assert run(capsys, "daemon", "stop")[0] == 0
    for leftover in home.glob("mnemon.db*"):
        leftover.unlink()
    counts = run_json(capsys, "import", str(dump))
    assert counts["insights"] == 3
    assert run_json(capsys, "status")["insights"] == 3
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"content": "ok, this one is fine"}\nnot json\n')
    code, _, err = run(capsys, "import", str(bad))
    assert code == 2 and "bad.jsonl:2: not valid JSON" in err
    assert run_json(capsys, "status")["insights"] == 4  # the good record is in; only the bad one was refused
    code, _, err = run(capsys, "import", str(tmp_path))
    assert code == 2 and "is a directory" in err, err  # it exists: "no such file" would send the user astray


def test_an_empty_scope_is_refused_not_taken_as_global(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (("remember", "Deploys go out on Tuesdays", "--scope", ""), ("recall", "deploys", "--scope", " "),
                 ("list", "--scope", "")):
        code, _, err = run(capsys, *argv)
        assert code == 2 and "--scope must not be empty" in err, (argv, err)
    assert run_json(capsys, "status")["insights"] == 0


def test_log_says_when_no_operation_matches(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_json(capsys, "remember", "Builds run on the shared runner pool")
    code, out, _ = run(capsys, "log", "--op", "no-such-op")
    assert code == 0 and out.startswith("no operations match"), out


def test_read_only_fallback_when_the_daemon_cannot_start(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    added = run_json(capsys, "remember", "Read-only inspection still works without the daemon")
    assert run(capsys, "daemon", "stop")[0] == 0
    run_dir = Paths.resolve().socket_dir
    os.chmod(run_dir, 0o777)
    try:
        code, out, err = run(capsys, "status", "--json")
        assert code == 0 and "read-only" in err and "writable by other users" in err
        status = json.loads(out)
        assert status["insights"] == 1 and status["daemon"] is None
        code, out, _ = run(capsys, "status")
        assert code == 0 and "daemon     unavailable (read-only view" in out, out
        assert run_json(capsys, "show", added["id"][:8])["id"] == added["id"]
        assert run_json(capsys, "recall", "read-only inspection")["results"]
        assert run_json(capsys, "log")["entries"]
        code, _, err = run(capsys, "remember", "this needs the daemon")
        assert code == 1 and "writable by other users" in err
    finally:
        os.chmod(run_dir, 0o700)


def test_export_reads_the_file_when_the_daemon_cannot_start(home: Path, capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    """A store whose daemon cannot start is the one most in need of a backup: export said only
    why the daemon did not start (exit 1) and wrote nothing."""
    for text in ("The ingest API listens on port 8443", "Nightly backups run at 02:30 UTC"):
        run_json(capsys, "remember", text)
    assert run(capsys, "mute", "--project", str(tmp_path))[0] == 0  # a setting travels too
    assert run(capsys, "export", "-o", str(tmp_path / "live.jsonl"))[0] == 0
    assert run(capsys, "daemon", "stop")[0] == 0
    run_dir = Paths.resolve().socket_dir
    os.chmod(run_dir, 0o777)
    try:
        code, _, err = run(capsys, "export", "-o", str(tmp_path / "rescued.jsonl"))
        assert code == 0 and "exporting" in err and "directly (read-only)" in err, err
    finally:
        os.chmod(run_dir, 0o700)
    rescued = (tmp_path / "rescued.jsonl").read_text().splitlines()
    assert rescued == (tmp_path / "live.jsonl").read_text().splitlines()
    assert [json.loads(line)["kind"] for line in rescued].count("setting") == 1


def test_a_relative_mnemon_home_is_the_store_the_daemon_serves(home: Path, capsys: pytest.CaptureFixture[str],
                                                               tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """MNEMON_HOME=store names ./store for the command; the daemon, started in its data root, read
    it again from there and served store/store, unseen: every command said the daemon did not
    start, and each left a daemon running."""
    from tests.daemon_harness import reap

    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setenv("MNEMON_HOME", "store")
    try:
        code, out, err = run(capsys, "remember", "The ingest API listens on port 8443")
        assert code == 0 and out.startswith("added"), err
        assert (work / "store" / "mnemon.db").is_file() and not (work / "store" / "store").exists()
    finally:
        reap(Path("store"))  # the old code's stray daemon, by the MNEMON_HOME it was given
        reap(work / "store")


def test_daemon_start_status_stop(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "daemon", "status")
    assert code == 1 and "not running" in out
    state = run_json(capsys, "daemon", "start")
    assert state["answering"] and state["current_build"]
    assert run_json(capsys, "daemon", "status")["pid"] == state["pid"]
    restarted = run_json(capsys, "daemon", "restart")
    assert restarted["pid"] != state["pid"]
    code, out, _ = run(capsys, "daemon", "stop")
    assert code == 0 and f"stopped (pid {restarted['pid']})" in out


def test_doctor_reports_each_check_with_a_fix(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(capsys, "doctor")
    levels = {c["name"]: c["level"] for c in report["checks"]}
    assert levels["install"] == "ok" and levels["daemon"] == "ok" and levels["config"] == "ok"
    assert levels["hooks"] == "warn"
    assert all(c["fix"] for c in report["checks"] if c["level"] != "ok")
    # the fix names this checkout's install.sh, shell-quoted: it works from any directory
    fix = next(c["fix"] for c in report["checks"] if c["name"] == "hooks")
    installer = Path(__file__).resolve().parents[1] / "install.sh"
    assert shlex.split(fix.removeprefix("run ")) == [str(installer)], fix
    settings = Path(os.environ["HOME"]) / ".claude" / "settings.json"
    settings.parent.mkdir()
    elsewhere = Path(os.environ["HOME"]) / "opt" / "mnemon" / "hooks"  # a checkout of its own, whose files exist
    elsewhere.mkdir(parents=True)
    for spec in HOOKS:
        (elsewhere / f"{spec.script}.py").touch()
    hooks = {spec.event: [{"hooks": [{"type": "command",
                                      "command": f'"{sys.executable}" -I "{elsewhere}/{spec.script}.py"'}]}]
             for spec in HOOKS}
    settings.write_text(json.dumps({"hooks": hooks}))
    levels = {c["name"]: c["level"] for c in run_json(capsys, "doctor")["checks"]}
    assert levels["hooks"] == "ok"
    # every event the installer registers is checked, PostCompact included (issue 11 item 14)
    for event in ("PostCompact", "SessionEnd"):
        partial = {k: v for k, v in hooks.items() if k != event}
        settings.write_text(json.dumps({"hooks": partial}))
        check = next(c for c in run_json(capsys, "doctor")["checks"] if c["name"] == "hooks")
        assert check["level"] == "warn" and f"no Mnemon hook for {event}" in check["detail"], check
    settings.write_text(json.dumps({"hooks": hooks}))
    # the plugin as well: both would run every hook twice
    settings.write_text(json.dumps({"hooks": hooks, "enabledPlugins": {"mnemon@mnemon": True}}))
    check = next(c for c in run_json(capsys, "doctor")["checks"] if c["name"] == "hooks")
    assert check["level"] == "warn" and "twice" in check["detail"] and "--uninstall" in check["fix"]
    # the plugin alone is a complete install
    settings.write_text(json.dumps({"enabledPlugins": {"mnemon@mnemon": True, "other@x": True}}))
    check = next(c for c in run_json(capsys, "doctor")["checks"] if c["name"] == "hooks")
    assert check["level"] == "ok" and "mnemon@mnemon" in check["detail"]
    settings.write_text(json.dumps({"enabledPlugins": {"mnemon@mnemon": False}}))
    assert next(c for c in run_json(capsys, "doctor")["checks"] if c["name"] == "hooks")["level"] == "warn"
    Paths.resolve().config.write_text("inject_budget = 'lots'\n")
    code, out, _ = run(capsys, "doctor")
    assert code == 1 and "FAIL  config" in out


def test_doctor_checks_the_mcp_server_registration(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def mcp() -> dict[str, str]:
        _, out, _ = run(capsys, "doctor", "--json")  # exit 1 when a check fails
        return next(c for c in json.loads(out)["checks"] if c["name"] == "mcp")

    check = mcp()
    assert check["level"] == "warn" and "no memory tools" in check["detail"] and "install.sh" in check["fix"]
    config = Path(os.environ["HOME"]) / ".claude.json"
    install_mcp(config, sys.executable)
    check = mcp()
    assert check["level"] == "ok" and sys.executable in check["detail"]
    install_mcp(config, "/nowhere/bin/python")  # a venv removed since
    assert mcp()["level"] == "fail"
    code, out, _ = run(capsys, "doctor")
    assert code == 1 and "FAIL  mcp" in out
    mnemon_cli = Path(sys.executable).parent / "mnemon"
    config.write_text(json.dumps({"mcpServers": {"mnemon": {"command": str(mnemon_cli), "args": ["mcp"]}}}))
    assert mcp()["level"] == "ok", "registered by hand with `claude mcp add ... -- mnemon mcp`"
    config.write_text(json.dumps({"mcpServers": {"mnemon": {"command": "npx", "args": ["someone-else"]}}}))
    assert mcp()["level"] == "warn" and "not Mnemon's" in mcp()["detail"]
    config.write_text(json.dumps({}))
    settings = Path(os.environ["HOME"]) / ".claude" / "settings.json"
    settings.parent.mkdir()
    settings.write_text(json.dumps({"enabledPlugins": {"mnemon@mnemon": True}}))
    check = mcp()
    assert check["level"] == "ok" and "plugin" in check["detail"]


def test_doctor_says_why_the_daemon_did_not_start(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 11 item 1: a daemon that cannot start shows in doctor with the tail of daemon.stderr."""
    paths = Paths.resolve()
    paths.socket_dir.mkdir(parents=True, mode=0o700, exist_ok=True)
    paths.socket.write_text("a file where the socket goes\n")
    code, out, _ = run(capsys, "doctor")
    assert code == 1
    line = next(line for line in out.splitlines() if "daemon" in line and "FAIL" in line)
    assert paths.socket.read_text() == "a file where the socket goes\n"
    assert "exists and is not a socket" in line, out
    assert "daemon.stderr" in out


def test_import_transcripts_resolves_here_and_refuses_an_overlong_directory(
    home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 11 item 10: a 100,000-character directory is a clear usage error (it was an
    internal error from the daemon), and a relative one is found from here."""
    code, _, err = run(capsys, "import-transcripts", "/" + "d" * 100_000)
    assert code == 2 and "a path may have at most 4,096" in err and len(err) < 400, err[:400]
    code, _, err = run(capsys, "import-transcripts", "d" * 300)
    assert code == 2 and "at most 255" in err, err[:400]
    (tmp_path / "here" / "proj").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    done = run_json(capsys, "import-transcripts", "here")
    assert done["files"] == 0


def test_inject_dry_run_and_mute(home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    project = tmp_path / "proj"
    project.mkdir()
    run_json(capsys, "remember", "The deploy script needs AWS_PROFILE=staging before running", "--imp", "4")
    shown = run_json(capsys, "inject", "how do I run the deploy script", "--cwd", str(project))
    assert {"context", "items"} <= set(shown)
    assert shown["items"] and "deploy script" in shown["context"]
    assert shown["items"][0]["signals"]
    muted = run_json(capsys, "mute", "--project", str(project))
    assert muted["muted"] is True
    assert run_json(capsys, "inject", "how do I run the deploy script", "--cwd", str(project))["context"] == ""
    assert run_json(capsys, "mute", "--project", str(project), "--off")["muted"] is False


def test_import_transcripts(home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    projects = tmp_path / "projects" / "-tmp-app"
    projects.mkdir(parents=True)
    session = "0b5f6c1e-1111-4222-8333-944455556666"
    lines = [
        {"type": "user", "uuid": "u1", "parentUuid": None, "sessionId": session, "cwd": str(tmp_path),
         "timestamp": "2026-11-20T10:00:00Z",
         "message": {"role": "user", "content": "We decided to use Postgres for billing because we need transactions"}},
        {"type": "assistant", "uuid": "a1", "parentUuid": "u1", "sessionId": session, "cwd": str(tmp_path),
         "timestamp": "2026-11-20T10:00:05Z",
         "message": {"id": "msg1", "role": "assistant", "content": [
             {"type": "text", "text": "Agreed: billing moves to Postgres, since transactions matter for refunds."}]}},
    ]
    (projects / f"{session}.jsonl").write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    result = run_json(capsys, "import-transcripts", str(tmp_path / "projects"))
    assert result["files"] == 1 and result["done"] == 1 and result["failed"] == 0
    before = run_json(capsys, "status")["insights"]
    assert before >= 1
    again = run_json(capsys, "import-transcripts", str(tmp_path / "projects"))
    assert again["failed"] == 0
    assert run_json(capsys, "status")["insights"] == before
    code, _, err = run(capsys, "import-transcripts", str(tmp_path / "nope"))
    assert code == 2 and "does not exist" in err  # a mistyped path is bad input, like --project's


def test_human_output_of_every_read_command(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = run_json(capsys, "remember", "Alerts page the on-call engineer through PagerDuty", "--tags", "ops")["id"]
    b = run_json(capsys, "remember", "The on-call rotation changes every Monday because of timezones")["id"]
    expected = {
        ("status",): "memories   2",
        ("show", a[:8]): "tags: ops",
        ("log",): "remember",
        ("recall", "who gets paged"): "intent",
        ("link", a, b, "--type", "entity"): f"linked {a[:8]} -> {b[:8]}",
        ("unlink", a, b, "--type", "entity"): "removed",
        ("gc",): "below 0.5 among 2 memories",
        ("embed",): "model none: 0/2",
        ("verify",): "RAM matches disk",
        ("config",): "inject_budget = 1000",
        ("path",): "database",
        ("inject", "who gets paged by alerts"): "PagerDuty",
        ("mute", "--project", str(home)): "injection muted for project",
        ("daemon", "status"): "running, pid",
    }
    for argv, needle in expected.items():
        code, out, err = run(capsys, *argv)
        assert code == 0, (argv, err)
        assert needle in out, (argv, out)


def test_one_memory_is_said_in_the_singular(home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """'1 memories; showing 1-1', 'forgot 1 memories', '1 candidate(s) ... among 1 memories'."""
    monkeypatch.chdir(tmp_path)
    run_json(capsys, "remember", "Alerts page the on-call engineer through PagerDuty", "--scope", "project")
    assert run(capsys, "list")[1].startswith("1 memory; showing 1-1, newest first")
    assert "1 candidate below 0.5 among 1 memory (" in run(capsys, "gc")[1]
    code, out, err = run(capsys, "forget", "--project", "--yes")
    assert code == 0 and out.startswith("forgot 1 memory: "), (out, err)


def test_doctor_says_when_the_disk_is_full(home: Path, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: on a full disk every capture failed (the hooks fail open, so silently) while
    doctor said OK to everything: the database still reads and verifies."""
    import shutil as shutil_mod
    from collections import namedtuple

    from mnemon import doctor

    assert run(capsys, "remember", "The cache is Redis 7.")[0] == 0
    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(shutil_mod, "disk_usage", lambda _path: usage(4 << 20, 4 << 20, 0))
    code, out, _ = run(capsys, "doctor")
    assert code == 1 and "FAIL  disk" in out and "free space" in out
    assert doctor.LOW_DISK > 0


def test_import_transcripts_reads_claude_codes_own_directory(home: Path, capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without DIR it read ~/.claude/projects even with CLAUDE_CONFIG_DIR set, where Claude Code
    keeps them in $CLAUDE_CONFIG_DIR/projects (checked with 2.1.332): 'not a directory'."""
    session = "0b5f6c1e-1111-4222-8333-944455556666"
    line = {"type": "user", "uuid": "u1", "parentUuid": None, "sessionId": session, "cwd": str(tmp_path),
            "timestamp": "2026-11-20T10:00:00Z",
            "message": {"role": "user", "content": "We decided the payroll export runs on the 25th of each month"}}
    for config_dir, moved in ((tmp_path / "claude-config", True), (tmp_path / ".claude", False)):  # HOME is tmp_path
        if moved:
            monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(config_dir))
        else:
            monkeypatch.delenv("CLAUDE_CONFIG_DIR")
        where = config_dir / "projects" / "-tmp-app"
        where.mkdir(parents=True)
        (where / f"{session}.jsonl").write_text(json.dumps(line) + "\n")
        result = run_json(capsys, "import-transcripts")
        assert result["files"] == 1 and result["done"] == 1, (config_dir, result)


def test_import_transcripts_summary_names_only_what_was_skipped(capsys: pytest.CaptureFixture[str]) -> None:
    from mnemon import render

    base = {"files": 1, "done": 1, "turns": 3, "added": 4, "skipped": 1}
    render.transcripts_summary({**base, "errors": 0, "unreadable_lines": 2})
    out = capsys.readouterr().out
    assert "skipped 2 unreadable lines (see the daemon log)" in out and "0 memories" not in out, out
    render.transcripts_summary({**base, "errors": 1, "unreadable_lines": 0})
    assert "skipped 1 memory with invalid fields (see" in capsys.readouterr().out
    render.transcripts_summary({**base, "errors": 0, "unreadable_lines": 0})
    assert "skipped" not in capsys.readouterr().out


def test_forget_of_a_session_with_no_memories_says_nothing_was_there(home: Path, capsys: pytest.CaptureFixture[str],
                                                                    tmp_path: Path) -> None:
    code, out, _ = run(capsys, "forget", "--session", "0a1b2c3d-no-such-session", "--yes")
    assert code == 0 and "nothing to forget: no memories of session 0a1b2c3d" in out and "would" not in out, out
    code, out, _ = run(capsys, "forget", "--project", str(tmp_path), "--yes")
    assert code == 0 and out.startswith("nothing to forget: no memories of project "), out
