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
The schema is derived (:func:`schema`) from the op's request dataclass in ``mnemon.engine.requests``,
which holds each default once; the op receives the checked request (:meth:`Op.bind`).
The hook ops call functions from ``mnemon.claude.capture`` / ``mnemon.claude.inject``, imported lazily.
Each answer of ``inject`` and ``brief`` for a session is recorded in the injection log
(``mnemon.engine.injections``) by a job queued on the writer after the answer is built: the hook
never waits for it, and the read pool never writes. What a read must remember (the ids it
injected, access counts) is kept in RAM by ``Memory`` and flushed by a job on the writer;
``Memory.bind_writer`` makes any SQLite write off the writer thread raise.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import itertools
import logging
import os
import types
import typing
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mnemon_daemon.hookops import op_brief, op_capture, op_import_transcripts, op_inject, op_mute

from mnemon.engine.requests import (
    BriefRequest,
    CaptureRequest,
    EmbedRequest,
    ExportRequest,
    ForgetManyRequest,
    ForgetRequest,
    GcRequest,
    ImportRequest,
    ImportTranscriptsRequest,
    InjectionsRequest,
    InjectRequest,
    LinkRequest,
    ListRequest,
    LogRequest,
    MuteRequest,
    PinRequest,
    RecallRequest,
    RememberRequest,
    RestoreRequest,
    ScopeRequest,
    SessionsRequest,
    ShowRequest,
    TimelineRequest,
    UnlinkRequest,
)
from mnemon.errors import InvalidInput, LimitExceeded, NotFound
from mnemon.paths import path_problem

if TYPE_CHECKING:
    from mnemon_daemon.server import Daemon

log = logging.getLogger("mnemon.daemon.ops")

NO_EMBEDDER = ("no embedder is configured; set `embedder = \"local\"` or `\"ollama\"` in the config "
               "(`mnemon path` shows where) and the daemon picks it up")

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
    """An op: its name, its kind (the thread it runs on), its function and, for an op that takes
    arguments, its request type, from whose fields the argument schema is derived."""

    name: str
    kind: str
    fn: Callable[..., Any]
    request: type | None = None
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

    def bind(self, d: Daemon, checked: dict[str, Any]) -> Callable[[], Any]:
        """The call of this op on ``d`` with arguments :meth:`validate` returned, as its request."""
        if self.request is None:
            return functools.partial(self.fn, d)
        return functools.partial(self.fn, d, self.request(**checked))


_TYPES: dict[Any, tuple[type, ...]] = {str: STR, int: INT, float: NUM, bool: BOOL, list: LIST, Sequence: LIST,
                                       dict: MAP}


def schema(request: type) -> tuple[Arg, ...]:
    """The argument schema of a request dataclass (``mnemon.engine.requests``): a field without a
    default is required, ``X | None`` accepts null, a list's element type is checked when named,
    a field marked ``PATH`` is a path."""
    hints = typing.get_type_hints(request)
    out = []
    for f in dataclasses.fields(request):
        hint = hints[f.name]
        nullable = typing.get_origin(hint) in (typing.Union, types.UnionType) and type(None) in typing.get_args(hint)
        if nullable:
            hint = next(h for h in typing.get_args(hint) if h is not type(None))
        base = typing.get_origin(hint) or hint
        items = [h for h in typing.get_args(hint) if h is not Any] if base in (list, Sequence) else []
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        out.append(Arg(f.name, _TYPES[base], required=required, default=None if required else f.default,
                       nullable=nullable, items=items[0] if items else None, path=bool(f.metadata.get("path"))))
    return tuple(out)


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


def op_remember(d: Daemon, r: RememberRequest) -> dict[str, Any]:
    result = d.memory.remember(
        r.content, embed=False, category=r.category, importance=r.importance, tags=r.tags, entities=r.entities,
        source=r.source, scope=r.scope, session_id=r.session_id, metadata=r.metadata, origin=r.origin,
        created_at=r.created_at, no_diff=r.no_diff,
    )
    d.embedder_wake()
    out: dict[str, Any] = result.to_dict()
    return out


def op_recall(d: Daemon, r: RecallRequest) -> dict[str, Any]:
    scopes = r.scopes if r.scope is None else [*(r.scopes or ()), r.scope]
    result = d.memory.recall(
        r.query, query_vector=d.query_vector(r.query), limit=r.limit, intent=r.intent, scopes=scopes,
        categories=r.categories, sources=r.sources, since=r.since, until=r.until, exclude_ids=r.exclude_ids,
        touch=r.touch,
    )
    out: dict[str, Any] = result.to_dict()
    return out


def op_link(d: Daemon, r: LinkRequest) -> dict[str, Any]:
    out: dict[str, Any] = d.memory.link(r.source_id, r.target_id, type=r.type, weight=r.weight,
                                        metadata=r.metadata).to_dict()
    return out


def op_unlink(d: Daemon, r: UnlinkRequest) -> dict[str, Any]:
    return {"removed": d.memory.unlink(r.source_id, r.target_id, type=r.type)}


def op_forget(d: Daemon, r: ForgetRequest) -> dict[str, Any]:
    out: dict[str, Any] = d.memory.forget(r.id, reason=r.reason).to_dict()
    return out


def op_show(d: Daemon, r: ShowRequest) -> dict[str, Any]:
    out: dict[str, Any] = d.memory.show(r.id)
    return out


def op_gc(d: Daemon, r: GcRequest) -> dict[str, Any]:
    out: dict[str, Any] = d.memory.gc(threshold=r.threshold, keep=r.keep, limit=r.limit)
    return out


def op_log(d: Daemon, r: LogRequest) -> dict[str, Any]:
    return {"entries": d.memory.log(limit=r.limit, op=r.op)}


def op_verify(d: Daemon) -> dict[str, Any]:
    out: dict[str, Any] = d.memory.verify()
    return out


def op_embed(d: Daemon, r: EmbedRequest) -> dict[str, Any]:
    mode, id = r.mode, r.id
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


def op_import(d: Daemon, r: ImportRequest) -> dict[str, Any]:
    """One part of an import (see ``Memory.import_records``): the client sends a large file as
    a series of calls, passing back in ``ids`` the id changes earlier calls returned that this
    part's edges need, so edges find their ends across the whole import."""
    records, ids = r.records, r.ids
    if len(records) > MAX_IMPORT_BATCH:
        raise LimitExceeded(f"import: at most {MAX_IMPORT_BATCH} records per call, got {len(records)}")
    for i, record in enumerate(records):
        if not isinstance(record, dict):
            raise InvalidInput(f"import: record {i} is a {type(record).__name__}, not a map")
    for old, new in (ids or {}).items():
        if not isinstance(old, str) or not isinstance(new, str):
            raise InvalidInput("import: 'ids' must map old ids to ids in this store (strings)")
    from mnemon.claude.kept import import_setting

    out: dict[str, Any] = dict(d.memory.import_records(
        records, ids=ids, others={"setting": lambda rec: import_setting(d.memory, rec)}))
    d.embedder_wake()
    return out


def op_export(d: Daemon, r: ExportRequest) -> Iterator[dict[str, Any]]:
    size = max(1, min(r.chunk, 5000))
    batch: list[dict[str, Any]] = []
    from mnemon.claude.kept import setting_records

    for record in itertools.chain(d.memory.export(include_deleted=r.include_deleted), setting_records(d.memory)):
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
def _scopes(scope: str | None, scopes: Sequence[str] | None) -> list[str] | None:
    out = list(scopes or ()) + ([scope] if scope else [])
    return out or None


def op_list(d: Daemon, r: ListRequest) -> dict[str, Any]:
    out: dict[str, Any] = d.memory.list_insights(
        scopes=_scopes(r.scope, r.scopes), session_id=r.session_id, categories=r.categories, since=r.since,
        until=r.until, flagged=r.flagged, pinned=r.pinned, include_deleted=r.include_deleted, ids=r.ids,
        offset=r.offset, limit=r.limit,
    )
    return out


def op_sessions(d: Daemon, r: SessionsRequest) -> dict[str, Any]:
    out: dict[str, Any] = d.memory.sessions(scopes=[r.scope] if r.scope else None, offset=r.offset, limit=r.limit)
    for entry in out["items"]:
        entry["muted"] = _muted(d, "session", entry["session_id"])
    return out


def op_projects(d: Daemon) -> dict[str, Any]:
    items = d.memory.projects()
    for entry in items:
        entry["muted"] = entry["scope"] != "global" and _muted(d, "project", entry["scope"])
    return {"items": items}


def op_timeline(d: Daemon, r: TimelineRequest) -> dict[str, Any]:
    out: dict[str, Any] = d.memory.timeline(r.id, before=r.before, after=r.after)
    return out


def op_injections(d: Daemon, r: InjectionsRequest) -> dict[str, Any]:
    """The injection log, newest first; for one session, also whether it is muted now."""
    out: dict[str, Any] = {"entries": d.memory.injections(
        session_id=r.session_id, scope=r.scope, event=r.event, before=r.before, limit=r.limit,
        with_context=r.with_context)}
    if r.session_id:
        out["muted"] = _muted(d, "session", r.session_id)
    return out


def op_forget_many(d: Daemon, r: ForgetManyRequest) -> dict[str, Any]:
    """Forget the memories named by exactly one of: ``ids``, a session, a scope. ``dry_run``
    only says which, with a ``digest`` of the set; the CLI and the viewer show that, ask, and
    send it back as ``expect``: if the session or scope gained or lost a memory since, nothing
    is forgotten and the caller asks again."""
    ids, session_id, scope, dry_run, expect, reason = r.ids, r.session_id, r.scope, r.dry_run, r.expect, r.reason
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


def op_restore(d: Daemon, r: RestoreRequest) -> dict[str, Any]:
    """Undo a forget: the memories back in recall as they were (until purged, ``retention_days`` later)."""
    done = d.memory.restore(list(r.ids))
    return {"count": len(done), "items": [ins.to_dict() for ins in done]}


def op_pin(d: Daemon, r: PinRequest) -> dict[str, Any]:
    out: dict[str, Any] = d.memory.pin(r.id, on=r.on).to_dict()
    return out


def op_scope(d: Daemon, r: ScopeRequest) -> dict[str, Any]:
    out: dict[str, Any] = d.memory.set_scope(r.id, r.scope).to_dict()
    return out


def _op(name: str, kind: str, fn: Callable[..., Any], request: type | None = None) -> Op:
    return Op(name, kind, fn, request, schema(request) if request is not None else ())


OPS: dict[str, Op] = {
    op.name: op
    for op in (
        _op("ping", "loop", op_ping),
        _op("config", "loop", op_config),
        _op("shutdown", "loop", op_shutdown),
        _op("status", "read", op_status),
        _op("remember", "write", op_remember, RememberRequest),
        _op("recall", "read", op_recall, RecallRequest),
        _op("link", "write", op_link, LinkRequest),
        _op("unlink", "write", op_unlink, UnlinkRequest),
        _op("forget", "write", op_forget, ForgetRequest),
        _op("show", "read", op_show, ShowRequest),
        _op("gc", "write", op_gc, GcRequest),
        _op("log", "read", op_log, LogRequest),
        _op("verify", "write", op_verify),  # it checks the keyword index with a write statement
        _op("embed", "read", op_embed, EmbedRequest),
        _op("embed_all", "stream", op_embed_all),
        _op("import", "write", op_import, ImportRequest),
        _op("export", "stream", op_export, ExportRequest),
        _op("capture", "loop", op_capture, CaptureRequest),
        _op("inject", "read", op_inject, InjectRequest),
        _op("brief", "read", op_brief, BriefRequest),
        _op("mute", "write", op_mute, MuteRequest),
        _op("list", "read", op_list, ListRequest),
        _op("sessions", "read", op_sessions, SessionsRequest),
        _op("projects", "read", op_projects),
        _op("timeline", "read", op_timeline, TimelineRequest),
        _op("injections", "read", op_injections, InjectionsRequest),
        _op("forget_many", "write", op_forget_many, ForgetManyRequest),
        _op("restore", "write", op_restore, RestoreRequest),
        _op("pin", "write", op_pin, PinRequest),
        _op("scope", "write", op_scope, ScopeRequest),
        _op("import_transcripts", "stream", op_import_transcripts, ImportTranscriptsRequest),
    )
}
