"""Notes that state the same specific value as a chosen note: two sides of one fact.

"moved the sync cron to 03:20" and "the price sync starts at 03:20 and takes an hour, so kiosks that
open early show yesterday's prices" are one change and its effect, told in different sessions in
different words. A report of the symptom matches the effect; a plan to move the job again matches the
change; each needs the other. A value as specific as a clock time, a version or
a decimal, stated of the same subject by two notes of one project, ties them: :func:`with_partners` finds
the other note for the first notes a block holds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from mnemon.claude.conflicts import subject_of
from mnemon.engine.model import Insight

PARTNER_FROM = 3  # the first chosen notes whose specific values are looked for in other notes
# a clock time, a version or a decimal, a date: specific enough that two notes stating it of one subject
# speak of one thing ("03:20", "4.3", "1.9.2", "2026-03-01"); a bare count ("30", "4") is not
_SPECIFIC = re.compile(r"^\d{1,2}:\d{2}(?::\d{2})?$|^v?\d+(?:\.\d+){1,3}$|^\d{4}-\d{2}-\d{2}$")


def specific_values(content: str) -> frozenset[str]:
    """The values of a note (:func:`subject_of`) specific enough to tie it to another."""
    return frozenset(v for v in subject_of(content)[1] if _SPECIFIC.match(v))


Candidate = tuple[Insight, float, dict[str, float]]


def with_partners(chosen: list[Candidate], pool: Sequence[Insight], usable: Callable[[Insight], bool],
                  most: int) -> list[Candidate]:
    """``chosen`` with at most ``most`` partners (:func:`partner_of`) from ``pool``, each right after the
    chosen note it is tied to, at that note's score: the pair reads as one fact."""
    notes = [ins for ins, _, _ in chosen]
    wanted = _wanted(notes[:PARTNER_FROM])
    if not wanted:
        return chosen
    taken = {ins.id for ins in notes}
    out = list(chosen)
    added = 0
    for ins in pool:
        if added >= most:
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
    return out


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
