"""Project identity: the one function that maps a working directory to a memory scope.

Both the write path (capture) and the read path (injection, brief) call
:func:`project_scope`, so a memory is always found again from the directory it was
written in. Peers computed identity differently on the two paths and reported "no
memory yet" over thousands of rows; one function is the fix.

Rules, first match wins:

1. an explicit ``override`` argument (config, or a value the hook provides);
2. a ``.mnemon-project`` file at the working-tree root (or the main working tree's
   root): its first non-blank line names the scope;
3. the git repository root, found by reading ``.git`` directly (no ``git`` process:
   this runs on every prompt). A *linked worktree* (``.git`` file -> ``gitdir`` with a
   ``commondir`` file) maps to the **main working tree**, so every worktree of a
   repository shares one memory; a bare repository's worktrees map to the bare
   repository's directory. A *submodule* (``.git`` file without ``commondir``) is its
   own project;
4. otherwise the working directory's absolute real path.

Results are cached in RAM for a few seconds (the daemon calls this per prompt); the
cache is bounded.
"""

from __future__ import annotations

import os
import threading
import time

from mnemon.errors import InvalidInput

PROJECT_FILE = ".mnemon-project"
MAX_SCOPE_LEN = 512
CACHE_TTL = 5.0
CACHE_MAX = 512

_cache: dict[tuple[str, str | None], tuple[float, str]] = {}
_lock = threading.Lock()


def project_scope(cwd: str, override: str | None = None) -> str:
    """The scope id for ``cwd``: see the module docstring for the rules."""
    if override is not None and override.strip():
        return _clean_name(override)
    if not isinstance(cwd, str) or not cwd.strip() or "\x00" in cwd:
        raise InvalidInput("cwd must be a non-empty path; pass the session's working directory")
    key = (cwd, override)
    now = time.monotonic()
    with _lock:
        cached = _cache.get(key)
        if cached is not None and now - cached[0] < CACHE_TTL:
            return cached[1]
    scope = _resolve(cwd)
    with _lock:
        if len(_cache) >= CACHE_MAX:
            _cache.clear()
        _cache[key] = (now, scope)
    return scope


def clear_cache() -> None:
    """Forget cached answers (tests, or after the user moves a repository)."""
    with _lock:
        _cache.clear()


def _clean_name(name: str) -> str:
    text = " ".join(name.split())
    if not text:
        raise InvalidInput("a project override must not be blank")
    return text[:MAX_SCOPE_LEN]


def _resolve(cwd: str) -> str:
    start = os.path.realpath(os.path.abspath(os.path.expanduser(cwd)))
    found = _find_git(start)
    if found is None:
        named = _named_scope(start)
        return named or start
    worktree_root, main_root = found
    for root in (worktree_root, main_root):
        named = _named_scope(root)
        if named:
            return named
    return main_root


def _find_git(start: str) -> tuple[str, str] | None:
    """(the working tree root containing ``start``, the main working tree root), or None."""
    current = start
    while True:
        dotgit = os.path.join(current, ".git")
        if os.path.isdir(dotgit):
            return current, current
        if os.path.isfile(dotgit):
            return current, _main_root_from_file(current, dotgit)
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


def _main_root_from_file(root: str, dotgit: str) -> str:
    """Follow a ``gitdir:`` file: a linked worktree maps to its main working tree."""
    gitdir = _read_first_line(dotgit)
    if not gitdir or not gitdir.startswith("gitdir:"):
        return root
    target = gitdir[len("gitdir:"):].strip()
    if not target:
        return root
    gitdir_path = os.path.realpath(os.path.join(root, target))
    common = _read_first_line(os.path.join(gitdir_path, "commondir"))
    if not common:
        return root  # a submodule, or a worktree whose metadata is gone: its own project
    common_path = os.path.realpath(os.path.join(gitdir_path, common))
    if os.path.basename(common_path) == ".git":
        return os.path.dirname(common_path)
    return common_path  # worktrees of a bare repository share the bare repository


def _named_scope(root: str) -> str | None:
    path = os.path.join(root, PROJECT_FILE)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(4096)
    except OSError:
        return None
    for line in raw.decode("utf-8", "replace").splitlines():
        if line.strip():
            return _clean_name(line)
    return None


def _read_first_line(path: str) -> str | None:
    try:
        with open(path, "rb") as handle:
            raw = handle.read(4096)
    except OSError:
        return None
    text = raw.decode("utf-8", "replace").strip()
    return text.splitlines()[0].strip() if text else None
