"""Passwords known by their shape alone: a pass of :func:`mnemon.safety.redact.redact`.

A password a person or a policy sets mixes both cases, digits and a symbol in one short token (``Maple7#qTz91``,
``harborVx2Q.48kdP``). Words, identifiers, versions, paths, e-mail addresses, hashes and encodings do not: an
identifier joins words with ``_``/``.`` followed by a letter, a version or a path keeps its separators between
digits or names, base64 is longer or has no symbol in the middle, and arithmetic (``2*Math.PI*r``) holds two
operators. So a token of 10 to 32 characters with an upper-case letter past its first, a lower-case letter, a digit
and exactly the separators of a password (one or two of ``! * + # % ^ & ~ @ $ ?``, or a ``.``/``_`` with a digit
right after it) is a credential wherever it stands: a table cell, a chat line in any language, a positional
argument of a tool or a call, a keystroke macro. Its neighbours need not name it, which is why this rule reaches
sentences in languages no word list covers.

Not taken: tokens in a URL, path or e-mail address (the character before is ``/``, ``\\``, ``:`` or ``@``, or an
``@`` inside is followed by a dotted host), references (``$NAME``, ``%VAR%``, ``#anchor``), percent-escapes, and
anything :func:`mnemon.safety.secretwords.is_placeholder` reads as a stand-in.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from mnemon.safety.secretforms import Span, _span
from mnemon.safety.secretwords import is_placeholder

_TOKEN = re.compile(r"[A-Za-z0-9!*+#%^&~@$?._]{10,}")
_NEEDED = re.compile(r"[!*+#%^&~@$?]|[A-Za-z][._][0-9]")
_CLASSES = re.compile(r"(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])")
_SYMBOLS = frozenset("!*+#%^&~@$?")
_PUNCT = frozenset("!*+#%^&~@$?._")
_EDGE = "!?.*_-"
_BEFORE = frozenset("/\\@<>[{(\"'`-+")
_AFTER_BAD = frozenset("/\\(=-+")
_PERCENT = re.compile(r"%[0-9A-Fa-f]{2}")
_EMAIL = re.compile(r"@[A-Za-z0-9-]+\.[A-Za-z]")
_SEPARATED_DIGIT = re.compile(r"[A-Za-z][._][0-9]")


def strong_spans(text: str, lowered: str) -> list[Span]:
    """Tokens shaped like a set password (the module docstring), wherever they stand."""
    del lowered
    spans: list[Span] = []
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token.isalnum() or _NEEDED.search(token) is None or _CLASSES.match(token) is None:  # letters and digits only: no separator
            continue
        start, end = match.span()
        trimmed = token.rstrip(_EDGE)
        end -= len(token) - len(trimmed)
        lead = len(trimmed) - len(trimmed.lstrip(".*_-"))
        start += lead
        token = trimmed[lead:]
        if start > 0 and text[start - 1] in _BEFORE and not (text[start - 1] in "\"'`[(<>" and _closed(text, start, end)):
            continue
        if end < len(text) and text[end] in _AFTER_BAD:
            continue
        if _shaped(token):
            spans.append(_span(start, token, "password"))
    return spans


def _closed(text: str, start: int, end: int) -> bool:
    """A quote or bracket opened just before the token closes just after it (a quoted literal)."""
    pair = {"\"": "\"", "'": "'", "`": "`", "[": "]", "(": ")", "<": ">", ">": "<"}[text[start - 1]]
    return end < len(text) and text[end] == pair


def _shaped(token: str) -> bool:
    """The token's classes and separators are a password's (the module docstring). The token is ASCII (it is a
    :data:`_TOKEN` run), so a case change shows its letters of a case and ``str`` methods replace per-character
    loops: this runs on every mixed-class token of every text."""
    if not 10 <= len(token) <= 32 or token[0] in "$#%&~@+!?^":
        return False
    tail = token[1:]
    if tail == tail.lower() or token == token.upper() or _DIGIT.search(token) is None:
        return False  # no upper-case letter past the first character, no lower-case letter, or no digit
    punct = _PUNCT_CHAR.findall(token)
    symbols = [c for c in punct if c in _SYMBOLS]
    if len(punct) > 2 or len(set(symbols)) > 1 and len(symbols) > 1 and "*" in symbols:
        return False
    if not symbols and _SEPARATED_DIGIT.search(token) is None:
        return False
    if punct and not symbols and not _odd_separators(token):  # every character of punct not a symbol is "." or "_"
        return False
    if _PERCENT.search(token) or _EMAIL.search(token) or is_placeholder(token):
        return False
    return True


_DIGIT = re.compile(r"[0-9]")
_PUNCT_CHAR = re.compile(r"[!*+#%^&~@$?._]")
"""The characters of :data:`_PUNCT`, found in one call."""


def _odd_separators(token: str) -> bool:
    """Every ``.``/``_`` stands between a head with a capital past its first letter and a tail of three or more characters that opens with a
    digit and holds a letter: no word, version, attribute or vendor id (``cus_4Hb...``, lower-case head) is
    joined so."""
    for separator in _SEPARATOR.finditer(token):
        i = separator.start()
        head, tail = token[:i], token[i + 1 :]
        if not (head[-1:].isalpha() and tail[:1].isdigit() and len(tail) >= 3 and tail.lower() != tail.upper()):
            return False  # (ASCII: a letter is what a case change alters)
        if head[1:] == head[1:].lower():
            return False
    return True


_SEPARATOR = re.compile(r"[._]")


def novel(found: list[Span], extra: list[Span]) -> list[Span]:
    """The spans of ``extra`` that no span of ``found`` already covers: a value another pass took is not judged
    (nor filtered) twice, which keeps these late passes cheap on texts full of ordinary secrets."""
    if not extra or not found:
        return extra
    covered = sorted((start, end) for start, end, _, _ in found)
    kept = []
    for span in extra:
        index = bisect_right(covered, (span[0], 1 << 62))
        if not any(start <= span[0] and span[1] <= end for start, end in covered[max(0, index - 8) : index]):
            kept.append(span)
    return kept
