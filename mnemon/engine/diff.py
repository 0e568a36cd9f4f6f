"""How a new memory relates to those already stored: DUPLICATE (skip it), UPDATE or CONFLICT
(it replaces an older statement of the same subject), or ADD. It compares the new text with the
most similar live memories of its scope, by keywords (FTS5) and, when there are vectors, by
similarity; statements that may replace each other are compared among themselves.

Part of the engine: imports the engine's own modules only.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

import numpy as np

from mnemon.engine import concepts, postings, slots, text
from mnemon.engine import recall as recall_mod
from mnemon.engine.state import (
    CATEGORY_CODE,
    State,
)

if TYPE_CHECKING:
    from mnemon.engine.memory import Memory


DUPLICATE_SIM = 0.90
UPDATE_SIM = 0.70
CONFLICT_SIM = 0.50
CONFLICT_CONTAINED = 0.40
SUPERSEDABLE = frozenset({"preference", "decision", "fact", "insight"})
VALUE_SUBJECT_SIM = 0.6  # two statements of one subject with different values: the later replaces
DIFF_CANDIDATES = 8
# statements that may replace each other by the value they set (see mnemon.engine.slots):
# plain statements too, since a correction is often said without a cue ("we raised minSdk to 23")
SLOTTED = SUPERSEDABLE | {"general"}
SLOT_CANDIDATES = 16


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


def _diff_keyword(memory: Memory, conn: sqlite3.Connection, st: State, content: str, mask: np.ndarray,
                  scope: str, index: postings.Postings | None = None) -> list[int]:
    """The scope's memories most like ``content`` by keywords; ``index``: the postings in RAM (the
    caller holds the engine's lock), which answer as FTS5 would, in a fraction of the time."""
    hits = recall_mod.keyword_hits(conn, st, content[:2000], mask, [scope], fetch=DIFF_CANDIDATES,
                                   max_terms=6, expand=False, index=index)
    return [row for row, _ in hits]


def _diff(memory: Memory, content: str, toks: frozenset[str], digest: str, scope: str, category: str,
          sims: np.ndarray | None, searched: tuple[np.ndarray, list[int]] | None, *,
          tags: tuple[str, ...] = (), when: float | None = None) -> tuple[str, int, float]:
    """DUPLICATE / UPDATE / CONFLICT / ADD against the most similar live memories of the scope,
    then, for a statement still ADDed, a statement of the scope it replaces by value (or that
    replaces it, when ``when``, its time, is older): :func:`_slot_replaced`. ``searched`` is the
    scope's mask and :meth:`_diff_keyword`'s rows when searched beforehand against this same
    state (None: search now)."""
    suggestion, row, sim = _similar(memory, content, toks, digest, scope, category, sims, searched, when)
    if suggestion == "ADD" and category in SLOTTED:
        other = _slot_replaced(memory, content, scope, "correction" in tags, when)
        if other >= 0:
            return "UPDATE", other, sim
    return suggestion, row, sim


def _slot_replaced(memory: Memory, content: str, scope: str, correction: bool, when: float | None) -> int:
    """The newest live statement of ``scope`` that ``content`` replaces by value, or -1; one
    created after ``when`` counts when it replaces ``content`` (an import of older turns)."""
    st = memory._st
    sc = st.scopes.get(scope)
    if sc is None:
        return -1
    n = len(st)
    mask: np.ndarray = st.active[:n] & (st.scope_code[:n] == sc)
    mask &= np.isin(st.cat_code[:n], [CATEGORY_CODE[c] for c in SLOTTED])
    if not mask.any():
        return -1
    hits = recall_mod.keyword_hits(memory._conn, st, content[:2000], mask, [scope],
                                   fetch=SLOT_CANDIDATES, max_terms=8, expand=False, index=memory._keywords())
    found = []
    for row, _ in hits:
        other = st.insights[row]
        if when is not None and other.created_at > when:
            hit = slots.replaces(other.content, content, correction="correction" in other.tags)
        else:
            hit = not st.is_superseded(row) and slots.replaces(content, other.content, correction=correction)
        if hit:
            found.append(row)
    if not found:
        return _named_replaced(memory, content, when, [row for row, _ in hits])
    # the one that shares most words with it (the other cap, port or limit of the same project
    # may be replaced by value too), then the newest
    toks = frozenset(text.tokens(content))
    return max(found, key=lambda r: (text.jaccard(toks, st.token_sets[r]), st.created[r], r))


NAMED_SHARED = 2  # the words besides the value a statement must share with the one whose value it names as replaced
WORD_SHARED = 3  # the same for a word named as replaced ("not weekly"): a word is a weaker mark than a value


def _named_replaced(memory: Memory, content: str, when: float | None, rows: list[int]) -> int:
    """Among ``rows`` (the scope's statements most like ``content``), the newest holding a value
    ``content`` names as replaced ("receipt width: 62 mm, not 58" replaces "receipts print 58 mm
    wide"), on NAMED_SHARED words of the same subject; or, for a statement captured late, a
    newer one that names a value of ``content`` as replaced. -1 when there is none."""
    st = memory._st
    named = slots.named_old(content)
    subject, values = text.subject_and_values(content)
    if not (named or values):
        return _word_replaced(memory, content, when, rows, subject)
    found: list[int] = []
    for row in rows:
        other = st.insights[row]
        other_subject, other_values = text.subject_and_values(other.content)
        shared = len((subject & other_subject) - slots.GENERIC_KEYS)
        later = when is not None and other.created_at > when
        if shared < NAMED_SHARED and not (shared and (
                slots.holds_in_shared_slot(other.content, content, slots.named_old(other.content)) if later
                else slots.holds_in_shared_slot(content, other.content, named))):
            continue
        if later and values & (slots.named_old(other.content) - named) \
                or not later and not st.is_superseded(row) and named & other_values \
                and not named & slots.named_old(other.content):  # (a restatement of this correction names it too)
            found.append(row)
    return max(found, key=lambda r: (st.created[r], r)) if found else _word_replaced(memory, content, when, rows, subject)


def _word_replaced(memory: Memory, content: str, when: float | None, rows: list[int], subject: frozenset[str]) -> int:
    """:func:`_named_replaced` for a word named as replaced, no value after the cue ("tips are split
    per shift now, not weekly" replaces "tips are split weekly"): the statement that holds the word,
    on WORD_SHARED other subject words; or, captured late, the newer one that names a word of this."""
    st = memory._st
    named = slots.named_old_words(content)
    if not named and when is None:
        return -1  # nothing named, and no newer statement to name a word of this one
    found = []
    for row in rows:
        other = st.insights[row]
        later = when is not None and other.created_at > when
        new_words = slots.named_old_words(other.content) if later else named
        if not new_words or not later and st.is_superseded(row):
            continue
        said = _said(st, row)
        if new_words <= (subject if later else said) \
                and len((subject & said) - slots.GENERIC_KEYS - new_words) >= WORD_SHARED:
            found.append(row)
    return max(found, key=lambda r: (st.created[r], r)) if found else -1


def _said(st: State, row: int) -> frozenset[str]:
    """The tokens of what a stored memory says (its stored set holds its tags' too)."""
    return frozenset(text.tokens(st.insights[row].content))


def _replaced_since(st: State, row: int, when: float | None) -> int:
    """The live statement that stands where ``row`` stood: the newest of the statements that replaced it
    (and of those that replaced them) said before ``when`` (None: now); ``row`` itself when none did. A
    statement said again, or updated, after a newer one took its place replaces that newer one ("the limit
    is 10 MB" or "back to 10 MB" after "25 MB now" had replaced "the limit is 10 MB"); read again from an
    older turn (an import run twice), it changes nothing."""
    seen = {row}
    while True:
        newer = [s for s in st.superseded_by.get(row, ()) if st.active[s] and s not in seen
                 and (when is None or st.created[s] < when)]
        if not newer:
            return row
        row = max(newer, key=lambda s: (st.created[s], s))
        seen.add(row)


def _exact_twins(memory: Memory, st: State, digest: str, scope: str) -> list[int]:
    """The live memories of ``scope`` holding exactly this text (its hash, through the
    ``insights_hash`` index). The keyword search above sees only the few best-ranked memories of
    the scope, and a short text whose words many memories share ("ran the tests") can rank below
    them: its stored twin then went unseen and the same text became a second row. A statement a newer
    one replaced is left to the search above: saying it again may be going back to it."""
    found = memory._conn.execute("SELECT seq FROM insights WHERE content_hash = ? AND scope = ? "
                                 "AND deleted_at IS NULL", (digest, scope)).fetchall()
    rows = [st.seq_row[seq] for (seq,) in found if seq in st.seq_row]
    return [row for row in rows if st.active[row] and not st.is_superseded(row)]


def _similar(memory: Memory, content: str, toks: frozenset[str], digest: str, scope: str, category: str,
             sims: np.ndarray | None, searched: tuple[np.ndarray, list[int]] | None,
             when: float | None) -> tuple[str, int, float]:
    st = memory._st
    if searched is not None:
        mask, keyword = searched
    else:
        found = memory._diff_mask(st, scope, category)
        if found is None:
            return "ADD", -1, 0.0
        mask, keyword = found, memory._diff_keyword(memory._conn, st, content, found, scope, memory._keywords())
    n = len(mask)
    # what the texts say, without their tags: every captured note carries the same few ("note", its
    # kind), which would make any two short notes look alike
    words = frozenset(text.tokens(content))
    said = {row: _said(st, row) for row in keyword}
    cands: dict[int, float] = {row: text.jaccard(words, said[row]) for row in keyword}
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
    for row in _exact_twins(memory, st, digest, scope):
        cands[row] = 1.0
    if not cands:
        return "ADD", -1, 0.0
    best = min(cands, key=lambda r: (-cands[r], -st.created[r], r))
    sim = cands[best]
    if sim >= DUPLICATE_SIM:
        head = _replaced_since(st, best, when)
        if head != best:  # said again after a newer statement took its place: going back to it
            return "UPDATE", head, sim
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
                return "UPDATE", _replaced_since(st, row, when), cands[row]
            # a correction restates less of the old text: measure against the shorter side
            contained = text.overlap_min(concepts.canonical(words), concepts.canonical(said.get(row) or _said(st, row)))
            # "we no longer use X": a negation that says something changed, said after the old statement
            if negated and (cands[row] >= CONFLICT_SIM or contained >= CONFLICT_CONTAINED) \
                    and (when is None or old.created_at <= when) and slots.says_change(content, old.content):
                return "CONFLICT", row, max(cands[row], contained)
            if values:  # the same statement with another value ("listens on 8443", was 8080)
                old_subject, old_values = text.subject_and_values(old.content)
                old_subject = concepts.canonical(old_subject)
                same = text.jaccard(subject, old_subject)
                if old_values and not old_values & values and same >= VALUE_SUBJECT_SIM:
                    return "UPDATE", _replaced_since(st, row, when), same
    return "ADD", -1, sim
