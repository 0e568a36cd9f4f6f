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
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from mnemon.config import Config
from mnemon.engine import (
    db,
    diff,
    embedding,
    fts,
    imports,
    kv,
    postings,
    reports,
    rows,
    snapshot,
    text,
    upkeep,
    vectors,
    writes,
)
from mnemon.engine import recall as recall_mod
from mnemon.engine.checks import (
    time_now,
)
from mnemon.engine.fairlock import FairLock
from mnemon.engine.model import (
    MAX_TIME,
    MIN_TIME,
    RECALL_LIMIT,
    Hit,
    Insight,
    RecallResult,
    time_ok,
)
from mnemon.engine.state import (
    State,
    encode_tokens,
)
from mnemon.errors import (
    CorruptData,
    EmbedderError,
    InvalidInput,
    MnemonError,
    NotFound,
    StorageError,
)

if TYPE_CHECKING:
    from mnemon.engine.embedders import Embedder

OPLOG_TRIM_EVERY = 500
MAX_IDLE_READERS = 4  # pooled read connections kept open (more are closed after use)




class WrongThread(RuntimeError):
    """A write to SQLite ran off the daemon's writer thread: a bug in Mnemon, never a user error."""


class Memory:
    """A memory store. Open once with :meth:`open`, share across threads, :meth:`close` at exit."""

    def __init__(self, conn: sqlite3.Connection, state: State, config: Config, embedder: Embedder | None, path: Path,
                 read_only: bool) -> None:
        self._conn = conn
        self._st = state
        self.config = config
        self.embedder = embedder
        self.path = path
        self.read_only = read_only
        self._lock = FairLock()  # re-entrant; see mnemon.engine.fairlock for why it is fair
        self._idle_readers: deque[sqlite3.Connection] = deque()  # see _reading
        self._writes = 0  # transactions committed through this Memory
        self._touches: dict[int, tuple[int, float]] = {}
        self._pending_kv: dict[str, str | None] = {}  # kv records waiting for flush() (see kv_set_deferred)
        self._writer: threading.Thread | None = None  # see bind_writer
        self._ops_since_trim = 0
        self._closed = False
        self.from_snapshot = False  # whether open() took the saved state instead of rebuilding
        self._postings: postings.Postings | None = None  # see _keywords
        self._searched = False

    # -- opening -----------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path | str, *, config: Config | None = None, embedder: Embedder | None = None,
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
        from another tokenizer version) and re-index those rows in the keyword index, which
        holds the same tokens. On failure the next open tries again."""
        st = self._st
        try:
            with self._tx() as conn:
                conn.executemany(
                    "UPDATE insights SET tokens = ?, context_tokens = ?, tokens_version = ? WHERE seq = ?",
                    ((encode_tokens(st.token_sets[r]), encode_tokens(st.context_tokens[r]), text.TOKENS_VERSION,
                      st.row_seq[r]) for r in rows))
                fts.replace(conn, ((st.row_seq[r], ins.content, ins.tags, ins.entities, ins.context)
                                   for r, ins in ((r, st.insights[r]) for r in rows)))
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

    def set_embedder(self, embedder: Embedder | None) -> None:
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
            raise StorageError(db.damaged(self.path, err) or f"write failed and was rolled back: {err}") from None
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
        conn.execute(rows.INSERT_OPLOG,
                     (time_now(), op, insight_id, json.dumps(detail, ensure_ascii=False, sort_keys=True)))
        self._ops_since_trim += 1

    def _maybe_trim_oplog(self) -> None:
        if self._ops_since_trim < OPLOG_TRIM_EVERY:
            return
        self._ops_since_trim = 0
        with self._tx() as conn:
            self._trim_oplog(conn)

    def _trim_oplog(self, conn: sqlite3.Connection) -> None:
        """Keep the newest ``config.oplog_keep`` entries of the operation log."""
        conn.execute(rows.TRIM_OPLOG, (self.config.oplog_keep,))

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
                raise NotFound(f"no memory with id {key!r}; find ids with `mnemon list` or `mnemon recall QUERY`")
            row = matches[0]
        if live and not self._st.active[row]:
            raise NotFound(f"memory {self._st.insights[row].id[:8]} was forgotten; it can still be shown by id")
        return row

    def get(self, insight_id: str) -> Insight:
        with self._lock:
            return self._st.insights[self._row(insight_id)]

    def __len__(self) -> int:
        return self._st.active_count

    def scope_share(self, words: Iterable[str], scope: str, least: int = 1) -> dict[str, float]:
        """The share of ``scope``'s live memories (counted as at least ``least``: a young project's counts
        say little) whose words, their own or their context's, hold each of ``words``: how common a word is
        in what one project said, whatever other projects said. Read from the keyword postings (a few
        numpy operations a word); without them, row by row."""
        words = list(words)
        with self._lock:
            st = self._st
            code = st.scopes.get(scope)
            line = st.timeline.get(code, []) if code is not None else []
            if not line:
                return dict.fromkeys(words, 0.0)
            total = max(len(line), least)
            index = self._keywords()
            if index is None or not index.covers(st):
                rows = [row for _, row in line]
                return {word: sum(word in st.token_sets[row] or word in st.context_tokens[row] for row in rows) / total
                        for word in words}
            n = len(st)
            found = {word: index.rows_of(word) for word in words}  # a row once a term
            return {word: int(np.count_nonzero((st.scope_code[held] == code) & st.active[held])) / total
                    for word, held in ((w, r[r < n]) for w, r in found.items())}

    # -- remember ----------------------------------------------------------------------------


    # -- link / unlink / forget / gc ---------------------------------------------------------


    # -- embeddings --------------------------------------------------------------------------


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
        f = recall_mod.filters(query, limit=limit, intent=intent, scopes=scopes, categories=categories,
                               sources=sources, since=since, until=until, exclude_ids=exclude_ids)
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
        query, limit, intent, scope_list, filtered = f.query, f.limit, f.intent, f.scopes, f.mask

        # The keyword search reads the postings in RAM (mnemon.engine.postings), synced with
        # the state under the lock: a fraction of a millisecond, where FTS5 took several.
        # Should a write land meanwhile all the same, its rows are masked as below.
        started = time.perf_counter()
        with self._lock:
            if self._closed:
                raise StorageError("the store is closed")
            st = self._st
            mask = filtered(st)
            kw = recall_mod.keyword_hits(self._conn, st, query, mask, scope_list or None, index=self._keywords())
            if self._st is not st:
                st = self._st
                mask = filtered(st)
                kw = recall_mod.keyword_hits(self._conn, st, query, mask, scope_list or None, index=self._keywords())
            elif len(mask) < len(st):  # rows added meanwhile: not searched, so not candidates
                mask = np.concatenate([mask & st.active[: len(mask)], np.zeros(len(st) - len(mask), bool)])
            else:
                mask &= st.active[: len(mask)]
            scored, used_intent, meta = recall_mod.recall(
                st, query, keyword=kw, mask=mask, limit=limit, intent=intent, query_vector=qv, started=started)
            if touch and scored:
                self._touch_rows([s.row for s in scored], time_now())
            hits = tuple(Hit(st.insights[s.row], s.score, s.via, s.signals) for s in scored)
            return RecallResult(hits=hits, intent=used_intent, meta=meta)

    def warm(self) -> None:
        """Build now what recall would build on its way (the keyword postings): the daemon asks
        for it once it serves, so its first prompt is answered at full speed."""
        with self._lock:
            if not self._closed:
                self._searched = True
                self._keywords()

    def _keywords(self) -> postings.Postings | None:
        """The state's keyword postings, built at the second search (or :meth:`warm`), rebuilt
        when the state is replaced, and synced with it since; None when FTS5 answers instead:
        at the first search (a one-shot process, the CLI reading without the daemon, never pays
        for the build) or when the keyword index cannot be read. The caller holds the lock."""
        if self._postings is None and not self._searched:
            self._searched = True
            return None
        try:
            if self._postings is None or self._postings.state is not self._st:
                self._postings = None
                self._postings = postings.Postings.build(self._conn, self._st)
            else:
                self._postings.sync(self._conn)
        except sqlite3.Error:
            self._postings = None
        return self._postings

    def reinforce(self, insight_ids: Iterable[str]) -> int:
        """Count a use of each live memory named (as a recall does): the assistant restating an
        injected note reinforces it instead of storing it again. Returns how many were found."""
        with self._lock:
            rows = [row for row in (self._st.index.get(i) for i in insight_ids)
                    if row is not None and self._st.active[row]]
            self._touch_rows(rows, time_now())
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

    # -- by concern, each in its own module (functions of a Memory, bound here) ----------------
    remember = writes.remember
    _write_vector = writes._write_vector
    link = writes.link
    unlink = writes.unlink
    forget = writes.forget
    forget_many = writes.forget_many
    restore = writes.restore
    pin = writes.pin
    set_scope = writes.set_scope
    _diff_mask = staticmethod(diff._diff_mask)
    _diff_keyword = diff._diff_keyword
    _diff = diff._diff
    _auto_prune = upkeep._auto_prune
    gc = upkeep.gc
    maintain = upkeep.maintain
    rescreen = upkeep.rescreen
    rescreen_pending = upkeep.rescreen_pending
    verify = upkeep.verify
    _bad_times = upkeep._bad_times
    pending_embeddings = embedding.pending_embeddings
    store_vectors = embedding.store_vectors
    embed_status = embedding.embed_status
    show = reports.show
    status = reports.status
    log = reports.log
    export = reports.export
    list_insights = reports.list_insights
    select_ids = reports.select_ids
    sessions = reports.sessions
    projects = reports.projects
    timeline = reports.timeline
    injections = reports.injections
    session_insights = reports.session_insights
    standing = reports.standing
    successors = reports.successors
    import_records = imports.import_records
    _import_insight = imports._import_insight
    _import_edge = imports._import_edge
    _import_target = imports._import_target
    kv_get = kv.kv_get
    kv_get_many = kv.kv_get_many
    _kv_raw = staticmethod(kv._kv_raw)
    _write_kv = staticmethod(kv._write_kv)
    kv_set = kv.kv_set
    kv_set_deferred = kv.kv_set_deferred
    kv_keys = kv.kv_keys
    log_injection = kv.log_injection
