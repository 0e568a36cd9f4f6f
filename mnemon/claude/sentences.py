"""A message's sentences, as :mod:`mnemon.claude.notes` reads them: prose only, split where people
end a sentence however they type it (a capital after a stop, a lowercase word after a word and a stop,
a doubled stop, a line of its own), list items and quoted lines apart; a short code block stays
inline, and a pasted diff that changes settings becomes what it changed. In what the user pastes,
the prose a block of code carries (its comments and docstrings, a commit message) is read too:
"this is the rule, keep to it" above a diff puts the rule in a comment of the diff.
"""

from __future__ import annotations

import re

_FENCE = re.compile(r"```[^\n]*\n(.*?)(?:```|\Z)", re.DOTALL)
# (an ellipsis after a word in capitals elides code: "UPDATE ... SET")
_SENTENCE_END = re.compile(r"(?<=[.!?])(?<![A-Z]{2} \.\.\.)[\"')\]]*\s+(?=[\"'(\[`*_]*[A-Z0-9])|(?<=[.!?:])\s*\n+|\n\s*\n+"
                           # typed in lowercase: a word of three letters or more, then a stop ("passed. long is ...")
                           r"|(?<=[^\W_]{3}[.!?])(?<!\betc\.)(?<!\bapprox\.)(?<![A-Z]\w\w\.)\s+(?=[a-z])"
                           r"|(?<=[~^)\]}\"'`][.!?])\s+(?=[a-z])"
                           # a short word or a number, then a stop ("we just call it. can u ...", "plans at 7. can ...")
                           r"|(?<=\b(?:it|is|up|on|in|so|me|us|do|go|ok|to|at|by|of|be|we|or|as|my|am|är|er|es|ça)[.!?])\s+(?=[a-z])"
                           r"|(?<=\s\d[.!?])\s+(?=[a-z])|(?<=\s\d\d[.!?])\s+(?=[a-z])"
                           # a dash after a stop opens another thought ("... run Vault. -- ok, now the build")
                           r"|(?<=[.!?])\s+--?\s+(?=\w)"
                           # the next sentence starts with a dotfile's name (".env.example has ...")
                           r"|(?<=[^\W_]{3}[.!?])\s+(?=\.[a-z]\w)"
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


def sentences(body: str, *, code_prose: bool = False) -> list[str]:
    """The sentences of a message: prose only (code blocks become ``code`` inline when short,
    else are dropped, or with ``code_prose`` give the prose they carry), list items and lines
    as sentences of their own."""
    return [sentence for sentence, _ in marked(body, code_prose=code_prose)]


def marked(body: str, *, code_prose: bool = False) -> list[tuple[str, bool]]:
    """:func:`sentences`, each with whether it is an item of a list (a bullet or a number)."""

    def inline(m: re.Match[str]) -> str:
        code = m.group(1).strip()
        if code and "\n" not in code and len(code) <= 160:
            return f" `{code}` "
        changed = setting_changes(code)
        if changed:
            return " " + "; ".join(f"changed: `{new}`, no longer `{old}`" for old, new in changed) + ". \n\n"
        carried = code_text(code) if code_prose else []
        if code_prose and not carried and _short_paste(code) \
                and len(m.string[m.end():].lstrip().split("\n", 1)[0].split()) >= MIN_PROSE_WORDS:
            # a command and its output, or an error, the person pasted as evidence of what they say right
            # after it ("so the billing code is Priya's", "so that's why: ..."): that line reads it inline
            return " `" + " ".join(line.strip() for line in code.splitlines() if line.strip()) + "` "
        return "\n\n" + "\n\n".join(carried) + "\n\n"

    prose = _FENCE.sub(inline, _fence_pastes(body))
    out: list[tuple[str, bool]] = []
    for block in re.split(r"\n(?=\s*(?:[-*+•]|\d{1,2}[.)]|#{1,6}|>+)\s)", prose):
        bullet = _BULLET.match(block)
        item = bullet is not None and ">" not in bullet.group()  # a quoted line is no item
        # an item ends with its line, unless the next line is indented under it
        lines = re.split(r"\n(?=\S)", block, maxsplit=1) if item else [block]
        for n, line in enumerate(lines):
            line = _HEADING.sub("", _BULLET.sub("", line))
            for sentence in _joined_predicates(_SENTENCE_END.split(line)):
                for part in _CLAUSE.split(sentence):
                    part = " ".join(_EMPHASIS.sub("", part).split()).strip(" ,;-")
                    if part:
                        out.append((part, item and n == 0))
    return out


# a comment line in the common languages: //, #, --, ;, /* ... */ and its * lines (not #include, #!, #[attr])
_COMMENT = re.compile(r"^(?://+|#+(?=\s)|--(?=\s)|;+(?=\s)|/\*+|\*+(?=\s|$))\s*(.*?)\s*(?:\*+/)?$")
_DOC_QUOTES = re.compile(r'(?:^|[=(]\s*)[rubfRUBF]{0,2}("""|\'\'\')')
# a line of code rather than prose: it opens or closes a block, assigns, or starts with a keyword
_CODE_LINE = re.compile(r"[{};]\s*$|^\s*[}\])]|\s=\s|==|=>|:=|->\s*\w+\s*[:{]|^\s*@\w|^\s*(?:def|class|fn|func|function|"
                        r"return|import|from \S+ import|let|const|var|if|for|while|public|private|package|use|"
                        r"SELECT|INSERT|UPDATE|CREATE)\b")
# a line of a log, a stack trace, a terminal session or a diff: not prose either
_LOG_LINE = re.compile(r"^(?:at |File \"|Traceback|\$ |>>> |\+|-(?!\s[A-Za-z])|#include|diff |@@|\[?\d{4}-\d\d-\d\d|\[\d)"
                       r"|^\w+(?:Error|Exception)\b|\b\d\d:\d\d:\d\d\b")
_LOG_LEVEL = re.compile(r"^\W{0,2}(?:\S+\s+){0,2}(?:TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|FATAL|CRITICAL)\b")
MIN_PROSE_WORDS = 4


def is_machine_line(line: str) -> bool:
    """Is this line what a program wrote (a log or trace line, code, a table of figures) rather than a person?"""
    stripped = line.strip()
    if not stripped:
        return False
    if _LOG_LINE.search(stripped) or _CODE_LINE.search(stripped) or _LOG_LEVEL.search(stripped):
        return True
    letters = sum(c.isalpha() for c in stripped)
    return letters * 2 < len(stripped.replace(" ", ""))  # mostly digits and symbols
# an excerpt (a diff, a function, a commit message) carries a rule or a fact in its prose; a whole file pasted for
# context carries every comment its authors wrote: read only the first paragraphs of a block this long at most
MAX_CODE_LINES = 40
MAX_CODE_PARAGRAPHS = 3


MAX_PASTE_LINES = 6
MAX_PASTE_CHARS = 280
# a list item of prose ("- [ ] rotate the keys", "2) never ..."): a person's line even where it looks like a diff's
_PROSE_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,2}[.)])\s+(?:\[[ xX]\]\s+)?[^\W\d_]")


def _fence_pastes(body: str) -> str:
    """``body`` with every run of more than :data:`MAX_PASTE_LINES` lines a program wrote (a log, a
    trace, code) pasted without a fence put between fences, so it is read as a pasted block is: a
    400-line log pasted raw above a question is no note of the person's. Blank lines within a run
    belong to it; a shorter run stays as it is (it may be read with the line after it)."""
    if "\n" not in body:
        return body
    out: list[str] = []
    run: list[str] = []
    blanks: list[str] = []
    fenced = False

    def flush() -> None:
        out.extend(["```", *run, "```"] if sum(1 for line in run if line.strip()) > MAX_PASTE_LINES else run)
        out.extend(blanks)
        run.clear()
        blanks.clear()

    for line in body.split("\n"):
        if line.lstrip().startswith("```"):
            flush()
            fenced = not fenced
            out.append(line)
        elif fenced:
            out.append(line)
        elif not line.strip():
            (blanks if run else out).append(line)
        elif is_machine_line(line) and not _PROSE_ITEM.match(line):
            run.extend(blanks)
            blanks.clear()
            run.append(line)
        else:
            flush()
            out.append(line)
    flush()
    return "\n".join(out)


def _short_paste(code: str) -> bool:
    """A few short lines (a command and its output, a config excerpt) rather than a program or a log."""
    lines = [line.strip() for line in code.splitlines() if line.strip()]
    return 2 <= len(lines) <= MAX_PASTE_LINES and sum(len(line) for line in lines) <= MAX_PASTE_CHARS


def code_text(code: str) -> list[str]:
    """The prose a pasted block of code carries: its comments and docstrings, joined where they
    wrap over several lines, in the lines it has or adds (a diff's removed lines are gone); a
    block that is prose altogether (a commit message, an excerpt of a document) is kept whole.
    Comments of a few words ("# loop", "// TODO") say nothing to remember, and neither does a whole file."""
    lines = [line.strip() for line in code.splitlines() if line.strip()]
    if len(lines) > MAX_CODE_LINES:
        return []
    chat = chat_messages(lines)
    if chat:
        return chat
    if sum(bool(_CODE_LINE.search(line)) for line in lines) * 4 <= len(lines) \
            and sum(len(line.split()) for line in lines) >= 2 * MIN_PROSE_WORDS \
            and not any(_COMMENT.match(line) or _LOG_LINE.search(line) for line in lines):
        return [" ".join(lines)] if _nested(code) else [code.strip()]
    paragraphs: list[str] = []
    current: list[str] = []
    quote = ""  # the quotes of the docstring the line is in
    for raw in code.splitlines():
        line = raw.strip()
        if line[:1] == "-" and not line.startswith("--"):
            line = ""  # a removed line of a diff
        elif line[:1] == "+" and not line.startswith("++"):
            line = line[1:].strip()
        words = ""
        if quote:
            end = line.find(quote)
            words, quote = (line[:end], "") if end >= 0 else (line, quote)
        elif (doc := _DOC_QUOTES.search(line)) is not None:
            rest = line[doc.end():]
            end = rest.find(doc.group(1))
            words, quote = (rest[:end], "") if end >= 0 else (rest, doc.group(1))
        elif (comment := _COMMENT.match(line)) is not None:
            words = comment.group(1)
        if words.strip():
            current.append(words.strip())
        elif current:
            paragraphs.append(" ".join(current))
            current = []
    if current:
        paragraphs.append(" ".join(current))
    return [p for p in paragraphs if len(p.split()) >= MIN_PROSE_WORDS][:MAX_CODE_PARAGRAPHS]


# a line of a pasted chat: "[10:02] ana: ...", "10:02 ana (ops): ...", "<ana> ...", "ana: ..."
_CHAT_LINE = re.compile(r"^(?:\[?\d{1,2}:\d\d(?::\d\d)?(?:\s?[AaPp][Mm])?\]?\s+)?"
                        r"(?:<([\w.@-]{1,24})>|([\w.@-]{1,24}(?:\s[\w.@-]{1,24})?(?:\s\([^)]{1,24}\))?):)\s+(\S.*)$")
_SHOUTED = re.compile(r"^[A-Z_]{3,}$")
_STAMPED = re.compile(r"^\[?\d{1,2}:\d\d")
MAX_NESTED_LINES = 8


def chat_messages(lines: list[str]) -> list[str]:
    """The messages of a pasted chat thread (every line a person's message, most with a time
    stamp or a speaker's handle), each a paragraph of prose without its stamp and speaker: a
    decision taken in a team's channel is said there like any other. A block of ``key: value``
    settings is no chat: at least half its lines must carry a time stamp, or an IRC-style handle."""
    matches = [_CHAT_LINE.match(line) for line in lines]
    if len(lines) < 2 or not all(matches) or any(_LOG_LEVEL.search(line) or _SHOUTED.match(m.group(1) or m.group(2))
                                                 for line, m in zip(lines, matches, strict=True) if m is not None):
        return []  # a log's lines: a level, or a component's name in capitals, where a person's name would be
    stamped = sum(bool(_STAMPED.match(line)) or line.startswith("<") for line in lines)
    if stamped * 2 < len(lines):
        return []
    return [m.group(3).strip() for m in matches if m is not None and len(m.group(3).split()) >= 2]


def _nested(code: str) -> bool:
    """Is this short block settings nested under keys (YAML, a Makefile target)? Its key line says what
    the lines under it are about ("cache-db:" over an image and its port): read as one line."""
    raw = [line for line in code.splitlines() if line.strip()]
    if len(raw) > MAX_NESTED_LINES:
        return False
    indent = [len(line) - len(line.lstrip()) for line in raw]
    return any(line.rstrip().endswith(":") and indent[n + 1] > indent[n]
               for n, line in enumerate(raw[:-1]))


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
