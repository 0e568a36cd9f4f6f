"""Where in a text to look: the places a literal occurs, and merged windows around them.

The screens' costlier patterns run only near a literal every form they catch must hold (an AI
term, a key word), so a long text without it costs a few ``str.find`` calls.
"""

from __future__ import annotations

from collections.abc import Iterable


def positions(text: str, needle: str) -> list[int]:
    """Where ``needle`` starts in ``text``, occurrences not overlapping."""
    found: list[int] = []
    pos = text.find(needle)
    while pos >= 0:
        found.append(pos)
        pos = text.find(needle, pos + len(needle))
    return found


def starts(text: str, needles: Iterable[str]) -> list[int]:
    """Where any of ``needles`` starts in ``text``, in order, each place once (``str.find`` is far faster
    than a regex alternation)."""
    found: set[int] = set()
    for needle in needles:
        pos = text.find(needle)
        while pos >= 0:
            found.add(pos)
            pos = text.find(needle, pos + 1)
    return sorted(found)


def word_starts(text: str, needles: Iterable[str]) -> list[int]:
    """Where one of ``needles`` starts a word (no letter or digit just before it), in order."""
    hits: list[int] = []
    for needle in needles:
        pos = text.find(needle)
        while pos >= 0:
            if pos == 0 or not text[pos - 1].isalnum():
                hits.append(pos)
            pos = text.find(needle, pos + 1)
    return sorted(hits)


def merged(hits: Iterable[int], length: int, before: int, after: int) -> list[tuple[int, int]]:
    """Windows from ``before`` characters ahead of each hit (in order) to ``after`` past it, within a
    text of ``length``, overlapping ones merged."""
    spans: list[tuple[int, int]] = []
    for pos in hits:
        start, end = max(0, pos - before), min(length, pos + after)
        if spans and start <= spans[-1][1]:
            spans[-1] = (spans[-1][0], end)
        else:
            spans.append((start, end))
    return spans


def words_at(text: str, needles: Iterable[str], haystack: str | None = None) -> list[str]:
    """The blank-delimited words of ``text`` holding a needle (found in ``haystack``, ``text`` or its lower case
    of the same length), each once, in order."""
    haystack = text if haystack is None else haystack
    spans: set[tuple[int, int]] = set()
    for needle in needles:
        pos = haystack.find(needle)
        while pos >= 0:
            start = max(text.rfind(" ", 0, pos), text.rfind("\n", 0, pos), text.rfind("\t", 0, pos)) + 1
            ends = [i for i in (text.find(" ", pos), text.find("\n", pos), text.find("\t", pos)) if i >= 0]
            end = min(ends) if ends else len(text)
            spans.add((start, end))
            pos = haystack.find(needle, end)
    return [text[a:b] for a, b in sorted(spans)]
