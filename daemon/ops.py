"""Every op the daemon serves: its arguments (checked before anything runs) and where it runs.

Each op has a *kind* that fixes its thread, which is the daemon's concurrency model:

* ``loop``: on the event loop; only for instant answers (ping, config, shutdown, and capture,
  which queues its work on the writer and replies ``{queued: true}`` at once).
* ``read``: in the read pool, concurrently; Memory serialises with its own lock, and the
  loop stays free to accept and answer others while a slow recall runs.
* ``write``: on the single writer thread; the reply is sent after the commit.
* ``stream``: in a dedicated thread that yields chunks; each becomes a ``more`` frame.

Arguments are validated against a schema first (type, required, unknown names), so bad
input is answered with :class:`~mnemon.errors.InvalidInput` and nothing is queued or written.
The hook ops call functions from ``mnemon.claude.capture`` / ``mnemon.claude.inject``, imported lazily.
Each answer of ``inject`` and ``brief`` for a session is recorded in the injection log
(``mnemon.engine.injections``) by a job queued on the writer after the answer is built: the hook
never waits for it, and the read pool never writes. What a read must remember (the ids it
injected, access counts) is kept in RAM by ``Memory`` and flushed by a job on the writer;
``Memory.bind_writer`` makes any SQLite write off the writer thread raise.
"""

from __future__ import annotations

import hashlib
import logging
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mnemon_daemon.hookops import op_brief, op_capture, op_import_transcripts, op_inject, op_mute

from mnemon.engine.model import (
    DEFAULT_CATEGORY,
    DEFAULT_IMPORTANCE,
    DEFAULT_SOURCE,
    GC_THRESHOLD,
    GLOBAL_SCOPE,
    LINK_WEIGHT,
    PAGE_LIMIT,
    RECALL_LIMIT,
)
from mnemon.errors import InvalidInput, LimitExceeded, NotFound
from mnemon.paths import path_problem

if TYPE_CHECKING:
    from mnemon_daemon.server import Daemon

log = logging.getLogger("mnemon.daemon.ops")

NO_EMBEDDER = ("no embedder is configured; set `embedder = \"local\"` or `\"ollama\"` in the config "
               "(`mnemon path` shows where) and the daemon picks it up")

EXPORT_CHUNK = 100
MAX_IMPORT_BATCH = 5000
EMBED_PROGRESS_EVERY = 0.2  # seconds embed_all waits for its turn before reporting progress anyway
STR = (str,)
INT = (int,)
NUM = (int, float)
BOOL = (bool,)
LIST = (list,)
MAP = (dict,)


@dataclass(frozen=True)
class Arg:
    name: str
    types: tuple[type, ...]
    required: bool = False
    default: Any = None
    nullable: bool = False
    items: type | None = None  # element type of a list
    path: bool = False  # a file or directory: absolute (clients resolve it), within PATH_MAX

    def check(self, op: str, value: Any) -> Any:
        if value is None and self.nullable:
            return None
        if not isinstance(value, self.types) or (isinstance(value, bool) and bool not in self.types):
            wanted = " or ".join(t.__name__ for t in self.types)
            raise InvalidInput(f"{op}: argument '{self.name}' must be {wanted}, got {type(value).__name__}")
        if self.path and isinstance(value, str) and value:
            problem = path_problem(value)
            if problem:
                raise InvalidInput(f"{op}: argument '{self.name}' {problem}")
        checked: Any = value
        if self.items is not None:
            for item in checked:
                if not isinstance(item, self.items) or (isinstance(item, bool) and self.items is not bool):
                    raise InvalidInput(
                        f"{op}: every item of '{self.name}' must be {self.items.__name__}, "
                        f"got {type(item).__name__}"
                    )
        return float(checked) if self.types == NUM else checked


@dataclass(frozen=True)
class Op:
    name: str
    kind: str
    fn: Callable[..., Any]
    args: tuple[Arg, ...] = field(default_factory=tuple)

    def validate(self, raw: dict[str, Any]) -> dict[str, Any]:
        known = {a.name: a for a in self.args}
        unknown = sorted(str(k) for k in raw if k not in known)
        if unknown:
            raise InvalidInput(
                f"{self.name}: unknown argument(s) {', '.join(unknown)}; "
                f"accepted: {', '.join(known) or '(none)'}"
            )
        out: dict[str, Any] = {}
        for arg in self.args:
            if arg.name not in raw or (raw[arg.name] is None and not arg.nullable):
                if arg.required:
                    raise InvalidInput(f"{self.name}: argument '{arg.name}' is required")
                out[arg.name] = arg.default
                continue
            out[arg.name] = arg.check(self.name, raw[arg.name])
        return out


def _strs(name: str, **kw: Any) -> Arg:
    return Arg(name, LIST, items=str, **kw)


# -- plain ops ------------------------------------------------------------------------------
def op_ping(d: Daemon) -> dict[str, Any]:
    out: dict[str, Any] = d.identity()
    return out


def op_shutdown(d: Daemon) -> dict[str, Any]:
    d.request_stop()
    return {"stopping": True, "pid": os.getpid()}


def op_config(d: Daemon) -> dict[str, Any]:
    return {"config": d.config.as_dict(), "path": str(d.paths.config), "error": d.config_error}


def op_status(d: Daemon) -> dict[str, Any]:
    status = dict(d.memory.status())
    status["daemon"] = d.info()
    return status


def op_remember(d: Daemon, **kw: Any) -> dict[str, Any]:
    result = d.memory.remember(kw.pop("content"), embed=False, **kw)
    d.embedder_wake()
    out: dict[str, Any] = result.to_dict()
    return out


def op_recall(d: Daemon, *, query: str, scope: str | None, **kw: Any) -> dict[str, Any]:
    if scope is not None:
        kw["scopes"] = list(kw.get("scopes") or ()) + [scope]
    result = d.memory.recall(query, query_vector=d.query_vector(query), **kw)
    out: dict[str, Any] = result.to_dict()
    return out


def op_link(d: Daemon, *, source_id: str, target_id: str, **kw: Any) -> dict[str, Any]:
    out: dict[str, Any] = d.memory.link(source_id, target_id, **kw).to_dict()
    return out


def op_unlink(d: Daemon, *, source_id: str, target_id: str, type: str | None) -> dict[str, Any]:
    return {"removed": d.memory.unlink(source_id, target_id, type=type)}


def op_forget(d: Daemon, *, id: str, reason: str) -> dict[str, Any]:
    out: dict[str, Any] = d.memory.forget(id, reason=reason).to_dict()
    return out


def op_show(d: Daemon, *, id: str) -> dict[str, Any]:
    out: dict[str, Any] = d.memory.show(id)
    return out


def op_gc(d: Daemon, **kw: Any) -> dict[str, Any]:
    out: dict[str, Any] = d.memory.gc(**kw)
    return out


def op_log(d: Daemon, **kw: Any) -> dict[str, Any]:
    return {"entries": d.memory.log(**kw)}


def op_verify(d: Daemon) -> dict[str, Any]:
    out: dict[str, Any] = d.memory.verify()
    return out


def op_embed(d: Daemon, *, mode: str, id: str | None) -> dict[str, Any]:
    if mode == "status":
        out: dict[str, Any] = dict(d.memory.embed_status())
        out["embedder"] = d.describe_embedder()
        return out
    embedder = d.embedder
    if embedder is None:
        raise InvalidInput(NO_EMBEDDER)
    if mode == "all":
        stored = d.embed_worker.drain()
        return {"stored": stored, "status": d.memory.embed_status()}
    if mode == "one":
        if not id:
            raise InvalidInput("embed one: argument 'id' is required")
        insight = d.memory.get(id)
        vector = embedder.embed_passages([insight.content])[0]
        stored = d.writer.submit(lambda: d.memory.store_vectors(embedder.model_id, [(insight.id, vector)]))
        return {"stored": int(stored.result() or 0), "id": insight.id}
    raise InvalidInput(f"embed: mode must be status, all or one, got {mode!r}")


def op_embed_all(d: Daemon) -> Iterator[dict[str, Any]]:
    """Embed every memory that lacks a vector (``mnemon embed --all``), as a stream: a
    ``progress`` chunk after each batch, so the client's deadline bounds one batch rather
    than the whole backfill, then ``{"result": {stored, status}}``. The background queue
    keeps working alongside (batches alternate); work left when the client goes away is
    finished by it."""
    if d.embedder is None:
        raise InvalidInput(NO_EMBEDDER)
    total = int(d.memory.embed_status()["missing"])
    stored = 0
    yield {"progress": {"done": 0, "total": total, "stored": 0}}
    while True:
        n = d.embed_worker.step(wait=EMBED_PROGRESS_EVERY)  # None: the background queue ran a batch
        stored += n or 0
        missing = int(d.memory.embed_status()["missing"])
        total = max(total, stored + missing)
        eta = d.embed_worker.estimate(missing)
        yield {"progress": {"done": total - missing, "total": total, "stored": stored,
                            "seconds_left": None if eta is None else round(eta, 1)}}
        if n == 0 or (n is None and missing == 0):
            break
    yield {"result": {"stored": stored, "status": d.memory.embed_status()}}


def op_import(d: Daemon, *, records: list[Any], ids: dict[str, Any] | None) -> dict[str, Any]:
    """One part of an import (see ``Memory.import_records``): the client sends a large file as
    a series of calls, passing back in ``ids`` the id changes earlier calls returned that this
    part's edges need, so edges find their ends across the whole import."""
    if len(records) > MAX_IMPORT_BATCH:
        raise LimitExceeded(f"import: at most {MAX_IMPORT_BATCH} records per call, got {len(records)}")
    for i, record in enumerate(records):
        if not isinstance(record, dict):
            raise InvalidInput(f"import: record {i} is a {type(record).__name__}, not a map")
    for old, new in (ids or {}).items():
        if not isinstance(old, str) or not isinstance(new, str):
            raise InvalidInput("import: 'ids' must map old ids to ids in this store (strings)")
    out: dict[str, Any] = dict(d.memory.import_records(records, ids=ids))
    d.embedder_wake()
    return out


def op_export(d: Daemon, *, include_deleted: bool, chunk: int) -> Iterator[dict[str, Any]]:
    size = max(1, min(chunk, 5000))
    batch: list[dict[str, Any]] = []
    for record in d.memory.export(include_deleted=include_deleted):
        batch.append(record)
        if len(batch) >= size:
            yield {"records": batch}
            batch = []
    yield {"records": batch}


# -- Claude Code ops --------------------------------------------------------------------------


def _muted(d: Daemon, target: str, value: str) -> bool:
    from mnemon.claude.inject import mute_key

    state = d.memory.kv_get(mute_key(target, value))
    return isinstance(state, dict) and state.get("on") is True


# -- browsing and steering (CLI list/forget/pin/scope, the viewer, the MCP server) -------------
def _scopes(scope: str | None, scopes: list[str] | None) -> list[str] | None:
    out = list(scopes or ()) + ([scope] if scope else [])
    return out or None


def op_list(d: Daemon, *, scope: str | None, scopes: list[str] | None, **kw: Any) -> dict[str, Any]:
    out: dict[str, Any] = d.memory.list_insights(scopes=_scopes(scope, scopes), **kw)
    return out


def op_sessions(d: Daemon, *, scope: str | None, offset: int, limit: int) -> dict[str, Any]:
    out: dict[str, Any] = d.memory.sessions(scopes=[scope] if scope else None, offset=offset, limit=limit)
    for entry in out["items"]:
        entry["muted"] = _muted(d, "session", entry["session_id"])
    return out


def op_projects(d: Daemon) -> dict[str, Any]:
    items = d.memory.projects()
    for entry in items:
        entry["muted"] = entry["scope"] != "global" and _muted(d, "project", entry["scope"])
    return {"items": items}


def op_timeline(d: Daemon, *, id: str, before: int, after: int) -> dict[str, Any]:
    out: dict[str, Any] = d.memory.timeline(id, before=before, after=after)
    return out


def op_injections(d: Daemon, **kw: Any) -> dict[str, Any]:
    """The injection log, newest first; for one session, also whether it is muted now."""
    out: dict[str, Any] = {"entries": d.memory.injections(**kw)}
    if kw.get("session_id"):
        out["muted"] = _muted(d, "session", kw["session_id"])
    return out


def op_forget_many(d: Daemon, *, ids: list[str] | None, session_id: str | None, scope: str | None, dry_run: bool,
                   expect: str | None, reason: str) -> dict[str, Any]:
    """Forget the memories named by exactly one of: ``ids``, a session, a scope. ``dry_run``
    only says which, with a ``digest`` of the set; the CLI and the viewer show that, ask, and
    send it back as ``expect``: if the session or scope gained or lost a memory since, nothing
    is forgotten and the caller asks again."""
    given = [name for name, value in (("ids", ids), ("session_id", session_id), ("scope", scope)) if value]
    if len(given) != 1:
        raise InvalidInput("forget_many: give exactly one of ids, session_id or scope")
    if ids:
        chosen = [d.memory.get(i) for i in ids]
        gone = [ins.short_id for ins in chosen if ins.deleted_at is not None]
        if gone:
            raise NotFound(f"already forgotten: {', '.join(gone)}")
        chosen_ids = list(dict.fromkeys(ins.id for ins in chosen))
    else:
        chosen_ids = d.memory.select_ids(session_id=session_id, scopes=[scope] if scope else None)
    digest = hashlib.sha256("\n".join(sorted(chosen_ids)).encode()).hexdigest()[:16]
    if dry_run or not chosen_ids:
        preview = [{"id": ins.id, "content": ins.content[:200]} for ins in map(d.memory.get, chosen_ids[:5])]
        return {"dry_run": dry_run, "count": len(chosen_ids), "ids": chosen_ids, "digest": digest,
                "preview": preview}
    if expect is not None and expect != digest:
        raise InvalidInput(f"the memories to forget changed since they were shown ({len(chosen_ids)} now); "
                           "nothing was forgotten: look again and confirm")
    done = d.memory.forget_many(chosen_ids, reason=reason)
    return {"dry_run": False, "count": len(done), "ids": [ins.id for ins in done], "digest": digest}


def op_pin(d: Daemon, *, id: str, on: bool) -> dict[str, Any]:
    out: dict[str, Any] = d.memory.pin(id, on=on).to_dict()
    return out


def op_scope(d: Daemon, *, id: str, scope: str) -> dict[str, Any]:
    out: dict[str, Any] = d.memory.set_scope(id, scope).to_dict()
    return out


def _op(name: str, kind: str, fn: Callable[..., Any], *args: Arg) -> Op:
    return Op(name, kind, fn, tuple(args))


OPS: dict[str, Op] = {
    op.name: op
    for op in (
        _op("ping", "loop", op_ping),
        _op("config", "loop", op_config),
        _op("shutdown", "loop", op_shutdown),
        _op("status", "read", op_status),
        _op(
            "remember",
            "write",
            op_remember,
            Arg("content", STR, required=True),
            Arg("category", STR, default=DEFAULT_CATEGORY),
            Arg("importance", INT, default=DEFAULT_IMPORTANCE),
            _strs("tags", default=()),
            _strs("entities", default=()),
            Arg("source", STR, default=DEFAULT_SOURCE),
            Arg("scope", STR, default=GLOBAL_SCOPE),
            Arg("session_id", STR, nullable=True),
            Arg("metadata", MAP, nullable=True),
            Arg("origin", STR, nullable=True),
            Arg("created_at", NUM, nullable=True),
            Arg("no_diff", BOOL, default=False),
        ),
        _op(
            "recall",
            "read",
            op_recall,
            Arg("query", STR, required=True),
            Arg("limit", INT, default=RECALL_LIMIT),
            Arg("intent", STR, nullable=True),
            Arg("scope", STR, nullable=True),
            _strs("scopes", nullable=True),
            _strs("categories", nullable=True),
            _strs("sources", nullable=True),
            Arg("since", NUM, nullable=True),
            Arg("until", NUM, nullable=True),
            _strs("exclude_ids", default=()),
            Arg("touch", BOOL, default=True),
        ),
        _op(
            "link",
            "write",
            op_link,
            Arg("source_id", STR, required=True),
            Arg("target_id", STR, required=True),
            Arg("type", STR, required=True),
            Arg("weight", NUM, default=LINK_WEIGHT),
            Arg("metadata", MAP, nullable=True),
        ),
        _op(
            "unlink",
            "write",
            op_unlink,
            Arg("source_id", STR, required=True),
            Arg("target_id", STR, required=True),
            Arg("type", STR, nullable=True),
        ),
        _op("forget", "write", op_forget, Arg("id", STR, required=True), Arg("reason", STR, default=DEFAULT_SOURCE)),
        _op("show", "read", op_show, Arg("id", STR, required=True)),
        _op(
            "gc",
            "write",
            op_gc,
            Arg("threshold", NUM, default=GC_THRESHOLD),
            Arg("keep", STR, nullable=True),
            Arg("limit", INT, default=PAGE_LIMIT),
        ),
        _op("log", "read", op_log, Arg("limit", INT, default=PAGE_LIMIT), Arg("op", STR, nullable=True)),
        _op("verify", "write", op_verify),  # it checks the keyword index with a write statement
        _op("embed", "read", op_embed, Arg("mode", STR, default="status"), Arg("id", STR, nullable=True)),
        _op("embed_all", "stream", op_embed_all),
        _op("import", "write", op_import, Arg("records", LIST, required=True), Arg("ids", MAP, nullable=True)),
        _op(
            "export",
            "stream",
            op_export,
            Arg("include_deleted", BOOL, default=False),
            Arg("chunk", INT, default=EXPORT_CHUNK),
        ),
        _op(
            "capture",
            "loop",
            op_capture,
            Arg("session_id", STR, required=True),
            Arg("transcript_path", STR, required=True, path=True),
            Arg("cwd", STR, required=True, path=True),
            Arg("event", STR, required=True),
            Arg("last_assistant_message", STR, nullable=True),
        ),
        _op(
            "inject",
            "read",
            op_inject,
            Arg("prompt", STR, required=True),
            Arg("session_id", STR, default=""),
            Arg("cwd", STR, default="", path=True),
            Arg("transcript_path", STR, nullable=True, path=True),
            Arg("dry_run", BOOL, default=False),
        ),
        _op(
            "brief",
            "read",
            op_brief,
            Arg("session_id", STR, default=""),
            Arg("cwd", STR, default="", path=True),
            Arg("source", STR, default="startup"),
        ),
        _op(
            "mute",
            "write",
            op_mute,
            Arg("target", STR, required=True),
            Arg("session_id", STR, nullable=True),
            Arg("cwd", STR, nullable=True, path=True),
            Arg("scope", STR, nullable=True),
            Arg("on", BOOL, default=True),
        ),
        _op(
            "list",
            "read",
            op_list,
            Arg("scope", STR, nullable=True),
            _strs("scopes", nullable=True),
            Arg("session_id", STR, nullable=True),
            _strs("categories", nullable=True),
            Arg("since", NUM, nullable=True),
            Arg("until", NUM, nullable=True),
            Arg("flagged", BOOL, nullable=True),
            Arg("pinned", BOOL, nullable=True),
            Arg("include_deleted", BOOL, default=False),
            _strs("ids", nullable=True),
            Arg("offset", INT, default=0),
            Arg("limit", INT, default=PAGE_LIMIT),
        ),
        _op("sessions", "read", op_sessions, Arg("scope", STR, nullable=True), Arg("offset", INT, default=0),
            Arg("limit", INT, default=PAGE_LIMIT)),
        _op("projects", "read", op_projects),
        _op("timeline", "read", op_timeline, Arg("id", STR, required=True), Arg("before", INT, default=5),
            Arg("after", INT, default=5)),
        _op(
            "injections",
            "read",
            op_injections,
            Arg("session_id", STR, nullable=True),
            Arg("scope", STR, nullable=True),
            Arg("event", STR, nullable=True),
            Arg("before", INT, nullable=True),
            Arg("limit", INT, default=PAGE_LIMIT),
            Arg("with_context", BOOL, default=True),
        ),
        _op(
            "forget_many",
            "write",
            op_forget_many,
            _strs("ids", nullable=True),
            Arg("session_id", STR, nullable=True),
            Arg("scope", STR, nullable=True),
            Arg("dry_run", BOOL, default=False),
            Arg("expect", STR, nullable=True),
            Arg("reason", STR, default=DEFAULT_SOURCE),
        ),
        _op("pin", "write", op_pin, Arg("id", STR, required=True), Arg("on", BOOL, default=True)),
        _op("scope", "write", op_scope, Arg("id", STR, required=True), Arg("scope", STR, required=True)),
        _op("import_transcripts", "stream", op_import_transcripts, Arg("dir", STR, required=True, path=True)),
    )
}
