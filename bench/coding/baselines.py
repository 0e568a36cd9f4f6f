"""The BM25 baselines, over the same captured turns and packed by the same rule as Mnemon.

Documents are what the capture path reads from the transcripts: each turn's typed prompt and its
assistant text, as :func:`mnemon.claude.transcript.parse_turns` gives them (noise, our own notes,
thinking and sidechains already left out), one document each, per project. Two variants:

* ``bm25``: SQLite FTS5 (``porter unicode61``) over the document's own text;
* ``bm25_context``: the same, with the neighbouring turn (the previous document of the session,
  its first 600 characters) indexed beside it as search context, as Mnemon indexes a memory with
  its neighbour. Only the document's own text is injected.

The query is the prompt's content words, quoted and OR-ed (:func:`bench.bm25.match_expression`),
within the probe's project. The top results go into a block the way :mod:`mnemon.claude.inject` packs
Mnemon's: the same frame and line prefix, greedily by rank, each note shortened to at most
``max(200, min(800, limit // 3))`` characters and the one that does not fit shortened to the
room left, within ``min(4 * inject_budget, inject_max_chars)`` characters and ``inject_limit``
notes, all from Mnemon's default configuration. BM25 has no relevance floor: whenever any word
matches, it injects.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass

from bench.bm25 import match_expression
from bench.coding.corpus import NOTES_HEADER, Corpus
from mnemon.claude.cues import shorten
from mnemon.claude.transcript import Cursor, Record, parse_turns, read_chunk
from mnemon.config import Config

OPEN_TAG = "<mnemon-notes>"
CLOSE_TAG = "</mnemon-notes>"
CONTEXT_CHARS = 600
SEARCH_LIMIT = 60
MIN_ITEM_CHARS = 60


@dataclass(frozen=True)
class Doc:
    project: str
    role: str  # user | assistant
    text: str
    context: str
    date: str


def captured_docs(corpus: Corpus) -> list[Doc]:
    """Every captured prompt and reply of the corpus, in session order."""
    docs: list[Doc] = []
    for session in corpus.sessions:
        records: list[Record] = []
        cursor = Cursor()
        while True:
            chunk = read_chunk(str(session.path), cursor)
            records.extend(chunk.records)
            cursor = Cursor(chunk.end, chunk.end_line, chunk.inode)
            if chunk.eof or chunk.missing:
                break
        previous = ""
        for turn in parse_turns(records, cwd=session.cwd):
            date = (turn.timestamp or session.started.isoformat())[:10]
            for role, text in (("user", turn.prompt or ""), ("assistant", turn.text)):
                if text.strip():
                    docs.append(Doc(session.project, role, text, shorten(previous, CONTEXT_CHARS), date))
                    previous = text
    return docs


class BM25Baseline:
    """An FTS5 index of the captured turns; :meth:`block` is what it would inject."""

    def __init__(self, docs: Iterable[Doc], *, with_context: bool, config: Config | None = None) -> None:
        self.docs = list(docs)
        self.with_context = with_context
        self.config = config or Config()
        self._db = sqlite3.connect(":memory:")
        self._db.execute("CREATE VIRTUAL TABLE docs USING fts5(body, project UNINDEXED, "
                         "tokenize='porter unicode61')")
        self._db.executemany(
            "INSERT INTO docs(rowid, body, project) VALUES (?, ?, ?)",
            [(i + 1, f"{d.text}\n{d.context}" if with_context else d.text, d.project) for i, d in enumerate(self.docs)])

    @property
    def name(self) -> str:
        return "bm25_context" if self.with_context else "bm25"

    def search(self, prompt: str, project: str, limit: int = SEARCH_LIMIT) -> list[int]:
        expr = match_expression(prompt)
        if not expr:
            return []
        rows = self._db.execute(
            "SELECT rowid FROM docs WHERE docs MATCH ? AND project = ? ORDER BY bm25(docs), rowid LIMIT ?",
            (expr, project, limit)).fetchall()
        return [r[0] - 1 for r in rows]

    def block(self, prompt: str, project: str) -> str:
        return pack([(self.docs[i], i) for i in self.search(prompt, project)], self.config)

    def close(self) -> None:
        self._db.close()


def pack(ranked: list[tuple[Doc, int]], config: Config) -> str:
    """Mnemon's packing rule (see the module docstring) applied to ranked documents."""
    limit = min(max(config.inject_budget, 1) * 4, config.inject_max_chars)
    used = len(OPEN_TAG) + len(NOTES_HEADER) + len(CLOSE_TAG) + 3
    per_item = max(200, min(800, limit // 3))
    lines: list[str] = []
    for doc, index in ranked:
        if len(lines) >= config.inject_limit or limit - used < MIN_ITEM_CHARS:
            break
        prefix = f"- [{doc.date} {doc.role} {index:08x}] "
        room = limit - used - len(prefix) - 1
        if room < MIN_ITEM_CHARS // 2:
            continue
        line = prefix + shorten(doc.text, min(per_item, room))
        lines.append(line)
        used += len(line) + 1
    if not lines:
        return ""
    return f"{OPEN_TAG}\n{NOTES_HEADER}\n" + "\n".join(lines) + f"\n{CLOSE_TAG}"
