"""The keyword index: an SQLite FTS5 table over the engine's own tokens.

Each memory's row holds, per field (content, tags, entities, context), the tokens
``text.tokens`` makes of it, in order and joined by spaces, with ``text.PLACEHOLDER`` for each
word that has none (a stopword: it counts toward the document's length for BM25, as every word
did before, but no query holds it). FTS5 splits them back exactly as
written (its ``ascii`` tokenizer with ``-``, ``_`` and ``'``, the only ASCII characters a token
may hold besides letters and digits, as token characters; non-ASCII characters are token
characters to it, and it lower-cases ASCII letters, which tokens already are), so the words
FTS5 matches and counts are the words the RAM side counts: a query word's posting count is
``State.token_df``, and no FTS5 stemmer disagrees with ``text.stem``.

Forgotten memories keep their row (a forgotten memory is masked out at recall; purging it
removes the row). A change to what ``text.tokens`` returns bumps ``text.TOKENS_VERSION``; the
rows re-tokenised at the next open are then re-indexed (:func:`replace`).

Part of the engine: imports the text analysis only.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence

from mnemon.engine import text

TABLE = "insights_fts"
# bm25 column weights: content, tags, entities, context
BM25 = f"bm25({TABLE}, 1.0, 0.6, 0.8, 0.6)"
INSERT = f"INSERT INTO {TABLE} (rowid, content, tags, entities, context) VALUES (?, ?, ?, ?, ?)"
DELETE = f"DELETE FROM {TABLE} WHERE rowid = ?"


def field(value: str) -> str:
    """One field as the index stores it: its tokens, in order, joined by spaces."""
    return " ".join(text.index_tokens(value)) if value else ""


def values(seq: int, content: str, tags: Sequence[str], entities: Sequence[str],
           context: str) -> tuple[int, str, str, str, str]:
    """The parameters of :data:`INSERT` for one memory (its tags as words: :func:`text.word_tags`)."""
    return (seq, field(content), field(" ".join(text.word_tags(tags))), field(" ".join(entities)), field(context))


def insert(conn: sqlite3.Connection, seq: int, content: str, tags: Sequence[str], entities: Sequence[str],
           context: str) -> None:
    """Index a memory (in the caller's transaction)."""
    conn.execute(INSERT, values(seq, content, tags, entities, context))


def delete(conn: sqlite3.Connection, seq: int) -> None:
    """Remove a memory's row from the index (in the caller's transaction)."""
    conn.execute(DELETE, (seq,))


def replace(conn: sqlite3.Connection, rows: Iterable[tuple[int, str, Sequence[str], Sequence[str], str]]) -> None:
    """Re-index memories, each given as (seq, content, tags, entities, context)."""
    rows = list(rows)
    conn.executemany(DELETE, ((r[0],) for r in rows))
    conn.executemany(INSERT, (values(*r) for r in rows))
