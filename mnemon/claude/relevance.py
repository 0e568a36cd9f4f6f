"""How strongly a recalled note bears on a prompt, by its own evidence.

:func:`relevance` is what injection compares with its floors and cuts: the share of the prompt's
weighted words a note holds (those of the turn around it at half weight), plus, with an embedder,
how close its meaning is to the prompt's (the engine's ``closeness`` signal: the similarity above
the level unrelated text reaches for that model). A prompt rarely repeats the words of the note it
needs ("add a guest user type" / "outsiders get a one-room invite link"); the words a note shares
still count first, and a prompt that rarely needs memory gets no credit for meaning alone (its
notes must share its words). Then the weight of the note's kind: a decision or rule counts more
than a passing statement. :func:`suspect_weight` weighs a note more as the answer to a question
about a cause or a malfunction.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from mnemon.claude import conflicts, facets
from mnemon.engine import text
from mnemon.engine.model import GLOBAL_SCOPE, Insight

if TYPE_CHECKING:
    from mnemon.engine.memory import Memory

CONTEXT_WEIGHT = 0.5  # a prompt word found only in the turn around a note
KIND_BASE, KIND_STEP = 0.5, 0.15  # a note's weight by importance: 0.8 (2) to 1.1 (4)
CLOSENESS_WEIGHT = 0.6  # a note as close in meaning as can be counts as holding this share of the prompt's words
ANSWER_BOOST = 1.3  # a note giving the kind of answer the prompt needs (a person, a local address, a command)
CAUSE_BOOST = 1.3  # a note that explains a cause, or reports a change, when the prompt reports a malfunction
CHANGE_BOOST = 1.5  # a reported change, when the prompt asks why something changed or broke
COMMON_SHARE = 0.45  # a word held by this share of a project's memories is common in it (Memory.scope_share)
COMMON_LEAST = 200  # a project's memories counted as at least this many: in a young one no word is common yet
# a question of what a thing is, means or does, or how two differ
_DEFINING = re.compile(r"^\W*what(?:'s| is| are| does| do)\b|\b(?:difference|differs?)\b|\bmeans?\b", re.IGNORECASE)


def relevance(ins: Insight, signals: dict[str, float], by_meaning: bool = False) -> float:
    """How strongly a note bears on the prompt; ``by_meaning`` counts its closeness in meaning too."""
    own = signals.get("own", 0.0)
    near = max(0.0, signals.get("coverage", 0.0) - own)
    meant = CLOSENESS_WEIGHT * signals.get("closeness", 0.0) if by_meaning else 0.0
    return (own + meant + CONTEXT_WEIGHT * near) * (KIND_BASE + KIND_STEP * ins.importance)


def bears(ins: Insight, asked: frozenset[str], query: str, general: bool, framing: frozenset[str] = frozenset(),
          common: frozenset[str] = frozenset()) -> bool:
    """Do the words a note shares with the prompt (``asked``, its query tokens) say something of what it
    asks? A prompt that rarely needs memory (``general``) must share two of them; a note that shares only
    the words that put a request (``framing``: "give me two short ...") shares nothing of it; a note kept for all the
    user's projects that shares one word joins by the kind of work (:mod:`facets`), not by the word."""
    lowered = ins.content.lower()
    put = framing and any(word in lowered for word in framing)  # a stem is in the words it stems from
    if not (general or ins.scope == GLOBAL_SCOPE or put):
        return True  # reading a note's words costs ~50 us, and most notes of a block need not be read
    said = asked & set(text.tokens(ins.content))
    if general and not said >= asked:
        said -= common  # a word most of the project's memories hold (its platform, its main noun) says nothing of a note
    one_word = (general or ins.scope == GLOBAL_SCOPE) and len(said) < 2
    if one_word and general or put and said and said <= framing or general and one_phrase(said, asked, query):
        return False
    return not (one_word and ins.scope == GLOBAL_SCOPE and not facets.of(query) & facets.of(ins.content, "instruction"))


def common_words(memory: Memory, words: frozenset[str], scope: str) -> frozenset[str]:
    """The ``words`` common in the project's memories (:meth:`Memory.scope_share`)."""
    return frozenset(word for word, share in memory.scope_share(words, scope, COMMON_LEAST).items()
                     if share >= COMMON_SHARE)


def one_phrase(said: set[str] | frozenset[str], asked: frozenset[str], query: str) -> bool:
    """Are the words a note shares with a question of what a thing is, means or does one run of its words,
    and not all of them ("what does a write barrier do in a garbage collector?", "what's the difference
    between a mutex and a semaphore?")? The run names what the question is about; a note holding just it
    tells how this project uses the thing, not what the question asks. A note holding every word of it
    ("what does archiving a board do?") answers it about this project's own thing."""
    if said >= asked or not _DEFINING.search(query):
        return False
    order = list(dict.fromkeys(text.tokens(query)))
    at = sorted(order.index(word) for word in said if word in order)
    return len(at) >= 2 and at[-1] - at[0] + 1 == len(at)


def suspect_weight(ins: Insight, cause: bool, symptom: bool) -> float:
    """How much more a note weighs as an answer to a question about a cause or a malfunction."""
    if not (cause or symptom):
        return 1.0
    if conflicts.changed(ins.content):
        return CHANGE_BOOST if cause else CAUSE_BOOST
    return CAUSE_BOOST if "cause" in ins.tags else 1.0
