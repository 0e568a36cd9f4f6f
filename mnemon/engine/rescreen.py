"""Re-screening stored memories when the secret or injection rules change.

Every row of ``insights`` records in ``screened`` the :data:`SCREEN_VERSION` of the rules that last looked at
it (``mnemon.safety.redact.RULES_VERSION`` and ``mnemon.safety.guard.RULES_VERSION``; rows from before the column have 0).
When the rules change, :func:`run_batch` takes the oldest-screened rows a batch at a time (the daemon runs
one batch per writer job, so other writes interleave) and puts each through today's rules:

* **a secret found later is removed everywhere it was written**: the row's content, context, tags, entities
  and metadata are redacted again; its keyword-index entry is deleted and rewritten, then the index is
  merged (``optimize``) so no segment keeps the old terms; its token sets, entity rows and entity-edge
  metadata are recomputed; its vector (computed from the secret-bearing text) is deleted, so the embed
  worker makes a new one from the redacted text; the saved RAM snapshot is deleted. The batch runs with
  ``PRAGMA secure_delete`` (freed pages are zeroed) and ends with a WAL checkpoint that truncates the log,
  so the old text is left neither in the database file nor in its WAL. Forgotten rows are cleaned too:
  they stay on disk until the retention purge.
* **the injection flag follows the rules**: a memory the guard now flags is flagged (and so never
  injected), one it no longer flags is unflagged.

A batch is one transaction; an interrupted run continues where it stopped. When any text changed, the RAM
state is rebuilt from SQLite at the end of the batch (rule changes are rare; correctness beats speed).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mnemon.engine import snapshot, text, vectors
from mnemon.engine.checks import redact_meta
from mnemon.engine.state import State, encode_tokens, token_sets_of
from mnemon.safety import guard, redact

if TYPE_CHECKING:
    from mnemon.engine.memory import Memory

SCREEN_VERSION = redact.RULES_VERSION * 1000 + guard.RULES_VERSION
"""The version of the rules a row was screened by; a row below it is screened again."""

DEFAULT_BATCH = 500

_SELECT = ("SELECT seq, id, content, context, tags, entities, metadata, flags FROM insights "
           "WHERE screened < ? ORDER BY screened, seq LIMIT ?")


def pending(conn: Any) -> int:
    """How many rows were screened by older rules."""
    return int(conn.execute("SELECT COUNT(*) FROM insights WHERE screened < ?", (SCREEN_VERSION,)).fetchone()[0])


def _flags(old: list[str], content: str) -> list[str]:
    kept = [f for f in old if f != "injection"]
    return (["injection"] if guard.scan(content) else []) + kept


def run_batch(memory: Memory, batch: int = DEFAULT_BATCH) -> dict[str, Any]:
    """Screen up to ``batch`` rows screened by older rules. Returns counts and ``more`` (rows left)."""
    report: dict[str, Any] = {"screened": 0, "redacted": 0, "flagged": 0, "unflagged": 0, "kinds": []}
    kinds_seen: set[str] = set()
    with memory._lock:
        conn = memory._conn
        rows = conn.execute(_SELECT, (SCREEN_VERSION, batch)).fetchall()
        if not rows:
            report["more"] = False
            return report
        changed_text = False
        conn.execute("PRAGMA secure_delete = ON")
        with memory._tx() as tx:
            for seq, insight_id, content, context, tags_json, entities_json, meta_json, flags_json in rows:
                kinds: set[str] = set()
                new_content = redact_meta(content, kinds)
                new_context = redact_meta(context, kinds) if context else context
                tags = json.loads(tags_json)
                entities = json.loads(entities_json)
                meta = json.loads(meta_json)
                new_tags = redact_meta(tags, kinds)
                new_meta = redact_meta(meta, kinds)
                old_flags = json.loads(flags_json)
                new_flags = _flags(old_flags, new_content)
                if "injection" in new_flags and "injection" not in old_flags:
                    report["flagged"] += 1
                elif "injection" in old_flags and "injection" not in new_flags:
                    report["unflagged"] += 1
                if (new_content, new_context, new_tags, new_meta) != (content, context, tags, meta):
                    changed_text = True
                    report["redacted"] += 1
                    kinds_seen.update(kinds)
                    _rewrite(tx, seq, insight_id, (content, context, tags, entities),
                             (new_content, new_context, new_tags, new_meta, new_flags))
                    memory._log(tx, "rescreen", insight_id, {"redacted": sorted(kinds), "flags": new_flags,
                                                             "version": SCREEN_VERSION})
                elif new_flags != old_flags:
                    tx.execute("UPDATE insights SET flags = ?, screened = ? WHERE seq = ?",
                               (json.dumps(new_flags), SCREEN_VERSION, seq))
                    memory._log(tx, "rescreen", insight_id, {"flags": new_flags, "version": SCREEN_VERSION})
                else:
                    tx.execute("UPDATE insights SET screened = ? WHERE seq = ?", (SCREEN_VERSION, seq))
        report["screened"] = len(rows)
        if changed_text:
            _scrub(memory)
        if changed_text or report["flagged"] or report["unflagged"]:
            memory.flush()
            memory._st = State.load(conn, getattr(memory.embedder, "model_id", None) or memory._st.model_id)
        report["kinds"] = sorted(kinds_seen)
        report["more"] = pending(conn) > 0
        return report


def _rewrite(tx: Any, seq: int, insight_id: str, old: tuple[str, str, list[str], list[str]],
             new: tuple[str, str, list[str], Any, list[str]]) -> None:
    """Replace a row's text everywhere it was written (see the module docstring)."""
    content, context, tags, entities = old
    new_content, new_context, new_tags, new_meta, new_flags = new
    kept = [e for e in entities if redact.redact(e)[0] == e and (e in new_content or e not in content)]
    new_entities = text.iter_unique(kept + text.extract_entities(new_content))
    toks, ctx = token_sets_of(new_content, new_tags, new_context)
    tx.execute(
        "UPDATE insights SET content = ?, context = ?, tags = ?, entities = ?, metadata = ?, flags = ?, "
        "content_hash = ?, tokens = ?, context_tokens = ?, tokens_version = ?, updated_at = ?, screened = ? "
        "WHERE seq = ?",
        (new_content, new_context, json.dumps(new_tags), json.dumps(new_entities),
         json.dumps(new_meta, ensure_ascii=False), json.dumps(new_flags), vectors.content_hash(new_content),
         encode_tokens(toks), encode_tokens(ctx), text.TOKENS_VERSION, time.time(), SCREEN_VERSION, seq))
    tx.execute("INSERT INTO insights_fts (insights_fts, rowid, content, tags, entities, context) "
               "VALUES ('delete', ?, ?, ?, ?, ?)", (seq, content, " ".join(tags), " ".join(entities), context))
    tx.execute("INSERT INTO insights_fts (rowid, content, tags, entities, context) VALUES (?, ?, ?, ?, ?)",
               (seq, new_content, " ".join(new_tags), " ".join(new_entities), new_context))
    tx.execute("DELETE FROM insight_entities WHERE insight_id = ?", (insight_id,))
    tx.executemany("INSERT OR IGNORE INTO insight_entities (insight_id, entity) VALUES (?, ?)",
                   [(insight_id, text.normalise_entity(e)) for e in new_entities])
    tx.execute("DELETE FROM embeddings WHERE insight_id = ?", (insight_id,))
    names = {text.normalise_entity(e) for e in new_entities}
    for src, dst, etype, meta_json in tx.execute(
            "SELECT src, dst, type, metadata FROM graph_edges WHERE src = ? OR dst = ?", (seq, seq)).fetchall():
        meta = json.loads(meta_json)
        entity = meta.get("entity") if isinstance(meta, dict) else None
        if isinstance(entity, str) and text.normalise_entity(entity) not in names:
            tx.execute("DELETE FROM graph_edges WHERE src = ? AND dst = ? AND type = ?", (src, dst, etype))


def _scrub(memory: Memory) -> None:
    """After text was replaced: merge the keyword index so no segment keeps the old terms, truncate the WAL
    and drop the saved RAM snapshot (it holds the old text)."""
    conn = memory._conn
    with memory._tx() as tx:
        tx.execute("INSERT INTO insights_fts (insights_fts) VALUES ('optimize')")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    path: Path = snapshot.path_for(memory.path)
    try:
        path.unlink()
    except FileNotFoundError:
        pass
