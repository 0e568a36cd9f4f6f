"""Generated values under loosely named keys, split over messages or standing as the user of basic auth: rounds 19
and 20's classes of missed secrets, a pass of :func:`mnemon.safety.redact.redact` (:func:`loose_spans`).

The assignment pass wants the key to *name* a secret (``api_key``, ``DB_PASSWORD``). People also hold credentials
under keys that only hint at one: ``RELAY_HMAC``, ``SYNC_VERIFY``, ``CI_LOGIN``, ``shared``, a bare ``key``, a Vault
``Secret ID``; hex values there are read as digests by the rest of the rules. What makes such a value a credential
whatever the vendor is the pair: a key whose words hint at a credential (:data:`_HINTS`) and hold none of an id or a
digest (:data:`_NOT_SECRET`), and a value that is a draw (hex of 32 digits or more, or letters mixed with digits
for 20 characters or more, as generators make them). Forms:

* **a hinted key and a drawn value** on one line (``=``, ``:``, ``=>``, ``:=``, quoted or not, a YAML list item
  under the key, a Python ``b"..."``), found from the value backwards, since values of 20 drawn characters after a
  separator are rare in ordinary text;
* **property-list and Android resources**: ``<key>PartnerSecret</key><string>...</string>`` and
  ``<string name="sync_token">...</string>``;
* **a literal given to an HMAC constructor** (``Hmac::new_from_slice(b"...")``, ``hmac.new(b"...")``);
* **a value split over messages**: the drawn word after "first half", "second part", "the rest" ...;
* **a password by its shape under a key in any language** (``kata_laluan = '...'``) whose words are not those
  of a format, a pattern or an address (:data:`_NOT_A_PASSWORD`);
* **a drawn value echoed into a file named for a secret**, given to ``login``/``auth`` as its argument, or last in
  an ``rtmp://`` URL's path (a stream key), or named by the comment after it (``// access_key``);
* **a token as the user of basic auth** (``curl -u <token>:X``, ``-u <token>:api_token``): several APIs take
  the token as the user name and ignore the password; and a quoted password after ``-u user:'...'``.
"""

from __future__ import annotations

import functools
import re

from mnemon.safety.entropy import looks_generated, looks_generated_lower
from mnemon.safety.secretforms import Span, _span
from mnemon.safety.secretwords import is_placeholder, key_kind

_SET = re.compile(r"[=:][>=]?[ \t]*(?:\n[ \t]*-[ \t]+)?(?:b?([\"']))?([^\s\"'`<>()\[\]{}|\\,;]{10,200})")
"""A value after a separator (``=``, ``:``, ``=>``, ``:=``), quoted or not, perhaps a YAML list item or ``b"..."``."""
_DRAWN_HEAD = re.compile(r"[A-Za-z0-9+/_-]{20,200}={0,2}(?![\w+/=-])")
_KEY_REVERSED = re.compile(r"[ \t]*[\"')]?(?:([Dd][Ii][ \t]terce[Ss])|([\w.-]{0,60}[A-Za-z]))(?![\w.-])")
"""The key before a separator, read on the reversed text so the match is anchored at the separator: a name of
word characters, dots and dashes opening on a letter, or "Secret ID"."""


def _key_before(text: str, lo: int, end: int) -> str | None:
    """The key that ends just before ``end`` (blanks, a closing quote or bracket between), not before ``lo``."""
    match = _KEY_REVERSED.match(text[lo:end][::-1])
    if match is None:
        return None
    return (match.group(1) or match.group(2))[::-1]
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_HINTS = frozenset(("key", "hmac", "verify", "login", "shared", "secret", "token", "auth", "signing", "seed", "cred",
                    "creds", "apikey", "api"))
_NOT_SECRET = frozenset((
    "id", "ids", "sha", "sha1", "sha256", "sha512", "md5", "hash", "digest", "checksum", "sum", "etag", "commit", "rev",
    "revision", "fingerprint", "fp", "integrity", "nonce", "version", "public", "pub", "publishable", "cache",
    "idempotency", "request", "trace", "span", "build", "lock", "object", "file", "uuid", "guid", "site", "search",
    "anon", "primary", "foreign", "row", "partition", "routing", "sort", "cursor", "page", "gpg", "pgp", "ssh", "kid",
    "dedup", "tracking", "analytics", "measurement", "instance", "image", "layer", "blob", "challenge", "state",
))
_COMMENT_NAMES = re.compile(r"(?:#|//)[^\n]{0,40}?\b(?:api[ _-]?key|access[ _-]?key|secret|token|password|credential)s?\b",
                            re.IGNORECASE)
_PW_SHAPE = re.compile(r"^(?=[^a-z]*[a-z][^a-z]*[a-z])(?=[^A-Z]*[A-Z])(?=\D*\d)(?=.*[!#$%&^~@?])[^$%{].*$|^%(?![({])"
                       r"(?=.*[a-z])(?=.*[A-Z])(?=.*\d).*$")
"""Capitals, two small letters, a digit and one of ``!#$%&^~@?`` (not the ``+``, ``/`` and ``=`` of base64 nor
the ``*`` of arithmetic), not opening as a reference (``$x``, ``%(x)s``, ``{x}``); or ``%`` opening a draw that
is no reference."""
_PW_SYMBOL = re.compile(r"[!#$%&^~@?]")
_EMAILISH = re.compile(r"\w@[\w-]+\.[a-z]{2,}")
_NOT_A_PASSWORD = frozenset((
    "format", "fmt", "pattern", "regex", "regexp", "glob", "mask", "template", "match", "version", "date", "time",
    "url", "uri", "host", "path", "email", "mail", "name", "id", "query", "expr", "expression", "cron", "schedule",
    "selector", "filter", "rule", "hash", "digest", "sha", "checksum", "example", "sample", "label", "title", "text",
))
_ECHOED = re.compile(r"\b(?:echo|printf)[ \t]+(?:-n[ \t]+)?(?:[\"']%s(?:\\n)?[\"'][ \t]+)?[\"']?([^\s\"']{16,200})[\"']?[ \t]*>>?[ \t]*[^\s]*"
                     r"(?:token|secret|key|passw\w*|credentials?|apikey)\b", re.IGNORECASE)
_LOGIN_ARG = re.compile(r"\b(?:login|auth|authenticate)[ \t]+(?:--?[a-z-]+[ \t]+)*([A-Za-z0-9_-]{32,128})(?![\w-])")
_STREAM_KEY = re.compile(r"\brtmps?://[^\s/\"']+/[^\s/\"']+/([^\s/\"'?]{16,200})")
_UUID = re.compile(r"[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}")
_UUID_VALUE = re.compile(r"(?:=|:)[ \t]*[\"']?([0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12})(?![\w-])")
_HEX = re.compile(r"[0-9a-fA-F]{32,128}")
_WORD_SEGMENT = re.compile(r"(?:^|[-_/.])[A-Za-z][a-z]{3,}(?:[-_/.]|$)")
_PLIST = re.compile(r"<key>([\w.-]{2,60})</key>\s{0,40}<string>([^<\s]{16,200})</string>"
                    r"|<string[ \t]+name=\"([\w.-]{2,60})\"[^>\n]{0,60}>([^<\s]{16,200})</string>")
_HMAC = re.compile(r"hmac[\w:<>., ]{0,40}?(?:new(?:_from_slice|_varkey)?|init|create|key)\(\s*b?[\"']([^\"'\s]{16,200})"
                   r"[\"']", re.IGNORECASE)
_SPLIT = re.compile(r"\b(?:(?:first|second|other|last|remaining|final)[ \t]+(?:half|part|piece|chunk)|the[ \t]+rest)\b"
                    r"(?:[ \t]*\([^)\n]{0,40}\))?[ \t]*[:=\u2014-]?[ \t]*([A-Za-z0-9+/=_.!@#$%^&*~-]{10,100})(?![\w])",
                    re.IGNORECASE)
_TOKEN_USER = re.compile(r"(?:^|(?<=[ \t]))(?:-u|--user)[ \t]+[\"']?([A-Za-z0-9_-]{16,100}):([A-Za-z_]{0,12})(?=[\"' \t]|$)",
                         re.MULTILINE)
_QUOTED_PW = re.compile(r"(?:^|(?<=[ \t]))(?:-u|--user)[ \t]+[\w.@-]{1,64}:'([^'\n]{6,100})'", re.MULTILINE)


def drawn(value: str) -> bool:
    """A generator's draw: 32 hex digits or more, or 20 characters or more mixing letters and digits as generators
    do (either case, or base64 with its symbols)."""
    core = value.rstrip("=")
    if _WORD_SEGMENT.search(core):
        return False  # a composed name or a path ("Linux-node-<hash>", "prod/orders/db-x1"), not one draw
    if _HEX.fullmatch(core):
        return any(c.isalpha() for c in core) and any(c.isdigit() for c in core)
    return len(core) >= 20 and (looks_generated(core, 20) or looks_generated_lower(core, 20))


@functools.lru_cache(maxsize=2048)
def hinted(key: str) -> bool:
    """A key whose words hint at a credential and hold no id or digest word (``secret id`` excepted)."""
    words = [w.lower() for w in _WORD.findall(key)]
    if not words:
        return False
    if "secret" in words:
        return True
    if any(w in _NOT_SECRET for w in words):
        return False
    return any(w in _HINTS or w.endswith(("key", "token", "secret")) for w in words) or key_kind(key) is not None


def _assigned(text: str) -> list[Span]:
    """Values after a separator (:data:`_SET`), one scan for both forms: a drawn run under a hinted key (or one the
    comment after it names), and a password by its shape (:func:`_shaped`)."""
    spans: list[Span] = []
    for match in _SET.finditer(text):
        run = match.group(2)
        if run.isalpha() or run.isdigit():
            continue  # a word or a number: most values stop here, before the costlier tests
        head = _DRAWN_HEAD.match(run) if len(run) >= 20 else None
        if head is None and (len(run) > 64 or "/" in run or "=" in run or _PW_SYMBOL.search(run) is None
                             or not _PW_SHAPE.search(run)):
            continue  # neither a draw nor a password's shape: no key is looked for
        start = match.start()
        line_start = text.rfind("\n", 0, start) + 1
        if "\n" in text[start : match.start(2)]:
            line_start = text.rfind("\n", 0, line_start - 1) + 1 if line_start else 0
        key = _key_before(text, max(line_start, start - 70), start)
        if key is None:
            continue
        if head:
            value = head.group(0)
            if (hinted(key) or (_named_after(text, match.start(2) + len(value)) and not _denied(key))) and (
                    "cache" not in text[line_start:start].lower() and drawn(value) and not is_placeholder(value)):
                spans.append(_span(match.start(2), value, "secret"))
                continue
        if _shaped(text, match, run, key):
            spans.append(_span(match.start(2), run, "password"))
    return spans


def _denied(key: str) -> bool:
    return any(w.lower() in _NOT_SECRET for w in _WORD.findall(key))


def _named_after(text: str, end: int) -> bool:
    """The comment after a value names a credential (``= "..."; // access_key``)."""
    line_end = text.find("\n", end)
    rest = text[end : line_end if line_end >= 0 else len(text)][:80]
    return ("#" in rest or "//" in rest) and _COMMENT_NAMES.search(rest) is not None


def _shaped(text: str, match: re.Match[str], run: str, key: str) -> bool:
    """A password by its shape (capitals, small letters, a digit and a symbol) set to a key in any language whose
    words are not those of a format, a pattern or an address, closed by its opening quote or by a blank or a
    separator."""
    if len(run) > 64 or "/" in run or "=" in run or not _PW_SHAPE.search(run) or "://" in run:
        return False
    after = text[match.end(2) : match.end(2) + 1]
    quote = match.group(1) or ""
    if quote and after != quote or not quote and after in ("'", '"'):
        return False
    if _EMAILISH.search(run) or is_placeholder(run):
        return False
    return not {w.lower() for w in _WORD.findall(key)} & _NOT_A_PASSWORD


def _secret_ids(text: str, lowered: str) -> list[Span]:
    spans: list[Span] = []
    for match in _near(_UUID_VALUE, text, lowered, ("secret",), 0, 12):
        key = _key_before(text, max(0, match.start() - 70), match.start())
        if key and "secret" in [w.lower() for w in _WORD.findall(key)]:
            spans.append(_span(match.start(1), match.group(1), "secret"))
    return spans


def _resources(text: str) -> list[Span]:
    spans: list[Span] = []
    for match in _PLIST.finditer(text):
        key, group = (match.group(1), 2) if match.group(1) else (match.group(3), 4)
        value = match.group(group)
        if (key_kind(key) is not None or hinted(key)) and drawn(value):
            spans.append(_span(match.start(group), value, "secret"))
    return spans


def _near(pattern: re.Pattern[str], text: str, lowered: str, needles: tuple[str, ...], back: int,
          ahead: int = 0) -> list[re.Match[str]]:
    """Matches of ``pattern`` tried only where one of its lower-case ``needles`` occurs (from ``back`` characters
    before it, starting at most ``ahead`` characters after it): each scan then costs a few ``find`` calls on a text
    without the needle, not a regex pass."""
    found: list[re.Match[str]] = []
    last = -1
    for needle in needles:
        at = lowered.find(needle)
        while at >= 0:
            match = pattern.search(text, max(0, at - back), min(len(text), at + 320))
            if match and match.start() > last and match.start() <= at + len(needle) + ahead:
                found.append(match)
                last = match.start()
            at = lowered.find(needle, at + len(needle))
    return found


def _told(text: str, lowered: str) -> list[Span]:
    """HMAC literals, halves of a split value, values echoed into a secret's file or given to login, stream keys,
    tokens as basic-auth users, quoted ``-u`` passwords."""
    spans = [_span(m.start(1), m.group(1), "secret") for m in _near(_HMAC, text, lowered, ("hmac",), 0)
             if _mixed(m.group(1), 16)]
    spans += [_span(m.start(1), m.group(1), "secret") for m in _near(_SPLIT, text, lowered, _SPLIT_NEEDLES, 12)
              if _mixed(m.group(1), 10)]
    if ">" in text:
        spans += [_span(m.start(1), m.group(1), "secret") for m in _near(_ECHOED, text, lowered, ("echo ", "printf "), 0)
                  if _mixed(m.group(1), 16)]
    spans += [_span(m.start(1), m.group(1), "secret") for m in _near(_LOGIN_ARG, text, lowered, ("login ", "auth "), 12)
              if drawn(m.group(1))]
    spans += [_span(m.start(1), m.group(1), "secret") for m in _near(_STREAM_KEY, text, lowered, ("rtmp",), 0)
              if _mixed(m.group(1), 16)]
    for match in _near(_TOKEN_USER, text, lowered, ("-u ", "--user "), 1):
        user = match.group(1)
        if _mixed(user, 16) and (drawn(user) or len(user) >= 20):
            spans.append(_span(match.start(1), user, "secret"))
    for match in _near(_QUOTED_PW, text, lowered, ("-u ", "--user "), 1):
        value = match.group(1)
        if not is_placeholder(value) and not value.startswith(("$", "{", "<")):
            spans.append(_span(match.start(1), value, "password"))
    return spans


_SPLIT_NEEDLES = ("half", " part", "the rest", "piece", "chunk")


def _mixed(value: str, minimum: int) -> bool:
    """``minimum`` characters or more of a draw: letters with digits, or three capitals among three small letters
    that are not words in camel case (``HttpClientFactory``)."""
    if len(value) < minimum:
        return False
    upper = sum(1 for c in value if c.isupper())
    lower = sum(1 for c in value if c.islower())
    if any(c.isdigit() for c in value):
        return upper + lower > 0
    return upper >= 3 and lower >= 3 and _CAMEL.fullmatch(value) is None


_CAMEL = re.compile(r"[A-Za-z][a-z]+(?:[A-Z][a-z]+)*")


def loose_spans(text: str, lowered: str) -> list[Span]:
    """The spans of this module's forms (its docstring)."""
    spans = _assigned(text) if ("=" in text or ":" in text) else []
    if "secret" in lowered and "-" in text:
        spans += _secret_ids(text, lowered)
    if "<key>" in text or "<string" in text:
        spans += _resources(text)
    return spans + _told(text, lowered)
