"""Phrases, the unit the injection rules are written in, and the sentence bounds several rules share.

A :class:`Phrase` is one pattern family: a trigger of plain literals that `re` (or ``str.find``) scans for
quickly, and a body tried only where a trigger hit, so the screen stays linear and cheap on ordinary text.
:func:`phrase` builds one from pattern strings; :func:`sentence_start` and :data:`SENTENCE_END` bound the
sentence around a match for the rules that need their parts in one sentence. Imports only the standard library.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Phrase:
    """One pattern family. ``trigger`` (plain literals, which `re` scans for fast) finds candidate starts;
    ``body`` must match at such a start; ``left``, if set, must match the text just before it; ``needs``, if
    set, must occur inside the matched text. Triggers keep the screen linear and cheap on ordinary text."""

    trigger: re.Pattern[str]
    body: re.Pattern[str]
    left: re.Pattern[str] | None = None
    needs: re.Pattern[str] | None = None
    literals: tuple[str, ...] = ()

    def matches(self, text: str) -> Iterator[re.Match[str]]:
        for start in self._starts(text):
            if self.left is not None and not self.left.search(text, max(0, start - 40), start):
                continue
            match = self.body.match(text, start)
            if match and (self.needs is None or self.needs.search(match.group(0))):
                yield match

    def search(self, text: str) -> bool:
        return next(self.matches(text), None) is not None

    def _starts(self, text: str) -> Iterator[int]:
        """Trigger positions: by ``str.find`` per literal when the trigger is plain (much faster than a regex
        alternation), else by the trigger pattern."""
        if not self.literals:
            yield from (hit.start() for hit in self.trigger.finditer(text))
            return
        if len(self.literals) == 1:
            literal = self.literals[0]
            pos = text.find(literal)
            while pos >= 0:
                yield pos
                pos = text.find(literal, pos + len(literal))
            return
        found: set[int] = set()
        for literal in self.literals:
            pos = text.find(literal)
            while pos >= 0:
                found.add(pos)
                pos = text.find(literal, pos + len(literal))
        yield from sorted(found)


_META = re.compile(r"(?<!\\)[?+*\[\]{}()^$]")


def phrase(trigger: str, body: str, left: str | None = None, needs: str | None = None) -> Phrase:
    """``trigger`` is ``|``-separated literals (regex-escaped where needed); when it is plain, a substring test
    on each literal lets a phrase skip texts that cannot match without running any regex."""
    pieces = trigger.split("|")
    plain = not any(_META.search(piece) for piece in pieces)
    return Phrase(
        re.compile(trigger),
        re.compile(body, re.MULTILINE),
        re.compile(left) if left else None,
        re.compile(needs) if needs else None,
        tuple(re.sub(r"\\(.)", r"\1", piece) for piece in pieces) if plain else (),
    )


def any_match(phrases: tuple[Phrase, ...], text: str) -> bool:
    return any(phrase.search(text) for phrase in phrases)


SENTENCE_END = re.compile(r"[.!?]\s|\n\s*\n|[。！？]")
_SENTENCE_WINDOW = 600


def sentence_start(text: str, pos: int) -> int:
    """Start of the sentence holding ``pos`` (looking back at most _SENTENCE_WINDOW characters)."""
    lo = max(0, pos - _SENTENCE_WINDOW)
    start = lo
    for boundary in SENTENCE_END.finditer(text, lo, pos):
        start = boundary.end()
    return start


def sentences_with(verbs: Phrase, text: str) -> Iterator[str]:
    """Each sentence of ``text`` holding a match of ``verbs``, once, in order (lazily: a caller that finds
    what it looks for stops the search)."""
    done = 0
    for verb in verbs.matches(text):
        if verb.start() < done:
            continue
        start = sentence_start(text, verb.start())
        end_match = SENTENCE_END.search(text, verb.end())
        done = end_match.end() if end_match else len(text)
        yield text[start:done]
