"""Secrets assigned in the syntax of languages and files the assignment rules do not read: a pass of
:func:`mnemon.safety.redact.redact`.

The assignment rules know ``name = value`` and ``name: value``. Other languages bind a name to a value with
other signs, and some files put the name in one place and the value in another:

* **other binding forms**: a C/C++ macro (``#define API_SECRET "..."``), a VBA or VB constant (``Const X_TOKEN As
  String = "..."``), R's arrow (``api_token <- "..."``, ``"..." -> x`` is rare and left), a Clojure/EDN keyword
  followed by its value (``:password "..."``), and an Erlang or Elixir tuple (``{db_password, "..."}``);
* **names the shared vocabulary misses** (:func:`mnemon.safety.secretwords.key_kind`), in any of those forms or
  in a plain ``name = value`` line: a password word glued after another word (``smtppass``, ``imappassword`` is
  already read), ``pass_phrase``, and a vendor's key or app certificate named ``<word>_KEY`` or
  ``<word>_CERTIFICATE`` when its value is a long run of hex or a generated string (``GEOCODER_KEY = "9c1f..."``),
  not a cache, sort, partition or public key;
* **XML elements that wrap the value once more**: ``<AdminPassword><Value>...</Value></AdminPassword>``;
* **CSV files whose header names a secret column** (``password``, ``login_password``, ``totp``, ``api key``,
  ``token``, "paste your key"): that column's cells in the rows below, when they look issued or like a password.

Values pass the literal checks of the other passes; each form is found from a literal needle.
"""

from __future__ import annotations

import re

from mnemon.safety.entropy import looks_generated
from mnemon.safety.secretforms import Span, _literal, _password_like, _span
from mnemon.safety.secretwords import key_kind, token_like
from mnemon.safety.spans import positions

_QUOTED = r"(?P<q>[\"'])(?P<val>[^\"'\n]{4,256})(?P=q)"
_DEFINE = re.compile(r"#[ \t]*define[ \t]+(?P<name>[A-Za-z_]\w{1,63})[ \t]+" + _QUOTED)
_CONST = re.compile(r"const[ \t]+(?P<name>[a-z_]\w{1,63})(?:[ \t]+as[ \t]+string)?[ \t]*=[ \t]*" + _QUOTED)
"""Matched on the lower-cased text; the name and value are read back from the text."""
_ARROW = re.compile(r"(?<![\w.$])(?P<name>[A-Za-z_.][\w.]{1,63})[ \t]*<<?-[ \t]*" + _QUOTED)
_KEYWORD = re.compile(r":(?P<name>[A-Za-z_][\w\-]{1,63})[ \t]+" + _QUOTED)
_TUPLE = re.compile(r"\{[ \t]*:?(?P<name>[a-z_][\w]{1,63})[ \t]*,[ \t]*(?:<<)?" + _QUOTED)
_PLAIN = re.compile(r"[ \t]*(?:export[ \t]+)?(?P<name>[A-Za-z_][\w.\-]{1,63})[ \t]*[=:][ \t]*[\"']?"
                    r"(?P<val>[^\s\"'#;]{4,256})[\"']?[ \t]*(?:$|\n)")
_GLUED_PASS = re.compile(r"^[a-z]{3,20}pass$|^pass[_\-]?phrase$", re.IGNORECASE)
_VENDOR_KEY = re.compile(r"^(?:[A-Za-z][A-Za-z0-9]{1,24}[_\-])+(?:KEY|key|Key|CERTIFICATE|certificate)$")
_NOT_VENDOR = frozenset(
    "cache sort partition primary foreign public idempotency object s3 row hash lookup dedup dedupe index "
    "map hotkey hot shortcut keyboard ssh host gpg pgp pub verify sha md5 checksum digest commit git etag".split()
)
_HEX_OR_GENERATED = re.compile(r"[0-9a-fA-F]{32,128}")
_WRAPPED = re.compile(r"<(?P<tag>\w{0,40}(?:Password|Passwd|Secret|Token))>[ \t\r\n]{0,80}<Value>(?P<val>[^<\n]{4,256})"
                      r"</Value>", re.IGNORECASE)


def dialect_spans(text: str, lowered: str) -> list[Span]:
    """Every credential of the forms in this module's docstring."""
    spans: list[Span] = []
    forms = []
    if "#" in text and "define" in lowered:
        forms.append(_DEFINE)
    if "<-" in text:
        forms.append(_ARROW)
    if "{" in text and "," in text:
        forms.append(_TUPLE)
    for form in forms:
        for m in form.finditer(text):
            if _named(m.group("name"), m.group("val")):
                spans.append(_span(m.start("val"), m.group("val"), "secret"))
    for pos in positions(lowered, "const "):
        const = _CONST.match(lowered, pos)
        if const is not None and (pos == 0 or not lowered[pos - 1].isalnum()):
            value = text[const.start("val") : const.end("val")]
            if _named(text[const.start("name") : const.end("name")], value):
                spans.append(_span(const.start("val"), value, "secret"))
    for needle in (" :", "{:", "(:", "[:", "\t:"):
        for pos in positions(text, needle):
            keyword = _KEYWORD.match(text, pos + 1)
            if keyword is not None and _named(keyword.group("name"), keyword.group("val")):
                spans.append(_span(keyword.start("val"), keyword.group("val"), "secret"))
    for line_start in _line_starts(lowered, ("pass", "key", "certificate")):
        plain = _PLAIN.match(text, line_start)
        if plain is not None and key_kind(plain.group("name")) is None and _named(plain.group("name"), plain.group("val")):
            spans.append(_span(plain.start("val"), plain.group("val"), "secret"))
    if "<value>" in lowered:
        spans.extend(_span(m.start("val"), m.group("val"), "password") for m in _WRAPPED.finditer(text)
                     if _literal(m.group("val")) and not masked(m.group("val")))
    if "," in text and any(word in lowered for word in _COLUMN_WORDS):
        spans.extend(csv_spans(text, lowered))
    return spans


_FORMAT_REFERENCE = re.compile(r"%(?:[\w.]+%|\([\w.]+\)[sdr]|[sdr]\b)")


def literal_value(value: str) -> bool:
    """:func:`mnemon.safety.secretforms._literal`, except that a leading ``%`` is a reference only in the
    shapes references take (``%APPDATA%``, ``%(pw)s``, ``%s``): a generated password may start with one."""
    if value.startswith("%") and not _FORMAT_REFERENCE.match(value):
        return _literal(value[1:])
    return _literal(value)


def password_value(value: str) -> bool:
    """:func:`mnemon.safety.secretforms._password_like` of a :func:`literal_value` (a leading ``%`` allowed)."""
    return literal_value(value) and _password_like(value[1:] if value.startswith("%") else value)


def masked(value: str) -> bool:
    """A value a tool wrote in place of the secret: capitals and stars or dashes only (``*SENSITIVE*DATA*``)."""
    return re.fullmatch(r"[*A-Z_ \-]{4,}", value) is not None and ("*" in value or "-" in value)


def _line_starts(lowered: str, needles: tuple[str, ...]) -> list[int]:
    """The starts of the lines holding a needle before their first ``=`` or ``:`` (where a name is), once each."""
    starts: set[int] = set()
    for needle in needles:
        pos = lowered.find(needle)
        while pos >= 0:
            start = lowered.rfind("\n", 0, pos) + 1
            if pos - start <= 70 and "=" not in lowered[start:pos] and ":" not in lowered[start:pos]:
                starts.add(start)
            pos = lowered.find(needle, pos + 1)
    return sorted(starts)


def _named(name: str, value: str) -> bool:
    """A secret name (the shared vocabulary, or the glued and vendor names above) holding a literal that looks
    like a password or an issued value."""
    if not literal_value(value) or " " in value or masked(value):
        return False
    if key_kind(name) is not None or _GLUED_PASS.match(name):
        return _password_like(value) or token_like(value)
    if _VENDOR_KEY.match(name):
        words = re.split(r"[_\-]", name.lower())
        if any(w in _NOT_VENDOR for w in words[:-1]):
            return False
        if "secret" in words and token_like(value) and len(value) >= 12:
            return True  # SECRET_MQTT_KEY: a key its own name calls secret
        return _HEX_OR_GENERATED.fullmatch(value) is not None or looks_generated(value, 20)
    return False


_COLUMN_WORDS = ("pass", "pwd", "secret", "token", "totp", "otp", "key", "pin")
"""One of these is in every secret column's header."""
_PASSWORD_COLUMN = re.compile(r"(?:^|[_ \-])(?:password|passwd|passphrase|pwd|pin)$")
_SECRET_COLUMN = re.compile(
    r"(?:^|[_ \-])(?:password|passwd|passphrase|pwd|secret|token|totp|otp[_ ]?secret|(?:api|secret|access|private"
    r"|license|licence)[_ ]?key)(?:$|[_ ])|paste[\w ]{0,20}\b(?:key|token|secret|password)",
)
_NOT_COLUMN = re.compile(r"(?:^|[_ ])(?:id|ids|name|names|type|hint|policy|expires?|expiry|length|hash|reset|url|uri|"
                         r"rotated|created|updated|count|fingerprint|last4|prefix)$")


def csv_spans(text: str, lowered: str) -> list[Span]:
    """Cells of a CSV column whose header names a secret (see the module docstring)."""
    spans: list[Span] = []
    lines = text.split("\n")
    offset = 0
    columns: list[int] = []
    passwords: set[int] = set()
    width = 0
    for line, low in zip(lines, lowered.split("\n"), strict=True):
        if not columns and (low.count(",") < 2 or not any(word in low for word in _COLUMN_WORDS)):
            offset += len(line) + 1
            continue
        cells = line.split(",")
        if not columns:
            heads = [c.strip().strip("\"'").lower() for c in cells]
            columns = [i for i, h in enumerate(heads) if 0 < len(h) <= 40 and _SECRET_COLUMN.search(h)
                       and not _NOT_COLUMN.search(h)]
            passwords = {i for i in columns if _PASSWORD_COLUMN.search(heads[i])}
            width = len(cells)
        elif columns and len(cells) == width:
            starts = [0]
            for cell in cells[:-1]:
                starts.append(starts[-1] + len(cell) + 1)
            for i in columns:
                value = cells[i].strip().strip("\"")
                if _cell_secret(value, password=i in passwords):
                    spans.append(_span(offset + starts[i] + cells[i].index(value), value, "secret"))
        elif columns and line.strip():
            columns = []
        offset += len(line) + 1
    return spans


def _cell_secret(value: str, password: bool) -> bool:
    """A password column's cell reads as a password; a token or key column's looks issued (16 characters or
    more), so a column of words or short ids stays."""
    if len(value) < 6 or not _literal(value) or " " in value:
        return False
    if password:
        return _password_like(value)
    return len(value) >= 16 and (token_like(value) or looks_generated(value, 16))
