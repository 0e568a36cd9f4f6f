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
  before it call it a key, token or secret ("pasted the pager key <uuid>"), or when it is assigned to a constant
  whose trailing comment does ("POSTMARK = "<uuid>" # server token").

Each form is found from a literal needle; values must be literals (not ``$VAR``, ``${...}``, a placeholder).
"""

from __future__ import annotations

import re

from mnemon.safety.secretdialects import literal_value, password_value
from mnemon.safety.secretforms import Span, _span
from mnemon.safety.secretwords import is_placeholder, token_like

_SUBCOMMAND = re.compile(r"(?<=[ \t])[a-z][a-z-]{0,30}password[ \t]+(?:[\w.@-]{1,40}[ \t]+)?(?P<q>[\"']?)(?P<val>[^\s\"'<>|;&]{6,128})(?P=q)"
                         r"(?=[ \t]*(?:$|[\n;&|#]))", re.MULTILINE)
_HERE = re.compile(r"(?:--password|--pass|--passwd|-p)[ \t]*<<<[ \t]*(?P<q>[\"']?)(?P<val>[^\s\"']{6,128})(?P=q)")
_AUTHORIZE = re.compile(r"\bauthori[sz]e(?:-account)?[ \t]+(?P<a>[A-Za-z0-9_+/=-]{12,128})(?:[ \t]+(?P<b>[A-Za-z0-9_+/=-]{12,128}))?"
                        r"(?=[ \t]*(?:$|[\n;&|#]))", re.MULTILINE)
_UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
_NAMED_UUID = re.compile(r"\b(?:api[ _-]?key|key|token|secret|integration[ _-]key)[ \t]+(?:was[ \t]+|is[ \t]+|=[ \t]*)?"
                         r"(?P<val>" + _UUID + r")\b", re.IGNORECASE)
_CAPTIONED_UUID = re.compile(r"^[ \t]*[A-Za-z_][\w]{1,40}[ \t]*[:=][ \t]*[\"'](?P<val>" + _UUID + r")[\"'][^\n#]{0,20}"
                             r"(?:#|//|--)[^\n]{0,60}\b(?:token|api[ _-]?key|secret|key)\b", re.IGNORECASE | re.MULTILINE)


def named_spans(text: str, lowered: str) -> list[Span]:
    """Values of this module's forms (its docstring)."""
    spans: list[Span] = []
    if "password" in lowered:
        for match in _SUBCOMMAND.finditer(text):
            value = match.group("val")
            if not value.startswith(("-", "$", "%", "{")) and password_value(value):
                spans.append(_span(match.start("val"), value, "password"))
    if "<<<" in text:
        for match in _HERE.finditer(text):
            value = match.group("val")
            if not value.startswith(("$", "{")) and literal_value(value) and not is_placeholder(value):
                spans.append(_span(match.start("val"), value, "password"))
    if "authori" in lowered:
        for match in _AUTHORIZE.finditer(text):
            for group in ("a", "b"):
                value = match.group(group)
                if value and token_like(value) and literal_value(value):
                    spans.append(_span(match.start(group), value, "secret"))
    if "-" in text and ("key" in lowered or "token" in lowered or "secret" in lowered):
        for form in (_NAMED_UUID, _CAPTIONED_UUID):
            spans.extend(_span(m.start("val"), m.group("val"), "token") for m in form.finditer(text))
    return spans
