"""The ``mnemon`` command: every daemon op as a subcommand, plus path, doctor and daemon control.

Output: human-readable by default; ``--json`` on every read command prints the op's result
with stable keys (the same dicts the socket carries). Errors are printed in one place,
:func:`main`, as ``mnemon: <message>`` on stderr.

Exit codes: 0 success; 1 an operational failure (daemon unreachable, not found, storage,
embedder); 2 a usage error or invalid input (argparse errors, :class:`InvalidInput`,
:class:`ConfigError`).

The CLI starts the daemon when needed and waits for it. When it cannot, the read-only
commands (status, show, log, recall) open the SQLite database read-only and say so on
stderr; writes need the daemon (the one writer) and fail with exit 1.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from mnemon import render
from mnemon.errors import ConfigError, DaemonError, InvalidInput, MnemonError, NotFound
from mnemon.paths import Paths
from mnemon.scopenames import given_scope
from mnemon.wire.client import Client

if TYPE_CHECKING:
    from mnemon.engine.memory import Memory

CALL_TIMEOUT = 60.0  # the ordinary deadline of one call; long commands stream, and it bounds each step


class Context:
    """What a command needs: where things are, the output mode, and a lazily opened client."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.json = bool(getattr(args, "json", False))
        self.paths = Paths.resolve()
        self._client: Client | None = None
        self._down: DaemonError | None = None  # the daemon did not answer a read: read the file from then on

    def client(self) -> Client:
        if self._client is None:
            self._client = Client(self.paths, timeout=CALL_TIMEOUT, autostart="wait")
        return self._client

    def call(self, op: str, args: dict[str, Any] | None = None) -> Any:
        for key, value in (args or {}).items():
            for text in value if isinstance(value, list) else [value]:  # tags and entities too
                _utf8(text, key)
        return self.client().call(op, args or {})

    def read(self, op: str, args: dict[str, Any], direct: Callable[[Memory], Any]) -> Any:
        """Ask the daemon, else run ``direct`` on a read-only Memory (so do later reads: one wait for a hung one)."""
        if self._down is None:
            try:
                return self.call(op, args)
            except DaemonError as err:
                self._down = err
                if self.paths.db.exists():
                    print(f"mnemon: daemon unavailable ({err.message}); reading {self.paths.db} directly "
                          "(read-only)", file=sys.stderr)
        if not self.paths.db.exists():
            raise NotFound(f"no memory store at {self.paths.db} yet, and the daemon is unavailable: {self._down}")
        from mnemon.engine.memory import Memory

        with Memory.open(self.paths.db, read_only=True) as memory:
            return direct(memory)

    def known_scopes(self) -> list[str]:
        """The scopes memories hold now."""
        return [str(p["scope"]) for p in self.read("projects", {}, lambda m: {"items": m.projects()})["items"]]

    def session(self, value: str | None) -> str | None:
        """The whole id of the session ``value`` starts with (listings print 8 characters), else
        ``value`` (whole, unknown, or the daemon away); a prefix several sessions share is refused."""
        if value is not None and not value.strip():  # "$SID" unset: not the same as no filter
            raise InvalidInput("--session needs a session id, and it was empty")
        from mnemon.sessionids import whole_session

        return whole_session(self.call, value) if value else value

    def close(self) -> None:
        if self._client is not None:
            self._client.close()

    def out(self, data: Any, human: Callable[[Any], None]) -> None:
        if self.json:
            print(json.dumps(data, indent=2, ensure_ascii=False, default=str))
        else:
            human(data)

    def answer(self, op: str, args: dict[str, Any], human: Callable[[Any], None]) -> int:
        """Call ``op`` on the daemon and print its answer (JSON, or through ``human``); exit code 0."""
        self.out(self.call(op, args), human)
        return 0


def _utf8(value: Any, name: str) -> None:
    """Refuse text that is not UTF-8 before it is sent, naming the input and the byte.

    Python hands bytes that are not UTF-8 (a Latin-1 file on stdin, such an argument) to us as
    surrogate escapes, which no frame can carry: without this the user read a codec error about
    frames and exit 1, as if the daemon were at fault."""
    if not isinstance(value, str):
        return
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as err:
        char = ord(value[err.start])
        byte = f"byte 0x{char - 0xDC00:02x}" if 0xDC80 <= char <= 0xDCFF else f"character U+{char:04X}"
        raise InvalidInput(f"{name} is not UTF-8 text ({byte} at character {err.start + 1}); convert it first, "
                           "for example with `iconv -f latin1 -t utf-8`") from None


# -- small renderers ---------------------------------------------------------------------------
def _csv(value: str | None) -> list[str]:
    return [part.strip() for part in (value or "").split(",") if part.strip()]


# -- commands --------------------------------------------------------------------------------
def cmd_remember(ctx: Context) -> int:
    a = ctx.args
    text = sys.stdin.read().strip() if a.text == "-" else a.text
    args: dict[str, Any] = {
        "content": text,
        "category": a.category,
        "importance": a.importance,
        "tags": _csv(a.tags),
        "entities": _csv(a.entities),
        "source": a.source,
        "scope": given_scope(a.scope, None, ctx.known_scopes, note=True) or "global",
        "no_diff": a.no_diff,
    }
    result = ctx.call("remember", args)
    ctx.out(result, render.remember)
    return 0


def cmd_recall(ctx: Context) -> int:
    a = ctx.args
    scope = given_scope(a.scope, None, ctx.known_scopes)
    args: dict[str, Any] = {"query": a.query, "limit": a.limit, "intent": a.intent, "scope": scope}

    def direct(memory: Memory) -> dict[str, Any]:
        scopes = [scope] if scope else None
        return memory.recall(a.query, limit=a.limit, intent=a.intent, scopes=scopes, touch=False).to_dict()

    result = ctx.read("recall", args, direct)
    ctx.out(result, render.recall)
    return 0


def cmd_status(ctx: Context) -> int:
    def direct(memory: Memory) -> dict[str, Any]:
        status = dict(memory.status())
        status["daemon"] = None
        return status

    result = ctx.read("status", {}, direct)
    ctx.out(result, render.status)
    return 0


def cmd_show(ctx: Context) -> int:
    result = ctx.read("show", {"id": ctx.args.id}, lambda m: m.show(ctx.args.id))
    ctx.out(result, render.insight)
    return 0


def cmd_log(ctx: Context) -> int:
    a = ctx.args
    if a.injections:
        if a.op:
            raise InvalidInput("--op filters the operation log; it does not go with --injections")
        args = {"session_id": ctx.session(a.session), "limit": a.limit}
        result = ctx.read("injections", args, lambda m: {"entries": m.injections(**args)})
        ctx.out(result, lambda r: render.injections(r, context=a.context, session=args["session_id"]))
        return 0
    if a.session or a.context:
        raise InvalidInput("--session and --context go with --injections")
    result = ctx.read("log", {"limit": a.limit, "op": a.op},
                      lambda m: {"entries": m.log(limit=a.limit, op=a.op)})

    ctx.out(result, render.log)
    return 0


def cmd_link(ctx: Context) -> int:
    a = ctx.args
    return ctx.answer("link", {"source_id": a.src, "target_id": a.dst, "type": a.type, "weight": a.weight},
                      render.link)


def cmd_unlink(ctx: Context) -> int:
    a = ctx.args
    return ctx.answer("unlink", {"source_id": a.src, "target_id": a.dst, "type": a.type}, render.unlink)


def cmd_pin(ctx: Context) -> int:
    return ctx.answer("pin", {"id": ctx.args.id, "on": not ctx.args.off}, render.pinned)


def cmd_scope(ctx: Context) -> int:
    a = ctx.args
    scope = given_scope(a.scope, project_dir(a.cwd, "--cwd") if a.cwd else None, ctx.known_scopes, note=True)
    return ctx.answer("scope", {"id": a.id, "scope": scope}, render.scoped)


def cmd_list(ctx: Context) -> int:
    a = ctx.args
    named = given_scope(a.scope, None, ctx.known_scopes)
    scopes = [s for s in (named, _project(a.project) if a.project is not None else None) if s]
    args: dict[str, Any] = {
        "scopes": scopes or None,
        "session_id": ctx.session(a.session),
        "categories": _csv(a.kind) or None,
        "since": parse_when(a.since, "--since"),
        "until": parse_when(a.until, "--until"),
        "flagged": True if a.flagged else None,
        "pinned": True if a.pinned else None,
        "include_deleted": a.deleted,
        "offset": a.offset if a.offset is not None else (max(a.page, 1) - 1) * a.limit,
        "limit": a.limit,
    }
    result = ctx.read("list", args, lambda m: m.list_insights(**{k: v for k, v in args.items()}))
    ctx.out(result, render.listing)
    return 0


def _project(value: str | bool | None) -> str:
    from mnemon.claude.project import project_scope

    directory = value if isinstance(value, str) else os.getcwd()
    return project_scope(os.path.abspath(os.path.expanduser(directory)))


def project_dir(value: str, flag: str) -> str:
    """A project's directory given on the command line, absolute; one that does not exist is refused
    as the typo it usually is (its memories would go to a project no session ever runs in)."""
    directory = os.path.abspath(os.path.expanduser(value))
    if not os.path.isdir(directory):
        raise InvalidInput(f"{directory} is not a directory; {flag} takes the directory of a project")
    return directory


def parse_when(value: str | None, flag: str) -> float | None:
    """``7d``, ``12h``, ``30m``, ``2w`` ago, or an ISO date or time (UTC unless it says)."""
    if not value:
        return None
    import datetime as dt
    import re
    import time

    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([mhdw])\s*", value)
    if match:
        unit = {"m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}[match.group(2)]
        return max(0.0, time.time() - float(match.group(1)) * unit)  # an age before 1970 means everything
    try:
        when = dt.datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        raise InvalidInput(f"{flag} {value!r}: give a date (2026-01-31), a time (2026-01-31T09:30) "
                           "or an age (30m, 12h, 7d, 2w)") from None
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.timezone.utc)
    return when.timestamp()


def cmd_gc(ctx: Context) -> int:
    a = ctx.args
    return ctx.answer("gc", {"threshold": a.threshold, "keep": a.keep, "limit": a.limit}, render.gc)


def cmd_embed(ctx: Context) -> int:
    a = ctx.args
    if a.all:  # streamed: the deadline bounds each batch, not the whole backfill
        bar = render.Progress("embed", "memories", json_lines=ctx.json)
        result: Any = None
        last: dict[str, Any] = {}
        try:
            for chunk in ctx.client().stream("embed_all", {}, timeout=CALL_TIMEOUT):
                last = chunk.get("progress") or last
                if last:
                    bar.update(last["done"], last["total"])
                result = chunk.get("result", result)
            if last:
                bar.update(last["done"], last["total"], force=True)
        finally:
            bar.close()
    else:
        result = ctx.call("embed", {"mode": "one" if a.id else "status", "id": a.id})

    ctx.out(result, render.embed)
    return 0


def cmd_verify(ctx: Context) -> int:
    result = ctx.read("verify", {}, lambda m: m.verify())

    ctx.out(result, render.verify)
    return 0 if result.get("ok") else 1


def _sub(subs: Any, name: str, func: Callable[[Context], int], help: str, example: str, *,
         json_flag: bool = True, aliases: tuple[str, ...] = ()) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = subs.add_parser(
        name, help=help, description=help, epilog=f"example:\n  {example}", aliases=list(aliases),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.set_defaults(func=func)
    if json_flag:
        p.add_argument("--json", action="store_true", help="print JSON with stable keys")
    return p


def build_parser() -> argparse.ArgumentParser:
    from mnemon import __version__

    parser = argparse.ArgumentParser(
        prog="mnemon",
        description="Mnemon: a memory for Claude Code. Every command talks to the resident daemon "
        "(started on demand); `mnemon path` shows where everything lives.",
        epilog="example:\n  mnemon remember \"We deploy with blue-green releases\" --cat decision --imp 4\n"
        "  mnemon recall \"how do we deploy\"",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"mnemon {__version__}")
    subs = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in (_memory_commands, _steer_commands, _store_commands, _claude_commands):
        add(subs)
    return parser


def _memory_commands(subs: Any) -> None:
    """The parsers of the memory commands: remember, recall, status, show, link, unlink, forget, restore."""
    from mnemon.engine.model import CATEGORIES, EDGE_TYPES, INTENTS
    from mnemon.engine.requests import LinkRequest, RecallRequest, RememberRequest

    p = _sub(subs, "remember", cmd_remember, "store a memory (TEXT, or - to read stdin)",
             'mnemon remember "Use pnpm, not npm, in this repo" --cat preference --imp 4 --scope project')
    p.add_argument("text", metavar="TEXT")
    p.add_argument("--cat", "--category", dest="category", default=RememberRequest.category, choices=CATEGORIES,
                   help=f"the kind of memory (default {RememberRequest.category})")
    p.add_argument("--imp", "--importance", dest="importance", type=int, default=RememberRequest.importance,
                   choices=range(1, 6), metavar="1-5",
                   help=f"how much it matters (default {RememberRequest.importance})")
    p.add_argument("--tags", help="comma-separated tags")
    p.add_argument("--entities", help="comma-separated entities (more are extracted automatically)")
    p.add_argument("--source", default=RememberRequest.source, help=f"who said it (default {RememberRequest.source})")
    p.add_argument("--scope", default=RememberRequest.scope,
                   help="global (default), project (this directory's project), a project's directory "
                   "or folder name, or a name of your own")
    p.add_argument("--no-diff", action="store_true", help="store even if a near-duplicate exists")

    p = _sub(subs, "recall", cmd_recall, "find the memories relevant to QUERY (`mnemon search` is the same)",
             'mnemon recall "why did we pick SQLite" --limit 5', aliases=("search",))
    p.add_argument("query", metavar="QUERY")
    p.add_argument("--limit", type=int, default=RecallRequest.limit,
                   help=f"most results (default {RecallRequest.limit})")
    p.add_argument("--intent", choices=INTENTS, help="override the detected intent")
    p.add_argument("--scope", help="only memories of this scope (default: every scope): global, project (this "
                   "directory's project), a project's directory or folder name, or a scope's name")

    _sub(subs, "status", cmd_status, "counts, storage, embeddings and the daemon", "mnemon status --json")

    p = _sub(subs, "show", cmd_show, "one memory with its edges (ID or a unique prefix of 6+ characters)",
             "mnemon show 71e7775f")
    p.add_argument("id", metavar="ID")

    p = _sub(subs, "link", cmd_link, "add or update an edge between two memories",
             "mnemon link 71e7775f 0c9a12de --type causal --weight 0.8")
    p.add_argument("src", metavar="SRC")
    p.add_argument("dst", metavar="DST")
    p.add_argument("--type", required=True, choices=EDGE_TYPES, help="the kind of edge")
    p.add_argument("--weight", type=float, default=LinkRequest.weight,
                   help=f"its weight (default {LinkRequest.weight})")

    p = _sub(subs, "unlink", cmd_unlink, "remove edges between two memories",
             "mnemon unlink 71e7775f 0c9a12de --type causal")
    p.add_argument("src", metavar="SRC")
    p.add_argument("dst", metavar="DST")
    p.add_argument("--type", choices=EDGE_TYPES, help="only edges of this kind (default: all between the two)")

    from mnemon.cli_forget import cmd_forget, cmd_restore  # noqa: PLC0415 - it imports this module

    p = _sub(subs, "forget", cmd_forget,
             "forget memories by id, or every memory of a session or a project (asks first; soft delete: "
             "`mnemon restore ID` undoes it until retention_days purges them)",
             "mnemon forget 71e7775f 0c9a12de   |   mnemon forget --session 5f1c... --yes   |   "
             "mnemon forget --project ~/src/old")
    p.add_argument("ids", metavar="ID", nargs="*")
    p.add_argument("--session", metavar="ID", help="every memory captured in this session")
    p.add_argument("--project", nargs="?", const=True, metavar="DIR",
                   help="every memory of this directory's project (default: here)")
    p.add_argument("--yes", action="store_true", help="do not ask for confirmation")

    p = _sub(subs, "restore", cmd_restore, "undo a forget: the memories back in recall as they were (until "
             "retention_days purges them); by id, or every forgotten memory of a session or a project",
             "mnemon restore 71e7775f   |   mnemon restore --session 5f1c... --yes   |   mnemon restore --project")
    p.add_argument("ids", metavar="ID", nargs="*")
    p.add_argument("--session", metavar="ID", help="every forgotten memory of this session")
    p.add_argument("--project", nargs="?", const=True, metavar="DIR",
                   help="every forgotten memory of this directory's project (default: here)")
    p.add_argument("--yes", action="store_true", help="do not ask for confirmation")


def _steer_commands(subs: Any) -> None:
    """The parsers of pin and scope."""
    p = _sub(subs, "pin", cmd_pin, "pin a memory: it no longer decays and is never pruned (--off unpins)",
             "mnemon pin 71e7775f")
    p.add_argument("id", metavar="ID")
    p.add_argument("--off", action="store_true", help="unpin")

    p = _sub(subs, "scope", cmd_scope, "move a memory to the global scope or to a project",
             "mnemon scope 71e7775f global   |   mnemon scope 71e7775f project --cwd ~/src/app")
    p.add_argument("id", metavar="ID")
    p.add_argument("scope", metavar="SCOPE", help="global, project (the project of --cwd, default here), a project's "
                   "directory or folder name, or a name of your own")
    p.add_argument("--cwd", help="the project directory for `project` (default: here)")


def _store_commands(subs: Any) -> None:
    """The parsers of browsing and the store: list, gc, log, embed, verify, export, import."""
    from mnemon.cli_admin import cmd_export, cmd_import  # noqa: PLC0415 - it imports this module
    from mnemon.engine.model import CATEGORIES
    from mnemon.engine.requests import GcRequest, LogRequest

    p = _sub(subs, "list", cmd_list, "list memories, newest first, with filters and paging",
             "mnemon list --project --kind decision,preference --since 7d   |   mnemon list --session 5f1c... --json")
    p.add_argument("--project", nargs="?", const=True, metavar="DIR", help="this directory's project (default: here)")
    p.add_argument("--scope", help="global, project, a project's directory or folder name, or a scope's name")
    p.add_argument("--session", metavar="ID", help="memories captured in this session")
    p.add_argument("--kind", help=f"comma-separated kinds: {', '.join(CATEGORIES)}")
    p.add_argument("--since", help="created since: 2026-01-31, 2026-01-31T09:30, or an age: 30m, 12h, 7d, 2w")
    p.add_argument("--until", help="created until (same forms as --since)")
    p.add_argument("--flagged", action="store_true", help="only memories the injection guard flagged")
    p.add_argument("--pinned", action="store_true", help="only pinned memories")
    p.add_argument("--deleted", action="store_true", help="include forgotten memories")
    p.add_argument("--limit", type=int, default=20, help="memories per page (default 20)")
    p.add_argument("--page", type=int, default=1, help="page number, from 1")
    p.add_argument("--offset", type=int, help="start at this position instead of --page")

    p = _sub(subs, "gc", cmd_gc, "list low-value memories (pruning candidates), or keep one",
             "mnemon gc --threshold 0.3   |   mnemon gc --keep 71e7775f")
    p.add_argument("--threshold", type=float, default=GcRequest.threshold,
                   help=f"list memories whose effective importance is below this (default {GcRequest.threshold})")
    p.add_argument("--keep", metavar="ID", help="retain this memory (access count +3)")
    p.add_argument("--limit", type=int, default=GcRequest.limit, help=f"most listed (default {GcRequest.limit})")

    p = _sub(subs, "log", cmd_log, "the operation log, or with --injections what each prompt got injected and why",
             "mnemon log --limit 20 --op remember   |   mnemon log --injections --session 5f1c...")
    p.add_argument("--limit", type=int, default=LogRequest.limit, help=f"most entries (default {LogRequest.limit})")
    p.add_argument("--op", help="only this operation (remember, forget, link, ...)")
    p.add_argument("--injections", action="store_true",
                   help="the injection log: each prompt and session start, the notes injected (or why none)")
    p.add_argument("--session", metavar="ID", help="with --injections: only this session")
    p.add_argument("--context", action="store_true", help="with --injections: print each injected block")

    p = _sub(subs, "embed", cmd_embed, "embedding status; --all embeds what is missing, --id one memory",
             "mnemon embed --all")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--all", action="store_true", help="embed every memory that has no vector yet, with progress")
    group.add_argument("--id", metavar="ID", help="embed this memory")

    _sub(subs, "verify", cmd_verify, "check database integrity and that RAM matches disk", "mnemon verify")

    p = _sub(subs, "export", cmd_export, "write every memory and edge as JSONL", "mnemon export -o backup.jsonl",
             json_flag=False)
    p.add_argument("-o", "--output", metavar="FILE", help="file to write (default: stdout)")
    p.add_argument("--include-deleted", action="store_true", help="also forgotten memories not purged yet")

    p = _sub(subs, "import", cmd_import, "read memories from JSONL (as written by export; - for stdin)",
             "mnemon import backup.jsonl")
    p.add_argument("file", metavar="FILE")


def _claude_commands(subs: Any) -> None:
    """The parsers of Claude Code, the daemon and the tools: inject, mute, import-transcripts, mcp, ui, config, path, doctor, daemon."""
    from mnemon.cli_admin import (  # noqa: PLC0415 - it imports this module
        cmd_config,
        cmd_daemon,
        cmd_doctor,
        cmd_import_transcripts,
        cmd_inject,
        cmd_mcp,
        cmd_mute,
        cmd_path,
        cmd_ui,
    )


    p = _sub(subs, "inject", cmd_inject, "show exactly what would be injected for PROMPT, with each item's signals",
             'mnemon inject "fix the flaky deploy test" --cwd ~/src/app')
    p.add_argument("prompt", metavar="PROMPT")
    p.add_argument("--cwd", help="the project directory (default: here)")
    p.add_argument("--session", help="as seen from this session (default: none; nothing is recorded)")

    p = _sub(subs, "mute", cmd_mute, "stop (or with --off resume) injection for a session or a project",
             "mnemon mute --project ~/src/app   |   mnemon mute --session 5f1c... --off")
    target = p.add_mutually_exclusive_group(required=True)
    target.add_argument("--session", metavar="ID", help="a session id (its first 8 characters will do)")
    target.add_argument("--project", nargs="?", const=True, metavar="DIR", help="default: this directory")
    p.add_argument("--off", action="store_true", help="unmute")

    p = _sub(subs, "import-transcripts", cmd_import_transcripts,
             "capture existing Claude Code transcripts (idempotent)", "mnemon import-transcripts ~/.claude/projects")
    p.add_argument("dir", metavar="DIR", nargs="?", help="default: ${CLAUDE_CONFIG_DIR:-~/.claude}/projects")

    p = _sub(subs, "mcp", cmd_mcp, "run the MCP server over stdio (Claude Code starts it; see README, MCP tools)",
             "claude mcp add --scope user mnemon -- mnemon mcp", json_flag=False)
    p.add_argument("--cwd", help="the project directory (default: $CLAUDE_PROJECT_DIR, else here)")

    p = _sub(subs, "ui", cmd_ui, "open the local web viewer (127.0.0.1 only; prints its address, with a "
             "token made at each start); Ctrl-C stops it", "mnemon ui   |   mnemon ui --no-open --port 8765",
             json_flag=False)
    p.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default: any free one)")
    p.add_argument("--no-open", action="store_true", help="print the address without opening a browser")

    _sub(subs, "config", cmd_config, "show the effective configuration and where it comes from", "mnemon config")
    _sub(subs, "path", cmd_path, "print every file location", "mnemon path")
    _sub(subs, "doctor", cmd_doctor, "check install, config, daemon, database, disk, embedder, Claude Code hooks "
         "and the MCP server; exit 1 on a FAIL",
         "mnemon doctor")

    p = _sub(subs, "daemon", cmd_daemon, "start, stop, restart the daemon or show its status (exit 1 when "
             "it is not running)",
             "mnemon daemon restart")
    p.add_argument("action", choices=("start", "stop", "restart", "status"))


def exit_code(err: MnemonError) -> int:
    return 2 if isinstance(err, (InvalidInput, ConfigError)) else 1


def _cwd_gone() -> bool:
    """Whether the shell's directory was removed: a bare "No such file or directory" otherwise."""
    try:
        return not os.getcwd()
    except FileNotFoundError:
        return True


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    ctx = Context(args)
    try:
        code: int = args.func(ctx)
        return code
    except MnemonError as err:
        print(f"mnemon: {err.message}", file=sys.stderr)
        return exit_code(err)
    except KeyboardInterrupt:
        print("mnemon: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except OSError as err:
        if not getattr(err, "filename", None) and _cwd_gone():
            print("mnemon: the current directory no longer exists; cd to one that does, or name the project "
                  "with --project DIR or --cwd DIR", file=sys.stderr)
            return 1
        print(f"mnemon: {err.strerror or err}: {getattr(err, 'filename', '') or ''}".rstrip(": "), file=sys.stderr)
        return 1
    finally:
        ctx.close()


if __name__ == "__main__":
    sys.exit(main())
