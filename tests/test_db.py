"""Schema migrations: order, refusal of newer databases, and data carried across each step."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest

from mnemon.engine import db
from mnemon.engine.memory import Memory
from mnemon.engine.model import EDGE_TYPES
from mnemon.errors import StorageError


def _at_m001(path: Path) -> sqlite3.Connection:
    """A database as the first release left it (only m001 applied)."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_at REAL NOT NULL)")
    conn.execute("BEGIN")
    db._m001_initial(conn)
    conn.execute("INSERT INTO schema_migrations VALUES ('m001_initial', 0)")
    conn.execute("COMMIT")
    return conn


def test_edge_type_codes_match_the_model() -> None:
    # the stored codes are positions in this tuple; the model may only ever append to it
    assert tuple(EDGE_TYPES) == db.EDGE_TYPE_CODES[: len(EDGE_TYPES)]


def test_fresh_database_gets_every_migration_in_order(tmp_path: Path) -> None:
    conn = db.connect(tmp_path / "m.db")
    names = [r[0] for r in conn.execute("SELECT name FROM schema_migrations ORDER BY applied_at, name")]
    assert names == [name for name, _ in db.MIGRATIONS]
    assert db.migrate(conn) == []  # idempotent


def test_newer_database_is_refused(tmp_path: Path) -> None:
    conn = db.connect(tmp_path / "m.db")
    conn.execute("INSERT INTO schema_migrations VALUES ('m999_future', 0)")
    conn.close()
    with pytest.raises(StorageError, match="newer Mnemon"):
        db.connect(tmp_path / "m.db")


def test_m002_moves_text_keyed_edges_to_integer_keys(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    conn = _at_m001(path)
    now = time.time()
    ids = [f"{i:08d}-0000-4000-8000-000000000000" for i in range(4)]
    for i, id_ in enumerate(ids):
        conn.execute("INSERT INTO insights (id, content, category, importance, source, scope, created_at, "
                     "updated_at, last_accessed_at, content_hash) VALUES (?, ?, 'fact', 3, 'user', 'global', "
                     "?, ?, ?, ?)", (id_, f"memory number {i} about topic {i}", now + i, now + i, now + i, f"h{i}"))
        conn.execute("INSERT INTO insights_fts (rowid, content, tags, entities, context) VALUES (?, ?, '', '', '')",
                     (i + 1, f"memory number {i} about topic {i}"))
    edges = [(ids[0], ids[1], "temporal", 0.7, '{"gap_s": 1}'), (ids[1], ids[2], "causal", 0.9, '{"sub_type": "causes"}'),
             (ids[2], ids[1], "causal", 0.4, '{"sub_type": "enables"}'), (ids[3], ids[0], "supersedes", 1.0, "{}"),
             (ids[0], ids[3], "entity", 0.5, '{"shared": ["x"]}'), (ids[1], ids[3], "semantic", 0.85, "{}")]
    conn.executemany("INSERT INTO edges (source_id, target_id, type, weight, metadata, created_at) "
                     "VALUES (?, ?, ?, ?, ?, ?)", [e + (now,) for e in edges])
    conn.close()

    mem = Memory.open(path)
    try:
        tables = {r[0] for r in mem._conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert "edges" not in tables and "graph_edges" in tables
        stored = {(e["source_id"], e["target_id"], e["type"], e["weight"], e["metadata"].get("sub_type"))
                  for i in ids for e in mem.show(i)["edges"]}
        assert {(s, d, t, w) for s, d, t, w, _ in stored} == {(s, d, t, w) for s, d, t, w, _ in edges}
        subs = {(s, d): sub for s, d, t, _, sub in stored if t == "causal"}
        assert subs == {(ids[1], ids[2]): "causes", (ids[2], ids[1]): "enables"}
        # RAM was rebuilt from the migrated table: both causal directions, the supersedes demotion
        st = mem._st
        r = [st.index[i] for i in ids]
        assert st.has_edge(r[1], r[2], "causal") and st.has_edge(r[2], r[1], "causal")
        assert st.is_superseded(r[0]) and not st.is_superseded(r[3])
        assert mem.verify()["ok"]
        # the cascade still works on the new keys
        mem._conn.execute("DELETE FROM insights WHERE id = ?", (ids[3],))
        left = mem._conn.execute("SELECT COUNT(*) FROM graph_edges").fetchone()[0]
        assert left == 3
    finally:
        mem.close()


def test_token_sets_are_stored_and_stale_ones_recomputed(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    with Memory.open(path) as mem:
        a = mem.remember("Switched the billing service to Postgres for its row locks",
                         context="which database should billing use?").id
        b = mem.remember("Deploys run on Fridays", tags=["release-process"]).id
        ram = {i: (mem._st.token_sets[mem._st.index[i]], mem._st.context_tokens[mem._st.index[i]]) for i in (a, b)}
    assert "postgr" in " ".join(ram[a][0]) and "billing" not in ram[a][1] and "databas" in " ".join(ram[a][1])
    conn = sqlite3.connect(path)
    stored = dict(conn.execute("SELECT id, tokens FROM insights"))
    assert tuple(stored[b].split()) == ram[b][0] and ram[b][0]
    # a row from another tokenizer version is re-tokenised at open and written back
    conn.execute("UPDATE insights SET tokens = 'junk', context_tokens = '', tokens_version = 0 WHERE id = ?", (a,))
    conn.commit()
    with Memory.open(path) as mem:
        row = mem._st.index[a]
        assert (mem._st.token_sets[row], mem._st.context_tokens[row]) == ram[a]
        assert mem.verify()["ok"]
    assert conn.execute("SELECT tokens_version FROM insights WHERE id = ?", (a,)).fetchone()[0] > 0
    # a stored set that does not match its text is reported, not trusted silently
    conn.execute("UPDATE insights SET tokens = 'junk' WHERE id = ?", (b,))
    conn.commit()
    conn.close()
    with Memory.open(path) as mem:
        problems = mem.verify()["problems"]
    assert any("token sets" in p for p in problems)


def test_one_column_list_for_schema_insert_and_ram(tmp_path: Path) -> None:
    """``rows.INSIGHT_FIELDS`` (what the INSERT writes and RAM loads, in order) and the token
    cache and screening columns are exactly the insights table the migrations build."""
    from mnemon.engine import rows

    conn = db.connect(tmp_path / "m.db")
    columns = tuple(r[1] for r in conn.execute("PRAGMA table_info(insights)"))
    conn.close()
    fields = rows.INSIGHT_FIELDS + rows.CACHE_FIELDS
    assert sorted(fields) == sorted(columns) and len(set(fields)) == len(fields)
    assert rows.INSERT_INSIGHT.count("?") == len(columns)


def test_m009_moves_an_old_store_to_the_token_index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A store written by the previous schema (m001-m008: FTS5 ``porter unicode61`` over the raw
    text, filled as the engine then filled it) is migrated: nothing lost, every row (forgotten
    ones too) re-indexed by the engine's tokens, and search works after."""
    from mnemon.engine import fts, text

    path = tmp_path / "m.db"
    with monkeypatch.context() as old:
        old.setattr(db, "MIGRATIONS", db.MIGRATIONS[:8])
        old.setattr(fts, "values", lambda seq, content, tags, entities, context: (
            seq, content, " ".join(tags), " ".join(entities), context))
        with Memory.open(path) as mem:
            ids = [mem.remember("Switched the billing service to Postgres for its row locks", scope="p",
                                tags=["db-choice"], context="which database should billing use?").id,
                   mem.remember("Deploys run on Fridays after the state-of-the-art canary", scope="p").id,
                   mem.remember("部署脚本在周五运行", scope="p").id,
                   mem.remember("The staging password is in the vault, not in .env files", scope="p").id]
            mem.forget(ids[3])
            before = {i: mem.show(i)["content"] for i in ids}
        conn = sqlite3.connect(path)
        assert "porter" in conn.execute("SELECT sql FROM sqlite_master WHERE name = 'insights_fts'").fetchone()[0]
        assert conn.execute("SELECT COUNT(*) FROM insights_fts WHERE insights_fts MATCH 'locks'").fetchone()[0] == 1
        conn.close()

    with Memory.open(path) as mem:
        assert {i: mem.show(i)["content"] for i in ids} == before
        assert mem.verify()["ok"]
        assert mem.recall("which database has row locks", scopes=["p"]).hits[0].insight.id == ids[0]
        assert mem.recall("db-choice", scopes=["p"]).hits[0].insight.id == ids[0]  # a tag
        assert mem.recall("what should billing use", scopes=["p"]).hits[0].insight.id == ids[0]  # the context
        assert mem.recall("state-of-the-art canary", scopes=["p"]).hits[0].insight.id == ids[1]
        assert mem.recall("周五部署", scopes=["p"]).hits[0].insight.id == ids[2]
        assert all(h.insight.id != ids[3] for h in mem.recall("staging password vault", scopes=["p"]).hits)
    conn = sqlite3.connect(path)
    assert "porter" not in conn.execute("SELECT sql FROM sqlite_master WHERE name = 'insights_fts'").fetchone()[0]
    indexed = dict(conn.execute("SELECT rowid, content FROM insights_fts"))
    stored = dict(conn.execute("SELECT seq, content FROM insights"))
    assert indexed == {seq: " ".join(text.index_tokens(content)) for seq, content in stored.items()}
    assert "locks" not in indexed[1].split() and "lock" in indexed[1].split()
    assert len(indexed) == 4  # the forgotten memory's row too, as before
    conn.execute("INSERT INTO insights_fts (insights_fts) VALUES ('integrity-check')")
    conn.close()


def test_reindexes_rows_retokenised_at_open(tmp_path: Path) -> None:
    # a row from another tokenizer version gets its keyword-index row rewritten with its tokens
    path = tmp_path / "m.db"
    with Memory.open(path) as mem:
        a = mem.remember("Flyway migrations run at boot").id
    conn = sqlite3.connect(path)
    seq = conn.execute("SELECT seq FROM insights WHERE id = ?", (a,)).fetchone()[0]
    conn.execute("UPDATE insights_fts SET content = 'junk' WHERE rowid = ?", (seq,))
    conn.execute("UPDATE insights SET tokens_version = 0 WHERE id = ?", (a,))
    conn.commit()
    with Memory.open(path) as mem:
        assert mem.recall("flyway boot").hits[0].insight.id == a
    from mnemon.engine import text

    assert conn.execute("SELECT content FROM insights_fts WHERE rowid = ?", (seq,)).fetchone()[0] == " ".join(
        text.index_tokens("Flyway migrations run at boot"))
    conn.close()


def test_a_damaged_file_says_how_to_recover_without_importing_into_it(tmp_path: Path) -> None:
    """Regression: a write to a damaged file said only "write failed and was rolled back: database
    disk image is malformed", and a read named `mnemon import` of an export as the cure, which,
    run against the same damaged file, fails again. The message gives the steps that work: export
    from the running daemon, stop it, move the file aside, import."""
    from mnemon import doctor
    from mnemon.config import load
    from mnemon.paths import Paths

    path = tmp_path / "mnemon.db"
    mem = Memory.open(path, config=load(env={}, overrides={"embedder": "none"}))
    for n in range(5):
        mem.remember(f"Fact number {n}: the service foo{n} runs on host bar{n}.", embed=False)
    mem.close()
    with path.open("r+b") as handle:
        handle.seek(4096 * 3)
        handle.write(b"\xde\xad" * 3000)
    mem = Memory.open(path, config=load(env={}, overrides={"embedder": "none"}))
    try:
        with pytest.raises(StorageError) as caught:
            mem.remember("The queue is RabbitMQ.", embed=False)
    finally:
        mem.close()
    said = caught.value.message
    assert "malformed" in said and "mnemon export -o " in said and "aside" in said and str(path) in said
    paths = Paths.resolve()
    paths.root.mkdir(parents=True, exist_ok=True)
    paths.db.write_bytes(path.read_bytes())
    check = next(c for c in doctor.run(paths, start=False) if c.name == "database")
    assert check.level == "fail" and "aside" in check.fix and "mnemon import" in check.fix
