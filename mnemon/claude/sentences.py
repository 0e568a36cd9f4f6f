"""A message's sentences, as :mod:`mnemon.claude.notes` reads them: prose only, split where people
end a sentence however they type it (a capital after a stop, a lowercase word after a word and a stop,
a doubled stop, a line of its own), list items and quoted lines apart; a short code block stays
inline, and a pasted diff that changes settings becomes what it changed.
"""

from __future__ import annotations

import re

_FENCE = re.compile(r"```[^\n]*\n(.*?)(?:```|\Z)", re.DOTALL)
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[`*_]*[A-Z0-9])|(?<=[.!?:])\s*\n+|\n\s*\n+"
                           # typed in lowercase: a word of three letters or more, then a stop ("passed. long is ...")
                           r"|(?<=[^\W_]{3}[.!?])(?<!\betc\.)(?<!\bapprox\.)(?<![A-Z]\w\w\.)\s+(?=[a-z])"
                           r"|(?<=[~^)\]}\"'`][.!?])\s+(?=[a-z])"
                           # a doubled stop ("broken again?? we always ...", "done!! the rest ...")
                           r"|(?<=[^\W_][.!?][.!?])\s+(?=[a-z])|(?<=[.!?]{3})\s+(?=[a-z])")
# a method named with a question mark ("invoice.paid?", "user&.admin?") ends no sentence
_PREDICATE_END = re.compile(r"(?:[\w)]\.|&\.|::)[a-z_]\w*\?$")
# a request or question tacked on to a statement: "X listens on 7420, can you add that to the README?"
_CLAUSE = re.compile(r"(?:[,;:]|\s[-–—])\s+(?=(?:and |so |but )?(?:(?:can|could|would|will) (?:you|we)|please|"
                     r"do you|is there|are there|what|how|why|where)\b)", re.IGNORECASE)
_BULLET = re.compile(r"^\s*(?:[-*+•]|\d{1,2}[.)]|>+)\s+")  # a list item, or a quoted line
_HEADING = re.compile(r"^\s*#{1,6}\s+")
_EMPHASIS = re.compile(r"\*\*|__")


def sentences(body: str) -> list[str]:
    """The sentences of a message: prose only (code blocks become ``code`` inline when short,
    else are dropped), list items and lines as sentences of their own."""

    def inline(m: re.Match[str]) -> str:
        code = m.group(1).strip()
        if code and "\n" not in code and len(code) <= 160:
            return f" `{code}` "
        changed = setting_changes(code)
        if changed:
            return " " + "; ".join(f"changed: `{new}`, no longer `{old}`" for old, new in changed) + ". \n\n"
        return "\n\n"

    prose = _FENCE.sub(inline, body)
    out: list[str] = []
    for line in re.split(r"\n(?=\s*(?:[-*+•]|\d{1,2}[.)]|#{1,6}|>+)\s)", prose):
        line = _HEADING.sub("", _BULLET.sub("", line))
        for sentence in _joined_predicates(_SENTENCE_END.split(line)):
            for part in _CLAUSE.split(sentence):
                part = " ".join(_EMPHASIS.sub("", part).split()).strip(" ,;-")
                if part:
                    out.append(part)
    return out


_DIFF_LINE = re.compile(r"^([-+])\s*([A-Za-z_][\w.-]*)(\s*[:=]\s*)(\S.{0,80})$")


def setting_changes(code: str, most: int = 3) -> list[tuple[str, str]]:
    """The settings a pasted diff changes, as (old line, new line): ``- LIMIT = 50`` then
    ``+ LIMIT = 120`` in a unified diff or a bare one. A diff of code changes no setting."""
    removed: dict[str, str] = {}
    out: list[tuple[str, str]] = []
    for raw in code.splitlines():
        line = raw.strip()
        if not line or line.startswith(("---", "+++", "@@", "diff ", "index ")):
            continue
        m = _DIFF_LINE.match(line)
        if m is None:
            if line[0] in "+-":
                return []  # a changed line that sets nothing: code, not settings
            continue
        sign, key = m.group(1), m.group(2)
        setting = f"{key}{m.group(3)}{m.group(4)}".strip()
        if sign == "-":
            removed[key] = setting
        elif key in removed:
            out.append((removed.pop(key), setting))
    return out[:most]


def _joined_predicates(pieces: list[str]) -> list[str]:
    """Rejoin what a predicate method's question mark split ("It checks invoice.paid? now")."""
    out: list[str] = []
    for piece in pieces:
        if out and _PREDICATE_END.search(out[-1]) and piece[:1].islower():
            out[-1] = f"{out[-1]} {piece}"
        else:
            out.append(piece)
    return out
