"""The ``mnemon`` commands beyond the memory itself: export and import files, inject, mute,
import-transcripts, mcp, ui, config, path, doctor and daemon (the parser is in ``mnemon.cli``).
"""

from __future__ import annotations

import itertools
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mnemon import cli, render
from mnemon.cli import Context
from mnemon.errors import ConfigError, DaemonError, InvalidInput, MnemonError, NotFound, StorageError
from mnemon.paths import Paths, client_path, path_problem
from mnemon.wire.client import Client, build_id
from mnemon.wire.launcher import daemon_running, read_pid, start_daemon, stop_daemon


def cmd_export(ctx: Context) -> int:
    """Stdout, or a file written beside its target and renamed over it once complete
    (``mnemon.backup``): a failed export leaves the previous backup intact."""
    from mnemon import backup

    a = ctx.args

    def records() -> Iterator[dict[str, Any]]:
        chunks = ctx.client().stream("export", {"include_deleted": a.include_deleted}, timeout=cli.CALL_TIMEOUT)
        try:
            first: dict[str, Any] = next(chunks, {})
        except DaemonError as err:  # before a record was written: the same file, read directly
            yield from _records_read_only(ctx, err, a.include_deleted)
            return
        for chunk in itertools.chain([first], chunks):
            yield from chunk.get("records", [])

    if a.output in (None, "-"):
        for record in records():
            sys.stdout.write(json.dumps(record, ensure_ascii=False) + "\n")
        return 0
    count = backup.write_export(records(), a.output)
    print(f"exported {count} record(s) to {a.output}", file=sys.stderr)
    return 0


def _records_read_only(ctx: Context, err: DaemonError, include_deleted: bool) -> Iterator[dict[str, Any]]:
    """The export, read from the database file read-only, as the read commands do when no daemon
    answers: a store whose daemon cannot start (a read-only file system, a damaged file it
    refuses) is the one most in need of a backup, and export is how to take it."""
    from mnemon.claude.kept import setting_records
    from mnemon.engine.db import damaged
    from mnemon.engine.memory import Memory

    if not ctx.paths.db.exists():
        raise NotFound(f"no memory store at {ctx.paths.db} yet, and the daemon is unavailable: {err}") from None
    print(f"mnemon: daemon unavailable ({err.message}); exporting {ctx.paths.db} directly (read-only)",
          file=sys.stderr)
    try:
        memory = Memory.open(ctx.paths.db, read_only=True)
    except StorageError as damage:
        if damaged(ctx.paths.db, damage) is None:
            raise
        yield from _salvaged(ctx, damage, include_deleted)
        return
    with memory:
        yield from itertools.chain(memory.export(include_deleted=include_deleted), setting_records(memory))


def _salvaged(ctx: Context, damage: StorageError, include_deleted: bool) -> Iterator[dict[str, Any]]:
    """A damaged file with no daemon to export from RAM (stopped, or refusing the file at every
    start): the rows SQLite can still read, so `mnemon doctor`'s recovery works in that state too."""
    from mnemon.engine.salvage import Salvage

    print(f"mnemon: {damage.message}", file=sys.stderr)
    print("mnemon: exporting what the damaged file still gives, read row by row", file=sys.stderr)
    salvage = Salvage(ctx.paths.db, include_deleted=include_deleted)
    yield from salvage
    lost = f"; {salvage.lost} row(s) on unreadable pages are lost" if salvage.lost else ""
    print(f"mnemon: salvaged {salvage.memories} memories and {salvage.edges} edges{lost} (mutes and "
          "routine-wording counts are not in a salvaged export)", file=sys.stderr)


def cmd_import(ctx: Context) -> int:
    """Streamed in calls of bounded size (``mnemon.backup``); bad records are reported by line
    and skipped. Exit 2 when any record was refused, after importing all the others."""
    from mnemon import backup

    path = ctx.args.file
    if path != "-" and Path(path).is_dir():
        raise InvalidInput(f"{path} is a directory; give the file `mnemon export -o FILE` wrote (or - for stdin)")
    if path != "-" and not Path(path).is_file():  # a typo: bad input (exit 2), as a directory given here is
        raise InvalidInput(f"{path}: no such file; give the file `mnemon export -o FILE` wrote (or - for stdin)")
    name = "<stdin>" if path == "-" else path
    importer = backup.Importer(name, lambda records, ids: ctx.call("import", {"records": records, "ids": ids}))
    handle, size = backup.open_input(path)
    bar = render.Progress("import", "bytes" if size else "lines", json_lines=ctx.json)
    try:
        for number, raw in backup.read_lines(handle):
            importer.feed(number, raw)
            if number % 64 == 0:
                bar.update(handle.tell() if size else number, size, memories=importer.counts["insights"])
        importer.flush()
        bar.update(size or importer.lines, size, force=True, memories=importer.counts["insights"])
    except MnemonError as err:
        bar.close()
        where = importer.pending_from or importer.lines
        raise type(err)(f"{err.message}. The import stopped at {name}:{where}; the records before that line are "
                        "in. Run the same import again to finish: what is already there is skipped") from None
    finally:
        if handle is not sys.stdin.buffer:
            handle.close()
    bar.close()
    summary = importer.summary()
    ctx.out(summary, render.import_summary)
    return 2 if summary["errors"] else 0


def cmd_inject(ctx: Context) -> int:
    a = ctx.args
    result = ctx.call("inject", {"prompt": a.prompt, "cwd": os.path.abspath(a.cwd or os.getcwd()),
                                 "session_id": a.session or "", "dry_run": True})

    ctx.out(result, render.inject)
    return 0


def cmd_mute(ctx: Context) -> int:
    """An empty ``--session`` (an unset shell variable) is refused rather than read as "this
    project", and muting a directory that does not exist is refused as the typo it usually is;
    unmuting one stays possible (a project folder deleted while muted)."""
    a = ctx.args
    if a.session is not None:
        if not a.session.strip():
            raise InvalidInput("--session needs a session id, and it was empty; "
                               "`mnemon log --injections` shows the sessions' ids")
        from mnemon.sessionids import known_session

        sid = ctx.session(a.session) if a.off else known_session(ctx.call, a.session)
        args: dict[str, Any] = {"target": "session", "session_id": sid, "on": not a.off}
    else:
        project = a.project if a.project not in (None, True) else os.getcwd()
        directory = os.path.abspath(os.path.expanduser(str(project)))
        if not a.off and not os.path.isdir(directory):
            raise InvalidInput(f"{directory} is not a directory; --project takes the directory of a project "
                               "(nothing was muted)")
        args = {"target": "project", "cwd": directory, "on": not a.off}
    result = ctx.call("mute", args)
    ctx.out(result, render.mute)
    return 0


def transcripts_dir() -> str:
    """Where Claude Code keeps its transcripts: ``projects/`` in its configuration directory,
    which ``CLAUDE_CONFIG_DIR`` moves (the default was ~/.claude/projects whatever it said, so
    with it set the import found nothing there)."""
    from mnemon.claude.settings import default_settings_path

    return str(default_settings_path().parent / "projects")


def cmd_import_transcripts(ctx: Context) -> int:
    directory = client_path(ctx.args.dir or transcripts_dir())
    problem = path_problem(directory)
    if problem:
        raise InvalidInput(f"import-transcripts: the directory {problem}")
    if not os.path.isdir(directory):  # a typo: bad input (exit 2), like --project or --cwd naming no directory
        what = "is a file, not a directory" if os.path.exists(directory) else "does not exist"
        raise InvalidInput(f"{directory} {what}; give the directory that holds the transcripts (Claude Code keeps "
                           f"them in {transcripts_dir()}); nothing was imported")
    final: dict[str, Any] = {}
    bar = render.Progress("import-transcripts", "transcripts", json_lines=ctx.json)
    try:
        for chunk in ctx.client().stream("import_transcripts", {"dir": directory}, timeout=cli.CALL_TIMEOUT):
            progress = chunk.get("progress")
            if progress:
                final = dict(progress)
                bar.update(progress["done"], progress["files"], memories=progress.get("added", 0))
            if "embedding" in chunk:
                final["embedding"] = chunk["embedding"]
        if final:
            bar.update(final["done"], final["files"], force=True, memories=final.get("added", 0))
    finally:
        bar.close()
    ctx.out(final, render.transcripts_summary)
    return 0


def cmd_mcp(ctx: Context) -> int:
    from mnemon import mcp_server

    return mcp_server.main(cli.project_dir(ctx.args.cwd, "--cwd") if ctx.args.cwd else None)


def cmd_ui(ctx: Context) -> int:
    from mnemon import viewer

    if not 0 <= ctx.args.port <= 65535:  # else a traceback from bind() (OverflowError)
        raise InvalidInput(f"--port {ctx.args.port}: a port is a number from 1 to 65535 (0 or none: any free one)")
    return viewer.main(ctx.paths, port=ctx.args.port, open_browser=not ctx.args.no_open)


def cmd_config(ctx: Context) -> int:
    try:
        result = ctx.client().call("config", {}) if daemon_running(ctx.paths) else None
    except DaemonError:
        result = None
    if result is None:
        from mnemon import config as config_mod

        try:
            cfg, error = config_mod.load(ctx.paths.config), None
        except ConfigError as err:
            cfg, error = config_mod.Config(), err.message
        result = {"config": cfg.as_dict(), "path": str(ctx.paths.config), "error": error}

    ctx.out(result, render.config)
    return 0


def cmd_path(ctx: Context) -> int:
    data = ctx.paths.as_dict()
    from mnemon.wire.launcher import spawn_lock, stderr_log

    data["daemon_stderr"] = str(stderr_log(ctx.paths))
    data["spawn_lock"] = str(spawn_lock(ctx.paths))
    ctx.out(data, render.path)
    return 0


def cmd_doctor(ctx: Context) -> int:
    from mnemon import doctor

    checks = doctor.run(ctx.paths)
    data = {"ok": not any(c.level == "fail" for c in checks), "checks": [c.to_dict() for c in checks]}

    ctx.out(data, render.doctor)
    return 0 if data["ok"] else 1


def _daemon_state(paths: Paths) -> dict[str, Any]:
    from mnemon.wire.client import ping

    info = ping(paths, timeout=2.0)
    return {
        "running": info is not None or daemon_running(paths),
        "answering": info is not None,
        "pid": (info or {}).get("pid", read_pid(paths)),
        "version": (info or {}).get("version"),
        "build": (info or {}).get("build"),
        "current_build": (info or {}).get("build") == build_id() if info else None,
        "socket": str(paths.socket),
        "log": str(paths.daemon_log),
    }


def cmd_daemon(ctx: Context) -> int:
    action = ctx.args.action
    paths = ctx.paths
    if action in ("stop", "restart"):
        pid = stop_daemon(paths)
        if action == "stop":
            state = _daemon_state(paths)
            ctx.out(state, lambda s: print(f"stopped (pid {pid})" if pid else "not running"))
            return 0
    if action in ("start", "restart"):
        start_daemon(paths, wait=True)
        with Client(paths, timeout=10, autostart="wait") as client:
            client.ping()
    state = _daemon_state(paths)

    ctx.out(state, render.daemon)
    return 0 if state["answering"] or action != "status" else 1


# -- parser ----------------------------------------------------------------------------------
