"""The keyword index's postings in RAM, ranked exactly as FTS5's ``bm25()`` ranks them.

FTS5 scores every row a query matches, one auxiliary-function call a row: at 10,000 memories
that was about half of a recall. :class:`Postings` holds what that score reads, per term the
rows holding it with their weighted frequency, per row its length in tokens, and the table's
row and token totals, and scores a query with numpy in a fraction of the time.

Same results, by construction: the postings are read from the FTS5 table itself
(``mnemon.engine.fts``), split as its ``ascii`` tokenizer splits (token characters are ASCII
letters and digits, ``-``, ``_``, ``'`` and every non-ASCII character; ASCII letters
lower-cased), forgotten rows included as FTS5 keeps them; and :meth:`Postings.search`
repeats ``fts5Bm25Function``'s arithmetic operation by operation in float64 (phrase frequency
summed instance by instance in column order; IDF ``log((N - n + 0.5) / (n + 0.5))``, 1e-6 when
not positive; the phrases' terms added in query order), with ties in row order as SQLite's
``ORDER BY ... LIMIT`` leaves them. ``tests/test_postings.py`` holds it to FTS5's own answers.

Consistency: a :class:`Postings` belongs to one :class:`~mnemon.engine.state.State` object and
covers its first :attr:`Postings.rows` rows. Rows only ever join a state at the end (a write
commits, then RAM follows), and every other change to the keyword index (a purge, a rescreen
that rewrites text, a repair) replaces the state whole; so the owner (``Memory``) rebuilds the
postings when its state object changes and otherwise :meth:`Postings.sync` reads the rows added
since, under the engine's lock. Recent rows wait in a small tail that is merged into the
compressed arrays when it grows.
"""

from __future__ import annotations

import itertools
import math
import re
import sqlite3
from collections import Counter
from collections.abc import Sequence

import numpy as np

from mnemon.engine.state import State, among

# fts.BM25's column weights (content, tags, entities, context) and fts5's constants
WEIGHTS = (1.0, 0.6, 0.8, 0.6)
K1 = 1.2
B = 0.75
SELECT = "SELECT rowid, content, tags, entities, context FROM insights_fts"
COLUMN_BITS = 15  # a term's count in each column, packed in one int64 (a count past 32767 is capped)
COUNT_MAX = (1 << COLUMN_BITS) - 1
TAIL_MERGE = 4096  # postings waiting in the tail before they are merged into the arrays
BULK = 64  # rows read at once above which they are counted in numpy
_TOKEN = re.compile(r"[A-Za-z0-9\-_'\u0080-\U0010ffff]+")
_PLAIN = re.compile(r"[a-z0-9\-_' ]*")  # text whose tokens str.split() finds as FTS5 does
_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def fts_tokens(value: str) -> list[str]:
    """The tokens FTS5's ``ascii`` tokenizer (token characters ``-_'``) makes of a text."""
    if _PLAIN.fullmatch(value):
        return value.split()
    return _TOKEN.findall(value.translate(_LOWER))


def single_token(term: str) -> bool:
    """Whether FTS5 reads ``term`` as one token, itself (a query phrase the postings can answer)."""
    return bool(term) and _TOKEN.fullmatch(term) is not None and term.translate(_LOWER) == term


class Postings:
    """Per term the rows holding it and their weighted frequency; see the module docstring."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.rows = 0  # state rows covered (row i is the i-th row of the state)
        self.docs = 0  # rows in the FTS5 table (FTS5's N)
        self.total = 0  # tokens in the FTS5 table, every column
        self._length = np.zeros(0, np.float64)  # per row, its tokens in every column
        self._seq = np.zeros(0, np.int64)  # per row, its FTS5 rowid (ties are ordered by it)
        self._terms: dict[str, int] = {}
        self._freqs: list[float] = []  # frequency code -> weighted frequency, as fts5 sums it
        self._freq_code: dict[int, int] = {}
        self._start = np.zeros(1, np.int64)  # term id -> its slice of _row / _code
        self._row = np.zeros(0, np.int32)
        self._code = np.zeros(0, np.int32)
        self._tail: dict[int, list[tuple[int, int]]] = {}
        self._tail_size = 0
        self.exact = True  # False: the keyword index holds a row of no memory (see sync)
        self._cached: tuple[tuple[int, int, int], np.ndarray, np.ndarray] | None = None  # see _per_query

    @classmethod
    def build(cls, conn: sqlite3.Connection, state: State) -> Postings:
        """The postings of every row of ``state``, read from the FTS5 table through ``conn``."""
        out = cls(state)
        out.sync(conn)
        return out

    # -- filling ------------------------------------------------------------------------------
    def sync(self, conn: sqlite3.Connection) -> None:
        """Take in the state's rows added since the last call (the caller holds the engine's lock)."""
        st = self.state
        n = len(st)
        if n <= self.rows or not self.exact:
            return
        wanted = st.row_seq[self.rows:n]
        if self.rows == 0:
            found = conn.execute(SELECT).fetchall()
        else:
            found = conn.execute(SELECT + " WHERE rowid >= ?", (min(wanted),)).fetchall()
        row_of = {seq: row for row, seq in enumerate(wanted, start=self.rows)}
        if any(r[0] not in row_of for r in found):
            self.exact = False  # a keyword-index row of no memory: FTS5 would rank it, so FTS5 answers
            return
        self._grow(n)
        self._seq[self.rows:n] = wanted
        if len(found) > BULK:
            self._merge(*self._bulk(found, row_of))
        else:
            added: list[tuple[int, int, int]] = []  # (term id, row, frequency code)
            for record in found:
                self._add(row_of[record[0]], record[1:], added)
            self._merge(*(np.asarray([a[i] for a in added], dtype=np.int64) for i in range(3)))
        self.rows = n

    def _grow(self, need: int) -> None:
        if need > len(self._length):
            size = max(need, 2 * len(self._length), 1024)
            self._length = np.concatenate([self._length, np.zeros(size - len(self._length), np.float64)])
            self._seq = np.concatenate([self._seq, np.zeros(size - len(self._seq), np.int64)])

    def _add(self, row: int, columns: Sequence[str | None], added: list[tuple[int, int, int]]) -> None:
        """One FTS5 row's postings, by term, with its length and the table's totals."""
        packed: dict[str, int] = {}
        size = 0
        for column, value in enumerate(columns):
            if not value:
                continue
            counts = Counter(fts_tokens(value))
            size += sum(counts.values())
            shift = COLUMN_BITS * column
            for term, count in counts.items():
                packed[term] = packed.get(term, 0) + (min(count, COUNT_MAX) << shift)
        self._length[row] = size
        self.total += size
        self.docs += 1
        terms = self._terms
        for term, key in packed.items():
            tid = terms.get(term)
            if tid is None:
                tid = terms[term] = len(terms)
            added.append((tid, row, self._code_of(key)))

    def _code_of(self, packed: int) -> int:
        code = self._freq_code.get(packed)
        if code is None:
            code = self._freq_code[packed] = len(self._freqs)
            self._freqs.append(_frequency(packed))
        return code

    def _bulk(self, found: list[tuple[int, str, str, str, str]],
              row_of: dict[int, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """:meth:`_add` for many rows at once, the counting done in numpy: (term ids, rows, codes)."""
        tokens: list[str] = []
        sizes: list[int] = []  # tokens per (record, column)
        for record in found:
            for value in record[1:]:
                split = fts_tokens(value) if value else []
                tokens.extend(split)
                sizes.append(len(split))
        first = len(self._terms)
        sparse = dict(self._terms)  # terms known already keep their ids; new ones follow, in order
        ids = np.fromiter(map(sparse.setdefault, tokens, itertools.count(first)), np.int64, len(tokens))
        known = np.fromiter(sparse.values(), np.int64, len(sparse))  # increasing: insertion order
        self._terms = dict(zip(sparse, range(len(sparse)), strict=True))
        tids = np.searchsorted(known, ids)
        per = np.asarray(sizes, np.int64).reshape(len(found), 4)
        rows = np.asarray([row_of[r[0]] for r in found], np.int64)
        self._length[rows] = per.sum(axis=1)
        self.total += int(per.sum())
        self.docs += len(found)
        occurrence_row = np.repeat(np.repeat(rows, 4), per.ravel())
        occurrence_col = np.repeat(np.tile(np.arange(4, dtype=np.int64), len(found)), per.ravel())
        stride = int(rows.max()) + 1 if len(rows) else 1
        keys, counts = np.unique((tids * stride + occurrence_row) * 4 + occurrence_col, return_counts=True)
        pair = keys // 4
        packed = np.minimum(counts, COUNT_MAX) << (COLUMN_BITS * (keys % 4))
        pairs, start = np.unique(pair, return_index=True)
        packed = np.add.reduceat(packed, start) if len(start) else packed
        values, inverse = np.unique(packed, return_inverse=True)
        codes = np.asarray([self._code_of(int(v)) for v in values.tolist()], np.int64)[inverse]
        return pairs // stride, pairs % stride, codes

    def _merge(self, tids: np.ndarray, rows: np.ndarray, codes: np.ndarray) -> None:
        """Postings just read: into the tail, or with the tail into the arrays when it is large."""
        if self._tail_size + len(tids) < TAIL_MERGE and len(self._row):
            for tid, row, code in zip(tids.tolist(), rows.tolist(), codes.tolist(), strict=True):
                self._tail.setdefault(tid, []).append((row, code))
            self._tail_size += len(tids)
            return
        if self._tail:
            held = [(tid, row, code) for tid, pairs in self._tail.items() for row, code in pairs]
            tids = np.concatenate([tids, np.asarray([h[0] for h in held], np.int64)])
            rows = np.concatenate([rows, np.asarray([h[1] for h in held], np.int64)])
            codes = np.concatenate([codes, np.asarray([h[2] for h in held], np.int64)])
            self._tail, self._tail_size = {}, 0
        old_tid = np.repeat(np.arange(len(self._start) - 1, dtype=np.int64), np.diff(self._start))
        every = np.concatenate([old_tid, tids])
        order = np.argsort(every, kind="stable")
        self._row = np.concatenate([self._row, rows.astype(np.int32)])[order]
        self._code = np.concatenate([self._code, codes.astype(np.int32)])[order]
        self._start = np.searchsorted(every[order], np.arange(len(self._terms) + 1)).astype(np.int64)

    # -- reading ------------------------------------------------------------------------------
    def covers(self, state: State) -> bool:
        """Whether these are the postings of every row of ``state`` (synced since its last write)."""
        return self.exact and state is self.state and self.rows == len(state)

    def _postings(self, term: str) -> tuple[np.ndarray, np.ndarray]:
        """The rows holding ``term`` and the frequency code of each."""
        tid = self._terms.get(term)
        if tid is None:
            return np.zeros(0, np.int32), np.zeros(0, np.int32)
        rows, codes = self._row, self._code
        if tid < len(self._start) - 1:
            lo, hi = int(self._start[tid]), int(self._start[tid + 1])
            rows, codes = rows[lo:hi], codes[lo:hi]
        else:
            rows, codes = rows[:0], codes[:0]
        tail = self._tail.get(tid)
        if tail:
            extra = np.asarray(tail, dtype=np.int64).reshape(-1, 2)
            rows = np.concatenate([rows, extra[:, 0].astype(np.int32)])
            codes = np.concatenate([codes, extra[:, 1].astype(np.int32)])
        return rows, codes

    def rows_of(self, term: str) -> np.ndarray:
        """The rows holding ``term`` (forgotten ones too, as FTS5 keeps them)."""
        return self._postings(term)[0]

    def scores(self, terms: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """The rows matching any of ``terms`` (one FTS5 phrase each, OR-ed) best first, and their
        BM25 scores (positive: FTS5's ``bm25()`` negated), in the order FTS5 returns them."""
        n = self.rows
        score = np.zeros(n, np.float64)
        if not self.docs:
            return np.zeros(0, np.int64), score[:0]
        freqs, norm = self._per_query()
        for term in terms:
            rows, codes = self._postings(term)
            hits = len(rows)
            idf = math.log((self.docs - hits + 0.5) / (hits + 0.5))
            if idf <= 0.0:
                idf = 1e-6
            if not hits:
                continue
            f = freqs[codes]
            score[rows] += idf * ((f * (K1 + 1.0)) / (f + norm[rows]))
        matched = np.flatnonzero(score > 0.0)
        order = matched[np.lexsort((self._seq[matched], -score[matched]))]
        return order, score[order]

    def _per_query(self) -> tuple[np.ndarray, np.ndarray]:
        """The frequency of each code, and per row fts5's length normalisation
        ``k1 * (1 - b + b * D / avgdl)``, computed once per change of the table (each element
        by the same operations, in the same order, as fts5 computes it per row)."""
        if self._cached is None or self._cached[0] != (self.rows, self.total, len(self._freqs)):
            avgdl = float(self.total) / float(self.docs)
            norm = K1 * (1 - B + B * self._length[: self.rows] / avgdl)
            self._cached = ((self.rows, self.total, len(self._freqs)), np.asarray(self._freqs, np.float64), norm)
        return self._cached[1], self._cached[2]

    def hits(self, terms: Sequence[str], mask: np.ndarray, scopes: Sequence[str] | None, *, fetch: int,
             selective: bool) -> list[tuple[int, float]]:
        """``recall.keyword_hits``'s two queries answered from RAM, with the same results: unless
        ``selective``, the best ``4 * fetch`` matches filtered by ``mask``; when that is not
        selective enough (fewer than ``fetch`` pass while more matched), the best ``4 * fetch``
        live matches in ``scopes``, filtered by ``mask``. (row, score) best first, ``fetch`` at most."""
        want = 4 * fetch
        order, score = self.scores(terms)
        if not selective:
            out = _within(order[:want], score[:want], mask, fetch)
            if len(out) >= fetch or len(order) < want:
                return out
        st = self.state
        keep = st.active[: self.rows].copy()
        if scopes:
            keep &= among(st.scope_code[: self.rows], [st.scopes[s] for s in scopes if s in st.scopes])
        inside = keep[order]
        return _within(order[inside][:want], score[inside][:want], mask, fetch)


def _within(order: np.ndarray, score: np.ndarray, mask: np.ndarray, fetch: int) -> list[tuple[int, float]]:
    """The first ``fetch`` rows of a ranking that ``mask`` allows (rows beyond it are not)."""
    size = len(mask)
    allowed = np.zeros(len(order), dtype=bool)
    below = order < size
    allowed[below] = mask[order[below]]
    return list(zip(order[allowed][:fetch].tolist(), score[allowed][:fetch].tolist(), strict=True))


def _frequency(packed: int) -> float:
    """A term's weighted frequency in a row from its count per column, summed one instance at a
    time in column order as fts5 sums it (the float sum depends on the order)."""
    f = 0.0
    for column, weight in enumerate(WEIGHTS):
        for _ in range((packed >> (COLUMN_BITS * column)) & COUNT_MAX):
            f += weight
    return f
