"""Notes that state the same specific value as a chosen note: two sides of one fact.

"moved the sync cron to 03:20" and "the price sync starts at 03:20 and takes an hour, so kiosks that
open early show yesterday's prices" are one change and its effect, told in different sessions in
different words. A report of the symptom matches the effect; a plan to move the job again matches the
change; each needs the other. A value as specific as a clock time, a version or
a decimal, stated of the same subject by two notes of one project, ties them: :func:`with_partners` finds
the other note for the first notes a block holds.

A cause and its consequence are often told without a shared value: "set the tracker's GPS to the
hundred-metre accuracy, saves battery" and, sessions later, "with that accuracy the tracker gets few
coarse fixes, so winding trails are drawn as straight lines". They are tied when one of the two states
a consequence (", so ...", "because", "which means") and the other does not, they come from different
sessions, and they share at least TIED_WORDS subject words that few of the project's notes hold
(:func:`with_partners`): words that rare, said on both sides of a causal statement, name one mechanism.

A prompt that asks why something happened, or reports a malfunction, names the effect; one that plans a change
made before again ("give the search endpoint the same timeout", "lower it even more") names the change. The block
must then hold the other side, though the two share few words: "the preview service restarts every few hours,
its stencil cache outgrows the memory limit" and, weeks earlier, "switched the stencil cache to an in-memory
dictionary with no eviction". :func:`explaining` reads which side the prompt names; then the best note of a
wider pool tied to one of the first notes joins it (at most EXPLAIN_MOST): asked for a cause, an older note that
reports a change; asked for an effect, a chosen note that reports a change brings a newer note. They come from
different sessions and share words that weigh at least EXPLAIN_SCORE (summed IDF over the pool: one word that
few notes hold is enough, since the direction and the change already narrow it).
"""

from __future__ import annotations

import functools
import math
import re
from collections import Counter
from collections.abc import Callable, Sequence

from mnemon.claude.conflicts import holds_now, newest_of, subject_of
from mnemon.claude.prompts import asks_effect
from mnemon.engine.model import GLOBAL_SCOPE, Insight

PARTNER_FROM = 3  # the first chosen notes whose specific values are looked for in other notes
# a clock time, a version or a decimal, a date: specific enough that two notes stating it of one subject
# speak of one thing ("03:20", "4.3", "1.9.2", "2026-03-01"); a bare count ("30", "4") is not
_SPECIFIC = re.compile(r"^\d{1,2}:\d{2}(?::\d{2})?$|^v?\d+(?:\.\d+){1,3}$|^\d{4}-\d{2}-\d{2}$")


# a statement of a consequence: what follows from something told before it
_CONSEQUENCE = re.compile(r",\s+so\b|\bbecause\b|\bwhich (?:means|is why)\b|\bthat'?s why\b|\bdue to\b"
                          r"|\bcaus(?:e|es|ed|ing)\b", re.IGNORECASE)
RARE_IN_POOL = 3  # a subject word held by at most this many of the project's notes searched is rare
TIED_WORDS = 2  # the rare subject words a cause and its consequence share
EXPLAIN_LIMIT = 1000  # the project's notes searched for the other side of a change or an effect the prompt names
EXPLAIN_SCORE = 5.0  # the least summed IDF (ln(pool / notes holding it)) of the words the two sides share
EXPLAIN_MOST = 2  # the notes a block adds as the other side of a change or an effect


@functools.lru_cache(maxsize=8192)
def states_consequence(content: str) -> bool:
    """Does a note say what follows from something (", so ...", "because ...")?"""
    return _CONSEQUENCE.search(content) is not None


def specific_values(content: str) -> frozenset[str]:
    """The values of a note (:func:`subject_of`) specific enough to tie it to another."""
    return frozenset(v for v in subject_of(content)[1] if _SPECIFIC.match(v))


Candidate = tuple[Insight, float, dict[str, float]]


def explaining(prompt: str, cause: bool) -> bool | None:
    """Which side of a change and its effect the block must bring for ``prompt``: False, the older change
    behind an effect (``cause``: it asks why, or reports a malfunction); True, the newer effect of a change
    it plans again (:func:`asks_effect`); None when it asks neither."""
    if cause:
        return False
    return True if asks_effect(prompt) else None


def with_partners(chosen: list[Candidate], pool: Sequence[Insight], usable: Callable[[Insight], bool],
                  most: int, explain: Sequence[Insight] = (), later: bool = False) -> list[Candidate]:
    """``chosen`` with at most ``most`` partners (:func:`partner_of`) from ``pool``, each right after the
    chosen note it is tied to, at that note's score: the pair reads as one fact; then at most ``most``
    notes tied to a chosen one as cause and consequence (see the module docstring). With ``explain``
    (a wider pool) and none tied so, the other side of a change or an effect (:func:`_with_other_side`:
    the newer effect of a chosen change when ``later``, else the older change behind a chosen note)."""
    notes = [ins for ins, _, _ in chosen]
    wanted = _wanted(notes[:PARTNER_FROM])
    taken = {ins.id for ins in notes}
    out = list(chosen)
    added = 0
    for ins in pool:
        if added >= most or not wanted:
            break
        if ins.id in taken or not usable(ins):
            continue
        source = partner_of(ins, wanted)
        if source is None:
            continue
        at = next(i for i, c in enumerate(out) if c[0].id == source)
        out.insert(at + 1, (ins, out[at][1], {"partner": 1.0}))
        taken.add(ins.id)
        added += 1
    out = _with_consequences(out, pool, usable, most, taken)
    if explain and len(out) == len(chosen) + added:
        out = _with_other_side(out, explain, usable, later, taken)
    return out


def _with_other_side(chosen: list[Candidate], pool: Sequence[Insight], usable: Callable[[Insight], bool],
                     later: bool, taken: set[str]) -> list[Candidate]:
    """``chosen`` with at most EXPLAIN_MOST notes of ``pool``, each the best tied to one of the first chosen
    notes of this project: when ``later``, the chosen note reports a change (:func:`holds_now`) and the tied
    note is newer; otherwise the tied note reports a change and is older. They come from different sessions,
    and the words they share (:func:`_words`) weigh at least EXPLAIN_SCORE; the heaviest ties first, each right
    after its chosen note, at its score."""
    sources = [source for source, _, _ in chosen[:PARTNER_FROM] if source.scope != GLOBAL_SCOPE
               and source.category != "preference" and (not later or _reports_change(source.content))]
    if not sources:
        return chosen  # the user's standing preferences are no one's cause or effect
    asked = frozenset().union(*(_words(source.content) for source in sources))
    read = [(ins, _words(ins.content) & asked) for ins in pool]  # only the chosen notes' words are weighed
    df = Counter(w for _, words in read for w in words)
    scale = max(len(pool), 1)
    tied: list[tuple[float, Insight, str]] = []
    for source in sources:
        own, top, best = _words(source.content), 0.0, None
        for ins, words in read:
            if ins.id in taken or (ins.created_at > source.created_at) != later or not (shared := own & words):
                continue
            if source.session_id is not None and ins.session_id == source.session_id:
                continue
            score = sum(math.log(scale / df[w]) for w in shared)
            if score < EXPLAIN_SCORE or best is not None and score <= top or not (later or _reports_change(ins.content)):
                continue
            if usable(ins) and not _replaced(source, ins):
                top, best = score, ins
        if best is not None:
            tied.append((top, best, source.id))
    return _placed(chosen, tied, EXPLAIN_MOST, taken, {"partner": 1.0, "explains": 1.0})


@functools.lru_cache(maxsize=8192)
def _reports_change(content: str) -> bool:
    """:func:`holds_now`, cached: the same notes meet every prompt."""
    return holds_now(content)


@functools.lru_cache(maxsize=8192)
def _words(content: str) -> frozenset[str]:
    """A note's subject words and the values it states (:func:`subject_of`)."""
    subject, values = subject_of(content)
    return subject | values


def _with_consequences(chosen: list[Candidate], pool: Sequence[Insight], usable: Callable[[Insight], bool],
                       most: int, taken: set[str]) -> list[Candidate]:
    """``chosen`` with at most ``most`` notes of ``pool`` tied to one of its first notes as cause and
    consequence: exactly one of the two states a consequence, they come from different sessions, and
    they share at least TIED_WORDS subject words held by at most RARE_IN_POOL notes of ``pool``; the
    rarest shared first (summed IDF), each right after its chosen note, at its score."""
    read = [(ins, subject_of(ins.content)[0], states_consequence(ins.content)) for ins in pool]
    words = Counter(w for _, subject, _ in read for w in subject)
    rare = frozenset(w for w, n in words.items() if n <= RARE_IN_POOL)
    scale = max(len(pool), 1)
    tied: list[tuple[float, Insight, str]] = []
    for source, _, _ in chosen[:PARTNER_FROM]:
        own = subject_of(source.content)[0] & rare
        if len(own) < TIED_WORDS:
            continue
        effect = states_consequence(source.content)
        for ins, subject, states in read:
            if states == effect or ins.id in taken or source.session_id is not None and ins.session_id == source.session_id:
                continue
            shared = own & subject
            if len(shared) >= TIED_WORDS and usable(ins) and not _replaced(source, ins):
                tied.append((sum(math.log(scale / words[w]) for w in shared), ins, source.id))
    return _placed(chosen, tied, most, taken, {"partner": 1.0, "consequence": 1.0})


def _placed(chosen: list[Candidate], tied: list[tuple[float, Insight, str]], most: int, taken: set[str],
            signals: dict[str, float]) -> list[Candidate]:
    """``chosen`` with at most ``most`` of the ``tied`` notes (weight, note, the chosen note's id), heaviest
    first, each right after its chosen note, at its score."""
    out = list(chosen)
    added = 0
    for _, ins, source_id in sorted(tied, key=lambda t: (-t[0], -t[1].created_at, t[1].id)):
        if added >= most:
            break
        if ins.id in taken:
            continue
        at = next(i for i, c in enumerate(out) if c[0].id == source_id)
        out.insert(at + 1, (ins, out[at][1], dict(signals)))
        taken.add(ins.id)
        added += 1
    return out


def _replaced(chosen: Insight, other: Insight) -> bool:
    """Does ``other`` state a value that ``chosen`` replaces, or replace one of ``chosen``'s? Then it is
    the superseded side of a correction, not a cause or a consequence."""
    pair: list[tuple[Insight, float, dict[str, float]]] = [(chosen, 1.0, {}), (other, 1.0, {})]
    return len(newest_of(pair, "")) < 2


def _wanted(notes: Sequence[Insight]) -> dict[str, list[tuple[str, frozenset[str]]]]:
    """Each specific value of ``notes``: the notes stating it, with their subjects."""
    wanted: dict[str, list[tuple[str, frozenset[str]]]] = {}
    for ins in notes:
        subject = subject_of(ins.content)[0]
        for value in specific_values(ins.content):
            wanted.setdefault(value, []).append((ins.id, subject))
    return wanted


def partner_of(ins: Insight, wanted: dict[str, list[tuple[str, frozenset[str]]]]) -> str | None:
    """The id of the note ``ins`` is tied to: one stating a specific value ``ins`` states, of a subject
    sharing a word with its own; None when there is none."""
    values = specific_values(ins.content) & wanted.keys()
    if not values:
        return None
    subject = subject_of(ins.content)[0]
    return next((source for v in sorted(values) for source, theirs in wanted[v] if subject & theirs), None)
