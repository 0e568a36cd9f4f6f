"""What a conversational text signals: decisions, preferences, corrections, trivia.

Capture uses these cues to weight what it stores (a decision, a preference or a
correction is worth more than a passing remark; a preference the user states about
themselves is global, not per project); injection uses :func:`is_trivial` to stay
silent on acknowledgements. Cues are cheap regular expressions over English with a few
common French, German and Spanish forms: they err towards "general" rather than
mislabel. :func:`shorten` is the one way long text is cut (whole words, an ellipsis).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

_FLAGS = re.IGNORECASE

_PREFERENCE = re.compile(
    r"\b(?:i|we)\s+(?:really\s+|much\s+|generally\s+|usually\s+)?(?:prefer|like|love|hate|dislike|can't stand)\b"
    r"|\b(?:always|never)\s+(?:use|do|write|run|add|put|call|commit|push|format|indent|include|mock|test|name)\b"
    r"|\b(?:please\s+)?(?:don'?t|do not|stop)\s+(?:use|using|add|adding|write|writing|put|putting|run|running|mock)\b"
    r"|\bmy\s+(?:name|preferred|favou?rite|pronouns|timezone|time zone|editor|os)\b"
    r"|\bcall me\b|\bfrom now on\b|\bi(?:'m| am)\s+(?:a|an)\s+\w+"
    r"|\bje\s+pr[ée]f[èe]re\b|\bich\s+(?:bevorzuge|mag|hasse)\b|\bprefiero\b|\bme gusta\b",
    _FLAGS,
)
_DECISION = re.compile(
    r"\b(?:we|i)\s+(?:have\s+|'ve\s+)?(?:decided|chose|chosen|picked|agreed|settled)\b"
    r"|\blet'?s\s+(?:use|go with|switch|stick with|keep|adopt|move to|pick)\b"
    r"|\b(?:going|go) with\b|\b(?:we|i)(?:'ll| will| shall)\s+(?:use|go with|switch to|stick with|adopt)\b"
    r"|\bdecision\s*:|\bchose\b.{1,80}\bover\b|\bsettled on\b|\bdecided (?:to|on|that)\b"
    r"|\bon a choisi\b|\bwir nehmen\b|\bvamos a usar\b",
    _FLAGS,
)
_CORRECTION = re.compile(
    r"^\s*(?:no|nope|wrong)\b\s*[,.!:;-]"
    r"|\bno,?\s+actually\b|\bactually,\s"
    r"|\bthat(?:'s| is)\s+(?:wrong|not right|incorrect|not correct|not true)\b"
    r"|\bnot what i (?:asked|meant|wanted)\b|\byou(?:'re| are) wrong\b",
    _FLAGS,
)
_PERSONAL = re.compile(
    r"^\W*(?:i|i'm|i am|i've|my|me|call me|je|ich|yo|mi)\b|\b(?:my name|call me|i prefer|i like|i hate)\b",
    _FLAGS,
)
_PROJECT_MARKER = re.compile(
    r"\b(?:this|the|our)\s+(?:project|repo|repository|codebase|code base|app|service|module|package|team)\b"
    r"|\bhere\b|\bin this\b|[\w-]+\.(?:py|js|ts|tsx|go|rs|rb|java|toml|json|ya?ml|md|sql|sh)\b|/",
    _FLAGS,
)

_TRIVIAL = frozenset(
    """ok okay k kk okey yes y yep yeah yup sure no n nope thanks thank you thx ty cool nice great good
    perfect fine done go go on continue cont next proceed keep going carry on again retry try again
    do it go ahead sounds good lgtm ship it right correct agreed alright all right hi hello hey
    merci oui non daccord ok merci super continue vas y danke ja nein weiter gut genau gracias si sí
    vale sigue claro""".split()
)
_TRIVIAL_PHRASES = frozenset(
    {"thank you", "go on", "keep going", "carry on", "try again", "do it", "go ahead", "sounds good",
     "ship it", "all right", "vas y", "looks good", "makes sense", "got it", "thanks a lot", "ok thanks",
     "ok continue", "yes please", "please continue", "continue please", "ok go", "yes go ahead"}
)


@dataclass(frozen=True)
class Weight:
    """How capture files a statement: category, importance, tags, and whether it is global."""

    category: str
    importance: int
    tags: tuple[str, ...] = ()
    personal: bool = False


def weigh_user(text: str) -> Weight:
    """Category and importance of something the user said."""
    if _CORRECTION.search(text):
        return Weight("decision", 4, ("correction",))
    if _DECISION.search(text):
        return Weight("decision", 4, ("decision",))
    if _PREFERENCE.search(text):
        personal = bool(_PERSONAL.search(text)) and not _PROJECT_MARKER.search(text)
        return Weight("preference", 4, ("preference",), personal=personal)
    if text.rstrip().endswith("?"):
        return Weight("context", 3, ("question",))
    return Weight("context", 3, ("request",))


def weigh_assistant(text: str) -> Weight:
    """Category and importance of an assistant conclusion."""
    if _DECISION.search(text):
        return Weight("decision", 3, ("decision",))
    return Weight("insight", 2, ("conclusion",))


def is_trivial(prompt: str) -> bool:
    """True for acknowledgements, bare continuations and slash commands: nothing to recall."""
    text = prompt.strip()
    if not text or text.startswith("/"):
        return True
    folded = unicodedata.normalize("NFKC", text).casefold()
    words = re.findall(r"[^\W_]+", folded)
    if not words:
        return True
    if len(words) > 4:
        return False
    phrase = " ".join(words)
    if phrase in _TRIVIAL or phrase in _TRIVIAL_PHRASES:
        return True
    return all(w in _TRIVIAL or w in ("please", "pls", "plz", "now", "then", "and", "it", "a", "lot") for w in words)


def shorten(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters at a word boundary, ending with "…"."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    if limit <= 1:
        return "…"[:limit]
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space >= limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:.-") + "…"


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n{2,}")


def condense(text: str, limit: int) -> str:
    """Long text reduced to its first and last sentences within ``limit`` characters.

    A reply usually opens with what was done and closes with the outcome; the middle is
    detail. Paragraph breaks become single lines.
    """
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    sentences = [" ".join(s.split()) for s in _SENTENCE_END.split(text) if s.strip()]
    if len(sentences) < 3:
        return shorten(flat, limit)
    head: list[str] = []
    tail: list[str] = []
    size = 2
    i, j = 0, len(sentences) - 1
    while i <= j:
        take_head = sum(map(len, head)) <= sum(map(len, tail)) * 2
        candidate = sentences[i] if take_head else sentences[j]
        if size + len(candidate) + 1 > limit:
            break
        size += len(candidate) + 1
        if take_head:
            head.append(candidate)
            i += 1
        else:
            tail.insert(0, candidate)
            j -= 1
    if not head:
        return shorten(flat, limit)
    if i > j:
        return " ".join(head + tail)
    return " ".join(head) + " … " + " ".join(tail) if tail else " ".join(head) + " …"
