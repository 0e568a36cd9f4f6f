"""Importing exported records, each through the full write path (validation, redaction, diff);
a bad record is skipped and reported, never half-written. Bound as methods of ``Memory``.

Part of the engine: imports the engine's own modules only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from mnemon.engine import vectors
from mnemon.engine.checks import import_forgotten, import_time, is_uuid, iso_time, redact_text, time_now
from mnemon.engine.model import EDGE_CODE, EDGE_TYPES, GLOBAL_SCOPE
from mnemon.errors import InvalidInput, LimitExceeded, MnemonError, NotFound, StorageError

if TYPE_CHECKING:
    from mnemon.engine.memory import Memory



def import_records(memory: Memory, records: Iterable[Any], *, ids: dict[str, str] | None = None,
                   others: Mapping[str, Callable[[dict[str, Any]], bool]] | None = None) -> dict[str, Any]:
    """Import exported records, each through the full write path (validation, redaction,
    diff); a bad record is skipped and reported, never half-written, and never costs the
    others.

    Ids are kept (so are short ids) unless another memory already holds one; then the
    memory gets a new id and ``renamed`` says so. A record whose memory is already in the
    store (same id and text, same origin, or a duplicate by the diff) is ``skipped``, so
    importing a file twice changes nothing. Edges find their ends across the whole import,
    however it is split into calls: through ``ids`` (old id -> id here, as the earlier
    calls of the same import returned them in ``ids``), this call's own records, and
    otherwise the id itself.

    ``others`` applies records of other kinds (the settings a layer above keeps, see
    :mod:`mnemon.claude.kept`), each returning whether it changed the store (``settings``).

    Returns the counts (``insights``, ``skipped``, ``edges`` written, ``edges_unchanged``: already
    here with that weight, so not rewritten; ``settings``; ``errors``), ``renamed``
    ([{old, new}]), ``ids`` (every old id that maps to another id here) and ``problems``
    ([{index, error}], ``index`` being the record's position in ``records``)."""
    counts = {"insights": 0, "skipped": 0, "edges": 0, "edges_unchanged": 0, "settings": 0, "errors": 0}
    mapped: dict[str, str] = {}
    renamed: list[dict[str, str]] = []
    problems: list[dict[str, Any]] = []
    known = dict(ids or {})
    used: list[tuple[str, int, float]] = []
    for index, rec in enumerate(records):
        try:
            if not isinstance(rec, dict):
                raise InvalidInput(f"a record must be a JSON object, not {type(rec).__name__}")
            kind = rec.get("kind", "insight")
            if kind == "insight":
                memory._import_insight(rec, counts, mapped, renamed, used)
            elif kind == "edge":
                memory._import_edge(rec, counts, {**known, **mapped})
            elif others is not None and isinstance(kind, str) and kind in others:
                counts["settings"] += int(others[kind](rec))
            else:
                raise InvalidInput(f"unknown record kind {str(kind)[:40]!r}; expected insight or edge")
        except MnemonError as err:
            if isinstance(err, StorageError):
                raise  # the store failed, not the record: stop and say so
            counts["errors"] += 1
            problems.append({"index": index, "error": err.message})
        except (TypeError, ValueError, OverflowError) as err:
            counts["errors"] += 1
            problems.append({"index": index, "error": f"malformed record: {err}"})
    _restore_use(memory, used)
    return {**counts, "renamed": renamed, "ids": mapped, "problems": problems}


def _restore_use(memory: Memory, used: list[tuple[str, int, float]]) -> None:
    """Give the memories just imported the use their export recorded (how often, and when last),
    in one transaction: a restore must not make every memory look used this minute and never
    before, which would reset their decay and take the immunity of often-used ones."""
    if not used:
        return
    with memory._lock:
        st = memory._st
        rows = [(st.index[i], count, last) for i, count, last in used if i in st.index]
        with memory._tx() as conn:
            conn.executemany("UPDATE insights SET access_count = ?, last_accessed_at = ? WHERE id = ?",
                             [(count, last, st.insights[row].id) for row, count, last in rows])
        for row, count, last in rows:
            st.replace_insight(row, replace(st.insights[row], access_count=count, last_accessed_at=last))


def _import_use(rec: dict[str, Any], created: float | None) -> tuple[int, float] | None:
    """How often and when last an exported memory was used (None: the record does not say)."""
    count, last = rec.get("access_count"), iso_time(rec, "last_accessed_at")
    if count is None and last is None:
        return None
    if count is not None and (isinstance(count, bool) or not isinstance(count, int) or not 0 <= count < 2**31):
        raise InvalidInput(f"access_count must be a whole number from 0, got {str(count)[:40]!r}")
    return int(count or 0), max(last or 0.0, created or 0.0) or time_now()


def _import_insight(memory: Memory, rec: dict[str, Any], counts: dict[str, int], mapped: dict[str, str],
                    renamed: list[dict[str, str]], used: list[tuple[str, int, float]] | None = None) -> None:
    old, origin = rec.get("id"), rec.get("origin")
    for name, value in (("id", old), ("origin", origin)):
        if value is not None and not isinstance(value, str):
            raise InvalidInput(f"{name} must be a string, got {type(value).__name__}")
    if old and len(old) > 200:
        raise LimitExceeded(f"id is {len(old)} characters; the limit is 200")
    content = rec.get("content", "")
    keep = is_uuid(old) and old not in memory._st.index
    if old and not keep:
        digest = vectors.content_hash(redact_text(content)[0]) if isinstance(content, str) else ""
        row = memory._st.index.get(old)
        if row is not None and memory._st.insights[row].content_hash == digest:
            counts["skipped"] += 1  # this very memory is here already
            return
        # Its id is taken (or not a UUID): the new id is recorded under an origin naming the
        # old one and the text, so importing the same record again finds it.
        origin = origin or f"import:{old}:{digest[:16]}"
    # A memory the export marks forgotten stays forgotten, since when it was: it never comes
    # back into recall, and no diff lets it replace or stand for a live one.
    forgotten, created = import_forgotten(rec), import_time(rec)
    use = _import_use(rec, created)
    res = memory.remember(
        content, category=rec.get("category", "general"),
        importance=rec.get("importance", 3), tags=rec.get("tags") or (),
        entities=rec.get("entities") or (), source=rec.get("source") or "import",
        scope=rec.get("scope") or GLOBAL_SCOPE, session_id=rec.get("session_id"),
        metadata=rec.get("metadata") or {}, context=rec.get("context") or "",
        created_at=created, origin=origin, insight_id=old if keep else None, embed=False,
        no_diff=forgotten is not None)
    if res.id:
        counts["insights"] += 1
        if rec.get("pinned") is True:
            memory.pin(res.id)
        if forgotten is not None:
            memory.forget(res.id, reason="import", at=forgotten)
        if use is not None and used is not None:
            used.append((res.id, *use))
        if old and res.id != old:
            mapped[old] = res.id
            renamed.append({"old": old, "new": res.id})
    else:
        counts["skipped"] += 1
        if old and res.duplicate_of and res.duplicate_of != old:
            mapped[old] = res.duplicate_of


def _import_edge(memory: Memory, rec: dict[str, Any], counts: dict[str, int], mapped: dict[str, str]) -> None:
    ends = []
    for key in ("source_id", "target_id"):
        old = rec.get(key)
        if not isinstance(old, str) or not old:
            raise InvalidInput(f"an edge needs {key}, the id of a memory")
        here = memory._import_target(old, mapped)
        if here is None:
            raise NotFound(f"{key} {old[:36]!r} names no memory in this store or in the import "
                           "(was its record refused?)")
        ends.append(here)
    if ends[0] == ends[1] or _forgotten(memory, ends):
        # both ends became one memory (a duplicate), or an end is forgotten (`export --include-deleted`
        # writes their edges; out of recall and traversal, a forgotten memory takes no new link)
        counts["skipped"] += 1
        return
    weight = rec.get("weight", 1.0)
    if isinstance(weight, bool) or not isinstance(weight, (int, float)):
        raise InvalidInput(f"an edge's weight must be a number, got {type(weight).__name__}")
    weight = min(max(float(weight), 1e-6), 1.0)
    if _edge_here(memory, ends[0], ends[1], rec.get("type", ""), weight):
        counts["edges_unchanged"] += 1  # a second import of one file: rewriting would only log it again
        return
    memory.link(ends[0], ends[1], type=rec.get("type", ""), weight=weight, metadata=rec.get("metadata") or {})
    counts["edges"] += 1


def _forgotten(memory: Memory, ids: list[str]) -> bool:
    with memory._lock:
        st = memory._st
        return any(st.insights[st.index[i]].deleted_at is not None for i in ids if i in st.index)


def _edge_here(memory: Memory, source: str, target: str, etype: Any, weight: float) -> bool:
    """Whether the store already holds this edge with this weight, so importing a file again
    changes nothing (no new created_at, no `link` line in the operation log)."""
    if etype not in EDGE_TYPES:
        return False  # link() says what is wrong with it
    with memory._lock:
        st = memory._st
        a, b = st.index.get(source), st.index.get(target)
        if a is None or b is None or not st.has_edge(a, b, etype):
            return False
        try:
            held = float(st.adj_weight[a][st.adj_code[a].index((b << 4) | EDGE_CODE[etype])])
        except ValueError:
            return False
        return abs(held - weight) < 1e-6  # RAM keeps weights as float32


def _import_target(memory: Memory, old: str, mapped: dict[str, str]) -> str | None:
    """The id, in this store, of the memory an import knew as ``old`` (see import_records)."""
    if old in mapped:
        return mapped[old]
    with memory._lock:
        row = memory._st.index.get(old)
        return None if row is None else memory._st.insights[row].id
