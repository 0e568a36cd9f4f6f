"""SQL write helpers beside the schema (``mnemon.engine.db``): the one list of the insights
table's columns that the INSERT, the SELECT that loads RAM (``state.insight_from_row``) and a
test against the schema all use, and the statements the write paths share.

Part of the engine: imports its model only.
"""

from __future__ import annotations

import json
from typing import Any

from mnemon.engine.model import Insight

# The insights table's columns in the order ``state.insight_from_row`` reads them (m001, then
# ``pinned`` from m005); with CACHE_FIELDS, every column: ``tests/test_db.py`` checks them against
# the schema the migrations build.
INSIGHT_FIELDS = ("seq", "id", "content", "category", "importance", "tags", "entities", "source", "scope",
                  "session_id", "created_at", "updated_at", "last_accessed_at", "access_count", "deleted_at",
                  "content_hash", "origin", "metadata", "flags", "context", "pinned")
# stored beside them by the write paths (m003, m007): the token cache and the screening version
CACHE_FIELDS = ("tokens", "context_tokens", "tokens_version", "screened")
INSIGHT_COLUMNS = ", ".join(INSIGHT_FIELDS)
INSERT_INSIGHT = (f"INSERT INTO insights ({', '.join(INSIGHT_FIELDS + CACHE_FIELDS)}) "
                  f"VALUES ({', '.join('?' * len(INSIGHT_FIELDS + CACHE_FIELDS))})")
INSERT_EDGE = ("INSERT OR REPLACE INTO graph_edges (src, dst, type, weight, metadata, created_at) "
               "VALUES (?, ?, ?, ?, ?, ?)")
INSERT_OPLOG = "INSERT INTO oplog (ts, op, insight_id, detail) VALUES (?, ?, ?, ?)"
TRIM_OPLOG = "DELETE FROM oplog WHERE seq <= (SELECT MAX(seq) FROM oplog) - ?"


def insight_values(ins: Insight, *, origin: str | None, tokens: str, context_tokens: str, tokens_version: int,
                   screened: int) -> tuple[Any, ...]:
    """The values of :data:`INSERT_INSIGHT` for a new memory (``seq`` chosen by SQLite, not
    forgotten, not pinned, never accessed), in the order of ``INSIGHT_FIELDS + CACHE_FIELDS``."""
    return (None, ins.id, ins.content, ins.category, ins.importance, json.dumps(list(ins.tags)),
            json.dumps(list(ins.entities)), ins.source, ins.scope, ins.session_id, ins.created_at, ins.updated_at,
            ins.last_accessed_at, 0, None, ins.content_hash, origin, json.dumps(ins.metadata, ensure_ascii=False),
            json.dumps(list(ins.flags)), ins.context, 0, tokens, context_tokens, tokens_version, screened)
