"""The memory engine: SQLite is canonical, RAM is derived.

(Being written: this file currently fixes the public API that the daemon, capture,
injection and benchmarks build on. Signatures here are the contract.)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from mnemon.config import Config
from mnemon.model import Edge, Insight, RecallResult, RememberResult


class Memory:
    """A memory store: open it once, keep it open; thread-safe (one internal lock).

    Mutating methods commit to SQLite first, then update RAM. Reads are served from RAM.
    """

    @classmethod
    def open(cls, path: Path | str, *, config: Config | None = None, embedder: Any = None,
             read_only: bool = False) -> Memory: ...

    def close(self) -> None: ...

    # -- writes -------------------------------------------------------------------------
    def remember(
        self,
        content: str,
        *,
        category: str = "general",
        importance: int = 3,
        tags: Sequence[str] = (),
        entities: Sequence[str] = (),
        source: str = "user",
        scope: str = "global",
        session_id: str | None = None,
        metadata: dict[str, Any] | None = None,
        origin: str | None = None,     # idempotency key, e.g. "cc:<session>:<line uuid>:<part>"
        created_at: float | None = None,  # epoch seconds; default now
        no_diff: bool = False,
        embed: bool = True,            # False: store text now, vector later (embed_pending)
    ) -> RememberResult: ...

    def link(self, source_id: str, target_id: str, *, type: str, weight: float = 1.0,
             metadata: dict[str, Any] | None = None) -> Edge: ...
    def unlink(self, source_id: str, target_id: str, *, type: str | None = None) -> int: ...
    def forget(self, insight_id: str, *, reason: str = "user") -> Insight: ...
    def gc(self, *, threshold: float = 0.5, keep: str | None = None, limit: int = 50) -> dict[str, Any]: ...
    def import_records(self, records: Iterable[dict[str, Any]]) -> dict[str, int]: ...

    # -- embeddings ---------------------------------------------------------------------
    def pending_embeddings(self, limit: int = 64) -> list[tuple[str, str]]: ...
    def store_vectors(self, model_id: str, items: Sequence[tuple[str, np.ndarray]]) -> int: ...
    def embed_pending(self, *, batch: int = 32, limit: int | None = None) -> int: ...
    def embed_status(self) -> dict[str, Any]: ...

    # -- reads --------------------------------------------------------------------------
    def recall(
        self,
        query: str,
        *,
        limit: int = 10,
        intent: str | None = None,
        scopes: Sequence[str] | None = None,
        categories: Sequence[str] | None = None,
        sources: Sequence[str] | None = None,
        since: float | None = None,
        until: float | None = None,
        exclude_ids: Iterable[str] = (),
        query_vector: np.ndarray | None = None,
        touch: bool = True,
    ) -> RecallResult: ...

    def get(self, insight_id: str) -> Insight: ...
    def show(self, insight_id: str) -> dict[str, Any]: ...
    def status(self) -> dict[str, Any]: ...
    def log(self, *, limit: int = 50, op: str | None = None) -> list[dict[str, Any]]: ...
    def export(self, *, include_deleted: bool = False) -> Iterator[dict[str, Any]]: ...
    def verify(self) -> dict[str, Any]: ...

    # -- small persistent state for integrations (cursors, mutes) -----------------------
    def kv_get(self, key: str) -> Any: ...
    def kv_set(self, key: str, value: Any) -> None: ...
    def flush(self) -> None: ...
