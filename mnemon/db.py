"""SQLite connection policy and schema migrations.

``connect()`` is the only place that opens the database: WAL journal, a busy timeout,
foreign keys on, synchronous=NORMAL (durable across process crashes; WAL keeps the database
consistent across power loss). Migrations are an ordered list of named functions; each runs in
its own transaction together with the row that records it, and a released migration is never
edited: changes come as new functions appended to ``MIGRATIONS``.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from mnemon.errors import StorageError

BUSY_TIMEOUT_MS = 10_000


def connect(path: Path | str, *, read_only: bool = False) -> sqlite3.Connection:
    """Open the database with Mnemon's connection policy (and migrate it unless read-only)."""
    path = Path(path)
    try:
        if read_only:
            if not path.exists():
                raise StorageError(f"no database at {path}; nothing has been remembered yet")
            conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_MS / 1000,
                                   check_same_thread=False, isolation_level=None)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False,
                                   isolation_level=None)
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA foreign_keys = ON")
        if not read_only:
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
            migrate(conn)
        else:
            _check_schema(conn)
        return conn
    except sqlite3.DatabaseError as err:
        raise StorageError(f"cannot open {path}: {err}. If the file is corrupt, move it aside and "
                           f"restore from `mnemon export` output with `mnemon import`") from None


def _run_script(conn: sqlite3.Connection, script: str) -> None:
    # executescript() would COMMIT the migration's transaction first: run statements one by one.
    for statement in script.split(";\n"):
        if statement.strip():
            conn.execute(statement)


def _m001_initial(conn: sqlite3.Connection) -> None:
    _run_script(
        conn,
        """
        CREATE TABLE insights (
            seq INTEGER PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            content TEXT NOT NULL,
            category TEXT NOT NULL,
            importance INTEGER NOT NULL CHECK (importance BETWEEN 1 AND 5),
            tags TEXT NOT NULL DEFAULT '[]',
            entities TEXT NOT NULL DEFAULT '[]',
            source TEXT NOT NULL,
            scope TEXT NOT NULL,
            session_id TEXT,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            last_accessed_at REAL NOT NULL,
            access_count INTEGER NOT NULL DEFAULT 0,
            deleted_at REAL,
            content_hash TEXT NOT NULL,
            origin TEXT UNIQUE,
            metadata TEXT NOT NULL DEFAULT '{}',
            flags TEXT NOT NULL DEFAULT '[]',
            context TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX insights_scope_created ON insights (scope, created_at);
        CREATE INDEX insights_hash ON insights (content_hash);
        CREATE INDEX insights_session ON insights (session_id);

        CREATE VIRTUAL TABLE insights_fts USING fts5 (
            content, tags, entities, context,
            content = 'insights', content_rowid = 'seq', tokenize = 'porter unicode61'
        );

        CREATE TABLE insight_entities (
            insight_id TEXT NOT NULL REFERENCES insights (id) ON DELETE CASCADE,
            entity TEXT NOT NULL,
            PRIMARY KEY (entity, insight_id)
        ) WITHOUT ROWID;
        CREATE INDEX insight_entities_by_insight ON insight_entities (insight_id);

        CREATE TABLE edges (
            source_id TEXT NOT NULL REFERENCES insights (id) ON DELETE CASCADE,
            target_id TEXT NOT NULL REFERENCES insights (id) ON DELETE CASCADE,
            type TEXT NOT NULL,
            weight REAL NOT NULL,
            metadata TEXT NOT NULL DEFAULT '{}',
            created_at REAL NOT NULL,
            PRIMARY KEY (source_id, target_id, type)
        ) WITHOUT ROWID;
        CREATE INDEX edges_by_target ON edges (target_id);

        CREATE TABLE embeddings (
            insight_id TEXT PRIMARY KEY REFERENCES insights (id) ON DELETE CASCADE,
            model TEXT NOT NULL,
            dim INTEGER NOT NULL,
            dtype TEXT NOT NULL,
            content_hash TEXT NOT NULL,
            vector BLOB NOT NULL
        );

        CREATE TABLE oplog (
            seq INTEGER PRIMARY KEY,
            ts REAL NOT NULL,
            op TEXT NOT NULL,
            insight_id TEXT,
            detail TEXT NOT NULL DEFAULT '{}'
        );
        CREATE INDEX oplog_op ON oplog (op, seq);

        CREATE TABLE kv (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL,
            updated_at REAL NOT NULL
        );
        """
    )


MIGRATIONS: list[tuple[str, Callable[[sqlite3.Connection], None]]] = [
    ("m001_initial", _m001_initial),
]


def migrate(conn: sqlite3.Connection) -> list[str]:
    """Apply pending migrations in order; returns the names applied now."""
    conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at REAL NOT NULL)")
    done = {row[0] for row in conn.execute("SELECT name FROM schema_migrations")}
    known = {name for name, _ in MIGRATIONS}
    unknown = done - known
    if unknown:
        raise StorageError(
            f"the database was written by a newer Mnemon (migrations {sorted(unknown)}); upgrade Mnemon"
        )
    applied = []
    for name, func in MIGRATIONS:
        if name in done:
            continue
        conn.execute("BEGIN IMMEDIATE")
        try:
            if conn.execute("SELECT 1 FROM schema_migrations WHERE name = ?", (name,)).fetchone():
                conn.execute("ROLLBACK")
                continue
            func(conn)
            conn.execute("INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)", (name, time.time()))
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        applied.append(name)
    return applied


def _check_schema(conn: sqlite3.Connection) -> None:
    try:
        rows = conn.execute("SELECT name FROM schema_migrations").fetchall()
    except sqlite3.OperationalError:
        raise StorageError("the database has no Mnemon schema; run the daemon once to create it") from None
    if {r[0] for r in rows} != {name for name, _ in MIGRATIONS}:
        raise StorageError("the database schema is not current; start the daemon once to migrate it")
