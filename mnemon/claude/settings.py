"""Our hooks inside a Claude Code ``settings.json``: install, uninstall, check.

Claude Code reads hook handlers from ``${CLAUDE_CONFIG_DIR:-~/.claude}/settings.json`` in the
shape ``{"hooks": {"<Event>": [{"matcher"?: ..., "hooks": [{"type": "command", "command": ...,
"timeout": <seconds>}]}]}}``. The user's file also holds permissions, other tools' hooks and
keys we do not know; this module changes only our own handlers and keeps everything else,
including key order.

Our handler for an event runs ``"<venv python>" -I "<hooks dir>/<event script>.py"``, both
paths double-quoted (and ``$``, backquote, ``"`` and ``\\`` escaped) so a home directory with
spaces works. A handler is *ours* when its command names ``<hooks dir>/<event script>.py``:
the hooks directory is the marker, so two checkouts never touch each other's entries. The
one exception: :func:`install` drops entries in exactly our command form whose script no
longer exists (a moved or deleted checkout), which could only fail on every event.

Invariants:

* :func:`merge_hooks` is idempotent: when exactly our handler is already present it is left
  where it is, so re-running the installer changes nothing (not even order).
* The file is replaced atomically (temp file in the same directory, fsync, rename), after a
  byte-for-byte backup ``settings.json.bak-<UTC timestamp>``; an unchanged file is not
  rewritten and gets no backup. A symlinked settings.json is followed, not replaced.
* A file that is not valid JSON, or whose ``hooks`` has an unexpected shape, raises
  :class:`~mnemon.errors.ConfigError` and is left untouched: we never guess at a user's file.

Timeouts (seconds) are Claude Code's hard limits for each handler, chosen per event:
``UserPromptSubmit`` 3 (the user waits on it; past it the prompt goes on without context),
``SessionStart`` 5 (brief on start/resume/compact), ``Stop`` 5 and ``PostCompact`` 5
(fire-and-forget capture requests), ``PreCompact`` 10 (the last chance to capture before the
summary replaces the context; compaction waits for it), ``SessionEnd`` 2 (Claude Code gives
all SessionEnd hooks about 1.5 s at teardown; the setting only bounds a slow one).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mnemon.config import read_bytes
from mnemon.errors import ConfigError


@dataclass(frozen=True)
class HookSpec:
    event: str
    script: str
    timeout: int


HOOKS: tuple[HookSpec, ...] = (
    HookSpec("SessionStart", "session_start", 5),
    HookSpec("UserPromptSubmit", "user_prompt_submit", 3),
    HookSpec("Stop", "stop", 5),
    HookSpec("PreCompact", "pre_compact", 10),
    HookSpec("PostCompact", "post_compact", 5),
    HookSpec("SessionEnd", "session_end", 2),
)
BY_EVENT: dict[str, HookSpec] = {spec.event: spec for spec in HOOKS}

_SHELL_SPECIAL = re.compile(r'([$`"\\])')


def shell_quote(text: str) -> str:
    """``text`` inside double quotes, safe for the POSIX shell Claude Code runs hooks with."""
    return '"' + _SHELL_SPECIAL.sub(r"\\\1", text) + '"'


def _script_marker(hooks_dir: Path | str, script: str) -> str:
    return _SHELL_SPECIAL.sub(r"\\\1", f"{hooks_dir}/{script}.py")


def hook_commands(python: Path | str, hooks_dir: Path | str, *, only_existing: bool = True) -> dict[str, str]:
    """The command for each event whose script exists in ``hooks_dir`` (all when not ``only_existing``)."""
    out: dict[str, str] = {}
    for spec in HOOKS:
        script = Path(hooks_dir) / f"{spec.script}.py"
        if only_existing and not script.is_file():
            continue
        out[spec.event] = f"{shell_quote(str(python))} -I {shell_quote(f'{hooks_dir}/{spec.script}.py')}"
    return out


def default_settings_path(env: Mapping[str, str] | None = None) -> Path:
    env = os.environ if env is None else env
    base = env.get("CLAUDE_CONFIG_DIR", "").strip()
    root = Path(base).expanduser() if base else Path(env.get("HOME") or os.path.expanduser("~")) / ".claude"
    return root / "settings.json"


def _event_groups(settings: Mapping[str, Any], event: str) -> list[Any]:
    hooks = settings.get("hooks", {})
    if not isinstance(hooks, dict):
        raise ConfigError(
            f'"hooks" in settings.json is a {type(hooks).__name__}, expected an object; fix it by hand'
        )
    groups = hooks.get(event, [])
    if not isinstance(groups, list):
        raise ConfigError(f'"hooks.{event}" in settings.json is not a list; fix it by hand')
    return groups


def _is_ours(handler: Any, marker: str) -> bool:
    if not isinstance(handler, dict):
        return False
    command = handler.get("command")
    return isinstance(command, str) and marker in command


def _strip_ours(groups: list[Any], marker: str) -> list[Any]:
    """``groups`` without our handlers; a group emptied by that removal is dropped."""
    kept: list[Any] = []
    for group in groups:
        if isinstance(group, dict) and isinstance(group.get("hooks"), list):
            handlers = [h for h in group["hooks"] if not _is_ours(h, marker)]
            if len(handlers) == len(group["hooks"]):
                kept.append(group)
            elif handlers:
                kept.append({**group, "hooks": handlers})
        else:
            kept.append(group)
    return kept


def _our_handlers(groups: list[Any], marker: str) -> list[Any]:
    return [
        h
        for group in groups
        if isinstance(group, dict) and isinstance(group.get("hooks"), list)
        for h in group["hooks"]
        if _is_ours(h, marker)
    ]


def merge_hooks(
    settings: Mapping[str, Any], commands: Mapping[str, str], hooks_dir: Path | str
) -> dict[str, Any]:
    """``settings`` with exactly one handler of ours per event in ``commands``; nothing else changes."""
    out = copy.deepcopy(dict(settings))
    for event, command in commands.items():
        spec = BY_EVENT.get(event)
        if spec is None:
            raise ConfigError(f"unknown hook event {event!r}; known: {', '.join(BY_EVENT)}")
        marker = _script_marker(hooks_dir, spec.script)
        groups = _event_groups(out, event)
        wanted = {"type": "command", "command": command, "timeout": spec.timeout}
        if _our_handlers(groups, marker) == [wanted]:
            continue
        hooks = out.setdefault("hooks", {})
        hooks[event] = [*_strip_ours(groups, marker), {"hooks": [wanted]}]
    return out


def remove_hooks(settings: Mapping[str, Any], hooks_dir: Path | str) -> dict[str, Any]:
    """``settings`` without any handler of ours; an event left with no groups is removed."""
    out = copy.deepcopy(dict(settings))
    if "hooks" not in out:
        return out
    for spec in HOOKS:
        groups = _event_groups(out, spec.event)
        if not groups:
            continue
        kept = _strip_ours(groups, _script_marker(hooks_dir, spec.script))
        if kept:
            out["hooks"][spec.event] = kept
        else:
            del out["hooks"][spec.event]
    if out["hooks"] == {} and settings.get("hooks") != {}:
        del out["hooks"]
    return out


_OUR_FORM = re.compile(
    r'^"(?:[^"\\]|\\.)*" -I "((?:[^"\\]|\\.)*)/hooks/(' + "|".join(spec.script for spec in HOOKS) + r')\.py"$'
)


def our_form_scripts(settings: Mapping[str, Any]) -> dict[str, str]:
    """Handlers in exactly our command form, by the hooks directory they name (unescaped).

    :func:`install` drops those whose script no longer exists: a checkout that was moved or
    deleted leaves entries that can only fail, and re-installing should not keep them.
    """
    found: dict[str, str] = {}
    for spec in HOOKS:
        for group in _event_groups(settings, spec.event):
            handlers = group.get("hooks") if isinstance(group, dict) else None
            for handler in handlers if isinstance(handlers, list) else []:
                command = handler.get("command") if isinstance(handler, dict) else None
                match = _OUR_FORM.match(command) if isinstance(command, str) else None
                if match:
                    directory = re.sub(r"\\(.)", r"\1", match.group(1))
                    found[f"{directory}/hooks/{match.group(2)}.py"] = f"{directory}/hooks"
    return found


def installed_events(settings: Mapping[str, Any], hooks_dir: Path | str) -> dict[str, list[str]]:
    """For each event with a handler of ours, the commands found (more than one means duplicates)."""
    found: dict[str, list[str]] = {}
    for spec in HOOKS:
        handlers = _our_handlers(_event_groups(settings, spec.event), _script_marker(hooks_dir, spec.script))
        if handlers:
            found[spec.event] = [str(h.get("command")) for h in handlers]
    return found


# -- files ---------------------------------------------------------------------------------


def read_settings(path: Path) -> dict[str, Any]:
    """The settings object in ``path``; ``{}`` when the file does not exist or is empty."""
    raw = read_bytes(path)
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as err:
        raise ConfigError(f"{path} is not valid JSON ({err}); fix it by hand, it was not modified") from None
    if not isinstance(data, dict):
        raise ConfigError(
            f"{path} holds a JSON {type(data).__name__}, expected an object; it was not modified"
        )
    return data


def _backup(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    backup = path.with_name(f"{path.name}.bak-{stamp}")
    n = 1
    while backup.exists():
        backup = path.with_name(f"{path.name}.bak-{stamp}-{n}")
        n += 1
    shutil.copy2(path, backup)
    return backup


def write_settings(path: Path, settings: Mapping[str, Any]) -> Path | None:
    """Replace ``path`` atomically with ``settings``; returns the backup made (None for a new file)."""
    target = path.resolve() if path.is_symlink() else path
    target.parent.mkdir(parents=True, exist_ok=True)
    backup = _backup(target) if target.exists() else None
    mode = target.stat().st_mode & 0o7777 if target.exists() else 0o600
    text = json.dumps(settings, indent=2, ensure_ascii=False) + "\n"
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return backup


@dataclass(frozen=True)
class Change:
    path: Path
    changed: bool
    backup: Path | None
    events: tuple[str, ...]


def install(path: Path, python: Path | str, hooks_dir: Path | str) -> Change:
    """Merge our handlers (for the event scripts present in ``hooks_dir``) into ``path``."""
    commands = hook_commands(python, hooks_dir)
    if not commands:
        raise ConfigError(f"no hook scripts found in {hooks_dir}; is this a Mnemon checkout?")
    before = read_settings(path)
    after = before
    for script, directory in our_form_scripts(before).items():
        if directory != str(hooks_dir) and not Path(script).exists():
            after = remove_hooks(after, directory)
    after = merge_hooks(after, commands, hooks_dir)
    if after == before and path.exists():
        return Change(path, False, None, tuple(commands))
    return Change(path, True, write_settings(path, after), tuple(commands))


def uninstall(path: Path, hooks_dir: Path | str) -> Change:
    """Remove our handlers from ``path``; other handlers and keys stay."""
    if not path.exists():
        return Change(path, False, None, ())
    before = read_settings(path)
    removed = tuple(installed_events(before, hooks_dir))
    after = remove_hooks(before, hooks_dir)
    if after == before:
        return Change(path, False, None, ())
    return Change(path, True, write_settings(path, after), removed)


def check(path: Path, hooks_dir: Path | str) -> dict[str, Any]:
    """What is installed in ``path``, and what is wrong with it (``problems``: empty when healthy)."""
    report: dict[str, Any] = {
        "settings": str(path),
        "hooks_dir": str(hooks_dir),
        "events": {},
        "problems": [],
    }
    try:
        settings = read_settings(path)
        found = installed_events(settings, hooks_dir)
    except ConfigError as err:
        report["problems"].append(err.message)
        return report
    expected = hook_commands("python", hooks_dir)
    for spec in HOOKS:
        commands = found.get(spec.event, [])
        report["events"][spec.event] = commands
        if spec.event in expected and not commands:
            report["problems"].append(f"{spec.event}: no Mnemon hook installed (run ./install.sh)")
        elif len(commands) > 1:
            report["problems"].append(
                f"{spec.event}: {len(commands)} Mnemon hooks (run ./install.sh to dedupe)"
            )
        for command in commands:
            python = _first_quoted(command)
            if python and not Path(python).exists():
                report["problems"].append(
                    f"{spec.event}: interpreter {python} does not exist (run ./install.sh)"
                )
        if commands and spec.event not in expected:
            report["problems"].append(
                f"{spec.event}: hook script {spec.script}.py is missing from {hooks_dir}"
            )
    return report


def _first_quoted(command: str) -> str | None:
    match = re.match(r'\s*"((?:[^"\\]|\\.)*)"', command)
    return re.sub(r"\\(.)", r"\1", match.group(1)) if match else None


# -- the MCP server -------------------------------------------------------------------------
# Claude Code keeps user-scoped MCP servers in its global config, ``.claude.json`` in
# ${CLAUDE_CONFIG_DIR} when set, else in the home directory (not in ~/.claude), under
# "mcpServers". Ours is the entry named "mnemon" whose arguments run ``mnemon.mcp_server``;
# an entry of that name in any other form is the user's and is left alone. The plugin form
# declares the server in the plugin's own .mcp.json instead.

MCP_NAME = "mnemon"
MCP_MODULE = "mnemon.mcp_server"


def global_config_path(env: Mapping[str, str] | None = None) -> Path:
    env = os.environ if env is None else env
    base = env.get("CLAUDE_CONFIG_DIR", "").strip()
    root = Path(base).expanduser() if base else Path(env.get("HOME") or os.path.expanduser("~"))
    return root / ".claude.json"


def mcp_entry(python: Path | str) -> dict[str, Any]:
    return {"type": "stdio", "command": str(python), "args": ["-I", "-m", MCP_MODULE], "env": {}}


def is_our_mcp(entry: Any) -> bool:
    args = entry.get("args") if isinstance(entry, dict) else None
    return isinstance(args, list) and MCP_MODULE in args


def _servers(config: Mapping[str, Any], path: Path) -> dict[str, Any]:
    servers = config.get("mcpServers", {})
    if not isinstance(servers, dict):
        raise ConfigError(f'"mcpServers" in {path} is a {type(servers).__name__}, expected an object; fix it by hand')
    return servers


def install_mcp(path: Path, python: Path | str) -> Change:
    """Register our MCP server in Claude Code's global config (idempotent; backed up when it changes)."""
    before = read_settings(path)
    servers = _servers(before, path)
    wanted = mcp_entry(python)
    current = servers.get(MCP_NAME)
    if current == wanted:
        return Change(path, False, None, ())
    if current is not None and not is_our_mcp(current):
        raise ConfigError(f'{path} already has an MCP server named "{MCP_NAME}" that is not ours; '
                          "remove or rename it, then run ./install.sh again")
    after = copy.deepcopy(before)
    after.setdefault("mcpServers", {})[MCP_NAME] = wanted
    return Change(path, True, write_settings(path, after), (MCP_NAME,))


def uninstall_mcp(path: Path) -> Change:
    """Remove our MCP server entry; anything else in the file stays."""
    if not path.exists():
        return Change(path, False, None, ())
    before = read_settings(path)
    servers = _servers(before, path)
    if not is_our_mcp(servers.get(MCP_NAME)):
        return Change(path, False, None, ())
    after = copy.deepcopy(before)
    del after["mcpServers"][MCP_NAME]
    return Change(path, True, write_settings(path, after), (MCP_NAME,))


# -- command line --------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m mnemon.claude.settings",
        description="Install, remove or check Mnemon's hooks in a Claude Code settings.json.",
        epilog='example: python -m mnemon.claude.settings install --python .venv/bin/python --hooks-dir "$PWD/hooks"',
    )
    sub = parser.add_subparsers(dest="action", required=True)
    for name, text in (
        ("mcp-install", "register our MCP server in Claude Code's global config (.claude.json)"),
        ("mcp-uninstall", "remove our MCP server from Claude Code's global config"),
    ):
        cmd = sub.add_parser(name, help=text, description=text)
        cmd.add_argument("--config", type=Path,
                         help="the global config (default: ${CLAUDE_CONFIG_DIR:-$HOME}/.claude.json)")
        if name == "mcp-install":
            cmd.add_argument("--python", required=True, type=Path, help="interpreter the server runs with")
    for name, text in (
        ("install", "merge our hooks (idempotent; backs the file up when it changes)"),
        ("uninstall", "remove our hooks, keep everything else"),
        ("check", "report what is installed; exit 1 when something is wrong"),
    ):
        cmd = sub.add_parser(name, help=text, description=text)
        cmd.add_argument(
            "--hooks-dir", required=True, type=Path, help="absolute path of the hooks/ directory"
        )
        cmd.add_argument(
            "--settings",
            type=Path,
            help="settings.json (default: ${CLAUDE_CONFIG_DIR:-~/.claude}/settings.json)",
        )
        if name == "install":
            cmd.add_argument("--python", required=True, type=Path, help="interpreter the hooks run with")
        if name == "check":
            cmd.add_argument("--json", action="store_true", help="machine-readable report")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.action in ("mcp-install", "mcp-uninstall"):
        config: Path = args.config or global_config_path()
        return _reporting_errors(config, lambda: _mcp_action(args, config))
    path: Path = args.settings or default_settings_path()
    return _reporting_errors(path, lambda: _hooks_action(args, path, args.hooks_dir.absolute()))


def _reporting_errors(path: Path, act: Callable[[], int]) -> int:
    """``act()``'s exit code, or 2 with the reason on stderr when ``path`` could not be read or written."""
    try:
        return act()
    except ConfigError as err:
        print(f"error: {err.message}", file=sys.stderr)
        return 2
    except OSError as err:
        print(f"error: {path}: {err.strerror or err}", file=sys.stderr)
        return 2


def _hooks_action(args: argparse.Namespace, path: Path, hooks_dir: Path) -> int:
    if args.action == "install":
        change = install(path, args.python.absolute(), hooks_dir)
        return _say(change, f"hooks installed in {path} for {', '.join(change.events)}{_saved(change)}",
                    f"hooks already installed in {path}; nothing changed")
    if args.action == "uninstall":
        change = uninstall(path, hooks_dir)
        return _say(change, f"hooks removed from {path} ({', '.join(change.events)}; backup: {change.backup})",
                    f"no Mnemon hooks in {path}; nothing changed")
    report = check(path, hooks_dir)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for event, commands in report["events"].items():
            print(f"{event:17} {'installed' if commands else '-'}")
        for problem in report["problems"]:
            print(f"problem: {problem}")
    return 1 if report["problems"] else 0


def _mcp_action(args: argparse.Namespace, path: Path) -> int:
    if args.action == "mcp-install":
        change = install_mcp(path, args.python.absolute())
        return _say(change, f"MCP server '{MCP_NAME}' registered in {path}{_saved(change)}",
                    f"MCP server '{MCP_NAME}' already registered in {path}; nothing changed")
    change = uninstall_mcp(path)
    return _say(change, f"MCP server '{MCP_NAME}' removed from {path} (backup: {change.backup})",
                f"no Mnemon MCP server in {path}; nothing changed")


def _saved(change: Change) -> str:
    return f" (backup: {change.backup})" if change.backup else ""


def _say(change: Change, changed: str, unchanged: str) -> int:
    print(changed if change.changed else unchanged)
    return 0


if __name__ == "__main__":
    sys.exit(main())
