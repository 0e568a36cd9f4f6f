"""Values of the memory model: insights, edges, results, and the limits they obey.

An *insight* is one memory. Edges are typed (temporal, entity, causal, semantic,
supersedes) and weighted. These dataclasses are frozen values; the engine owns the
mutable state. ``to_dict()`` gives the stable JSON shape used by the CLI and the socket.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from typing import Any

CATEGORIES = ("preference", "decision", "fact", "insight", "context", "general")
EDGE_TYPES = ("temporal", "entity", "causal", "semantic", "supersedes")
EDGE_CODE = {name: i for i, name in enumerate(EDGE_TYPES)}  # the type code stored in graph_edges.type
DIRECTED_EDGES = frozenset({"causal", "supersedes"})  # from cause to effect, from the newer to the older;
# the others are symmetric (stored once, the older memory as the source)
INTENTS = ("WHY", "WHEN", "ENTITY", "GENERAL")
CAUSAL_SUBTYPES = ("causes", "enables", "prevents")

MAX_CONTENT = 8000
MAX_TAGS = 20
MAX_ENTITIES = 50
MAX_TAG_LEN = 64
MAX_ENTITY_LEN = 128
MAX_QUERY = 4000
MAX_LIMIT = 200
MAX_METADATA_BYTES = 16000
GLOBAL_SCOPE = "global"

# Defaults of the public operations, written once for the engine, the daemon's op schemas and the CLI.
DEFAULT_CATEGORY = "general"
DEFAULT_IMPORTANCE = 3
DEFAULT_SOURCE = "user"  # who stated a memory; also who asked to forget one
RECALL_LIMIT = 10
PAGE_LIMIT = 50  # entries of a list, log, gc or injections page
GC_THRESHOLD = 0.5
LINK_WEIGHT = 1.0

# Base weight of importance 1..5 (see mnemon.engine.lifecycle).
BASE_WEIGHT = {5: 1.0, 4: 0.8, 3: 0.5, 2: 0.3, 1: 0.15}


# The times a memory may carry: 1970-01-01T00:00:00Z to 9999-12-31T23:59:59Z, the span every
# formatter (datetime, ISO-8601) can show. Every boundary (remember, import, capture, recall
# filters) refuses others, and migration m008 repairs stores written before it did.
MIN_TIME = 0.0
MAX_TIME = 253402300799.0
TIME_RANGE = "1970-01-01 to 9999-12-31"


def time_ok(ts: object) -> bool:
    """Whether ``ts`` is a number of seconds since the epoch inside [MIN_TIME, MAX_TIME]."""
    if isinstance(ts, bool) or not isinstance(ts, (int, float)):
        return False
    try:
        return MIN_TIME <= float(ts) <= MAX_TIME
    except OverflowError:  # an int too large for a float
        return False


def utc(ts: float | None) -> _dt.datetime | None:
    """``ts`` as an aware UTC datetime; None for None or a time outside the valid range.
    Never raises, so a bad stored value can never break a command that shows it."""
    if ts is None or not time_ok(ts):
        return None
    try:
        return _dt.datetime.fromtimestamp(float(ts), _dt.timezone.utc)
    except (OverflowError, OSError, ValueError):
        return None


def iso(ts: float | None) -> str | None:
    """Seconds since the epoch as an ISO-8601 UTC string (None when absent or out of range)."""
    moment = utc(ts)
    if moment is None:
        return None
    return moment.isoformat(timespec="seconds").replace("+00:00", "Z")


@dataclass(frozen=True, slots=True)
class Insight:
    id: str
    content: str
    category: str = DEFAULT_CATEGORY
    importance: int = DEFAULT_IMPORTANCE
    tags: tuple[str, ...] = ()
    entities: tuple[str, ...] = ()
    source: str = DEFAULT_SOURCE
    scope: str = GLOBAL_SCOPE
    session_id: str | None = None
    created_at: float = 0.0
    updated_at: float = 0.0
    last_accessed_at: float = 0.0
    access_count: int = 0
    deleted_at: float | None = None
    content_hash: str = ""
    metadata: dict[str, Any] = field(default_factory=dict)
    flags: tuple[str, ...] = ()  # e.g. "injection" when the guard flagged the content
    context: str = ""  # what situates it (the turn it answers): searched, never injected
    pinned: bool = False  # immune to decay and pruning (`mnemon pin`)

    @property
    def short_id(self) -> str:
        return self.id[:8]

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "content": self.content,
            "category": self.category,
            "importance": self.importance,
            "tags": list(self.tags),
            "entities": list(self.entities),
            "source": self.source,
            "scope": self.scope,
            "session_id": self.session_id,
            "created_at": iso(self.created_at),
            "updated_at": iso(self.updated_at),
            "last_accessed_at": iso(self.last_accessed_at),
            "access_count": self.access_count,
            "deleted_at": iso(self.deleted_at),
            "content_hash": self.content_hash,
            "metadata": dict(self.metadata),
            "flags": list(self.flags),
            "context": self.context,
            "pinned": self.pinned,
        }


@dataclass(frozen=True)
class Edge:
    source_id: str
    target_id: str
    type: str
    weight: float = LINK_WEIGHT
    metadata: dict[str, Any] = field(default_factory=dict)
    created_at: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "source_id": self.source_id,
            "target_id": self.target_id,
            "type": self.type,
            "weight": round(self.weight, 4),
            "metadata": dict(self.metadata),
            "created_at": iso(self.created_at),
        }


@dataclass(frozen=True)
class Hit:
    """One recalled insight with the signals that put it there."""

    insight: Insight
    score: float
    via: str  # which anchor signal or edge type brought it in
    signals: dict[str, float]

    def to_dict(self) -> dict[str, Any]:
        return {
            "insight": self.insight.to_dict(),
            "score": round(self.score, 4),
            "via": self.via,
            "signals": {k: round(v, 4) for k, v in self.signals.items()},
        }


@dataclass(frozen=True)
class RecallResult:
    hits: tuple[Hit, ...]
    intent: str
    meta: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"intent": self.intent, "results": [h.to_dict() for h in self.hits], "meta": dict(self.meta)}


@dataclass(frozen=True)
class RememberResult:
    id: str | None
    action: str  # "added" | "updated" | "skipped"
    diff_suggestion: str  # "ADD" | "UPDATE" | "CONFLICT" | "DUPLICATE"
    superseded_id: str | None = None
    duplicate_of: str | None = None
    edges_created: dict[str, int] = field(default_factory=dict)
    semantic_candidates: tuple[dict[str, Any], ...] = ()
    causal_candidates: tuple[dict[str, Any], ...] = ()
    embedded: bool = False
    effective_importance: float = 0.0
    auto_pruned: int = 0
    redacted: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "action": self.action,
            "diff_suggestion": self.diff_suggestion,
            "replaced_id": self.superseded_id,
            "superseded_id": self.superseded_id,
            "duplicate_of": self.duplicate_of,
            "edges_created": dict(self.edges_created),
            "semantic_candidates": list(self.semantic_candidates),
            "causal_candidates": list(self.causal_candidates),
            "embedded": self.embedded,
            "effective_importance": round(self.effective_importance, 4),
            "auto_pruned": self.auto_pruned,
            "redacted": list(self.redacted),
            "flags": list(self.flags),
        }
