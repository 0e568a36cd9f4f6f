"""One frozen request per daemon op that takes arguments: its fields, their types and their defaults, written once.

Three places read them: the daemon derives each op's argument schema from the request's fields
(``mnemon_daemon.ops.OPS``: a field without a default is required, ``X | None`` accepts null, a
field marked :data:`PATH` is a file or directory) and hands the op a checked request; the op calls
the engine with the request's fields; the CLI takes its argparse defaults from the request class
(``RememberRequest.category``). The engine's own keyword defaults are the same constants of
``mnemon.engine.model``. Ops without arguments (ping, status, verify, ...) have no request.

Part of the engine: imports ``mnemon.engine.model`` only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

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

PATH = {"path": True}
"""Field metadata: the value is a file or directory (absolute: clients resolve it; within PATH_MAX)."""

EXPORT_CHUNK = 100  # records a chunk of an export stream


@dataclass(frozen=True)
class RememberRequest:
    content: str
    category: str = DEFAULT_CATEGORY
    importance: int = DEFAULT_IMPORTANCE
    tags: Sequence[str] = ()
    entities: Sequence[str] = ()
    source: str = DEFAULT_SOURCE
    scope: str = GLOBAL_SCOPE
    session_id: str | None = None
    metadata: dict[str, Any] | None = None
    origin: str | None = None
    created_at: float | None = None
    no_diff: bool = False


@dataclass(frozen=True)
class RecallRequest:
    query: str
    limit: int = RECALL_LIMIT
    intent: str | None = None
    scope: str | None = None  # added to ``scopes``
    scopes: Sequence[str] | None = None
    categories: Sequence[str] | None = None
    sources: Sequence[str] | None = None
    since: float | None = None
    until: float | None = None
    exclude_ids: Sequence[str] = ()
    touch: bool = True


@dataclass(frozen=True)
class LinkRequest:
    source_id: str
    target_id: str
    type: str
    weight: float = LINK_WEIGHT
    metadata: dict[str, Any] | None = None


@dataclass(frozen=True)
class UnlinkRequest:
    source_id: str
    target_id: str
    type: str | None = None


@dataclass(frozen=True)
class ForgetRequest:
    id: str
    reason: str = DEFAULT_SOURCE


@dataclass(frozen=True)
class ShowRequest:
    id: str


@dataclass(frozen=True)
class GcRequest:
    threshold: float = GC_THRESHOLD
    keep: str | None = None
    limit: int = PAGE_LIMIT


@dataclass(frozen=True)
class LogRequest:
    limit: int = PAGE_LIMIT
    op: str | None = None


@dataclass(frozen=True)
class EmbedRequest:
    mode: str = "status"  # status, all or one
    id: str | None = None


@dataclass(frozen=True)
class ImportRequest:
    records: list[Any]
    ids: dict[str, Any] | None = None


@dataclass(frozen=True)
class ExportRequest:
    include_deleted: bool = False
    chunk: int = EXPORT_CHUNK


@dataclass(frozen=True)
class CaptureRequest:
    session_id: str
    transcript_path: str = field(metadata=PATH)
    cwd: str = field(metadata=PATH)
    event: str
    last_assistant_message: str | None = None


@dataclass(frozen=True)
class InjectRequest:
    prompt: str
    session_id: str = ""
    cwd: str = field(default="", metadata=PATH)
    transcript_path: str | None = field(default=None, metadata=PATH)  # accepted; injection does not read it
    dry_run: bool = False
    until: float | None = None  # when the caller stops waiting (epoch seconds): a later answer is not shown


@dataclass(frozen=True)
class BriefRequest:
    session_id: str = ""
    cwd: str = field(default="", metadata=PATH)
    source: str = "startup"
    until: float | None = None  # as InjectRequest.until


@dataclass(frozen=True)
class MuteRequest:
    target: str  # session or project
    session_id: str | None = None
    cwd: str | None = field(default=None, metadata=PATH)
    scope: str | None = None
    on: bool = True


@dataclass(frozen=True)
class ListRequest:
    scope: str | None = None  # added to ``scopes``
    scopes: Sequence[str] | None = None
    session_id: str | None = None
    categories: Sequence[str] | None = None
    since: float | None = None
    until: float | None = None
    flagged: bool | None = None
    pinned: bool | None = None
    include_deleted: bool = False
    ids: Sequence[str] | None = None
    offset: int = 0
    limit: int = PAGE_LIMIT


@dataclass(frozen=True)
class SessionsRequest:
    scope: str | None = None
    offset: int = 0
    limit: int = PAGE_LIMIT


@dataclass(frozen=True)
class TimelineRequest:
    id: str
    before: int = 5
    after: int = 5


@dataclass(frozen=True)
class InjectionsRequest:
    session_id: str | None = None
    scope: str | None = None
    event: str | None = None
    before: int | None = None
    limit: int = PAGE_LIMIT
    with_context: bool = True


@dataclass(frozen=True)
class ForgetManyRequest:
    ids: Sequence[str] | None = None
    session_id: str | None = None
    scope: str | None = None
    dry_run: bool = False
    expect: str | None = None
    reason: str = DEFAULT_SOURCE


@dataclass(frozen=True)
class RestoreRequest:
    ids: Sequence[str]


@dataclass(frozen=True)
class PinRequest:
    id: str
    on: bool = True


@dataclass(frozen=True)
class ScopeRequest:
    id: str
    scope: str


@dataclass(frozen=True)
class ImportTranscriptsRequest:
    dir: str = field(metadata=PATH)
