"""The memory engine: one ``Memory`` per store, held open, thread-safe.

Consistency model. SQLite is canonical; the RAM state (``mnemon.engine.state.State``) is derived from
it, rebuilt at open, and updated only after a transaction commits. Every public mutation is
one transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``) that also writes its operation-log row, so
an operation is either wholly stored or not at all, and a crash may lose RAM but never a
committed memory. ``verify()`` re-derives the state from disk and reports any difference.

Concurrency. One re-entrant lock guards the connection and the state. Expensive work that
needs neither (embedding a text, redaction) happens before the lock is taken. Reads that
"touch" memories (recall raises access counts, which extends their life) update RAM at
once and queue the write; ``flush()`` persists the queue in one transaction, so recall
never waits on a disk write. The daemon calls ``flush()`` from its writer every few seconds.

Security. Every write path (remember, import) passes text through ``mnemon.safety.redact.redact``
(``<private>`` spans and secrets never reach the database) and ``mnemon.safety.guard.scan``
(instructions aimed at the model are flagged and never injected automatically).
"""

from __future__ import annotations

import json
import pickle
import sqlite3
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from mnemon.config import Config
from mnemon.engine import browse, concepts, graph, injections, lifecycle, snapshot, text, vectors
from mnemon.engine import recall as recall_mod
from mnemon.engine.model import (
    CATEGORIES,
    DEFAULT_CATEGORY,
    DEFAULT_IMPORTANCE,
    DEFAULT_SOURCE,
    DIRECTED_EDGES,
    EDGE_TYPES,
    GC_THRESHOLD,
    GLOBAL_SCOPE,
    INTENTS,
    LINK_WEIGHT,
    MAX_CONTENT,
    MAX_ENTITIES,
    MAX_ENTITY_LEN,
    MAX_LIMIT,
    MAX_METADATA_BYTES,
    MAX_QUERY,
    MAX_TAG_LEN,
    MAX_TAGS,
    MAX_TIME,
    MIN_TIME,
    PAGE_LIMIT,
    RECALL_LIMIT,
    TIME_RANGE,
    Edge,
    Hit,
    Insight,
    RecallResult,
    RememberResult,
    iso,
    time_ok,
)
from mnemon.engine.state import (
    CATEGORY_CODE,
    EDGE_CODE,
    INSIGHT_COLUMNS,
    State,
    encode_tokens,
    insight_from_row,
    token_sets_of,
)
from mnemon.errors import (
    CorruptData,
    EmbedderError,
    InvalidInput,
    LimitExceeded,
    MnemonError,
    NotFound,
    StorageError,
)

DUPLICATE_SIM = 0.90
UPDATE_SIM = 0.70
CONFLICT_SIM = 0.50
CONFLICT_CONTAINED = 0.40
SUPERSEDABLE = frozenset({"preference", "decision", "fact", "insight"})
VALUE_SUBJECT_SIM = 0.6  # two statements of one subject with different values: the later replaces
DIFF_CANDIDATES = 8
OPLOG_TRIM_EVERY = 500
MAX_FORGET = 100_000  # memories forgotten in one call (a session or a project at a time)
MAX_IDLE_READERS = 4  # pooled read connections kept open (more are closed after use)


_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
_INSERT_EDGE = ("INSERT OR REPLACE INTO graph_edges (src, dst, type, weight, metadata, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)")


def _now() -> float:
    return time.time()


def _check_str(name: str, value: object, *, max_len: int, allow_empty: bool = False) -> str:
    if not isinstance(value, str):
        raise InvalidInput(f"{name} must be a string, got {type(value).__name__}")
    if not allow_empty and not value.strip():
        raise InvalidInput(f"{name} must not be empty")
    if len(value) > max_len:
        raise LimitExceeded(f"{name} is {len(value)} characters; the limit is {max_len}")
    return value


def _check_list(name: str, value: object, *, max_items: int, max_len: int) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        value = [v for v in value.split(",")]
    if not isinstance(value, (list, tuple)):
        raise InvalidInput(f"{name} must be a list of strings")
    items = [_check_str(f"each of {name}", v, max_len=max_len, allow_empty=True).strip() for v in value]
    items = text.iter_unique([v for v in items if v])
    if len(items) > max_items:
        raise LimitExceeded(f"{len(items)} {name} given; the limit is {max_items}")
    return items


def _check_metadata(metadata: object) -> dict[str, Any]:
    if metadata is None:
        return {}
    if not isinstance(metadata, dict):
        raise InvalidInput("metadata must be a JSON object")
    try:
        raw = json.dumps(metadata, ensure_ascii=False, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError) as err:
        raise InvalidInput(f"metadata must be JSON-serialisable: {err}") from None
    if len(raw.encode()) > MAX_METADATA_BYTES:
        raise LimitExceeded(f"metadata is {len(raw.encode())} bytes; the limit is {MAX_METADATA_BYTES}")
    return dict(json.loads(raw))


def _check_time(name: str, value: object) -> float | None:
    """A time argument: seconds since the epoch inside the span every formatter can show
    (``model.TIME_RANGE``); anything else is refused here, before it can reach the store."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidInput(f"{name} must be a number of seconds since the epoch, got {type(value).__name__}")
    if not time_ok(value):
        shown = f"{value:.6g}" if isinstance(value, float) else f"{float(value):.6g}" if len(str(value)) < 300 \
            else "a number too large"
        raise InvalidInput(f"{name} is out of range: {shown} is not a time from {TIME_RANGE} "
                           "(seconds since the epoch, UTC)")
    return float(value)


def is_uuid(value: object) -> bool:
    """Whether ``value`` is a UUID in the canonical form Mnemon's ids take (lower-case hex)."""
    if not isinstance(value, str) or len(value) != 36:
        return False
    try:
        return str(uuid.UUID(value)) == value
    except ValueError:
        return False


def _redact(value: str) -> tuple[str, tuple[str, ...]]:
    from mnemon.safety.redact import redact

    return redact(value)


def _scan(value: str) -> tuple[str, ...]:
    from mnemon.safety.guard import scan

    return scan(value)


def _import_time(rec: dict[str, Any]) -> float | None:
    """When an imported memory was made: ``created_ts`` (seconds, as ``export`` writes it), else
    ``created_at`` (ISO-8601), else None (now). A bad value is an error naming the field."""
    if rec.get("created_ts") is not None:
        return _check_time("created_ts", rec["created_ts"])
    stamp = rec.get("created_at")
    if stamp is None:
        return None
    if not isinstance(stamp, str):
        raise InvalidInput(f"created_at must be an ISO-8601 time, got {type(stamp).__name__}")
    import datetime as _dt

    text_ = stamp.strip()
    try:
        moment = _dt.datetime.fromisoformat(text_[:-1] + "+00:00" if text_.endswith(("Z", "z")) else text_)
        seconds = (moment if moment.tzinfo else moment.replace(tzinfo=_dt.timezone.utc)).timestamp()
    except (ValueError, OverflowError, OSError):
        raise InvalidInput(f"created_at {stamp[:40]!r} is not an ISO-8601 time") from None
    return _check_time("created_at", seconds)


def _redact_meta(value: Any, kinds: set[str]) -> Any:
    if isinstance(value, str):
        cleaned, found = _redact(value)
        kinds.update(found)
        return cleaned
    if isinstance(value, list):
        return [_redact_meta(v, kinds) for v in value]
    if isinstance(value, dict):
        return {k: _redact_meta(v, kinds) for k, v in value.items()}
    return value


def embed_batch(memory: Memory, embedder: Any, *, batch: int = 32,
                store: Callable[[list[tuple[str, np.ndarray]]], int | None] | None = None) -> int:
    """Embed one batch of the live memories lacking a vector of ``embedder``'s model and store
    the vectors; the number stored (0: nothing was left, or nothing could be stored). The
    daemon's embed queue passes ``store`` to run :meth:`Memory.store_vectors` on its writer."""
    if embedder is None:
        return 0
    items = memory.pending_embeddings(batch)
    if not items:
        return 0
    vecs = embedder.embed_passages([content for _, content in items])
    pairs = list(zip([insight_id for insight_id, _ in items], vecs, strict=True))
    stored = memory.store_vectors(embedder.model_id, pairs) if store is None else store(pairs)
    return len(pairs) if stored is None else int(stored)


class WrongThread(RuntimeError):
    """A write to SQLite ran off the daemon's writer thread: a bug in Mnemon, never a user error."""


class Memory:
    """A memory store. Open once with :meth:`open`, share across threads, :meth:`close` at exit."""

    def __init__(self, conn: sqlite3.Connection, state: State, config: Config, embedder: Any, path: Path,
                 read_only: bool) -> None:
        self._conn = conn
        self._st = state
        self.config = config
        self.embedder = embedder
        self.path = path
        self.read_only = read_only
        self._lock = threading.RLock()
        self._idle_readers: deque[sqlite3.Connection] = deque()  # see _reading
        self._writes = 0  # transactions committed through this Memory
        self._counts = recall_mod.PostingCounts(lambda: self._writes)
        self._touches: dict[int, tuple[int, float]] = {}
        self._pending_kv: dict[str, str | None] = {}  # kv records waiting for flush() (see kv_set_deferred)
        self._writer: threading.Thread | None = None  # see bind_writer
        self._ops_since_trim = 0
        self._closed = False
        self.from_snapshot = False  # whether open() took the saved state instead of rebuilding

    # -- opening -----------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path | str, *, config: Config | None = None, embedder: Any = None,
             read_only: bool = False) -> Memory:
        from mnemon.engine.db import connect

        path = Path(path)
        conn = connect(path, read_only=read_only)
        model = getattr(embedder, "model_id", None)
        try:
            state = snapshot.load(snapshot.path_for(path), conn, snapshot.stamp(conn), model)
            from_snapshot = state is not None
            if state is None:
                state = State.load(conn, model)
        except sqlite3.DatabaseError as err:
            conn.close()
            raise StorageError(f"cannot read {path}: {err}") from None
        memory = cls(conn, state, config or Config(), embedder, path, read_only)
        memory.from_snapshot = from_snapshot
        if state.stale_tokens and not read_only:
            memory._store_tokens(state.stale_tokens)
        if not read_only:
            memory._repair_times()
        return memory

    def _repair_times(self) -> None:
        """Repair stored times outside the valid range (migration m008 did it once for old
        stores; this catches any that arrived since, e.g. a hand edit). The check runs on the
        RAM columns, so an open pays microseconds for it; on failure the next open retries."""
        from mnemon.engine.db import repair_timestamps

        st = self._st
        n = len(st)
        columns = np.concatenate([st.created[:n], st.last_access[:n]])
        if bool(((columns >= MIN_TIME) & (columns <= MAX_TIME)).all()) and all(
                time_ok(st.insights[int(r)].deleted_at) for r in np.flatnonzero(~st.active[:n])):
            return
        try:
            with self._tx() as conn:
                repair_timestamps(conn)
        except StorageError:
            return
        self._st = State.load(self._conn, getattr(self.embedder, "model_id", None) or st.model_id)

    def _store_tokens(self, rows: Sequence[int]) -> None:
        """Write back token sets recomputed at open (a store from before the token cache, or
        from another tokenizer version). Only a cache: on failure the next open tries again."""
        st = self._st
        try:
            with self._tx() as conn:
                conn.executemany(
                    "UPDATE insights SET tokens = ?, context_tokens = ?, tokens_version = ? WHERE seq = ?",
                    ((encode_tokens(st.token_sets[r]), encode_tokens(st.context_tokens[r]), text.TOKENS_VERSION,
                      st.row_seq[r]) for r in rows))
        except StorageError:
            return
        st.stale_tokens.clear()

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            if not self.read_only:
                try:
                    self.flush()
                    self._write_conn().execute("PRAGMA optimize")
                    self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                except (sqlite3.Error, MnemonError):
                    pass
                self.save_snapshot()
            while self._idle_readers:
                self._idle_readers.pop().close()
            self._conn.close()
            self._closed = True

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        """A read-only connection of this store's own, for searches run outside the lock.
        WAL lets it read what is committed while the writer writes; it never sees a write
        half done. Connections are pooled (deque pop and append are atomic), so a thread
        made per call leaks none; close() closes the idle ones, the rest close on return."""
        try:
            conn = self._idle_readers.pop()
        except IndexError:
            if self._closed:
                raise StorageError("the store is closed") from None
            from mnemon.engine.db import connect

            conn = connect(self.path, read_only=True)
        try:
            yield conn
        finally:
            if self._closed or len(self._idle_readers) >= MAX_IDLE_READERS:
                conn.close()
            else:
                self._idle_readers.append(conn)

    def save_snapshot(self) -> bool:
        """Save the RAM state beside the database so the next open can skip the rebuild
        (``mnemon.engine.snapshot``). Best effort: a failure only means a slower next open."""
        with self._lock:
            if self.read_only or self._closed:
                return False
            try:
                self.flush()
                snapshot.save(snapshot.path_for(self.path), self._st, snapshot.stamp(self._conn))
            except (OSError, sqlite3.Error, MnemonError, pickle.PicklingError):
                return False
            return True

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def set_config(self, config: Config) -> None:
        with self._lock:
            self.config = config

    def set_embedder(self, embedder: Any) -> None:
        """Switch embedders; vectors of another model are set aside (re-embedded, never mixed)."""
        with self._lock:
            self.embedder = embedder
            model = getattr(embedder, "model_id", None)
            if model != self._st.model_id:
                self._st = State.load(self._conn, model)

    # -- transactions ------------------------------------------------------------------------
    def bind_writer(self, thread: threading.Thread | None) -> None:
        """From now on every SQLite write must run on ``thread`` (the daemon's single writer):
        a write from any other thread raises :class:`WrongThread` before it starts. ``None``
        (or the thread having ended) lifts the rule: closing the store may write from any thread."""
        self._writer = thread

    def _check_writer(self) -> None:
        writer = self._writer
        if writer is not None and writer.is_alive() and threading.current_thread() is not writer:
            raise WrongThread(f"an SQLite write ran on thread {threading.current_thread().name!r}, "
                              f"not on the writer {writer.name!r}")

    def _write_conn(self) -> sqlite3.Connection:
        """The connection, for a write statement run outside :meth:`_tx` (VACUUM, checkpoints)."""
        self._check_writer()
        return self._conn

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        if self.read_only:
            raise StorageError("this store was opened read-only (the daemon is not running); "
                               "start it with `mnemon daemon start` to make changes")
        if self._closed:
            raise StorageError("the store is closed")
        self._check_writer()
        conn = self._conn
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as err:
            raise StorageError(f"cannot start a write: {err}") from None
        try:
            yield conn
            conn.execute("COMMIT")
            self._writes += 1
        except sqlite3.Error as err:
            self._rollback()
            if "full" in str(err).lower():
                raise StorageError("the disk is full; nothing was written. Free space and retry") from None
            raise StorageError(f"write failed and was rolled back: {err}") from None
        except BaseException:
            self._rollback()
            raise

    def _rollback(self) -> None:
        # SQLite rolls back by itself on some errors (SQLITE_FULL, SQLITE_IOERR): only roll back
        # what is still open, and never let a failing ROLLBACK mask the original error.
        if self._conn.in_transaction:
            try:
                self._conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass

    def _log(self, conn: sqlite3.Connection, op: str, insight_id: str | None, detail: dict[str, Any]) -> None:
        conn.execute("INSERT INTO oplog (ts, op, insight_id, detail) VALUES (?, ?, ?, ?)",
                     (_now(), op, insight_id, json.dumps(detail, ensure_ascii=False, sort_keys=True)))
        self._ops_since_trim += 1

    def _maybe_trim_oplog(self) -> None:
        if self._ops_since_trim < OPLOG_TRIM_EVERY:
            return
        self._ops_since_trim = 0
        with self._tx() as conn:
            self._trim_oplog(conn)

    def _trim_oplog(self, conn: sqlite3.Connection) -> None:
        """Keep the newest ``config.oplog_keep`` entries of the operation log."""
        conn.execute("DELETE FROM oplog WHERE seq <= (SELECT MAX(seq) FROM oplog) - ?", (self.config.oplog_keep,))

    # -- lookups -----------------------------------------------------------------------------
    def _row(self, insight_id: object, *, live: bool = False) -> int:
        if not isinstance(insight_id, str) or not insight_id.strip():
            raise InvalidInput("an insight id must be a non-empty string")
        key = insight_id.strip()
        row = self._st.index.get(key)
        if row is None:
            if len(key) < 6:
                raise InvalidInput(f"id prefix {key!r} is too short; give at least 6 characters")
            matches = [r for i, r in self._st.index.items() if i.startswith(key)]
            if len(matches) > 1:
                raise InvalidInput(f"id prefix {key!r} is ambiguous ({len(matches)} matches); give more characters")
            if not matches:
                raise NotFound(f"no memory with id {key!r}; list memories with `mnemon recall` or `mnemon log`")
            row = matches[0]
        if live and not self._st.active[row]:
            raise NotFound(f"memory {self._st.insights[row].id[:8]} was forgotten; it can still be shown by id")
        return row

    def get(self, insight_id: str) -> Insight:
        with self._lock:
            return self._st.insights[self._row(insight_id)]

    def __len__(self) -> int:
        return self._st.active_count

    # -- remember ----------------------------------------------------------------------------
    def remember(
        self,
        content: str,
        *,
        category: str = DEFAULT_CATEGORY,
        importance: int = DEFAULT_IMPORTANCE,
        tags: Sequence[str] = (),
        entities: Sequence[str] = (),
        source: str = DEFAULT_SOURCE,
        scope: str = GLOBAL_SCOPE,
        session_id: str | None = None,
        metadata: dict[str, Any] | None = None,
        origin: str | None = None,
        created_at: float | None = None,
        no_diff: bool = False,
        embed: bool = True,
        vector: np.ndarray | None = None,
        context: str = "",
        insight_id: str | None = None,
    ) -> RememberResult:
        """Store one memory. See the module docstring for guarantees.

        ``context`` is text that situates the memory (for a captured reply, the prompt it
        answers): it is searched as keywords, so a memory can be found by what it was about as
        well as by its own words, but it is never part of the memory's content.

        ``insight_id`` (import) asks for that id, a UUID; it is used when no memory holds it,
        else the memory gets a new one (the result's ``id`` says which)."""
        content = _check_str("content", content, max_len=MAX_CONTENT)
        context = _check_str("context", context, max_len=MAX_CONTENT, allow_empty=True)
        if category not in CATEGORIES:
            raise InvalidInput(f"unknown category {category!r}; choose one of {', '.join(CATEGORIES)}")
        if isinstance(importance, bool) or not isinstance(importance, int) or not 1 <= importance <= 5:
            raise InvalidInput(f"importance must be an integer from 1 to 5, got {importance!r}")
        tag_list = _check_list("tags", tags, max_items=MAX_TAGS, max_len=MAX_TAG_LEN)
        given_entities = _check_list("entities", entities, max_items=MAX_ENTITIES, max_len=MAX_ENTITY_LEN)
        source = _check_str("source", source, max_len=64).strip()
        scope = _check_str("scope", scope, max_len=1024).strip()
        if session_id is not None:
            session_id = _check_str("session_id", session_id, max_len=256)
        if origin is not None:
            origin = _check_str("origin", origin, max_len=512)
        meta = _check_metadata(metadata)
        when = _check_time("created_at", created_at)
        if insight_id is not None and not is_uuid(insight_id):
            raise InvalidInput(f"id must be a UUID such as {uuid.uuid4()}, got {str(insight_id)[:80]!r}")

        kinds: set[str] = set()
        content, found = _redact(content)
        kinds.update(found)
        if not content.strip():
            raise InvalidInput("nothing left to remember after removing <private> content and secrets")
        if context.strip():
            context, found = _redact(context)
            kinds.update(found)
        tag_list = [_redact(t)[0] for t in tag_list]
        given_entities = [_redact(e)[0] for e in given_entities]
        meta = _redact_meta(meta, kinds)
        flags = ("injection",) if _scan(content) else ()
        from mnemon.engine.rescreen import SCREEN_VERSION

        vec: np.ndarray | None = None
        embedded_model: str | None = None
        if vector is not None:
            vec = vectors.normalise(np.asarray(vector, dtype=np.float32))
            embedded_model = getattr(self.embedder, "model_id", None) or self._st.model_id or "external"
        elif embed and self.embedder is not None:
            try:
                vec = vectors.normalise(self.embedder.embed_passages([content])[0])
                embedded_model = self.embedder.model_id
            except (EmbedderError, CorruptData):
                vec = None
        digest = vectors.content_hash(content)
        toks, ctx_toks = token_sets_of(content, tag_list, context)
        tok_set = frozenset(toks)

        # The dedup search runs outside the lock like recall's (see there); it is redone under
        # the lock only if anything was written in between (then it may have missed a twin).
        searched: tuple[np.ndarray, list[int]] | None = None
        if not no_diff:
            with self._lock:
                st, written = self._st, self._writes
                mask = self._diff_mask(st, scope, category)
            if mask is not None:
                with self._reading() as conn:
                    searched = mask, self._diff_keyword(conn, st, content, mask, scope)

        with self._lock:
            if searched is not None and (self._st is not st or self._writes != written):
                searched = None
            st = self._st
            if origin is not None and origin in st.origin_row:
                existing = st.insights[st.origin_row[origin]]
                return RememberResult(id=None, action="skipped", diff_suggestion="DUPLICATE",
                                      duplicate_of=existing.id, redacted=tuple(sorted(kinds)), flags=flags)
            if vec is not None and st.dim and vec.shape[0] != st.dim:
                vec = None  # a vector of another dimension is never mixed into the matrix
            all_entities = text.iter_unique(given_entities + text.extract_entities(content, known=st.entity_rows))
            all_entities = all_entities[:MAX_ENTITIES]

            sims = st.matrix[: len(st)] @ vec if (vec is not None and st.dim) else None
            suggestion, other, sim = ("ADD", -1, 0.0)
            if not no_diff:
                suggestion, other, sim = self._diff(content, tok_set, digest, scope, category, sims, searched)
            if suggestion == "DUPLICATE":
                self._touch_rows([other], _now())
                with self._tx() as conn:
                    self._log(conn, "diff-skip", st.insights[other].id,
                              {"similarity": round(sim, 4), "origin": origin})
                return RememberResult(id=None, action="skipped", diff_suggestion="DUPLICATE",
                                      duplicate_of=st.insights[other].id, redacted=tuple(sorted(kinds)),
                                      flags=flags)

            now = _now()
            when = now if when is None else when
            new_id = insight_id if insight_id is not None and insight_id not in st.index else str(uuid.uuid4())
            ins = Insight(
                id=new_id, content=content, category=category, importance=importance, tags=tuple(tag_list),
                entities=tuple(all_entities), source=source, scope=scope, session_id=session_id,
                created_at=when, updated_at=now, last_accessed_at=max(when, now), access_count=0,
                content_hash=digest, metadata=meta, flags=flags, context=context.strip(),
            )
            node = graph.NewNode(content=content, tokens=tok_set, entities=ins.entities,
                                 scope_code=st.scopes.get(scope, -1), source_code=st.sources.get(source, -1),
                                 created=when, vector=vec if (vec is not None and st.dim) else None)
            sem_scores = graph.semantic_scores(st, node, sims)
            planned = graph.plan_edges(st, node, sem_scores)
            superseded = st.insights[other].id if suggestion in ("UPDATE", "CONFLICT") else None
            # a statement captured late (an older transcript imported now) is itself the one replaced
            outdated = superseded is not None and float(st.created[other]) > when
            if outdated:
                superseded, replaced_by = None, st.insights[other].id
            else:
                replaced_by = None

            with self._tx() as conn:
                cur = conn.execute(
                    f"INSERT INTO insights ({INSIGHT_COLUMNS}, tokens, context_tokens, tokens_version, screened) "
                    "VALUES (NULL, ?,?,?,?,?,?,?,?,?,?,?,?,?,NULL,?,?,?,?,?,0,?,?,?,?)",
                    (ins.id, ins.content, ins.category, ins.importance, json.dumps(list(ins.tags)),
                     json.dumps(list(ins.entities)), ins.source, ins.scope, ins.session_id, ins.created_at,
                     ins.updated_at, ins.last_accessed_at, 0, ins.content_hash, origin,
                     json.dumps(ins.metadata, ensure_ascii=False), json.dumps(list(ins.flags)), ins.context,
                     encode_tokens(toks), encode_tokens(ctx_toks), text.TOKENS_VERSION, SCREEN_VERSION),
                )
                seq = int(cur.lastrowid or 0)
                conn.execute("INSERT INTO insights_fts (rowid, content, tags, entities, context) "
                             "VALUES (?, ?, ?, ?, ?)",
                             (seq, ins.content, " ".join(ins.tags), " ".join(ins.entities), ins.context))
                conn.executemany("INSERT OR IGNORE INTO insight_entities (insight_id, entity) VALUES (?, ?)",
                                 [(ins.id, text.normalise_entity(e)) for e in ins.entities])
                if vec is not None and embedded_model:
                    self._write_vector(conn, ins.id, embedded_model, vec, digest)
                edge_rows = []
                for p in planned:
                    src, dst = (seq, st.row_seq[p.other])
                    if p.type in DIRECTED_EDGES:
                        if not p.outgoing:
                            src, dst = dst, src
                    else:
                        src, dst = dst, src  # symmetric: the older row is the stored source
                    edge_rows.append((src, dst, EDGE_CODE[p.type], p.weight, json.dumps(p.meta), now))
                if superseded or outdated:
                    newer, older = (seq, st.row_seq[other]) if superseded else (st.row_seq[other], seq)
                    edge_rows.append((newer, older, EDGE_CODE["supersedes"], 1.0,
                                      json.dumps({"similarity": round(sim, 4), "diff": suggestion}), now))
                conn.executemany(_INSERT_EDGE, edge_rows)
                self._log(conn, "remember", new_id, {
                    "action": "updated" if superseded else "added", "diff": suggestion,
                    "superseded_id": superseded, "superseded_by": replaced_by, "category": category, "scope": scope, "source": source,
                    "origin": origin, "redacted": sorted(kinds), "flags": list(flags)})

            # committed: now RAM
            row = st.add_insight(seq, ins, origin, (toks, ctx_toks))
            if vec is not None and embedded_model and (st.model_id in (None, embedded_model)):
                st.set_vector(row, vec, embedded_model, digest)
            counts: dict[str, int] = {t: 0 for t in ("temporal", "entity", "causal", "semantic")}
            for p in planned:
                if p.type in DIRECTED_EDGES:
                    a, b = (row, p.other) if p.outgoing else (p.other, row)
                else:
                    a, b = p.other, row
                st.add_edge(a, b, p.type, p.weight)
                counts[p.type] = counts.get(p.type, 0) + 1
            if superseded:
                st.add_edge(row, other, "supersedes", 1.0)
            elif outdated:
                st.add_edge(other, row, "supersedes", 1.0)
            try:  # the memory is committed: housekeeping failing must not report it as lost
                pruned = self._auto_prune(now)
                self._maybe_trim_oplog()
            except StorageError:
                pruned = 0
            node = replace(node, row=row, scope_code=int(st.scope_code[row]), source_code=int(st.source_code[row]))
            ei = float(lifecycle.effective_importance(st, now, np.array([row]))[0])
            return RememberResult(
                id=new_id, action="updated" if superseded else "added", diff_suggestion=suggestion,
                superseded_id=superseded, edges_created=counts,
                semantic_candidates=tuple(graph.semantic_candidates(st, node, sem_scores)),
                causal_candidates=tuple(graph.causal_candidates(st, row)),
                embedded=bool(st.has_vec[row]), effective_importance=ei, auto_pruned=pruned,
                redacted=tuple(sorted(kinds)), flags=flags,
            )

    @staticmethod
    def _diff_mask(st: State, scope: str, category: str) -> np.ndarray | None:
        """The live memories of ``scope`` a new one of ``category`` is compared with (None when
        the scope has none yet): statements that may replace each other are compared among
        themselves, so a crowd of other memories on the same words cannot hide the one a
        correction replaces."""
        sc = st.scopes.get(scope)
        if sc is None:
            return None
        n = len(st)
        mask: np.ndarray = st.active[:n] & (st.scope_code[:n] == sc)
        if category in SUPERSEDABLE:
            mask &= np.isin(st.cat_code[:n], [CATEGORY_CODE[c] for c in SUPERSEDABLE])
        return mask

    def _diff_keyword(self, conn: sqlite3.Connection, st: State, content: str, mask: np.ndarray,
                      scope: str) -> list[int]:
        hits = recall_mod.keyword_hits(conn, st, content[:2000], mask, [scope], self._counts, fetch=DIFF_CANDIDATES,
                                       max_terms=6, expand=False)
        return [row for row, _ in hits]

    def _diff(self, content: str, toks: frozenset[str], digest: str, scope: str, category: str,
              sims: np.ndarray | None, searched: tuple[np.ndarray, list[int]] | None) -> tuple[str, int, float]:
        """DUPLICATE / UPDATE / CONFLICT / ADD against the most similar live memories of the scope.
        ``searched`` is the scope's mask and :meth:`_diff_keyword`'s rows when searched beforehand
        against this same state (None: search now)."""
        st = self._st
        if searched is not None:
            mask, keyword = searched
        else:
            found = self._diff_mask(st, scope, category)
            if found is None:
                return "ADD", -1, 0.0
            mask, keyword = found, self._diff_keyword(self._conn, st, content, found, scope)
        n = len(mask)
        cands: dict[int, float] = {row: text.jaccard(toks, st.token_sets[row]) for row in keyword}
        if sims is not None:
            valid = mask & st.has_vec[:n]
            if valid.any():
                masked = np.where(valid, sims, -1.0)
                k = min(DIFF_CANDIDATES, n)
                for row in np.argpartition(-masked, k - 1)[:k]:
                    if masked[row] >= 0.7:
                        cands[int(row)] = max(cands.get(int(row), 0.0), float(masked[row]))
        for row in cands:
            if st.insights[row].content_hash == digest:
                cands[row] = 1.0
        if not cands:
            return "ADD", -1, 0.0
        best = min(cands, key=lambda r: (-cands[r], -st.created[r], r))
        sim = cands[best]
        if sim >= DUPLICATE_SIM:
            return "DUPLICATE", best, sim
        if category in SUPERSEDABLE:
            negated = text.has_negation(content)
            subject, values = text.subject_and_values(content)
            subject = concepts.canonical(subject)
            for row in sorted(cands, key=lambda r: (-cands[r], -st.created[r], r)):
                old = st.insights[row]
                if old.category not in SUPERSEDABLE:
                    continue
                if cands[row] >= UPDATE_SIM and old.category == category:
                    return "UPDATE", row, cands[row]
                # a correction restates less of the old text: measure against the shorter side
                contained = text.overlap_min(concepts.canonical(toks), concepts.canonical(st.token_sets[row]))
                if negated and (cands[row] >= CONFLICT_SIM or contained >= CONFLICT_CONTAINED):
                    return "CONFLICT", row, max(cands[row], contained)
                if values:  # the same statement with another value ("listens on 8443", was 8080)
                    old_subject, old_values = text.subject_and_values(old.content)
                    old_subject = concepts.canonical(old_subject)
                    same = text.jaccard(subject, old_subject)
                    if old_values and not old_values & values and same >= VALUE_SUBJECT_SIM:
                        return "UPDATE", row, same
        return "ADD", -1, sim

    def _write_vector(self, conn: sqlite3.Connection, insight_id: str, model: str, vec: np.ndarray,
                      digest: str) -> None:
        conn.execute(
            "INSERT OR REPLACE INTO embeddings (insight_id, model, dim, dtype, content_hash, vector) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (insight_id, model, int(vec.shape[0]), vectors.DTYPE_TAG, digest, vectors.encode(vec)))

    def _auto_prune(self, now: float) -> int:
        cfg = self.config
        doomed = lifecycle.prune_candidates(self._st, now, cap=cfg.prune_cap, batch=cfg.prune_batch,
                                            min_age_days=cfg.prune_min_age_days)
        if not doomed:
            return 0
        st = self._st
        with self._tx() as conn:
            for row, ei in doomed:
                ins = st.insights[row]
                conn.execute("UPDATE insights SET deleted_at = ? WHERE id = ?", (now, ins.id))
                self._log(conn, "prune", ins.id, {"reason": "auto-prune: over prune_cap", "ei": round(ei, 5),
                                                  "cap": cfg.prune_cap, "active": st.active_count})
        for row, _ in doomed:
            st.replace_insight(row, replace(st.insights[row], deleted_at=now))
            st.deactivate(row)
        return len(doomed)

    # -- link / unlink / forget / gc ---------------------------------------------------------
    def link(self, source_id: str, target_id: str, *, type: str, weight: float = LINK_WEIGHT,
             metadata: dict[str, Any] | None = None) -> Edge:
        if type not in EDGE_TYPES:
            raise InvalidInput(f"unknown edge type {type!r}; choose one of {', '.join(EDGE_TYPES)}")
        if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not 0 < weight <= 1:
            raise InvalidInput(f"weight must be a number in (0, 1], got {weight!r}")
        meta = _check_metadata(metadata)
        meta.setdefault("created_by", "manual")
        if type == "causal":
            sub = meta.get("sub_type", "causes")
            if sub not in ("causes", "enables", "prevents"):
                raise InvalidInput("causal sub_type must be causes, enables or prevents")
            meta["sub_type"] = sub
        with self._lock:
            st = self._st
            a, b = self._row(source_id, live=True), self._row(target_id, live=True)
            if a == b:
                raise InvalidInput("a memory cannot be linked to itself")
            x, y = (b, a) if type not in DIRECTED_EDGES and a > b else (a, b)
            now = _now()
            with self._tx() as conn:
                conn.execute(_INSERT_EDGE, (st.row_seq[x], st.row_seq[y], EDGE_CODE[type], float(weight),
                                            json.dumps(meta), now))
                self._log(conn, "link", st.insights[x].id,
                          {"target": st.insights[y].id, "type": type, "weight": float(weight)})
            st.add_edge(a, b, type, float(weight))
            return Edge(st.insights[a].id, st.insights[b].id, type, float(weight), meta, now)

    def unlink(self, source_id: str, target_id: str, *, type: str | None = None) -> int:
        if type is not None and type not in EDGE_TYPES:
            raise InvalidInput(f"unknown edge type {type!r}; choose one of {', '.join(EDGE_TYPES)}")
        with self._lock:
            st = self._st
            a, b = self._row(source_id), self._row(target_id)
            types = [type] if type else list(EDGE_TYPES)
            removed = []
            for t in types:
                x, y = (a, b) if t in DIRECTED_EDGES else (min(a, b), max(a, b))
                if st.has_edge(x, y, t):
                    removed.append((x, y, t))
            if not removed:
                raise NotFound("no such link; see the memory's links with `mnemon show ID`")
            with self._tx() as conn:
                for x, y, t in removed:
                    conn.execute("DELETE FROM graph_edges WHERE src = ? AND dst = ? AND type = ?",
                                 (st.row_seq[x], st.row_seq[y], EDGE_CODE[t]))
                    self._log(conn, "unlink", st.insights[x].id, {"target": st.insights[y].id, "type": t})
            for x, y, t in removed:
                st.remove_edge(x, y, t)
            return len(removed)

    def forget(self, insight_id: str, *, reason: str = "user") -> Insight:
        """Soft delete: out of recall and traversal at once; kept on disk for `show` and audit."""
        with self._lock:
            st = self._st
            row = self._row(insight_id, live=True)
            now = _now()
            with self._tx() as conn:
                conn.execute("UPDATE insights SET deleted_at = ? WHERE id = ?", (now, st.insights[row].id))
                self._log(conn, "forget", st.insights[row].id, {"reason": reason})
            st.replace_insight(row, replace(st.insights[row], deleted_at=now))
            st.deactivate(row)
            return st.insights[row]

    def forget_many(self, insight_ids: Sequence[str], *, reason: str = "user") -> list[Insight]:
        """Forget several memories in one transaction (each logged); all or none. Ids already
        forgotten or unknown are refused before anything is written."""
        if not isinstance(insight_ids, (list, tuple)) or not insight_ids:
            raise InvalidInput("give at least one memory id to forget")
        if len(insight_ids) > MAX_FORGET:
            raise LimitExceeded(f"{len(insight_ids)} ids given; forget at most {MAX_FORGET} at once")
        with self._lock:
            st = self._st
            rows = list(dict.fromkeys(self._row(i, live=True) for i in insight_ids))
            now = _now()
            with self._tx() as conn:
                for row in rows:
                    iid = st.insights[row].id
                    conn.execute("UPDATE insights SET deleted_at = ? WHERE id = ?", (now, iid))
                    self._log(conn, "forget", iid, {"reason": reason, "batch": len(rows)})
            for row in rows:
                st.replace_insight(row, replace(st.insights[row], deleted_at=now))
                st.deactivate(row)
            return [st.insights[r] for r in rows]

    def pin(self, insight_id: str, *, on: bool = True) -> Insight:
        """Pin (or unpin) a memory: a pinned memory neither decays nor is pruned."""
        with self._lock:
            st = self._st
            row = self._row(insight_id, live=True)
            ins = st.insights[row]
            if ins.pinned == bool(on):
                return ins
            with self._tx() as conn:
                conn.execute("UPDATE insights SET pinned = ? WHERE id = ?", (int(bool(on)), ins.id))
                self._log(conn, "pin" if on else "unpin", ins.id, {})
            st.replace_insight(row, replace(ins, pinned=bool(on)))
            return st.insights[row]

    def set_scope(self, insight_id: str, scope: str) -> Insight:
        """Move a memory to another scope (``global`` or a project). Its edges stay as they are;
        recall, injection and the brief follow the new scope at once."""
        scope = _check_str("scope", scope, max_len=1024).strip()
        with self._lock:
            st = self._st
            row = self._row(insight_id, live=True)
            ins = st.insights[row]
            if ins.scope == scope:
                return ins
            with self._tx() as conn:
                conn.execute("UPDATE insights SET scope = ? WHERE id = ?", (scope, ins.id))
                self._log(conn, "scope", ins.id, {"from": ins.scope, "to": scope})
            st.rescope(row, replace(ins, scope=scope))
            return st.insights[row]

    def gc(self, *, threshold: float = GC_THRESHOLD, keep: str | None = None, limit: int = PAGE_LIMIT) -> dict[str, Any]:
        """Without ``keep``: low-retention candidates (EI below ``threshold``). With ``keep``:
        retain that memory (access count +3, which makes it immune: see ``mnemon.engine.lifecycle``)."""
        if isinstance(threshold, bool) or not isinstance(threshold, (int, float)) or threshold < 0:
            raise InvalidInput("threshold must be a non-negative number")
        with self._lock:
            st = self._st
            now = _now()
            if keep is not None:
                row = self._row(keep, live=True)
                ins = st.insights[row]
                with self._tx() as conn:
                    conn.execute("UPDATE insights SET access_count = access_count + 3, last_accessed_at = ? "
                                 "WHERE id = ?", (now, ins.id))
                    self._log(conn, "gc-keep", ins.id, {"access_count": ins.access_count + 3})
                st.replace_insight(row, replace(ins, access_count=ins.access_count + 3, last_accessed_at=now))
                ei = float(lifecycle.effective_importance(st, now, np.array([row]))[0])
                return {"kept": ins.id, "access_count": ins.access_count + 3, "effective_importance": round(ei, 4)}
            cands = lifecycle.gc_candidates(st, now, float(threshold), max(1, min(int(limit), 1000)))
            n = len(st)
            rows = np.flatnonzero(st.active[:n])
            immune = lifecycle.immune(st, now, self.config.prune_min_age_days, np.array([r for r, _ in cands], int))
            return {
                "threshold": threshold,
                "active": int(len(rows)),
                "prune_cap": self.config.prune_cap,
                "candidates": [
                    {"id": st.insights[r].id, "content": st.insights[r].content[:160], "effective_importance":
                     round(ei, 4), "immune": bool(immune[i]), "importance": int(st.importance[r]),
                     "access_count": int(st.access[r]), "created_at": st.insights[r].to_dict()["created_at"]}
                    for i, (r, ei) in enumerate(cands)
                ],
            }

    # -- embeddings --------------------------------------------------------------------------
    def pending_embeddings(self, limit: int = 64) -> list[tuple[str, str]]:
        """(id, text) of live memories without a vector of the current model (or stale)."""
        with self._lock:
            st = self._st
            n = len(st)
            out = []
            for row in np.flatnonzero(st.active[:n] & ~st.has_vec[:n]):
                ins = st.insights[int(row)]
                out.append((ins.id, ins.content))
                if len(out) >= limit:
                    break
            return out

    def store_vectors(self, model_id: str, items: Sequence[tuple[str, np.ndarray]]) -> int:
        """Persist vectors computed elsewhere; vectors of a model other than the current one, of
        memories since forgotten, or of changed text are ignored. Adds semantic edges."""
        with self._lock:
            st = self._st
            current = getattr(self.embedder, "model_id", None) or st.model_id or model_id
            if model_id != current:
                return 0
            accepted = []
            for insight_id, raw in items:
                row = st.index.get(insight_id)
                if row is None or not st.active[row]:
                    continue
                try:
                    vec = vectors.normalise(np.asarray(raw, dtype=np.float32))
                except CorruptData:
                    continue
                if st.dim and vec.shape[0] != st.dim:
                    continue
                accepted.append((row, vec))
            if not accepted:
                return 0
            now = _now()
            new_edges: list[tuple[int, graph.PlannedEdge]] = []
            with self._tx() as conn:
                for row, vec in accepted:
                    ins = st.insights[row]
                    self._write_vector(conn, ins.id, model_id, vec, ins.content_hash)
                for row, vec in accepted:
                    st.set_vector(row, vec, model_id, st.insights[row].content_hash)
                    node = graph.NewNode(content=st.insights[row].content, tokens=frozenset(st.token_sets[row]),
                                         entities=(), scope_code=int(st.scope_code[row]),
                                         source_code=int(st.source_code[row]), created=float(st.created[row]),
                                         vector=vec, row=row)
                    for p in graph.semantic_edges(st, node):
                        if not st.has_edge(p.other, row, "semantic"):
                            a, b = min(p.other, row), max(p.other, row)
                            conn.execute(_INSERT_EDGE, (st.row_seq[a], st.row_seq[b], EDGE_CODE["semantic"],
                                                        p.weight, json.dumps(p.meta), now))
                            new_edges.append((row, p))
                self._log(conn, "embed", None, {"model": model_id, "count": len(accepted)})
            for row, p in new_edges:
                st.add_edge(p.other, row, "semantic", p.weight)
            return len(accepted)

    def embed_status(self) -> dict[str, Any]:
        with self._lock:
            st = self._st
            n = len(st)
            active = st.active[:n]
            with_vec = int((active & st.has_vec[:n]).sum())
            total = int(active.sum())
            models = dict(self._conn.execute("SELECT model, COUNT(*) FROM embeddings GROUP BY model").fetchall())
            return {
                "model": getattr(self.embedder, "model_id", None) or st.model_id,
                "dim": st.dim or getattr(self.embedder, "dim", 0),
                "embedded": with_vec,
                "active": total,
                "missing": total - with_vec,
                "coverage": round(with_vec / total, 4) if total else 1.0,
                "stored_by_model": models,
                "corrupt": list(st.corrupt_vectors),
            }

    # -- recall ------------------------------------------------------------------------------
    def recall(
        self,
        query: str,
        *,
        limit: int = RECALL_LIMIT,
        intent: str | None = None,
        scopes: Sequence[str] | None = None,
        categories: Sequence[str] | None = None,
        sources: Sequence[str] | None = None,
        since: float | None = None,
        until: float | None = None,
        exclude_ids: Iterable[str] = (),
        query_vector: np.ndarray | None = None,
        touch: bool = True,
    ) -> RecallResult:
        query = _check_str("query", query, max_len=MAX_QUERY)
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
            raise InvalidInput(f"limit must be an integer from 1 to {MAX_LIMIT}")
        if intent is not None:
            intent = str(intent).upper()
            if intent not in INTENTS:
                raise InvalidInput(f"unknown intent {intent!r}; choose one of {', '.join(INTENTS)}")
        cats = _check_list("categories", categories, max_items=len(CATEGORIES), max_len=32) if categories else []
        for c in cats:
            if c not in CATEGORIES:
                raise InvalidInput(f"unknown category {c!r}; choose one of {', '.join(CATEGORIES)}")
        scope_list = _check_list("scopes", scopes, max_items=64, max_len=1024) if scopes else []
        source_list = _check_list("sources", sources, max_items=64, max_len=64) if sources else []
        lo, hi = _check_time("since", since), _check_time("until", until)
        qv = None
        if query_vector is not None:
            try:
                qv = vectors.normalise(np.asarray(query_vector, dtype=np.float32))
            except (CorruptData, ValueError):
                raise InvalidInput("query_vector must be a finite list of numbers") from None
        elif self.embedder is not None and self._st.dim:
            try:
                qv = vectors.normalise(self.embedder.embed_query(query))
            except (EmbedderError, CorruptData):
                qv = None

        def filtered(st: State) -> np.ndarray:
            n = len(st)
            mask = st.active[:n].copy()
            if scope_list:
                codes = [st.scopes[s] for s in scope_list if s in st.scopes]
                mask &= np.isin(st.scope_code[:n], codes)
            if cats:
                mask &= np.isin(st.cat_code[:n], [CATEGORY_CODE[c] for c in cats])
            if source_list:
                codes = [st.sources[s] for s in source_list if s in st.sources]
                mask &= np.isin(st.source_code[:n], codes)
            if lo is not None:
                mask &= st.created[:n] >= lo
            if hi is not None:
                mask &= st.created[:n] <= hi
            for ex in exclude_ids:
                row = st.index.get(ex) if isinstance(ex, str) else None
                if row is not None:
                    mask[row] = False
            return mask

        # The FTS5 search, the costliest step, runs outside the lock on a pooled read
        # connection (SQLite releases the GIL), so recalls overlap with each other and with
        # writes. Rows forgotten meanwhile are masked out again under the lock; the state is
        # only ever replaced whole (an embedder switch, a purge), and then the search reruns.
        started = time.perf_counter()
        with self._lock:
            st = self._st
            mask = filtered(st)
        with self._reading() as conn:
            kw = recall_mod.keyword_hits(conn, st, query, mask, scope_list or None, self._counts)
        with self._lock:
            if self._st is not st:
                st = self._st
                mask = filtered(st)
                kw = recall_mod.keyword_hits(self._conn, st, query, mask, scope_list or None, self._counts)
            elif len(mask) < len(st):  # rows added meanwhile: not searched, so not candidates
                mask = np.concatenate([mask & st.active[: len(mask)], np.zeros(len(st) - len(mask), bool)])
            else:
                mask &= st.active[: len(mask)]
            scored, used_intent, meta = recall_mod.recall(
                st, query, keyword=kw, mask=mask, limit=limit, intent=intent, query_vector=qv, started=started)
            if touch and scored:
                self._touch_rows([s.row for s in scored], _now())
            hits = tuple(Hit(st.insights[s.row], s.score, s.via, s.signals) for s in scored)
            return RecallResult(hits=hits, intent=used_intent, meta=meta)

    def reinforce(self, insight_ids: Iterable[str]) -> int:
        """Count a use of each live memory named (as a recall does): the assistant restating an
        injected note reinforces it instead of storing it again. Returns how many were found."""
        with self._lock:
            rows = [row for row in (self._st.index.get(i) for i in insight_ids)
                    if row is not None and self._st.active[row]]
            self._touch_rows(rows, _now())
            return len(rows)

    def _touch_rows(self, rows: Sequence[int], now: float) -> None:
        st = self._st
        for row in rows:
            count, _ = self._touches.get(row, (0, now))
            self._touches[row] = (count + 1, now)
            ins = st.insights[row]
            st.replace_insight(row, replace(ins, access_count=ins.access_count + 1, last_accessed_at=now))

    def flush(self) -> None:
        """Persist what reads queued: access-count updates from recall and kv records set with
        :meth:`kv_set_deferred` (one transaction)."""
        with self._lock:
            if (not self._touches and not self._pending_kv) or self.read_only:
                self._touches.clear()
                self._pending_kv.clear()
                return
            touches, self._touches = self._touches, {}
            pending, self._pending_kv = self._pending_kv, {}
            st = self._st
            try:
                with self._tx() as conn:
                    conn.executemany(
                        "UPDATE insights SET access_count = access_count + ?, "
                        "last_accessed_at = MAX(last_accessed_at, ?) WHERE id = ?",
                        [(count, ts, st.insights[row].id) for row, (count, ts) in touches.items()])
                    self._write_kv(conn, pending)
            except StorageError:
                for row, value in touches.items():
                    self._touches.setdefault(row, value)
                for key, raw in pending.items():
                    self._pending_kv.setdefault(key, raw)
                raise

    # -- inspection --------------------------------------------------------------------------
    def show(self, insight_id: str) -> dict[str, Any]:
        with self._lock:
            st = self._st
            row = self._row(insight_id)
            ins = st.insights[row]
            now = _now()
            out = ins.to_dict()
            out["effective_importance"] = round(float(lifecycle.effective_importance(st, now, np.array([row]))[0]), 4)
            out["immune"] = bool(lifecycle.immune(st, now, self.config.prune_min_age_days, np.array([row]))[0])
            out["embedded"] = bool(st.has_vec[row])
            out["superseded_by"] = [st.insights[s].id for s in sorted(st.superseded_by.get(row, ()))]
            seq = st.row_seq[row]
            edges = [Edge(st.insights[st.seq_row[src]].id, st.insights[st.seq_row[dst]].id, EDGE_TYPES[t], w,
                          json.loads(m), c)
                     for src, dst, t, w, m, c in self._conn.execute(
                         "SELECT src, dst, type, weight, metadata, created_at FROM graph_edges WHERE src = ? "
                         "UNION ALL SELECT src, dst, type, weight, metadata, created_at FROM graph_edges "
                         "WHERE dst = ? AND src != ?", (seq, seq, seq))
                     if t < len(EDGE_TYPES)]
            out["edges"] = [e.to_dict() for e in sorted(edges, key=lambda e: (e.type, -e.weight, e.source_id,
                                                                             e.target_id))]
            return out

    def status(self) -> dict[str, Any]:
        with self._lock:
            st = self._st
            n = len(st)
            active = st.active[:n]
            rows = np.flatnonzero(active)
            by_cat: dict[str, int] = {}
            by_scope: dict[str, int] = {}
            by_source: dict[str, int] = {}
            for r in rows:
                ins = st.insights[int(r)]
                by_cat[ins.category] = by_cat.get(ins.category, 0) + 1
                by_scope[ins.scope] = by_scope.get(ins.scope, 0) + 1
                by_source[ins.source] = by_source.get(ins.source, 0) + 1
            by_edge = st.edge_counts()
            try:
                size = self.path.stat().st_size
                wal = self.path.with_name(self.path.name + "-wal")
                size += wal.stat().st_size if wal.exists() else 0
            except OSError:
                size = 0
            return {
                "path": str(self.path),
                "insights": int(len(rows)),
                "forgotten": int(n - len(rows)),
                "by_category": dict(sorted(by_cat.items())),
                "by_scope": dict(sorted(by_scope.items())),
                "by_source": dict(sorted(by_source.items())),
                "edges": by_edge,
                "embeddings": self.embed_status(),
                "db_bytes": size,
                "prune_cap": self.config.prune_cap,
                "read_only": self.read_only,
            }

    def log(self, *, limit: int = PAGE_LIMIT, op: str | None = None) -> list[dict[str, Any]]:
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 10000:
            raise InvalidInput("limit must be an integer from 1 to 10000")
        with self._lock:
            sql = "SELECT seq, ts, op, insight_id, detail FROM oplog"
            params: list[Any] = []
            if op:
                sql += " WHERE op = ?"
                params.append(op)
            sql += " ORDER BY seq DESC LIMIT ?"
            params.append(limit)
            return [{"seq": s, "ts": iso(ts), "op": o, "insight_id": i, "detail": json.loads(d)}
                    for s, ts, o, i, d in self._conn.execute(sql, params)]

    # -- export / import ---------------------------------------------------------------------
    def export(self, *, include_deleted: bool = False) -> Iterator[dict[str, Any]]:
        """Records for JSONL: one per insight (``kind: insight``, with ``created_ts`` in seconds and
        its ``origin`` when it has one), then one per edge (``kind: edge``)."""
        with self._lock:
            st = self._st
            insights = list(st.insights)
            origins = {row: key for key, row in st.origin_row.items()}
            edges = [(st.seq_row[src], st.seq_row[dst], t, w, json.loads(m), c)
                     for src, dst, t, w, m, c in self._conn.execute(
                         "SELECT src, dst, type, weight, metadata, created_at FROM graph_edges")
                     if t < len(EDGE_TYPES)]
        for row, ins in enumerate(insights):
            if ins.deleted_at is not None and not include_deleted:
                continue
            rec = ins.to_dict()
            rec["kind"] = "insight"
            rec["created_ts"] = ins.created_at
            if row in origins:  # the idempotency key: a restored capture is not captured again
                rec["origin"] = origins[row]
            yield rec
        for a, b, c, w, m, _t in edges:
            if not include_deleted and (insights[a].deleted_at is not None or insights[b].deleted_at is not None):
                continue
            yield {"kind": "edge", "source_id": insights[a].id, "target_id": insights[b].id,
                   "type": EDGE_TYPES[c], "weight": w, "metadata": m}

    def import_records(self, records: Iterable[Any], *, ids: dict[str, str] | None = None) -> dict[str, Any]:
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

        Returns the counts (``insights``, ``skipped``, ``edges``, ``errors``), ``renamed``
        ([{old, new}]), ``ids`` (every old id that maps to another id here) and ``problems``
        ([{index, error}], ``index`` being the record's position in ``records``)."""
        counts = {"insights": 0, "skipped": 0, "edges": 0, "errors": 0}
        mapped: dict[str, str] = {}
        renamed: list[dict[str, str]] = []
        problems: list[dict[str, Any]] = []
        known = dict(ids or {})
        for index, rec in enumerate(records):
            try:
                if not isinstance(rec, dict):
                    raise InvalidInput(f"a record must be a JSON object, not {type(rec).__name__}")
                kind = rec.get("kind", "insight")
                if kind == "insight":
                    self._import_insight(rec, counts, mapped, renamed)
                elif kind == "edge":
                    self._import_edge(rec, counts, {**known, **mapped})
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
        return {**counts, "renamed": renamed, "ids": mapped, "problems": problems}

    def _import_insight(self, rec: dict[str, Any], counts: dict[str, int], mapped: dict[str, str],
                        renamed: list[dict[str, str]]) -> None:
        old, origin = rec.get("id"), rec.get("origin")
        for name, value in (("id", old), ("origin", origin)):
            if value is not None and not isinstance(value, str):
                raise InvalidInput(f"{name} must be a string, got {type(value).__name__}")
        if old and len(old) > 200:
            raise LimitExceeded(f"id is {len(old)} characters; the limit is 200")
        content = rec.get("content", "")
        keep = is_uuid(old) and old not in self._st.index
        if old and not keep:
            digest = vectors.content_hash(_redact(content)[0]) if isinstance(content, str) else ""
            row = self._st.index.get(old)
            if row is not None and self._st.insights[row].content_hash == digest:
                counts["skipped"] += 1  # this very memory is here already
                return
            # Its id is taken (or not a UUID): the new id is recorded under an origin naming the
            # old one and the text, so importing the same record again finds it.
            origin = origin or f"import:{old}:{digest[:16]}"
        res = self.remember(
            content, category=rec.get("category", "general"),
            importance=rec.get("importance", 3), tags=rec.get("tags") or (),
            entities=rec.get("entities") or (), source=rec.get("source") or "import",
            scope=rec.get("scope") or GLOBAL_SCOPE, session_id=rec.get("session_id"),
            metadata=rec.get("metadata") or {}, context=rec.get("context") or "",
            created_at=_import_time(rec), origin=origin, insight_id=old if keep else None, embed=False)
        if res.id:
            counts["insights"] += 1
            if rec.get("pinned") is True:
                self.pin(res.id)
            if old and res.id != old:
                mapped[old] = res.id
                renamed.append({"old": old, "new": res.id})
        else:
            counts["skipped"] += 1
            if old and res.duplicate_of and res.duplicate_of != old:
                mapped[old] = res.duplicate_of

    def _import_edge(self, rec: dict[str, Any], counts: dict[str, int], mapped: dict[str, str]) -> None:
        ends = []
        for key in ("source_id", "target_id"):
            old = rec.get(key)
            if not isinstance(old, str) or not old:
                raise InvalidInput(f"an edge needs {key}, the id of a memory")
            here = self._import_target(old, mapped)
            if here is None:
                raise NotFound(f"{key} {old[:36]!r} names no memory in this store or in the import "
                               "(was its record refused?)")
            ends.append(here)
        if ends[0] == ends[1]:  # both ends became one memory (a duplicate): nothing to link
            counts["skipped"] += 1
            return
        weight = rec.get("weight", 1.0)
        if isinstance(weight, bool) or not isinstance(weight, (int, float)):
            raise InvalidInput(f"an edge's weight must be a number, got {type(weight).__name__}")
        self.link(ends[0], ends[1], type=rec.get("type", ""), weight=min(max(float(weight), 1e-6), 1.0),
                  metadata=rec.get("metadata") or {})
        counts["edges"] += 1

    def _import_target(self, old: str, mapped: dict[str, str]) -> str | None:
        """The id, in this store, of the memory an import knew as ``old`` (see import_records)."""
        if old in mapped:
            return mapped[old]
        with self._lock:
            row = self._st.index.get(old)
            return None if row is None else self._st.insights[row].id

    # -- maintenance -------------------------------------------------------------------------
    def maintain(self, *, now: float | None = None, vacuum_ratio: float = 0.25) -> dict[str, Any]:
        """Retention: purge memories forgotten or pruned more than ``retention_days`` ago (their
        edges, vectors, entity rows and keyword-index entries go with them), trim the operation
        log and the injection log (entries past ``injection_log_keep`` or older than
        ``retention_days``), and VACUUM when at least ``vacuum_ratio`` of the file is free pages. The daemon runs
        this at start and every few hours, so the database cannot grow without limit. It also
        repairs any stored time outside the valid range (``db.repair_timestamps``)."""
        from mnemon.engine.db import repair_timestamps

        now = _now() if now is None else now
        cutoff = now - self.config.retention_days * 86400.0
        with self._lock:
            doomed = [r for r, ins in enumerate(self._st.insights)
                      if ins.deleted_at is not None and ins.deleted_at <= cutoff]
            if doomed:
                with self._tx() as conn:
                    for row in doomed:
                        ins = self._st.insights[row]
                        conn.execute("INSERT INTO insights_fts (insights_fts, rowid, content, tags, entities, "
                                     "context) VALUES ('delete', ?, ?, ?, ?, ?)",
                                     (self._st.row_seq[row], ins.content, " ".join(ins.tags),
                                      " ".join(ins.entities), ins.context))
                        conn.execute("DELETE FROM insights WHERE id = ?", (ins.id,))
                    self._log(conn, "purge", None, {"count": len(doomed), "retention_days": self.config.retention_days})
                self.flush()
                self._st = State.load(self._conn, getattr(self.embedder, "model_id", None) or self._st.model_id)
            with self._tx() as conn:
                self._trim_oplog(conn)
                logged = injections.trim(conn, keep=self.config.injection_log_keep, cutoff=cutoff)
                repaired = repair_timestamps(conn, now)
            if repaired.get("insights"):
                self.flush()
                self._st = State.load(self._conn, getattr(self.embedder, "model_id", None) or self._st.model_id)
            pages = self._conn.execute("PRAGMA page_count").fetchone()[0]
            free = self._conn.execute("PRAGMA freelist_count").fetchone()[0]
            vacuumed = False
            if pages and free / pages >= vacuum_ratio:
                try:
                    self._write_conn().execute("VACUUM")
                    vacuumed = True
                except sqlite3.Error as err:
                    raise StorageError(f"VACUUM failed: {err}") from None
            return {"purged": len(doomed), "vacuumed": vacuumed, "free_pages": int(free), "pages": int(pages),
                    "injections_dropped": logged, "repaired": repaired}

    def rescreen(self, batch: int = 500) -> dict[str, Any]:
        """Screen up to ``batch`` memories stored under older secret or injection rules again
        (``mnemon.engine.rescreen``); ``more`` says whether any are left."""
        from mnemon.engine import rescreen

        return rescreen.run_batch(self, batch)

    def rescreen_pending(self) -> int:
        from mnemon.engine import rescreen

        with self._lock:
            return rescreen.pending(self._conn)

    # -- verification ------------------------------------------------------------------------
    def verify(self) -> dict[str, Any]:
        """Re-derive the RAM state from disk and compare; also SQLite's integrity checks."""
        with self._lock:
            problems: list[str] = []
            integrity = self._conn.execute("PRAGMA integrity_check").fetchone()[0]
            if integrity != "ok":
                problems.append(f"sqlite integrity_check: {integrity}")
            try:
                if not self.read_only:
                    self._write_conn().execute(
                        "INSERT INTO insights_fts (insights_fts, rank) VALUES ('integrity-check', 1)")
            except sqlite3.DatabaseError as err:
                problems.append(f"keyword index: {err}")
            fk = self._conn.execute("PRAGMA foreign_key_check").fetchall()
            if fk:
                problems.append(f"{len(fk)} rows violate foreign keys")
            problems.extend(self._bad_times())
            disk = State.load(self._conn, self._st.model_id).fingerprint()
            ram = self._st.fingerprint()
            pending = {self._st.insights[r].id for r in self._touches}
            for key in ("active", "edges", "vectors", "model", "entities", "tokens"):
                if disk[key] != ram[key]:
                    problems.append(f"RAM and disk differ in {key}")
            for iid, value in ram["insights"].items():
                other = disk["insights"].get(iid)
                if other is None:
                    problems.append(f"memory {iid[:8]} is in RAM but not on disk")
                elif other[:5] != value[:5] or other[6:] != value[6:] or (other[5] != value[5] and iid not in pending):
                    problems.append(f"memory {iid[:8]} differs between RAM and disk")
            for iid in disk["insights"].keys() - ram["insights"].keys():
                problems.append(f"memory {iid[:8]} is on disk but not in RAM")
            stale = sum(1 for r, ins in enumerate(self._st.insights)
                        if token_sets_of(ins.content, ins.tags, ins.context)
                        != (self._st.token_sets[r], self._st.context_tokens[r]))
            if stale:
                problems.append(f"{stale} memories have stored token sets that differ from their text")
            if self._st.corrupt_vectors:
                problems.append(f"{len(self._st.corrupt_vectors)} corrupt vectors set aside (re-embed them)")
            return {"ok": not problems, "problems": problems, "insights": len(ram["insights"]),
                    "edges": len(ram["edges"]), "vectors": len(ram["vectors"])}

    def _bad_times(self) -> list[str]:
        """Stored times outside the valid range (``model.TIME_RANGE``), one problem per table."""
        from mnemon.engine.db import bad_time_sql

        out = []
        ids = [r[0] for r in self._conn.execute(
            f"SELECT id FROM insights WHERE {bad_time_sql('created_at')} OR {bad_time_sql('updated_at')} OR "
            f"{bad_time_sql('last_accessed_at')} OR {bad_time_sql('deleted_at', nullable=True)} ORDER BY seq")]
        if ids:
            shown = ", ".join(i[:8] for i in ids[:10]) + (f" and {len(ids) - 10} more" if len(ids) > 10 else "")
            out.append(f"{len(ids)} memor{'y has' if len(ids) == 1 else 'ies have'} a time outside {TIME_RANGE} "
                       f"({shown}); `mnemon daemon restart` repairs them")
        for table, column, what in (("graph_edges", "created_at", "edges"), ("oplog", "ts", "log entries")):
            n = self._conn.execute(f"SELECT COUNT(*) FROM {table} WHERE {bad_time_sql(column)}").fetchone()[0]
            if n:
                out.append(f"{n} {what} have a time outside {TIME_RANGE}; `mnemon daemon restart` repairs them")
        return out

    # -- browsing (mnemon.engine.browse) ------------------------------------------------------------
    def list_insights(self, *, offset: int = 0, limit: int = PAGE_LIMIT, **filters: Any) -> dict[str, Any]:
        """A page of memories, newest first, with the total matching; ``filters`` are those of
        :func:`mnemon.engine.browse.select` (scopes, session_id, categories, since, until, flagged,
        pinned, include_deleted)."""
        for name in ("since", "until"):
            filters[name] = _check_time(name, filters.get(name))
        with self._lock:
            return browse.page(self._st, self._conn, offset=offset, limit=limit, now=_now(), **filters)

    def select_ids(self, **filters: Any) -> list[str]:
        """The ids of every memory matching ``filters`` (as :meth:`list_insights`), newest first."""
        with self._lock:
            st = self._st
            return [st.insights[int(r)].id for r in browse.select(st, self._conn, **filters)]

    def sessions(self, *, scopes: Sequence[str] | None = None, offset: int = 0, limit: int = PAGE_LIMIT) -> dict[str, Any]:
        """Sessions with live memories or injection-log entries, newest first."""
        offset, limit = browse.check_page(offset, limit)
        with self._lock:
            found = {e["session_id"]: e for e in browse.sessions(self._conn, scopes=scopes)}
            for sid, scope, first, last in injections.sessions(self._conn, limit=10000):
                if sid not in found and (not scopes or scope in scopes):
                    found[sid] = {"session_id": sid, "count": 0, "first": iso(first), "last": iso(last),
                                  "scope": scope, "scopes": [scope]}
            ordered = sorted(found.values(), key=lambda e: (e["last"] or "", e["session_id"]), reverse=True)
            chosen = ordered[offset:offset + limit]
            logged = injections.counts_by_session(self._conn, [e["session_id"] for e in chosen])
            for entry in chosen:
                entry["injections"], entry["injected"] = logged.get(entry["session_id"], (0, 0))
            return {"total": len(ordered), "offset": offset, "limit": limit, "items": chosen}

    def projects(self) -> list[dict[str, Any]]:
        """Scopes with live memories (``global`` and each project), largest first."""
        with self._lock:
            return browse.projects(self._st)

    def timeline(self, insight_id: str, *, before: int = 5, after: int = 5) -> dict[str, Any]:
        """What was recorded around a memory: its session's neighbours (else its scope's)."""
        with self._lock:
            return browse.around(self._st, self._conn, self._row(insight_id), before=before, after=after, now=_now())

    # -- the injection log (mnemon.engine.injections) -----------------------------------------------
    def log_injection(self, entry: dict[str, Any], *, ts: float | None = None) -> int:
        """Record one answer of the inject or brief op (an entry made by
        :func:`mnemon.engine.injections.entry_of`); trims the log every so often."""
        with self._lock, self._tx() as conn:
            seq = injections.insert(conn, _now() if ts is None else ts, entry)
            if seq % injections.TRIM_EVERY == 0:
                injections.trim(conn, keep=self.config.injection_log_keep, cutoff=None)
            return seq

    def injections(self, *, session_id: str | None = None, scope: str | None = None, event: str | None = None,
                   before: int | None = None, limit: int = PAGE_LIMIT, with_context: bool = True) -> list[dict[str, Any]]:
        with self._lock:
            return injections.query(self._conn, session_id=session_id, scope=scope, event=event, before=before,
                                    limit=limit, with_context=with_context)

    # -- small persistent state --------------------------------------------------------------
    def kv_get(self, key: str) -> Any:
        key = _check_str("key", key, max_len=512)
        with self._lock:
            if key in self._pending_kv:
                raw = self._pending_kv[key]
                return None if raw is None else json.loads(raw)
            row = self._conn.execute("SELECT value FROM kv WHERE key = ?", (key,)).fetchone()
            return json.loads(row[0]) if row else None

    def kv_get_many(self, keys: Sequence[str]) -> dict[str, Any]:
        """The stored values of those ``keys`` that exist, in one query."""
        wanted = [_check_str("key", k, max_len=512) for k in dict.fromkeys(keys)]
        out: dict[str, Any] = {}
        with self._lock:
            for start in range(0, len(wanted), 500):
                part = wanted[start:start + 500]
                rows = self._conn.execute(f"SELECT key, value FROM kv WHERE key IN ({','.join('?' * len(part))})",
                                          part).fetchall()
                out.update((k, json.loads(v)) for k, v in rows)
            for key in wanted:
                if key in self._pending_kv:
                    raw = self._pending_kv[key]
                    if raw is None:
                        out.pop(key, None)
                    else:
                        out[key] = json.loads(raw)
        return out

    @staticmethod
    def _kv_raw(key: str, value: Any) -> tuple[str, str | None]:
        key = _check_str("key", key, max_len=512)
        if value is None:
            return key, None
        try:
            raw = json.dumps(value, ensure_ascii=False, allow_nan=False)
        except (TypeError, ValueError) as err:
            raise InvalidInput(f"value for {key!r} must be JSON-serialisable: {err}") from None
        if len(raw) > 1_000_000:
            raise LimitExceeded("kv values are limited to 1,000,000 characters")
        return key, raw

    @staticmethod
    def _write_kv(conn: sqlite3.Connection, values: dict[str, str | None]) -> None:
        now = _now()
        conn.executemany("DELETE FROM kv WHERE key = ?", [(k,) for k, raw in values.items() if raw is None])
        conn.executemany("INSERT OR REPLACE INTO kv (key, value, updated_at) VALUES (?, ?, ?)",
                         [(k, raw, now) for k, raw in values.items() if raw is not None])

    def kv_set(self, key: str, value: Any) -> None:
        """Store ``value`` under ``key`` (None deletes it), committed before this returns."""
        key, raw = self._kv_raw(key, value)
        with self._lock, self._tx() as conn:
            self._pending_kv.pop(key, None)
            self._write_kv(conn, {key: raw})

    def kv_set_deferred(self, key: str, value: Any) -> None:
        """Record ``value`` under ``key`` from a read: every reader of this Memory sees it at once,
        and the write waits for the next :meth:`flush` (which the daemon runs on its writer), so a
        read never writes to SQLite nor waits for the writer. Without a writer (a store opened
        outside the daemon, or on the writer itself) it is written at once, as :meth:`kv_set`."""
        writer = self._writer
        if writer is None or not writer.is_alive() or threading.current_thread() is writer:
            self.kv_set(key, value)
            return
        key, raw = self._kv_raw(key, value)
        with self._lock:
            if self.read_only:
                raise StorageError("this store was opened read-only (the daemon is not running); "
                                   "start it with `mnemon daemon start` to make changes")
            self._pending_kv[key] = raw

    def kv_keys(self, prefix: str) -> list[str]:
        with self._lock:
            like = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
            keys = {r[0] for r in self._conn.execute("SELECT key FROM kv WHERE key LIKE ? ESCAPE '\\'", (like,))}
            folded = prefix.translate(_ASCII_LOWER)  # LIKE ignores the case of ASCII letters
            for key, raw in self._pending_kv.items():
                if key.translate(_ASCII_LOWER).startswith(folded):
                    if raw is None:
                        keys.discard(key)
                    else:
                        keys.add(key)
            return sorted(keys)

    def session_insights(self, session_id: str) -> list[Insight]:
        """Live memories captured in one session, oldest first (used by the compaction brief)."""
        with self._lock:
            rows = self._conn.execute(
                f"SELECT {INSIGHT_COLUMNS} FROM insights WHERE session_id = ? AND deleted_at IS NULL "
                "ORDER BY created_at, seq", (session_id,)).fetchall()
            return [insight_from_row(r) for r in rows]

    def standing(self, *, scopes: Sequence[str], categories: Sequence[str] = ("decision", "preference"),
                 min_importance: int = 3, limit: int = 20) -> list[Insight]:
        """Live, not superseded memories of the given categories in the scopes: most important,
        then newest first (the SessionStart brief)."""
        with self._lock:
            st = self._st
            n = len(st)
            codes = [st.scopes[s] for s in scopes if s in st.scopes]
            mask = st.active[:n] & np.isin(st.scope_code[:n], codes)
            mask &= np.isin(st.cat_code[:n], [CATEGORY_CODE[c] for c in categories if c in CATEGORY_CODE])
            mask &= st.importance[:n] >= min_importance
            rows = [int(r) for r in np.flatnonzero(mask) if not st.is_superseded(int(r))]
            rows.sort(key=lambda r: (-int(st.importance[r]), -st.created[r], st.insights[r].id))
            return [st.insights[r] for r in rows[:limit]]
