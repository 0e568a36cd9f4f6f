"""Input a new user gets wrong: each case once failed quietly or with a message naming the wrong thing.

Found by using the CLI as a newcomer would (an empty ``--session`` from an unset shell
variable, a mistyped project directory, a Latin-1 file piped into ``remember``, an export
into a folder that does not exist). Each test fails on the code before its fix.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from daemon_harness import reap

from tests.cli_harness import cli as run
from tests.cli_harness import cli_json as run_json


def test_an_empty_session_id_mutes_nothing(home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """`mnemon mute --session "$SID"` with SID unset used to mute the whole project of the
    current directory (the empty id fell through to the project branch) and exit 0."""
    project = tmp_path / "app"
    project.mkdir()
    monkeypatch.chdir(project)
    code, out, err = run(capsys, "mute", "--session", "")
    assert code == 2 and "session" in err and "muted" not in out
    code, out, _ = run(capsys, "inject", "anything about the deploy", "--cwd", str(project))
    assert "muted" not in out


def test_muting_a_directory_that_does_not_exist_is_refused(home: Path, capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    """A mistyped `--project DIR` used to say "injection muted for project ..." for a
    directory no session can run in, while the real project went on being injected."""
    missing = tmp_path / "no-such-app"
    code, out, err = run(capsys, "mute", "--project", str(missing))
    assert code == 2 and str(missing) in err and "not a directory" in err and not out
    # Unmuting stays possible (a project folder deleted after it was muted).
    assert run_json(capsys, "mute", "--project", str(missing), "--off")["muted"] is False


def test_muting_a_session_that_does_not_exist_is_refused(home: Path, capsys: pytest.CaptureFixture[str],
                                                         tmp_path: Path) -> None:
    """A mistyped `--session ID` (or one from another machine) used to say "injection muted for
    session ..." for an id nothing was ever captured or injected under, while the session meant
    went on being injected."""
    ghost = "0b5f6c1e-1111-4222-8333-944455556666"
    code, out, err = run(capsys, "mute", "--session", ghost)
    assert code == 1 and "no session" in err and ghost in err and not out
    assert run_json(capsys, "log", "--injections", "--session", ghost).get("muted") is not True
    project = tmp_path / "app"
    project.mkdir()
    run_json(capsys, "remember", "The app deploys from the main branch only.", "--scope", str(project))
    assert run(capsys, "mute", "--session", ghost, "--off")[0] == 0  # unmuting asks nothing


def test_text_that_is_not_utf8_is_refused_with_the_byte_named(home: Path, capsys: pytest.CaptureFixture[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A Latin-1 file piped into `remember -` (or such bytes in an argument) reaches Python as
    surrogate escapes; the CLI used to fail with "cannot encode a frame: 'utf-8' codec can't
    encode character '\\udce9' ... surrogates not allowed" and exit 1, as if the daemon were
    at fault. Now: exit 2, which input, which byte, how to convert it; nothing stored."""
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("the caf\udce9 menu service listens on port 8443\n"))
    code, out, err = run(capsys, "remember", "-")
    assert code == 2 and not out
    assert "not UTF-8" in err and "0xe9" in err and "iconv" in err and "frame" not in err
    code, _, err = run(capsys, "recall", "caf\udce9 menu")
    assert code == 2 and "query is not UTF-8" in err
    code, _, err = run(capsys, "inject", "caf\udce9 menu")
    assert code == 2 and "prompt is not UTF-8" in err
    code, _, err = run(capsys, "remember", "The menu service caches prices", "--tags", "menu,caf\udce9")
    assert code == 2 and "tags is not UTF-8" in err
    assert run_json(capsys, "status")["insights"] == 0


def test_an_export_into_a_missing_folder_names_that_folder_not_a_temporary_file(
        home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """`mnemon export -o nowhere/backup.jsonl` used to say "No such file or directory:
    nowhere/.backup.jsonl.dt1hiz3a.tmp", a file the user never named."""
    run_json(capsys, "remember", "The invoice exporter writes one CSV per tenant")
    target = tmp_path / "no-such-folder" / "backup.jsonl"
    code, out, err = run(capsys, "export", "-o", str(target))
    assert code == 2 and not out  # a path the user mistyped is bad input, not a failure of Mnemon's
    assert ".tmp" not in err and str(target.parent) in err and "does not exist" in err and "mkdir -p" in err
    assert not target.parent.exists()


def test_an_export_to_a_path_that_cannot_be_a_file_is_bad_input(home: Path, capsys: pytest.CaptureFixture[str],
                                                                 tmp_path: Path) -> None:
    """`mnemon export -o DIR` printed "mnemon: Is a directory: DIR", `-o FILE/backup.jsonl` (a file
    where a directory should be) "mnemon: Not a directory: ...", and `-o ""` the same about the
    current directory, each with exit 1, the code of a failure of Mnemon's own. Now exit 2 with
    what to give instead; nothing is written anywhere."""
    run_json(capsys, "remember", "The invoice exporter writes one CSV per tenant")
    folder = tmp_path / "backups"
    folder.mkdir()
    code, out, err = run(capsys, "export", "-o", str(folder))
    assert code == 2 and not out and "is a directory" in err and str(folder / "backup.jsonl") in err
    assert not list(folder.iterdir())
    plain = tmp_path / "notes.txt"
    plain.write_text("kept\n")
    code, out, err = run(capsys, "export", "-o", str(plain / "backup.jsonl"))
    assert code == 2 and not out and "not a directory" in err and ".tmp" not in err
    assert plain.read_text() == "kept\n"
    code, out, err = run(capsys, "export", "-o", "")
    assert code == 2 and not out and "empty" in err
    assert run(capsys, "export", "-o", str(folder / "backup.jsonl"))[0] == 0  # the advice given works


def test_importing_a_backup_twice_rewrites_no_edge(home: Path, capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    """The second import of one file said "imported 0 memories and N edges" and rewrote every
    edge (a fresh created_at, one `link` line each in the operation log), although "importing
    twice changes nothing". An edge already there with its weight is left alone and counted as
    ``edges_unchanged``."""
    first = run_json(capsys, "remember", "The label printer reads ZPL over port 9100")["id"]
    second = run_json(capsys, "remember", "Shipping labels are rendered by the warehouse gateway")["id"]
    run_json(capsys, "link", first, second, "--type", "causal", "--weight", "0.7")
    backup = tmp_path / "backup.jsonl"
    assert run(capsys, "export", "-o", str(backup))[0] == 0
    edges = sum('"kind": "edge"' in line for line in backup.read_text().splitlines())
    links_before = len(run_json(capsys, "log", "--op", "link", "--limit", "100")["entries"])
    again = run_json(capsys, "import", str(backup))
    assert again["insights"] == 0 and again["edges"] == 0
    assert again["skipped"] == 2 and again["edges_unchanged"] == edges
    assert len(run_json(capsys, "log", "--op", "link", "--limit", "100")["entries"]) == links_before
    # An edge whose weight differs in the file is still written (the file is the newer word).
    lines = [line.replace('"weight": 0.7', '"weight": 0.9') for line in backup.read_text().splitlines()]
    backup.write_text("\n".join(lines) + "\n")
    assert run_json(capsys, "import", str(backup))["edges"] == 1


def test_a_busy_viewer_port_is_named_with_what_to_do(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`mnemon ui --port N` with N taken used to print only "mnemon: Address already in use"
    (which address? what now?) and exit 1."""
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        code, out, err = run(capsys, "ui", "--no-open", "--port", str(port))
    assert code == 2 and not out
    assert f"127.0.0.1:{port}" in err and "--port" in err


def test_a_viewer_port_out_of_range_is_refused(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`mnemon ui --port 99999` (or -1) printed bind()'s traceback ("OverflowError: bind(): port
    must be 0-65535") and exited 1."""
    for port in ("99999", "-1", "65536"):
        code, out, err = run(capsys, "ui", "--no-open", "--port", port)
        assert code == 2 and not out and err.startswith(f"mnemon: --port {port}: a port is a number"), (port, err)
        assert "Traceback" not in err


def test_a_gc_threshold_that_is_no_number_is_refused(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`mnemon gc --threshold nan` answered '0 candidate(s) below nan' (exit 0): NaN compares false
    with everything, so it passed the check and matched nothing."""
    for value in ("nan", "inf", "-1"):
        code, _, err = run(capsys, "gc", "--threshold", value)
        assert code == 2 and "threshold must be a non-negative number" in err, (value, err)
    assert run(capsys, "gc", "--threshold", "0.3")[0] == 0


def test_a_one_second_estimate_is_singular() -> None:
    """import-transcripts said "embedding 1 memory goes on in the background (about 1 seconds)"."""
    from mnemon.render import duration

    assert duration(0.4) == "1 second" and duration(1.2) == "1 second"
    assert duration(40) == "40 seconds" and duration(60 * 60) == "60 minutes" and duration(61) == "61 seconds"
    assert duration(95) == "2 minutes" and duration(3 * 3600) == "3.0 hours"


def test_doctor_does_not_tell_the_user_to_run_doctor(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """With a file where the socket goes, doctor's FAIL line ended "... and run `mnemon
    doctor`", the command being read (the launcher's message, meant for other commands)."""
    from mnemon.paths import Paths

    paths = Paths.resolve()
    paths.socket_dir.mkdir(parents=True, mode=0o700, exist_ok=True)
    paths.socket.write_text("a file where the socket goes\n")
    code, out, _ = run(capsys, "doctor")
    assert code == 1 and "exists and is not a socket" in out
    assert "mnemon doctor" not in out


def test_a_transcript_with_a_stray_byte_in_its_first_line_keeps_its_project(
        home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """import-transcripts reads the project from the first lines' ``cwd``; one byte that was not
    UTF-8 in that line made it fall back to the transcript's folder
    (``~/.claude/projects/-home-...``), a scope no session ever has, so those memories were
    never injected anywhere. The capture itself reads such a line (the byte replaced)."""
    project = tmp_path / "kiosk"
    project.mkdir()
    folder = tmp_path / "projects" / "-elsewhere"
    folder.mkdir(parents=True)
    session = "0b5f6c1e-1111-4222-8333-944455556699"
    record = {"type": "user", "uuid": "u1", "parentUuid": None, "sessionId": session, "cwd": str(project),
              "timestamp": "2026-11-20T10:00:00Z", "message": {"role": "user", "content":
              "The kiosk menu caf\u00e9 page listens on port 8443 from now on, said Ren\u00e9."}}
    line = json.dumps(record, ensure_ascii=False) + "\n"
    (folder / f"{session}.jsonl").write_bytes(line.encode("latin-1"))  # the e-acute as one byte, 0xe9
    assert run_json(capsys, "import-transcripts", str(tmp_path / "projects"))["failed"] == 0
    everything = run_json(capsys, "list", "--limit", "50")["items"]
    assert everything, "nothing was captured"
    assert {item["scope"] for item in everything} == {str(project)}


def test_the_plugin_names_where_its_cli_is() -> None:
    """The plugin form puts no `mnemon` on PATH (only ./install.sh links one), yet
    /mnemon:memory told the user to run `mnemon inject "<text>"` in a terminal, and the
    README's plugin section did not say where the CLI is."""
    from tests.test_install import REPO

    cli = "${CLAUDE_PLUGIN_DATA}/venv/bin/mnemon"
    command = (REPO / "commands" / "memory.md").read_text()
    assert f"`{cli} inject" in command and "`mnemon inject" not in command
    plugin = (REPO / "README.md").read_text().split("### Plugin form", 1)[1].split("\n## ", 1)[0]
    assert cli in plugin


def _transcript(folder: Path, session: str, cwd: Path, text: str) -> None:
    record = {"type": "user", "uuid": "u-" + session[:8], "parentUuid": None, "sessionId": session, "cwd": str(cwd),
              "timestamp": "2026-11-20T10:00:00Z", "message": {"role": "user", "content": text}}
    (folder / f"{session}.jsonl").write_text(json.dumps(record) + "\n")


def test_a_session_is_found_by_the_short_id_the_listings_print(home: Path, capsys: pytest.CaptureFixture[str],
                                                               tmp_path: Path) -> None:
    """`mnemon log --injections` prints a session as its first 8 characters; given back to
    `--session`, that prefix matched nothing: `list` said "no memories match", `log` "the
    injection log is empty", and `mute` said "injection muted for session 42844040" and muted
    no real session. A unique prefix of 6+ characters now names the session; an ambiguous one
    is refused with the candidates."""
    project = tmp_path / "till"
    project.mkdir()
    folder = tmp_path / "projects" / "-till"
    folder.mkdir(parents=True)
    one, two, three = ("4284404a-1111-4222-8333-944455556666", "4284404b-1111-4222-8333-944455556666",
                       "9d0c2f11-1111-4222-8333-944455556666")
    _transcript(folder, one, project, "We decided the till prints receipts in 58 mm because of the printer model.")
    _transcript(folder, two, project, "The refund screen needs a manager PIN since the audit in March.")
    _transcript(folder, three, project, "Receipts carry the store's VAT number on the second line.")
    assert run_json(capsys, "import-transcripts", str(tmp_path / "projects"))["failed"] == 0
    listed = run_json(capsys, "list", "--session", "9d0c2f11")["items"]
    assert listed and {item["session_id"] for item in listed} == {three}
    code, out, _ = run(capsys, "mute", "--session", "9d0c2f11")
    assert code == 0 and f"session {three}" in out
    code, _, err = run(capsys, "mute", "--session", "4284404")
    assert code == 2 and one[:13] in err and two[:13] in err
    assert run(capsys, "forget", "--session", "9d0c2f11", "--yes")[0] == 0
    assert run_json(capsys, "list", "--session", three)["items"] == []
    assert run_json(capsys, "list", "--session", one[:8])["items"]


def test_a_deleted_working_directory_is_named(home: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Run from a directory removed under the shell (a worktree or build folder deleted), the
    commands that need the project said only "mnemon: No such file or directory"."""
    gone = tmp_path / "removed-worktree"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    for argv in (("inject", "when do the backups run"), ("remember", "x y z", "--scope", "project"),
                 ("list", "--project")):
        code, _, err = run(capsys, *argv)
        assert code == 1 and "current directory" in err and "--cwd" in err, (argv, err)


def test_the_path_hint_of_install_sh_can_be_pasted_with_a_space_in_home(tmp_path: Path) -> None:
    """With ~/.local/bin off PATH, install.sh prints a line to paste; with a space in HOME it
    was `echo '...' >> /tmp/my home/.bashrc`, which writes to /tmp/my instead (the README
    promises a home directory with spaces works). Runs install.sh's own link_cli."""
    import subprocess

    from tests.test_install import INSTALL

    home, venv = tmp_path / "my home", tmp_path / "the venv"
    (venv / "bin").mkdir(parents=True)
    home.mkdir()
    (venv / "bin" / "mnemon").write_text("#!/bin/sh\n")
    (venv / "bin" / "mnemon").chmod(0o755)
    script = INSTALL.read_text().replace('\nmain "$@"\n', "\n")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "MNEMON_VENV": str(venv), "SHELL": "/bin/bash"}
    out = subprocess.run(["bash", "-c", script + "\nlink_cli\n"], env=env, capture_output=True, text=True,
                         timeout=30, cwd=tmp_path).stdout
    lines = out.splitlines()
    hint = lines[lines.index(next(ln for ln in lines if "Add it with:" in ln)) + 1].strip()
    subprocess.run(["bash", "-c", hint], env=env, check=True, timeout=30, cwd=tmp_path)
    assert 'export PATH="$HOME/.local/bin:$PATH"' in (home / ".bashrc").read_text()
    until = next(ln for ln in lines if "run the CLI as" in ln).split("run the CLI as ", 1)[1]
    assert subprocess.run(["bash", "-c", f"test -x {until}"], timeout=30).returncode == 0, until


def test_an_empty_session_filter_is_refused_not_dropped(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`mnemon list --session "$SID"` (or `log --injections --session`) with SID unset listed
    every memory of every session, as if no filter had been given."""
    run_json(capsys, "remember", "The nightly export writes parquet files to the lake bucket")
    for argv in (("list", "--session", ""), ("log", "--injections", "--session", " ")):
        code, out, err = run(capsys, *argv)
        assert code == 2 and not out and "--session" in err, argv


def test_recall_lists_graph_neighbours_after_the_memories_that_match(capsys: pytest.CaptureFixture[str]) -> None:
    from mnemon import render

    def hit(short: str, score: float, direct: float, via: str) -> dict[str, object]:
        return {"insight": {"id": short * 8, "category": "general", "content": f"memory {short}"}, "score": score,
                "via": via, "signals": {"direct": direct, "graph": 1.0 if via != "keyword" else 0.0}}

    render.recall({"intent": "GENERAL", "results": [hit("a", 0.9, 0.9, "keyword"), hit("b", 0.8, 0.0, "temporal"),
                                                    hit("c", 0.6, 0.6, "keyword")]})
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "intent GENERAL, 2 result(s), 1 related"
    order = [line.split("] ")[0][-8:] for line in lines if "] " in line]
    assert order == ["aaaaaaaa", "cccccccc", "bbbbbbbb"]
    assert "related through the graph" in "\n".join(lines)

def test_a_number_too_large_for_a_frame_is_named_as_the_users_input(home: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """`mnemon list --offset 99999999999999999999999` said 'cannot encode a frame: Integer value
    out of range' and exited 1 (an operational failure); the viewer answered such a page number
    with 500 and the MCP server such an importance with the same words."""
    huge = "9" * 23
    code, out, err = run(capsys, "list", "--offset", huge)
    assert code == 2 and "offset is out of range" in err and "frame" not in err, err
    code, _, err = run(capsys, "recall", "anything", "--limit", huge)
    assert code == 2 and "limit is out of range" in err, err
    assert run(capsys, "list", "--offset", "3")[0] == 0  # the connection is still good for the next one


def test_doctor_on_a_read_only_database_says_it_cannot_be_written_not_to_restore(
        home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """With mnemon.db read-only (here a read-only bind mount: root ignores file modes), doctor said
    'FAIL database ...: keyword index: attempt to write a readonly database' and 'fix: run `mnemon
    verify` and see the daemon log', which says the same again: nothing named the file's mode."""
    import os
    import subprocess

    from mnemon.paths import Paths

    if os.geteuid() != 0:
        pytest.skip("needs root for a read-only bind mount")
    assert run(capsys, "remember", "The invoice PDFs are rendered by the print worker")[0] == 0
    assert run(capsys, "daemon", "stop")[0] == 0
    db = str(Paths.resolve().db)
    for cmd in (["mount", "--bind", db, db], ["mount", "-o", "remount,bind,ro", db]):
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            subprocess.run(["umount", db], check=False, capture_output=True)
            pytest.skip(f"cannot bind-mount read-only here: {done.stderr.strip()}")
    try:
        code, out, _ = run(capsys, "doctor")
        line = next((ln for ln in out.splitlines() if ln.startswith("FAIL  database")), "")
        fix = out.split(line, 1)[1].splitlines()[1] if line else ""
        assert code == 1 and "readonly" in line, out
        assert "cannot be written" in fix and "nothing is damaged" in fix and "verify" not in fix, out
    finally:
        reap(home)
        subprocess.run(["umount", db], check=False)


def test_an_age_older_than_1970_means_everything(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`mnemon list --since 99999d` (and the viewer's since box) said 'since is out of range:
    -6.84412e+09 is not a time from 1970-01-01 to 9999-12-31', a negative number the user never typed."""
    assert run(capsys, "remember", "The changelog is generated from commit trailers")[0] == 0
    for age in ("99999d", "99999w", "9" * 30 + "d"):
        code, out, err = run(capsys, "list", "--since", age)
        assert code == 0 and "changelog" in out, (age, err)


def test_a_project_directory_that_does_not_exist_is_refused(home: Path, capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path) -> None:
    """`mnemon mcp --cwd /typo` served a project of that name (memory_remember stored notes no
    session would ever be given) and `mnemon scope ID project --cwd /typo` moved a memory there."""
    memory = run_json(capsys, "remember", "The release branch is cut every other Tuesday")["id"]
    missing = str(tmp_path / "no-such-project")
    code, _, err = run(capsys, "scope", memory[:8], "project", "--cwd", missing)
    assert code == 2 and "is not a directory" in err, err
    assert run_json(capsys, "show", memory[:8])["scope"] == "global"
    code, _, err = run(capsys, "mcp", "--cwd", missing)
    assert code == 2 and "is not a directory" in err, err
    (tmp_path / "app").mkdir()
    assert run(capsys, "scope", memory[:8], "project", "--cwd", str(tmp_path / "app"))[0] == 0


def test_doctor_fails_hooks_whose_checkout_is_gone(home: Path, capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    """After ./install.sh, the checkout was moved: settings.json still ran "<old>/.venv/bin/python"
    "<old>/hooks/...", Claude Code showed a hook error on every event, and doctor said 'OK hooks all
    of ... registered' (any command naming mnemon counted as installed)."""
    from mnemon.claude import settings as cc

    old = tmp_path / "src" / "mnemon"  # as it was: a path naming mnemon, now gone
    path = cc.default_settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    merged = cc.merge_hooks({}, cc.hook_commands(old / ".venv/bin/python", old / "hooks", only_existing=False),
                            old / "hooks")
    cc.write_settings(path, merged)
    code, out, _ = run(capsys, "doctor")
    line = next((ln for ln in out.splitlines() if ln.startswith(("OK    hooks", "FAIL  hooks", "WARN  hooks"))), "")
    assert code == 1 and line.startswith("FAIL  hooks"), out
    assert "UserPromptSubmit" in line and str(old) in line and "no longer exist" in line, line


def test_a_missing_path_to_import_from_is_bad_input(home: Path, capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    """`mnemon import-transcripts /typo` exited 1, the code of an operational failure, while every
    other path the user mistyped (--project, --cwd, a directory given to import) exits 2; and a
    file given in place of the directory was called "not a directory" with no word of what to give."""
    missing = tmp_path / "no-such-dir"
    code, _, err = run(capsys, "import-transcripts", str(missing))
    assert code == 2 and f"{missing} does not exist" in err and "nothing was imported" in err, err
    a_file = tmp_path / "notes.txt"
    a_file.write_text("not transcripts\n")
    code, _, err = run(capsys, "import-transcripts", str(a_file))
    assert code == 2 and "is a file, not a directory" in err, err
    code, _, err = run(capsys, "import", str(missing))
    assert code == 2 and "no such file" in err and "mnemon export -o FILE" in err, err
    empty = tmp_path / "projects"
    empty.mkdir()
    assert run(capsys, "import-transcripts", str(empty))[0] == 0


def test_a_page_past_the_end_says_so_not_that_nothing_matches(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`mnemon list --page 99` printed "no memories match (3 in all)": three did match."""
    for n in range(3):
        assert run(capsys, "remember", f"Release train {n} leaves on a Thursday")[0] == 0
    code, out, _ = run(capsys, "list", "--limit", "2", "--page", "9")
    assert code == 0 and "no memories match" not in out and "3 memories match" in out and "--page 2" in out, out
    code, out, _ = run(capsys, "list", "--kind", "decision")
    assert code == 0 and out.strip() == "no memories match", out


def test_reading_a_scope_no_memory_is_in_says_so(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`mnemon list --scope biling` (a typo) answered "no memories match", and `recall` "nothing
    relevant found", as if the scope were real and empty of matches."""
    assert run(capsys, "remember", "Invoices are numbered per tenant", "--scope", "billing")[0] == 0
    for argv in (("list", "--scope", "biling"), ("recall", "invoices", "--scope", "biling")):
        code, _, err = run(capsys, *argv)
        assert code == 0 and "no memory is in scope 'biling'" in err and "billing" in err, (argv, err)
    code, out, err = run(capsys, "list", "--scope", "billing")
    assert code == 0 and "Invoices" in out and "no memory is in scope" not in err, err
