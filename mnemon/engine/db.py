"""SQLite connection policy and schema migrations.

``connect()`` is the only place that opens the database: WAL journal, a busy timeout,
foreign keys on, synchronous=NORMAL (durable across process crashes; WAL keeps the database
consistent across power loss). Migrations are an ordered list of named functions; each runs in
its own transaction together with the row that records it, and a released migration is never
edited: changes come as new functions appended to ``MIGRATIONS``.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

from mnemon.errors import StorageError

log = logging.getLogger("mnemon.db")

BUSY_TIMEOUT_MS = 10_000


def connect(path: Path | str, *, read_only: bool = False) -> sqlite3.Connection:
    """Open the database with Mnemon's connection policy (and migrate it unless read-only)."""
    path = Path(path)
    try:
        if read_only:
            if not path.exists():
                raise StorageError(f"no database at {path}; nothing has been remembered yet")
            conn = _open_read_only(path)
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


def _open_read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection, also where the file's directory cannot be written.

    A WAL database is read through its ``-shm`` file, which SQLite creates beside it: in a
    directory that cannot be written (a file system remounted read-only after disk errors)
    without one, every read failed with "unable to open database file", so the CLI's read-only
    fallback and doctor could show nothing of a store that is whole. Nothing can write the
    store there either (a writer needs that directory for its ``-wal`` and ``-shm``), so it
    is read as immutable: as it stands on disk, without locks."""
    def open_with(query: str) -> sqlite3.Connection:
        return sqlite3.connect(f"file:{path}?{query}", uri=True, timeout=BUSY_TIMEOUT_MS / 1000,
                               check_same_thread=False, isolation_level=None)

    conn = open_with("mode=ro")
    try:
        conn.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()
        return conn
    except sqlite3.OperationalError:
        if os.access(path.parent, os.W_OK) or os.path.exists(f"{path}-shm"):
            raise
    conn.close()
    log.info("%s: its directory cannot be written; reading it as immutable", path)
    return open_with("mode=ro&immutable=1")


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


def _m002_integer_edges(conn: sqlite3.Connection) -> None:
    """Edges keyed by the insights' integer ``seq`` and an integer type code instead of uuid
    text: rebuilding RAM joined every edge to two text keys (20 us an edge, seconds at 100k
    memories); integer keys read at about 1 us an edge and halve the table. Type codes are
    positions in ``EDGE_TYPE_CODES`` below, frozen here with the migration."""
    cases = " ".join(f"WHEN '{name}' THEN {code}" for code, name in enumerate(EDGE_TYPE_CODES))
    _run_script(
        conn,
        f"""
        CREATE TABLE graph_edges (
            src INTEGER NOT NULL REFERENCES insights (seq) ON DELETE CASCADE,
            dst INTEGER NOT NULL REFERENCES insights (seq) ON DELETE CASCADE,
            type INTEGER NOT NULL CHECK (type BETWEEN 0 AND {len(EDGE_TYPE_CODES) - 1}),
            weight REAL NOT NULL,
            metadata TEXT NOT NULL DEFAULT '{{}}',
            created_at REAL NOT NULL,
            PRIMARY KEY (src, dst, type)
        ) WITHOUT ROWID;
        INSERT INTO graph_edges (src, dst, type, weight, metadata, created_at)
            SELECT s.seq, t.seq, CASE e.type {cases} END, e.weight, e.metadata, e.created_at
            FROM edges e JOIN insights s ON s.id = e.source_id JOIN insights t ON t.id = e.target_id
            WHERE e.type IN ({", ".join(f"'{name}'" for name in EDGE_TYPE_CODES)});
        DROP TABLE edges;
        CREATE INDEX graph_edges_by_dst ON graph_edges (dst);
        """
    )


def _m003_token_cache(conn: sqlite3.Connection) -> None:
    """Each insight's token sets, stored beside it in the same transaction: tokenising every
    text at open was most of the rebuild time (50 us a memory). ``tokens_version`` names the
    tokenizer that produced them; rows written by another version are re-tokenised at open."""
    _run_script(
        conn,
        """
        ALTER TABLE insights ADD COLUMN tokens TEXT;
        ALTER TABLE insights ADD COLUMN context_tokens TEXT;
        ALTER TABLE insights ADD COLUMN tokens_version INTEGER NOT NULL DEFAULT 0;
        """
    )


def _m004_generation(conn: sqlite3.Connection) -> None:
    """A counter every change to insights, edges or vectors advances, in the same transaction
    (triggers, so no writer can forget it). A saved snapshot of the RAM state names the
    generation it reflects and is used only while the counter still says so."""
    statements = ["CREATE TABLE generation (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL)",
                  "INSERT INTO generation (id, n) VALUES (1, 0)",
                  # which models have vectors, without reading every vector
                  "CREATE INDEX embeddings_by_model ON embeddings (model)"]
    for table in ("insights", "graph_edges", "embeddings"):
        for event in ("INSERT", "UPDATE", "DELETE"):
            statements.append(
                f"CREATE TRIGGER generation_{table}_{event.lower()} AFTER {event} ON {table} "
                "BEGIN UPDATE generation SET n = n + 1 WHERE id = 1; END")
    for statement in statements:
        conn.execute(statement)


def _m005_pinned(conn: sqlite3.Connection) -> None:
    """A pinned memory is immune to decay and pruning (``mnemon pin``): a stored flag, so it
    survives restarts and rebuilds; 0 for every memory stored before."""
    conn.execute("ALTER TABLE insights ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0")


def _m006_injection_log(conn: sqlite3.Connection) -> None:
    """The injection log (``mnemon.engine.injections``): one row per prompt and session start the
    hooks asked about, with what was injected or why nothing was. Kept apart from the
    insights (no generation trigger: it never invalidates the saved RAM state)."""
    _run_script(
        conn,
        """
        CREATE TABLE injection_log (
            seq INTEGER PRIMARY KEY,
            ts REAL NOT NULL,
            session_id TEXT NOT NULL,
            scope TEXT NOT NULL DEFAULT '',
            event TEXT NOT NULL,
            prompt TEXT NOT NULL DEFAULT '',
            reason TEXT NOT NULL,
            context TEXT NOT NULL DEFAULT '',
            chars INTEGER NOT NULL DEFAULT 0,
            tokens INTEGER NOT NULL DEFAULT 0,
            items TEXT NOT NULL DEFAULT '[]',
            took_ms REAL
        );
        CREATE INDEX injection_log_session ON injection_log (session_id, seq);
        CREATE INDEX injection_log_ts ON injection_log (ts);
        """
    )


def _m007_screened(conn: sqlite3.Connection) -> None:
    """Which version of the secret and injection rules last screened each memory (``mnemon.engine.rescreen``):
    0 for rows written before, so the first daemon start after an upgrade screens them again."""
    _run_script(
        conn,
        """
        ALTER TABLE insights ADD COLUMN screened INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX insights_screened ON insights (screened);
        """
    )


def _m008_repair_timestamps(conn: sqlite3.Connection) -> None:
    """Stores written before every boundary checked times could hold one no formatter can show
    (``created_at`` 1e300 from an import, 2.6e11 over the socket, a transcript stamped in the
    year 10000); every command that displayed it then failed. Repair them once: see
    :func:`repair_timestamps`."""
    repair_timestamps(conn)


def _m009_token_index(conn: sqlite3.Connection) -> None:
    """The keyword index over the engine's own tokens (``mnemon.engine.fts``) instead of m001's
    ``porter unicode61`` over the raw text: FTS5's stemmer and splitting disagreed with
    ``text.tokens`` on some words, so the two sides counted different words. The table keeps
    its name and columns but holds its own text (the token strings are no column of
    ``insights``); it is filled here from every row, forgotten ones included as before."""
    from mnemon.engine import fts

    conn.execute("DROP TABLE insights_fts")
    conn.execute("CREATE VIRTUAL TABLE insights_fts USING fts5 (content, tags, entities, context, "
                 "tokenize = 'ascii tokenchars ''-_''''''')")
    cur = conn.execute("SELECT seq, content, tags, entities, context FROM insights ORDER BY seq")
    while True:
        chunk = cur.fetchmany(2048)
        if not chunk:
            break
        conn.executemany(fts.INSERT, [fts.values(seq, content, _names(tags), _names(entities), context)
                                      for seq, content, tags, entities, context in chunk])


def _names(raw: str) -> list[str]:
    """A stored JSON list of names (tags, entities); anything else indexes as nothing."""
    try:
        value = json.loads(raw)
    except (TypeError, ValueError):
        return []
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def bad_time_sql(column: str, *, nullable: bool = False) -> str:
    """An SQL condition true when ``column`` holds no valid time (see ``model.time_ok``):
    not a number (a text value, infinity) or outside [MIN_TIME, MAX_TIME]."""
    from mnemon.engine.model import MAX_TIME, MIN_TIME

    bad = (f"(typeof({column}) NOT IN ('integer', 'real') OR {column} < {MIN_TIME!r} "
           f"OR {column} > {MAX_TIME!r})")
    return f"({column} IS NOT NULL AND {bad})" if nullable else bad


def repair_timestamps(conn: sqlite3.Connection, now: float | None = None) -> dict[str, int]:
    """Replace every stored time outside the valid range, inside the caller's transaction,
    and record what changed in the operation log (op ``repair``) and the log.

    A memory's ``created_at`` becomes its ``updated_at`` (when it was stored) if that is
    valid, else the time of the repair; ``updated_at`` and ``last_accessed_at`` then fall back
    to ``created_at``; a bad ``deleted_at`` becomes the time of the repair (the memory stays
    forgotten). Edge, operation-log and key-value times become the time of the repair."""
    now = time.time() if now is None else now
    counts: dict[str, int] = {}
    ids = [row[0] for row in conn.execute(
        f"SELECT id FROM insights WHERE {bad_time_sql('created_at')} OR {bad_time_sql('updated_at')} OR "
        f"{bad_time_sql('last_accessed_at')} OR {bad_time_sql('deleted_at', nullable=True)} ORDER BY seq")]
    if ids:
        conn.execute(f"UPDATE insights SET created_at = CASE WHEN {bad_time_sql('updated_at')} THEN ? "
                     f"ELSE updated_at END WHERE {bad_time_sql('created_at')}", (now,))
        for column in ("updated_at", "last_accessed_at"):
            conn.execute(f"UPDATE insights SET {column} = created_at WHERE {bad_time_sql(column)}")
        conn.execute(f"UPDATE insights SET deleted_at = ? WHERE {bad_time_sql('deleted_at', nullable=True)}",
                     (now,))
        counts["insights"] = len(ids)
    for table, column in (("graph_edges", "created_at"), ("oplog", "ts"), ("kv", "updated_at"),
                          ("injection_log", "ts")):
        changed = conn.execute(f"UPDATE {table} SET {column} = ? WHERE {bad_time_sql(column)}", (now,)).rowcount
        if changed:
            counts[table] = changed
    if counts:
        detail = {"repaired": counts, "ids": ids[:50], "reason": "times outside the valid range"}
        conn.execute("INSERT INTO oplog (ts, op, insight_id, detail) VALUES (?, 'repair', NULL, ?)",
                     (now, json.dumps(detail, sort_keys=True)))
        log.warning("repaired out-of-range times in the store: %s (memories %s)", counts,
                    ", ".join(i[:8] for i in ids[:20]) or "none")
    return counts


# Edge type codes of the graph_edges table (m002). Append only: a code never changes meaning.
EDGE_TYPE_CODES = ("temporal", "entity", "causal", "semantic", "supersedes")

MIGRATIONS: list[tuple[str, Callable[[sqlite3.Connection], None]]] = [
    ("m001_initial", _m001_initial),
    ("m002_integer_edges", _m002_integer_edges),
    ("m003_token_cache", _m003_token_cache),
    ("m004_generation", _m004_generation),
    ("m005_pinned", _m005_pinned),
    ("m006_injection_log", _m006_injection_log),
    ("m007_screened", _m007_screened),
    ("m008_repair_timestamps", _m008_repair_timestamps),
    ("m009_token_index", _m009_token_index),
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
    except sqlite3.OperationalError as err:
        if "no such table" not in str(err):
            raise
        raise StorageError("the database has no Mnemon schema; run the daemon once to create it") from None
    if {r[0] for r in rows} != {name for name, _ in MIGRATIONS}:
        raise StorageError("the database schema is not current; start the daemon once to migrate it")


def damaged(path: Path | str, err: BaseException) -> str | None:
    """What to do about a damaged database file, or None when ``err`` says nothing of damage.
    A damaged page shows on first use, not at open, so the daemon is usually running and still
    holds every memory in RAM: export from it first, then move the file aside and import.
    ("restore from `mnemon export` with `mnemon import`" alone had people import into the same
    damaged file, which fails again.) With no daemon running (stopped, or refusing the file at
    every start) the same export reads what the damaged file still gives (``engine.salvage``).
    An error that already carries this advice (the daemon's, relayed) is given back as it is."""
    said = str(err).lower()
    if "malformed" not in said and "not a database" not in said and "corrupt" not in said:
        return None
    if RECOVER in str(err):
        return str(err)
    return (f"the database file {path} is damaged ({err}). {RECOVER} (from the daemon's memory when it runs, "
            f"else what the damaged file still gives, row by row), `mnemon daemon stop`, move {path} and its -wal "
            "and -shm files aside, then `mnemon import mnemon-rescue.jsonl`")


RECOVER = "To recover: `mnemon export -o mnemon-rescue.jsonl`"
