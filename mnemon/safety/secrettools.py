"""Credentials handed to tools, functions and people in forms the other passes of
:func:`mnemon.safety.redact.redact` did not read: rounds 21 and 22's classes of missed secrets, a pass of its own
(:func:`tool_spans`). Each form is guarded by a literal, so text without it costs one ``in`` test per form.

* **short password switches of well-known tools**: archivers (``7z a -pVALUE``, ``rar a -hpVALUE``, ``zip -P VALUE``,
  ``unzip -P VALUE``), Windows task scheduling (``schtasks ... /RP VALUE``) and DB2's ``connect to DB user U using
  VALUE``;
* **keys given to SQL encryption functions**: the key argument of ``AES_ENCRYPT``/``AES_DECRYPT``/``DES_*``,
  ``pgp_sym_encrypt``/``pgp_sym_decrypt`` and ``ENCRYPTBYPASSPHRASE``/``DECRYPTBYPASSPHRASE``, written as a literal;
* **a token as a URL's user name**: ``https://TOKEN:x-oauth-basic@host`` (a fixed word, or an already redacted
  password, after a generated user name);
* **a credential inside an escaped JSON string** (a notebook's ``source`` lines, logged JSON): the header and
  assignment passes read ``{\\"Authorization\\": \\"Token ...\\"}`` with its quotes unescaped;
* **a password key named first in another language** (``Kennwort_Server=``, ``contrasena_bd:``), where the English
  rule wants the secret word last;
* **a password said after its noun in South Asian scripts** (Tamil, Kannada, Malayalam, Telugu, Bengali, Gujarati,
  Punjabi, Odia, Sinhala), when the value has a password's mix of character classes;
* **a value sent in halves or parts** ("second piece of the key: ...", "half two: ..."), when the line names a
  credential and the value is generated;
* **a client secret written after its name without a separator** ("client secret VALUE", "consumer secret VALUE").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from mnemon.safety import entropy
from mnemon.safety.secretwords import is_placeholder, marker

Span = tuple[int, int, str, str]

_VALUE = r"(?P<val>\"[^\"\n]{4,256}\"|'[^'\n]{4,256}'|[^\s\"'\-][^\s\"';&|]{3,255})"
_SWITCHES = (
    ("7z ", re.compile(r"\b7z[a-z]?(?:\.exe)?\b[^\n|;]{0,120}?[ \t]-p" + _VALUE)),
    ("rar ", re.compile(r"\b(?:un)?rar(?:\.exe)?\b[^\n|;]{0,120}?[ \t]-h?p" + _VALUE)),
    ("zip ", re.compile(r"\b(?:un)?zip\b[^\n|;]{0,120}?[ \t]-P[ \t]*" + _VALUE)),
    ("schtasks", re.compile(r"(?i)\bschtasks\b[^\n]{0,400}?[ \t]/RP[ \t]+" + _VALUE)),
    ("connect to", re.compile(r"(?i)\bconnect[ \t]+to[ \t]+\S{1,64}[ \t]+user[ \t]+\S{1,64}[ \t]+using[ \t]+" + _VALUE)),
)
_CRYPT_CALL = re.compile(
    r"\b(?:aes_(?:en|de)crypt|des_(?:en|de)crypt|pgp_sym_(?:en|de)crypt(?:_bytea)?)[ \t]*\("
    r"(?:[^,()'\n]|'[^'\n]{0,400}'|\([^()\n]{0,200}\)){1,400}?,[ \t]*'(?P<val>[^'\n]{6,256})'"
    r"|\b(?:en|de)cryptbypassphrase[ \t]*\([ \t]*n?'(?P<val2>[^'\n]{6,256})'"
)
"""Run on the lower-cased text; the value's span is then read from the original."""
_TOKEN_USER = re.compile(r"://(?P<val>[A-Za-z0-9_\-]{20,200}):(?:x-oauth-basic|x-oauth-token|\[REDACTED:url_password\])@")
_FOREIGN_KEY = re.compile(
    r"(?i)(?<![\w-])(?:passwort|kennwort|contrase(?:ñ|n)a|senha|wachtwoord|has(?:l|ł)o|salasana|jelsz(?:o|ó)|heslo"
    r"|parola|l(?:ö|o)senord|adgangskode|passord|mot_?de_?passe|mdp)[_.\-][\w.\-]{1,40}[\"']?[ \t]*[:=][ \t]*" + _VALUE
)
_FOREIGN_NEEDLES = ("passwort", "kennwort", "contrase", "senha", "wachtwoord", "haslo", "hasło", "salasana", "jelsz",
                    "heslo", "parola", "senord", "adgangskode", "passord", "mot_de", "motdepasse", "mot-de", "mdp")
_CLIENT_NEEDLES = ("client secret", "client_secret", "consumer secret", "consumer_secret", "app secret", "app_secret",
                   "application secret", "application_secret")
_NOUNS = re.compile(
    "(?:கடவுச்சொல்|ಪಾಸ್\u200c?ವರ್ಡ್|പാസ്\u200c?വേഡ്|పాస్\u200c?వర్డ్|পাসওয়ার্ড|પાસવર્ડ|ਪਾਸਵਰਡ|ପାସୱାର୍ଡ|මුරපදය)"
    r"[^\S\n]*[:：\-–—]?[^\S\n]+(?P<val>[\x21-\x7e]{6,64})(?=[\s,.;)]|$)"
)
_NOUN_NEEDLES = ("கடவு", "ಪಾಸ್", "പാസ്", "పాస్", "পাস", "પાસ", "ਪਾਸ", "ପାସ", "මුරපද")
_HALF = re.compile(
    r"(?i)\b(?:(?:first|second|other|last|1st|2nd)[ \t]+(?:half|part|piece)|(?:half|part|piece)[ \t]+(?:one|two|1|2))"
    r"\b[^\n:]{0,40}?(?::|\bis\b)[ \t]*(?P<val>[A-Za-z0-9_\-+/=.]{12,200})"
)
_CREDENTIAL_WORD = re.compile(r"(?i)token|key|password|secret|credential|passphrase")
_CLIENT_SECRET = re.compile(r"(?i)\b(?:client|consumer|app|application)[ _]secret[ \t]+(?P<val>[A-Za-z0-9_\-]{24,200})\b")


def tool_spans(text: str, lowered: str) -> list[Span]:
    """The spans of this module's forms (its docstring)."""
    spans: list[Span] = []
    for needle, pattern in _SWITCHES:
        if needle in lowered:
            spans.extend(_values(pattern.finditer(text), "password"))
    if "crypt" in lowered and "'" in text:
        for match in _CRYPT_CALL.finditer(lowered):
            group = "val" if match.group("val") is not None else "val2"
            spans.extend(_checked(text, *match.span(group), "secret"))
    if "x-oauth-" in lowered or "[REDACTED:url_password]@" in text:
        for match in _TOKEN_USER.finditer(text):
            user = match.group("val")
            if entropy.looks_generated(user, 20) or re.fullmatch(r"[0-9a-f]{32,}", user):
                spans.append((*match.span("val"), marker("token"), "token"))
    if '\\"' in text:
        spans.extend(_escaped(text))
    for needle in _FOREIGN_NEEDLES:
        pos = lowered.find(needle)
        while pos >= 0:  # the key starts at its word: matched there, not searched for
            key_match = _FOREIGN_KEY.match(text, pos)
            if key_match:
                spans.extend(s for s in _values(iter((key_match,)), "password") if _mixed(text[s[0] : s[1]])
                             or entropy.looks_generated(text[s[0] : s[1]], 12))  # not a placeholder in that language
            pos = lowered.find(needle, pos + 1)
    if not text.isascii() and any(needle in text for needle in _NOUN_NEEDLES):
        for match in _NOUNS.finditer(text):
            if _mixed(match.group("val").rstrip(".,;)")):
                start = match.start("val")
                spans.append((start, start + len(match.group("val").rstrip(".,;)")), marker("password"), "password"))
    if "half" in lowered or "part " in lowered or "piece" in lowered:
        for match in _HALF.finditer(text):
            line = text[text.rfind("\n", 0, match.start()) + 1 : match.start("val")]
            value = match.group("val")
            if _CREDENTIAL_WORD.search(line) and (entropy.looks_generated(value, 12) or _mixed(value)):
                spans.append((*match.span("val"), marker("secret"), "secret"))
    if any(needle in lowered for needle in _CLIENT_NEEDLES):
        for match in _CLIENT_SECRET.finditer(text):
            value = match.group("val")
            if entropy.looks_generated(value, 20) or entropy.looks_generated_lower(value, 20):
                spans.append((*match.span("val"), marker("secret"), "secret"))
    return spans


def _values(matches: Iterator[re.Match[str]], kind: str) -> list[Span]:
    spans: list[Span] = []
    for match in matches:
        raw = match.group("val")
        quoted = raw[0] in "'\""
        start = match.start("val") + (1 if quoted else 0)
        spans.extend(_checked(match.string, start, start + len(raw) - (2 if quoted else 0), kind))
    return spans


def _checked(text: str, start: int, end: int, kind: str) -> list[Span]:
    """The value as a span unless it is a placeholder or a reference (``%VAR%``, ``$VAR``, ``@param``)."""
    value = text[start:end]
    if value[:1] in "$@{<" or _REFERENCE.search(value) or (is_placeholder(value) and not _mixed(value)):
        return []  # a password's mix of classes is a literal even where a placeholder test reads a '%' as a format
    return [(start, end, marker(kind), kind)]


_REFERENCE = re.compile(r"^%\w+%$|%\(\w+\)s|\$\{|\{\{")


def _mixed(value: str) -> bool:
    """A password's mix: three of lower case, upper case, digits and symbols."""
    classes = (any(c.islower() for c in value), any(c.isupper() for c in value), any(c.isdigit() for c in value),
               any(not c.isalnum() for c in value))
    return sum(classes) >= 3


def _escaped(text: str) -> list[Span]:
    """The header and assignment passes on each line holding ``\\"`` and a credential word, with its quotes
    unescaped, mapped back to the text."""
    from mnemon.safety import redact, secretforms  # the passes this one reuses import this module

    spans: list[Span] = []
    pos = text.find('\\"')
    while pos >= 0:
        start = text.rfind("\n", 0, pos) + 1
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end
        line = text[start:end]
        if _CREDENTIAL_WORD.search(line) or "auth" in line.lower():
            chars: list[str] = []
            where: list[int] = []
            i = 0
            while i < len(line):
                if line[i] == "\\" and line[i + 1 : i + 2] == '"':
                    i += 1
                chars.append(line[i])
                where.append(start + i)
                i += 1
            plain = "".join(chars)
            low = plain.lower()
            found = secretforms.header_spans(plain, low) + redact._assignment_spans(plain, low)
            spans.extend((where[a], where[b - 1] + 1, rep, kind) for a, b, rep, kind in found if b > a)
        pos = text.find('\\"', end)
    return spans
