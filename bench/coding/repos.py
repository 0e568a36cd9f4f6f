"""The corpus's projects as real git repositories.

Each project becomes ``<root>/<name>``: ``git init`` (branch ``main``), its stack's source files
written in a few commits dated months back, the subdirectories its sessions start from created.
There is no ``.mnemon-project`` file: a session started in a subdirectory must find its project
the way Mnemon finds any, from the repository. Git runs with no user or system configuration
(``GIT_CONFIG_GLOBAL=/dev/null``, ``GIT_CONFIG_NOSYSTEM=1``) and fixed author dates, so the
repositories are the same on every machine.
"""

from __future__ import annotations

import datetime as dt
import os
import subprocess
from pathlib import Path

from bench.coding.model import Project
from bench.coding.stacks import STACKS
from mnemon.errors import MnemonError

AUTHOR = ("Dana Whitfield", "dana@example.invalid")


def _git(repo: Path, *args: str, when: dt.datetime | None = None) -> None:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(repo),
        "GIT_CONFIG_GLOBAL": "/dev/null",
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": AUTHOR[0],
        "GIT_AUTHOR_EMAIL": AUTHOR[1],
        "GIT_COMMITTER_NAME": AUTHOR[0],
        "GIT_COMMITTER_EMAIL": AUTHOR[1],
        "LANG": "C",
    }
    if when is not None:
        stamp = when.strftime("%Y-%m-%dT%H:%M:%S+0000")
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = stamp
    try:
        subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True, text=True, timeout=60)
    except FileNotFoundError:
        raise MnemonError("bench coding needs git on PATH to build the corpus's repositories") from None
    except subprocess.CalledProcessError as err:
        raise MnemonError(f"git {' '.join(args)} failed in {repo}: {err.stderr.strip()}") from None


def build(root: Path, project: Project, first_commit: dt.datetime) -> Path:
    """Create the repository of ``project`` under ``root`` and return its path."""
    stack = STACKS[project.stack]
    repo = root / project.name
    repo.mkdir(parents=True)
    _git(repo, "init", "-q", "-b", "main")
    files = {path.replace("{name}", project.name): text.replace("{name}", project.name)
             for path, text in stack.files.items()}
    groups = (
        ("Initial commit", [p for p in files if p.endswith((".md", ".txt", ".toml", ".json", ".mod", ".kts", ".exs"))
                            or "/" not in p]),
        ("Add the core modules", [p for p in files if "test" not in p.lower()]),
        ("Add tests", list(files)),
    )
    written: set[str] = set()
    when = first_commit
    for message, paths in groups:
        fresh = [p for p in paths if p not in written]
        if not fresh:
            continue
        for path in fresh:
            target = repo / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(files[path], encoding="utf-8")
            written.add(path)
        _git(repo, "add", "--", *fresh)
        _git(repo, "commit", "-q", "-m", message, when=when)
        when += dt.timedelta(days=3, hours=5)
    (repo / ".gitignore").write_text("build/\n*.log\n.env\n", encoding="utf-8")
    _git(repo, "add", ".gitignore")
    _git(repo, "commit", "-q", "-m", "Ignore build output and local env files", when=when)
    for sub in project.subdirs:
        (repo / sub).mkdir(parents=True, exist_ok=True)
    return repo
