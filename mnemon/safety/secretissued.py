"""Issued values known by what carries them rather than by a key name or a vendor prefix: a pass of
:func:`mnemon.safety.redact.redact`.

Hex and one-case base36 runs are read as digests and ids everywhere else; these forms say they are credentials:

* **a client built with an issued value**: a class constructor (``WeatherClient("9c1f...")``, ``Translator(id,
  "k3x...")``) whose string arguments are long hex or generated strings. Hashes, ids and colours are passed to
  constructors named for them (``Digest``, ``ObjectId``, ``Commit``, ``Color`` ...), which are left alone;
* **a record holding a user and a key**: ``{"user": "ana", "key": "<32 hex>"}``: a bare ``key``/``secret``
  field beside a user name is that user's API key, whatever its alphabet;
* **a publish or login command's short token flag**: ``tool publish -p <token>``, ``tool login -t <uuid>``:
  after a verb that uploads or signs in, ``-p``/``-t`` carries an access token (elsewhere it is a port or path);
* **a command that issues a key, then its output**: ``tool keys create --tag build`` (``create``/``generate``/
  ``new``/``issue`` with key, token, secret or password in the command) followed by a line holding only a
  generated value;
* **a base64 JSON bundle**: ``eyJ...`` standing alone (not a JWT's dotted part) that decodes to a JSON object
  holding a secret-named field or a generated value of 24 characters or more (a tunnel or connector token);
* **key material beside a key**: the IV of a key the same text sets under the same prefix (``MEDIA_KEY=...`` then
  ``MEDIA_IV=...``, ``stream_key:`` then ``stream_iv:``), and a salt or pepper of key length (32 characters or
  more, hex or generated; a short signing salt is a public nonce);
* **an environment lookup's default**: ``env('APP_SECRET', '...')``, ``getenv("MAIL_TOKEN", "...")``,
  ``ENV.fetch("SIGNING_SALT", "...")``: the literal used when the variable is unset is the secret itself;
* **obfuscated passwords**: Jetty's ``OBF:`` encoding, which anyone can reverse;
* **a key told in parts**: long hex or generated values labelled as parts or halves of a key in one sentence
  (``the key in two halves: first 9f0a... second 77c2...``).

Each form is found from a literal needle and read by bounded patterns, so cost stays linear.
"""

from __future__ import annotations

import base64
import binascii
import json
import re

from mnemon.safety.entropy import looks_generated, looks_generated_lower
from mnemon.safety.secretforms import Span, _password_like, _span
from mnemon.safety.secretwords import is_placeholder, key_kind
from mnemon.safety.spans import positions

_HEX_RUN = re.compile(r"[0-9a-f]{32,128}|[0-9A-F]{32,128}")
_CALLEE = re.compile(r"(?<!\w)(?:new[ \t]+)?(?P<name>[A-Z][A-Za-z0-9]{2,40})[ \t]*\((?P<args>[^()\n]{0,200})$")
_STRING_ARG = re.compile(r"(?P<q>[\"'])(?P<val>[^\"'\s]{20,200})(?P=q)")
_NOT_A_CLIENT = re.compile(r"(?i)id|hash|digest|sha|md5|commit|uuid|hex|bytes|colou?r|version|ref|rev|checksum|object"
                           r"|blake|crc|fingerprint|etag|path|url|uri|file|name|string|text|int|decimal|bigint")
_USER_RECORD = re.compile(r"[\"'](?:user(?:name)?|login|account|email)[\"'][ \t]*:[ \t]*[\"'][^\"'\n]{1,80}[\"'][ \t]*,[ \t]*"
                          r"[\"'](?:key|secret|api_?key)[\"'][ \t]*:[ \t]*[\"'](?P<val>[^\"'\s]{16,256})[\"']")
_SHORT_TOKEN_FLAG = re.compile(r" (?:-p|-t|--pat)[ \t]+(?P<val>[A-Za-z0-9_\-.]{20,200})(?=[ \t]|$)", re.MULTILINE)
_PUBLISH_VERB = re.compile(r"\b(?:publish|login|upload|release|deploy|push)\b[^\n|;&]*$")
_ISSUING = re.compile(r"(?i)\b(?:create|generate|new|issue|mint)\b")
_ISSUED_NOUN = re.compile(r"(?i)(?<!\w)[\w-]*(?:keys?|tokens?|secrets?|passwords?)(?![\w-])")
_OUTPUT_LINE = re.compile(r"\n[ \t]*(?P<val>[A-Za-z0-9_\-+/=]{24,256})[ \t]*(?=\n|$)")
_BUNDLE = re.compile(r"eyJ[A-Za-z0-9+/_-]{30,4000}={0,2}")
_BUNDLE_BEFORE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.+/-")
_OBF = re.compile(r"\bOBF:[0-9a-z]{8,400}")
_PART_WORD = re.compile(r"\b(?:parts?|halves|half|split|shares?)\b")
_PART_NOUN = re.compile(r"\b(?:key|secret|token|password)\b")
_PART_VALUE = re.compile(r"(?<![\w-])(?:[0-9a-f]{16,128}|[A-Za-z0-9_\-+/]{20,128})(?![\w-])")


def issued_spans(text: str, lowered: str) -> list[Span]:
    """Values of this module's forms (its docstring). Each form is looked for only where its needle occurs."""
    spans: list[Span] = []
    if "'" in text or "\"" in text:
        spans.extend(_client_spans(text))
        if ("key" in lowered or "secret" in lowered) and ("user" in lowered or "login" in lowered or "account" in lowered
                                                           or "email" in lowered):
            for match in _USER_RECORD.finditer(text):
                if _issued(match.group("val")):
                    spans.append(_span(match.start("val"), match.group("val"), "secret"))
        for call in _ENV_CALL.finditer(lowered) if "(" in lowered else ():  # every call has its parenthesis
            default = _ENV_DEFAULT.match(text, call.end())
            if default is not None:
                value = default.group("val")
                if _secret_name(default.group("name")) and (_issued(value) or _password_like(value)):
                    spans.append(_span(default.start("val"), value, "secret"))
    for flag in _SHORT_TOKEN_FLAG.finditer(text):
        line_start = text.rfind("\n", 0, flag.start()) + 1
        value = flag.group("val")
        if _PUBLISH_VERB.search(lowered, max(line_start, flag.start() - 80), flag.start()) and (
                _issued(value) or _UUID.fullmatch(value)):
            spans.append(_span(flag.start("val"), value, "token"))
    if "\n" in text:
        spans.extend(_output_spans(text))
    for pos in positions(text, "eyJ"):
        bundle = _BUNDLE.match(text, pos)
        if bundle is None or (pos and text[pos - 1] in _BUNDLE_BEFORE) or text[bundle.end() : bundle.end() + 1] in _BUNDLE_BEFORE:
            continue  # part of a longer run or of a JWT's dotted parts
        if _bundle_secret(bundle.group()):
            spans.append(_span(pos, bundle.group(), "token"))
    spans.extend(_material_spans(text, lowered))
    if "OBF:" in text:
        spans.extend(_span(m.start(), m.group(), "password") for m in _OBF.finditer(text))
    done = -1
    parted = "part" in lowered or "hal" in lowered or "split" in lowered or "share" in lowered
    for match in _PART_WORD.finditer(lowered) if parted else ():
        line_start = lowered.rfind("\n", 0, match.start()) + 1
        if match.start() > done and _PART_NOUN.search(lowered, max(line_start, match.start() - 60), match.start()):
            line_end = text.find("\n", match.end())
            done = line_end if line_end >= 0 else len(text)
            for value in _PART_VALUE.finditer(text, match.end(), done):
                if _issued(value.group()):
                    spans.append(_span(value.start(), value.group(), "secret"))
    return spans


_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def _issued(value: str) -> bool:
    """Long hex, a one-case base36 draw or a mixed-case generated string, and no placeholder."""
    if len(value) < 16 or len(set(value.lower())) < 6:
        return False
    hexed = _HEX_RUN.fullmatch(value) is not None
    return (hexed or looks_generated_lower(value, 20) or looks_generated(value, 20)) and not is_placeholder(value)


_MATERIAL_KEY = re.compile(r"(?:iv|salt|pepper)[\"']?[ \t]*(?:=>|[:=])[ \t]*[\"']?")
_MATERIAL_VALUE = re.compile(r"[A-Za-z0-9+/=_.!*-]{8,256}")
_PREFIX_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_.-")
_ENV_CALL = re.compile(r"(?:env|getenv|fetch|get|getordefault)[ \t]*\([ \t]*(?=[\"'])")
_ENV_DEFAULT = re.compile(r"[\"'](?P<name>[\w.-]{2,64})[\"'][ \t]*,[ \t]*[\"'](?P<val>[^\"'\s]{8,256})[\"']")


def _secret_name(name: str) -> bool:
    low = name.lower()
    return key_kind(name) is not None or low.endswith(("salt", "pepper"))


def _material_spans(text: str, lowered: str) -> list[Span]:
    """IVs beside their key and key-length salts or peppers (the module docstring), from each name ending so."""
    spans: list[Span] = []
    if "iv" not in lowered and "salt" not in lowered and "pepper" not in lowered:
        return spans  # every key holds one of its words
    for key in _MATERIAL_KEY.finditer(lowered):
        word_start = key.start()
        if word_start > 0 and lowered[word_start - 1].isalnum():
            continue  # "archive:", "basalt =": not the word
        start = word_start
        while start > 0 and word_start - start < 40 and lowered[start - 1] in _PREFIX_CHARS:
            start -= 1
        prefix = lowered[start:word_start]
        value_match = _MATERIAL_VALUE.match(text, key.end())
        if value_match is None:
            continue
        value = value_match.group().rstrip("'\",;")
        if lowered.startswith("iv", word_start):
            if not prefix or not (prefix + "key" in lowered or prefix + "secret" in lowered):
                continue
            if not (any(c.isdigit() for c in value) and any(c.isalpha() for c in value)) or is_placeholder(value):
                continue
        elif len(value) < 32 or not _issued(value):
            continue
        spans.append(_span(value_match.start(), value, "secret"))
    return spans


def _client_spans(text: str) -> list[Span]:
    """Long quoted literals that stand among the arguments of a class's constructor (a capitalised callee)."""
    spans: list[Span] = []
    for arg in _STRING_ARG.finditer(text):
        value = arg.group("val")
        if value.startswith(_PUBLISHABLE) or "://" in value:
            continue
        line_start = text.rfind("\n", 0, arg.start()) + 1
        if "(" not in text[max(line_start, arg.start() - 200) : arg.start()]:
            continue
        call = _CALLEE.search(text, max(line_start, arg.start() - 200), arg.start())
        if call is not None and not _NOT_A_CLIENT.search(call.group("name")) and _issued(value):
            spans.append(_span(arg.start("val"), value, "secret"))
    return spans


_PUBLISHABLE = ("pk_", "pk.", "pub", "public")
"""A browser-side client takes its publishable key this way (``Payments("pk_live_...")``): public by design."""


def _output_spans(text: str) -> list[Span]:
    """A generated value alone on the line after a command that issues a key."""
    spans: list[Span] = []
    for line in _OUTPUT_LINE.finditer(text):
        value = line.group("val")
        prev_start = text.rfind("\n", 0, line.start()) + 1
        command = text[prev_start : line.start()]
        if _ISSUING.search(command) and _ISSUED_NOUN.search(command) and _issued(value):
            spans.append(_span(line.start("val"), value, "secret"))
    return spans


def _bundle_secret(blob: str) -> bool:
    """Base64 of a JSON object with a secret-named field or a generated value (24+ characters)."""
    body = blob.rstrip("=")
    try:
        raw = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_" if ("-" in body or "_" in body) else None)
        data = json.loads(raw.decode("utf-8"))
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return False
    if not isinstance(data, dict):
        return False
    for key, value in data.items():
        if not isinstance(value, str) or is_placeholder(value):
            continue
        if key_kind(str(key)) is not None or str(key).lower() in ("s", "secret", "key", "k"):
            if len(value) >= 16:
                return True
        if len(value) >= 24 and looks_generated(value.rstrip("="), 24):
            return True
    return False
