"""Secrets named only by their neighbours on the command line or in the sentence: a pass of
:func:`mnemon.safety.redact.redact`.

* **a password sub-command's positional value**: ``tool dbms set-initial-password VALUE``, ``tool
  change-password USER VALUE``, ``tool setpassword VALUE`` (the sub-command, a lower-case word after a blank, ends on "password";
  an environment variable's name is no sub-command, and a flag or a variable after it is no value);
* **a here-string fed to a password flag**: ``--password <<< 'VALUE'``, ``-p <<<VALUE`` (the shell passes the
  string on stdin);
* **an authorize sub-command's key pair**: ``tool account authorize KEY_ID KEY``, ``tool authorize-account KEY_ID
  KEY``: the positional values after it that look issued;
* **a UUID-shaped token named as a key**: ids are spared by shape, so a UUID is taken only when the words just
  before it call it a key, token or secret ("the chat-ops key <uuid> went into a ticket"), or when it is assigned to a constant
  whose trailing comment does (``MAILER_ID = "<uuid>"  # delivery token``).

Each form is found from a literal needle; values must be literals (not ``$VAR``, ``${...}``, a placeholder).
"""

from __future__ import annotations

import re

from mnemon.safety.secretdialects import literal_value, password_value
from mnemon.safety.secretforms import Span, _span
from mnemon.safety.secretwords import is_placeholder, token_like
from mnemon.safety.spans import positions

_SUBCOMMAND = re.compile(r"[a-z][a-z-]{0,30}password[ \t]+(?:[\w.@-]{1,40}[ \t]+)?(?P<q>[\"']?)(?P<val>[^\s\"'<>|;&]{6,128})"
                         r"(?P=q)(?=[ \t]*(?:$|[\n;&|#]))", re.MULTILINE)
_HERE = re.compile(r"(?:--password|--pass|--passwd|-p)[ \t]*<<<[ \t]*(?P<q>[\"']?)(?P<val>[^\s\"']{6,128})(?P=q)")
_AUTHORIZE = re.compile(r"authori[sz]e(?:-account)?[ \t]+(?P<a>[A-Za-z0-9_+/=-]{12,128})(?:[ \t]+(?P<b>[A-Za-z0-9_+/=-]{12,128}))?"
                        r"(?=[ \t]*(?:$|[\n;&|#]))", re.MULTILINE)
_UUID = re.compile(r"(?<![\w-])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![\w-])")
_NAMED_BEFORE = re.compile(r"\b(?:api[ _-]?key|key|token|secret)[ \t]+(?:was[ \t]+|is[ \t]+|=[ \t]*)?$")
_CAPTION_LINE = re.compile(r"^[ \t]*[A-Za-z_]\w{1,40}[ \t]*[:=][ \t]*[\"']$")
_CAPTION_AFTER = re.compile(r"[\"'][^\n#]{0,20}(?:#|//|--)[^\n]{0,60}\b(?:token|api[ _-]?key|secret|key)\b")


def named_spans(text: str, lowered: str) -> list[Span]:
    """Values of this module's forms (its docstring). Each is looked for from its needle: the sub-command from each
    "password" that ends a lower-case word after a blank, the UUID forms from each UUID."""
    spans: list[Span] = []
    for pos in positions(lowered, "password"):
        start = pos
        while start > 0 and text[start - 1] in _SUBCOMMAND_CHARS:
            start -= 1
        if start == 0 or text[start - 1] not in " \t" or pos - start > 30:
            continue
        match = _SUBCOMMAND.match(text, start)
        if match is not None:
            value = match.group("val")
            if not value.startswith(("-", "$", "%", "{")) and password_value(value):
                spans.append(_span(match.start("val"), value, "password"))
    if "<<<" in text:
        for match in _HERE.finditer(text):
            value = match.group("val")
            if not value.startswith(("$", "{")) and literal_value(value) and not is_placeholder(value):
                spans.append(_span(match.start("val"), value, "password"))
    for pos in positions(lowered, "authori"):
        auth = _AUTHORIZE.match(text, pos)
        if auth is not None and (pos == 0 or not text[pos - 1].isalnum()):
            for group in ("a", "b"):
                value = auth.group(group)
                if value and token_like(value) and literal_value(value):
                    spans.append(_span(auth.start(group), value, "secret"))
    if "-" in text and ("key" in lowered or "token" in lowered or "secret" in lowered):
        for uuid in _uuids(text):
            line_start = text.rfind("\n", max(0, uuid.start() - 80), uuid.start()) + 1
            before = lowered[max(line_start, uuid.start() - 40) : uuid.start()]
            if _NAMED_BEFORE.search(before) or (
                    _CAPTION_LINE.match(text, line_start, uuid.start()) and _CAPTION_AFTER.match(lowered, uuid.end())):
                spans.append(_span(uuid.start(), uuid.group(0), "token"))
    return spans


def _uuids(text: str) -> list[re.Match[str]]:
    """UUIDs, tried only where a dash stands with three more at a UUID's distances after it."""
    found = []
    for pos in positions(text, "-"):
        if pos >= 8 and text[pos + 5 : pos + 6] == "-" and text[pos + 10 : pos + 11] == "-" and text[pos + 15 : pos + 16] == "-":
            match = _UUID.match(text, pos - 8)
            if match is not None:
                found.append(match)
    return found


_SUBCOMMAND_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz-")
