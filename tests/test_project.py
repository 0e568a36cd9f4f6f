"""Project identity on real git layouts: plain repos, linked worktrees, submodules, overrides."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from mnemon.claude.project import clear_cache, project_scope
from mnemon.errors import InvalidInput

GIT = shutil.which("git")
needs_git = pytest.mark.skipif(GIT is None, reason="git is not installed")


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    clear_cache()


def _git(*args: str, cwd: Path) -> None:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_SYSTEM": "/dev/null"}
    subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True)


def _repo(path: Path) -> Path:
    path.mkdir(parents=True)
    _git("init", "-q", "-b", "main", cwd=path)
    (path / "a.txt").write_text("a")
    _git("add", "a.txt", cwd=path)
    _git("commit", "-q", "-m", "init", cwd=path)
    return path


def test_plain_directory_is_its_real_path(tmp_path: Path) -> None:
    (tmp_path / "d" / "e").mkdir(parents=True)
    os.symlink(tmp_path / "d", tmp_path / "link")
    assert project_scope(str(tmp_path / "link" / "e")) == str((tmp_path / "d" / "e").resolve())


@needs_git
def test_repository_root_from_any_subdirectory(tmp_path: Path) -> None:
    repo = _repo(tmp_path / "repo")
    (repo / "src" / "deep").mkdir(parents=True)
    root = str(repo.resolve())
    assert project_scope(str(repo)) == root
    assert project_scope(str(repo / "src" / "deep")) == root


@needs_git
def test_linked_worktree_maps_to_the_main_working_tree(tmp_path: Path) -> None:
    repo = _repo(tmp_path / "repo")
    _git("worktree", "add", "-q", str(tmp_path / "wt"), "-b", "feature", cwd=repo)
    (tmp_path / "wt" / "sub").mkdir()
    assert project_scope(str(tmp_path / "wt" / "sub")) == str(repo.resolve())


@needs_git
def test_submodule_is_its_own_project(tmp_path: Path) -> None:
    lib = _repo(tmp_path / "lib")
    app = _repo(tmp_path / "app")
    _git("-c", "protocol.file.allow=always", "submodule", "add", "-q", str(lib), "vendor/lib", cwd=app)
    assert (app / "vendor" / "lib" / ".git").is_file()
    assert project_scope(str(app / "vendor" / "lib")) == str((app / "vendor" / "lib").resolve())
    assert project_scope(str(app / "vendor")) == str(app.resolve())


def test_worktree_of_a_bare_repository_maps_to_the_bare_directory(tmp_path: Path) -> None:
    bare = tmp_path / "proj.git"
    (bare / "worktrees" / "wt").mkdir(parents=True)
    (bare / "worktrees" / "wt" / "commondir").write_text("../..\n")
    wt = tmp_path / "wt"
    wt.mkdir()
    (wt / ".git").write_text(f"gitdir: {bare / 'worktrees' / 'wt'}\n")
    assert project_scope(str(wt)) == str(bare.resolve())


def test_broken_git_file_falls_back_to_its_directory(tmp_path: Path) -> None:
    (tmp_path / "r").mkdir()
    (tmp_path / "r" / ".git").write_text("garbage")
    assert project_scope(str(tmp_path / "r")) == str((tmp_path / "r").resolve())


def test_project_file_and_override(tmp_path: Path) -> None:
    root = tmp_path / "r"
    (root / ".git").mkdir(parents=True)
    (root / "x").mkdir()
    (root / ".mnemon-project").write_text("\n   shop   backend  \nignored\n")
    assert project_scope(str(root / "x")) == "shop backend"
    assert project_scope(str(root / "x"), override="  mine ") == "mine"
    assert project_scope("/nonexistent/dir", override="named") == "named"


def test_cache_is_short_lived_and_clearable(tmp_path: Path) -> None:
    (tmp_path / "r").mkdir()
    first = project_scope(str(tmp_path / "r"))
    (tmp_path / "r" / ".mnemon-project").write_text("renamed")
    assert project_scope(str(tmp_path / "r")) == first
    clear_cache()
    assert project_scope(str(tmp_path / "r")) == "renamed"


def test_bad_cwd_is_a_clear_error() -> None:
    for bad in ("", "   ", "a\x00b"):
        with pytest.raises(InvalidInput):
            project_scope(bad)
