"""A scope typed on the command line (``mnemon scope ID SCOPE``, ``--scope`` of remember and list)
as people type it: a project's directory (relative, with a trailing slash) or its folder name
means that project, through a real daemon; a new name is kept but said to be new; a path that
is no directory is refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mnemon.claude.project import project_scope
from mnemon.paths import Paths
from mnemon.wire.client import Client
from tests.cli_harness import cli as run
from tests.cli_harness import cli_json as run_json


def injected(prompt: str, cwd: Path) -> str:
    with Client(Paths.resolve(), timeout=10, autostart="wait") as client:
        found: dict[str, Any] = client.call("inject", {"prompt": prompt, "cwd": str(cwd), "dry_run": True})
    return str(found["context"])


@pytest.fixture
def projects(home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
             capsys: pytest.CaptureFixture[str]) -> tuple[Path, Path]:
    """Two projects, each holding one memory; the shell stands in the second."""
    app, tools = tmp_path / "src" / "app", tmp_path / "src" / "tools"
    for directory, text in ((app, "The app's release branch is cut every second Monday"),
                            (tools, "The tools repository pins ruff to one version")):
        directory.mkdir(parents=True)
        monkeypatch.chdir(directory)
        run_json(capsys, "remember", text, "--scope", "project")
    return app, tools


def test_a_projects_directory_as_a_scope_means_that_project(projects: tuple[Path, Path],
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    app, _ = projects
    note = str(run_json(capsys, "remember", "Staging deploys need the VPN profile named corp-eu")["id"])
    for given in ("../app", f"{app}/"):  # before: stored as the scope '../app', or '/.../app/'
        moved = run_json(capsys, "scope", note[:8], given)
        assert moved["scope"] == project_scope(str(app)), given
        run_json(capsys, "scope", note[:8], "global")
    run_json(capsys, "scope", note[:8], "../app")
    assert "corp-eu" in injected("which VPN profile do staging deploys need", app)
    added = run_json(capsys, "remember", "The app's canary stage takes ten percent of traffic", "--scope", "../app")
    assert run_json(capsys, "show", str(added["id"])[:8])["scope"] == project_scope(str(app))


def test_a_projects_folder_name_as_a_scope_means_that_project(projects: tuple[Path, Path],
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    app, _ = projects
    note = str(run_json(capsys, "remember", "Staging deploys need the VPN profile named corp-eu")["id"])
    code, out, err = run(capsys, "scope", note[:8], "app")
    assert code == 0 and f"now in scope {project_scope(str(app))}" in out and "note:" not in err
    assert "corp-eu" in injected("which VPN profile do staging deploys need", app)
    listed = run_json(capsys, "list", "--scope", "app")
    assert listed["total"] == 2 and {d["scope"] for d in listed["items"]} == {project_scope(str(app))}


def test_a_new_name_is_kept_and_said_to_be_new(projects: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    note = str(run_json(capsys, "remember", "Staging deploys need the VPN profile named corp-eu")["id"])
    code, out, err = run(capsys, "scope", note[:8], "ops-handbook")
    assert code == 0 and "now in scope ops-handbook" in out
    assert "no memory was in scope 'ops-handbook' before" in err and ".mnemon-project" in err
    code, out, err = run(capsys, "remember", "Runbooks live in the wiki", "--scope", "ops-handbook")
    assert code == 0 and "note:" not in err  # the scope is no longer new


def test_a_path_that_is_no_directory_is_refused(projects: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    note = str(run_json(capsys, "remember", "Staging deploys need the VPN profile named corp-eu")["id"])
    code, _, err = run(capsys, "scope", note[:8], "../ap")
    assert code == 2 and "is not a directory" in err
    assert run_json(capsys, "show", note[:8])["scope"] == "global"


def test_a_folder_name_two_projects_share_is_refused(home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    for parent in ("work", "play"):
        directory = tmp_path / parent / "site"
        directory.mkdir(parents=True)
        monkeypatch.chdir(directory)
        run_json(capsys, "remember", f"The {parent} site builds with Hugo", "--scope", "project")
    note = str(run_json(capsys, "remember", "Staging deploys need the VPN profile named corp-eu")["id"])
    code, _, err = run(capsys, "scope", note[:8], "site")
    assert code == 2 and "folder of 2 projects" in err
    assert run_json(capsys, "show", note[:8])["scope"] == "global"


def test_a_scope_named_with_the_daemon_away_reads_the_file_once(projects: tuple[Path, Path],
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Naming a scope asks which scopes exist before the command's own read: with no daemon to
    answer, each read tried it again (twice the wait for a hung one: 20.5 s for `recall --scope`
    with the daemon stopped by SIGSTOP) and said so twice."""
    import os

    app, _ = projects
    assert run(capsys, "daemon", "stop")[0] == 0
    run_dir = Paths.resolve().socket_dir
    os.chmod(run_dir, 0o777)  # the daemon refuses it: no daemon can start
    try:
        code, out, err = run(capsys, "recall", "when is the release branch cut", "--scope", "app")
        listed = run(capsys, "list", "--scope", "app")
    finally:
        os.chmod(run_dir, 0o700)
    assert code == 0 and "second Monday" in out, (out, err)
    assert err.count("daemon unavailable") == 1 and listed[0] == 0 and listed[2].count("daemon unavailable") == 1
    assert "release branch" in listed[1] and project_scope(str(app)).rsplit("/", 1)[-1] in listed[1]
