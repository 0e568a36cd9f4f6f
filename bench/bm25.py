"""The BM25 baseline: SQLite FTS5 over the turns of one conversation.

This is the reference retriever the LoCoMo README quotes (0.533 / 0.627 / 0.721 recall at
5 / 10 / 25 on the dev split): one FTS5 row per turn, ``tokenize='porter unicode61'``, the
document ``"{speaker}: {text}"`` plus `` [shares {blip_caption}]`` where the turn shares an
image, the query's words minus a small English stoplist, each quoted and OR-ed, ranked by
``bm25()``. It needs nothing but the standard library, so it also validates the metric code
independently of the engine.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

STOPWORDS = frozenset(
    """
    a an the and or but if of at by for with about to from in on into is are was were be been
    i me my we our you your he him his she her it its they them their this that these those
    what which who whom when where why how not no do does did has have had
    """.split()
)

_WORD = re.compile(r"\w+")


def document(speaker: str, text: str, blip_caption: str | None = None) -> str:
    """The text indexed for one turn (the same string the reference baseline used)."""
    doc = f"{speaker}: {text}"
    if blip_caption:
        doc += f" [shares {blip_caption}]"
    return doc


def match_expression(query: str) -> str:
    """The FTS5 MATCH string for a raw question: content words, quoted, OR-ed.

    Empty when the question has no content words (then nothing is retrieved).
    """
    terms: list[str] = []
    for word in _WORD.findall(query.lower()):
        if word in STOPWORDS or word in terms:
            continue
        terms.append(word)
    return " OR ".join(f'"{t}"' for t in terms)


@dataclass(frozen=True)
class Turn:
    """One conversation turn as the baselines see it."""

    dia_id: str
    speaker: str
    text: str
    blip_caption: str | None = None

    @property
    def document(self) -> str:
        return document(self.speaker, self.text, self.blip_caption)


CONTEXT_WEIGHT = 0.6  # the weight mnemon's FTS5 index gives a memory's context column


class BM25Index:
    """An in-memory FTS5 index of one conversation's turns.

    With ``with_context``, each turn is indexed with the turn before it as a second column
    (weighted :data:`CONTEXT_WEIGHT`), as mnemon indexes a captured memory with its
    neighbouring turn: the second baseline, which shows what mnemon's ranking adds beyond
    that indexing."""

    def __init__(self, turns: Sequence[Turn], *, with_context: bool = False) -> None:
        self._turns = list(turns)
        self._db = sqlite3.connect(":memory:")
        self._db.execute("CREATE VIRTUAL TABLE turns USING fts5(doc, context, tokenize='porter unicode61')")
        self._db.executemany(
            "INSERT INTO turns(rowid, doc, context) VALUES (?, ?, ?)",
            [(i + 1, t.document, self._turns[i - 1].document if with_context and i else "")
             for i, t in enumerate(self._turns)],
        )

    def search(self, query: str, limit: int = 50) -> list[Turn]:
        """Turns ranked best first (at most ``limit``)."""
        expr = match_expression(query)
        if not expr:
            return []
        rows = self._db.execute(
            f"SELECT rowid FROM turns WHERE turns MATCH ? ORDER BY bm25(turns, 1.0, {CONTEXT_WEIGHT}), rowid LIMIT ?",
            (expr, limit),
        ).fetchall()
        return [self._turns[r[0] - 1] for r in rows]

    def close(self) -> None:
        self._db.close()
