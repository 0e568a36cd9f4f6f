"""Values a secret rule would take that say by their own form that they are public: a filter of
:func:`mnemon.safety.redact.redact`'s spans.

* **public-prefixed client identifiers**: a Mapbox public token (``pk.`` followed by its base64 JSON header), a
  Datadog RUM client token (``pub`` and 32 hex digits), and the value of a captcha ``sitekey`` (reCAPTCHA,
  hCaptcha, Turnstile), which the page ships to every browser;
* **documentation samples**: a value holding an upper-case ``EXAMPLE`` run, the way vendors mark the credentials
  of their docs, and (:func:`sample`) a token whose tail counts up in hex or decimal (``0123456789abcdef``) or a
  JWT whose claims do (``"sub": "1234567890"``): nobody is issued a counted value, docs type them;
* **secret references**: ``op://vault/item/field`` (1Password), resolved at run time and holding no value;
* **base64 of public formats**: a PNG, GIF or JPEG image and a DER public key (``MIIBIjAN...``: the start of an
  RSA SubjectPublicKeyInfo, as in a DKIM ``p=`` record);
* **values that only stand for a secret** (:func:`stand_in`): masked output (``xoxb-****...``), a value Jenkins
  encrypted with its controller key (``{AQAAABAAAAA...}``), and the name of a stored secret where a key asks for a
  name (``existingPasswordSecret: pg-auth``, ``secretName:``, ``--secret=deploy-key``);
* **identifiers by their label** (:func:`labelled_public`): API object ids with a type prefix (``msg_``, ``pi_``,
  ``evt_`` ...), request ids in response headers, pagination cursors that decode to plain text, base58 program ids,
  payers and addresses, and a sample a document calls "not a credential" or an RFC's example;
* **values published by design** (:func:`published`): what :func:`mnemon.safety.secretlooks.looks_public` reads
  (password verifiers, ciphertext, a line's own remark, public page markup, encoded settings), extended public keys, references to a credential file or
  an external store, transaction signatures, git-annex keys, ACME challenge tokens, a key under a "public key"
  comment line.
"""

from __future__ import annotations

import base64
import binascii
import json
import re

from mnemon.safety import (
    secretentered,
    secretgiven,
    secretheard,
    secretinert,
    secretknown,
    secretlooks,
    secretnoted,
    secretshown,
)

_PUBLIC_PREFIXES = ("pk.eyJ", "op://", "iVBORw0KGgo", "R0lGODlh", "R0lGODdh", "/9j/4", "MIIBIjAN", "MIICIjAN",
                    "MIIBCgKC", "MIGfMA0G")
_RUM_TOKEN = re.compile(r"pub[0-9a-f]{32}")
_SITEKEY = re.compile(r"site[-_ ]?key[\"']?[ \t]*[=:][ \t]*[\"']?$", re.IGNORECASE)


class Labels:
    """Which label families a text holds at all (a Jenkins-encrypted group, a response header, a pagination cursor,
    a sample's caption, a secret's name), found from the lower-cased text on first use, once per
    :func:`mnemon.safety.redact.redact` (the redaction markers it splices in add none): each span's checks then
    run only for those present, and a text with no span to check never looks."""

    __slots__ = ("_lowered", "_found")

    def __init__(self, lowered: str) -> None:
        self._lowered = lowered
        self._found: tuple[bool, bool, bool, bool, bool] | None = None

    def __getitem__(self, index: int) -> bool:
        if self._found is None:
            low = self._lowered
            self._found = ("{" in low and "{aqaaab" in low, "x" in low and "x-" in low,
                           "page" in low or "cursor" in low or "continuation" in low or "next" in low,
                           "not a" in low or "rfc" in low or "vector" in low, "secret" in low)
        return self._found[index]


def counting(value: str, minimum: int = 12) -> bool:
    """``minimum`` characters or more, each one more than the character before, counting in decimal or hex
    (``3456789abc``, ``cdef0123``, ``67890``); an alphabet run then digits (``xyz0123``) is a generated-looking test
    value, not this."""
    if len(value) < minimum:
        return False
    low = value.lower()
    if ord(low[1]) - ord(low[0]) != 1 and (low[0], low[1]) not in _WRAPS:
        return False  # most values fail at once: the generator below costs more than this test
    return all(ord(b) - ord(a) == 1 or (a, b) in _WRAPS for a, b in zip(low, low[1:], strict=False))


_WRAPS = frozenset((("9", "a"), ("f", "0"), ("9", "0")))


def sample(token: str) -> bool:
    """A documentation sample by its counting (:func:`counting`): the token's last sixteen characters, or a claim of
    a JWT's payload (eight characters or more)."""
    if counting(token[-16:]):
        return True
    if not token.startswith("eyJ") or token.count(".") != 2:  # three dotted parts, the first "eyJ...": split only then
        return False
    parts = token.split(".")
    try:
        body = parts[1] + "=" * (-len(parts[1]) % 4)
        claims = json.loads(base64.urlsafe_b64decode(body).decode("utf-8"))
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return False
    return isinstance(claims, dict) and any(
        counting(str(v), 8) for v in claims.values() if isinstance(v, (str, int)) and not isinstance(v, bool))


def prefixed(text: str, start: int, end: int) -> bool:
    """The value opens with a public prefix or counts like a sample (the check a sentence's value gets, whose span
    may run over a longer stretch than one token)."""
    value = text[start:end]
    return value.startswith(_PUBLIC_PREFIXES) or sample(value)




def documented(value: str) -> bool:
    """A documentation sample: a value ending in the upper-case ``EXAMPLE`` (or ``EXAMPLEKEY``) the way AWS and
    others end the credentials of their docs. ``EXAMPLE`` in the middle of a value does not count: a real key of
    the same shape keeps its redaction."""
    return value.endswith(("EXAMPLE", "EXAMPLEKEY")) or secretknown.constant(value)


_BOT_TOKEN = re.compile(r"(?<![\w:])(\d{5,12}):[\w-]{30,50}(?![\w-])")


def _counted_bot_id(text: str, start: int, end: int) -> bool:
    """The span is part of a chat bot's token whose numeric id counts up (``1234567:...``): a docs sample, since no
    bot is issued a counted id."""
    if text.find(":", max(0, start - 14), end) < 0:
        return False  # no bot id before the value: most spans stop here
    for match in _BOT_TOKEN.finditer(text, max(0, start - 16), min(len(text), end + 60)):
        if match.start() <= start and end <= match.end() and counting(match.group(1), 5):
            return True
    return False


def flat(value: str) -> bool:
    """No entropy to speak of: three quarters of a 16-character or longer value are one character (a vendor's
    test secret of zeros, ``0x0000...``); nobody is issued such a value."""
    if len(value) < 16 or (value.count(value[len(value) // 2]) * 4 < len(value) * 3
                            and value.count(value[-2]) * 4 < len(value) * 3):
        return False  # neither the middle nor the last but one character fills the value: most spans stop here
    distinct = set(value)
    if len(distinct) * 4 > len(value) + 4:
        return False  # a quarter of the value is left for the other characters: too many of them for that
    return max(value.count(ch) for ch in distinct) * 4 >= len(value) * 3


_CJK = re.compile(r"[぀-ヿ㐀-䶿一-鿿가-힯]")
_CJK_STOP = re.compile(r"[、。，！？：；]")


def _cjk_prose(value: str) -> bool:
    """A run of Chinese, Japanese or Korean words with their punctuation after a key's name ("appsecret 只能...。"):
    the sentence about the key, not its value."""
    return not value.isascii() and len(_CJK.findall(value)) >= 4 and (_CJK_STOP.search(value) is not None or not any(c.isdigit() for c in value))


_LOOPBACK = re.compile(r"@(?:localhost|127\.0\.0\.1|\[::1\]|0\.0\.0\.0)(?:[:/]|$)")
_SENTRY_HOST = re.compile(r"@[\w.-]*\bsentry\b[\w.-]*(?:[:/]|$)|@o\d+\.ingest\.")


_BROWSER = re.compile(r"\b(?:browser|public|front-?end|client-side|web[ \t]+bundle|next_public|vite_|react_app_)")
"""A DSN the line gives to the browser: the same DSN in a server's settings is treated as a secret."""


def url_public(text: str, start: int, end: int) -> bool:
    """A URL's userinfo value that is no secret: a password repeating the user name on a loopback host
    (``app:app@localhost``, a local default), and the public key of a Sentry DSN (32 hex digits with no
    password) that its line gives to the browser, which sends it with every error it reports."""
    if text[end : end + 1] != "@":
        return False
    value = text[start:end]
    after = text[end : end + 40]
    before = text[max(0, start - len(value) - 1) : start]
    if before == value + ":" and _LOOPBACK.match(after):
        scheme = text[max(0, start - len(value) - 4) : start - len(value) - 1]
        return scheme == "://"
    if len(value) != 32 or any(c not in "0123456789abcdef" for c in value) or text[start - 3 : start] != "://":
        return False
    line = text[text.rfind("\n", 0, start) + 1 : start].lower()
    return _SENTRY_HOST.match(after) is not None and _BROWSER.search(line) is not None


def public(text: str, start: int, end: int, found: Labels) -> bool:
    """The value ``text[start:end]`` is public by its form (this module's docstring)."""
    value = text[start:end]
    if (value.startswith(_PUBLIC_PREFIXES) or documented(value) or _RUM_TOKEN.fullmatch(value) or sample(value)
            or flat(value) or _cjk_prose(value) or url_public(text, start, end) or _counted_bot_id(text, start, end)
            or secretnoted.certificate_blob(value) or secretheard.reference(value) or secretheard.message_id(text, start, end)
            or secretheard.verification(text, start, end) or secretentered.public_form(text, start, end)
            or secretgiven.public_form(text, start, end) or secretshown.public_form(text, start, end)):
        return True
    return (_SITEKEY.search(text, max(0, start - 40), start) is not None or stand_in(text, start, end, found)
            or labelled_public(text, start, end, found) or published(text, start, end) or secretinert.inert(text, start, end))


_EXTENDED_PUBLIC = re.compile(r"[xyztuvYZUV]pub[0-9A-Za-z]{90,112}")
_FILE_REFERENCE = re.compile(r"(?:[\w.@\-]{1,64}:)?/(?:etc|run|var|usr|home|opt|srv|secrets|credstore)/[\w./@\-]{1,200}"
                             r"|ext:[\w.\-]{1,64}")
_PUBLIC_CAPTION = re.compile(r"(?:public[ _-]?key|pubkey)(?:[ \t]+(?:id[ \t]+)?[0-9a-f]{8,16})?:?$")
"""A caption line ending on "public key", perhaps with the key's id (a signing tool writes "public key 1A2B3C4D")."""
_TX_LABEL = re.compile(r"(?i)\b(?:tx|txn|transaction)(?:[ _-]?(?:signature|sig|hash|id))?[\"']?[ \t]*[:=]?[ \t]*[\"']?$")


def _tx_label(before: str) -> bool:
    """:data:`_TX_LABEL` in ``before``. An ASCII text without "tx" or "transaction" in its lower case cannot match,
    which two ``in`` tests settle; elsewhere ``re.IGNORECASE`` lets other letters match, so the pattern is tried."""
    if before.isascii():
        low = before.lower()
        if "tx" not in low and "transaction" not in low:
            return False
    return _TX_LABEL.search(before) is not None


_ANNEX_KEY = re.compile(r"\b(?:SHA(?:1|256|384|512)|MD5|BLAKE2[BS]\d{0,3}|SKEIN\d{3})E?-s\d{1,15}(?:-[SC]\d{1,12})?--"
                        r"[0-9a-f]{32,128}(?:\.[\w.]{1,16})?")


def published(text: str, start: int, end: int) -> bool:
    """Values published by design, whatever their shape: an extended public key (``xpub``/``zpub``/``tpub`` ...),
    a reference to a file or an external store in place of a value (``name:/run/credentials/x``, ``ext:NAME``),
    a transaction's signature or hash, a git-annex key (``SHA256E-s<size>--<hex>``), an ACME challenge token
    or key authorization (served over plain HTTP to the CA), and a key the line before calls public
    (a signing tool's key under its ``untrusted comment: ... public key`` line)."""
    value = text[start:end]
    if secretlooks.looks_public(text, start, end) or secretknown.known(text, start, end):
        return True
    if _EXTENDED_PUBLIC.fullmatch(value) or (("/" in value or value.startswith("ext:"))  # what every reference holds
                                              and _FILE_REFERENCE.fullmatch(value)):
        return True
    line_start = text.rfind("\n", 0, start) + 1
    before = text[max(line_start, start - 60) : start]
    if _tx_label(before):
        return True
    if "-s" in text[max(line_start, start - 40) : end]:
        annex = _ANNEX_KEY.search(text, max(line_start, start - 40))
        if annex and annex.start() <= start and end <= annex.end():
            return True
    line_end = text.find("\n", end)
    lo, hi = max(line_start, start - 200), min(line_end if line_end >= 0 else len(text), end + 200)
    if text.find("cme", lo, hi) >= 0 or text.find("CME", lo, hi) >= 0:
        line = text[lo:hi].lower()  # the value's neighbourhood on its line: a long line is not read once per value
        if "acme" in line and ("challenge" in line or "key authorization" in line or "http-01" in line):
            return True
    if line_start and not text[line_start:start].strip():
        previous = text[text.rfind("\n", 0, line_start - 1) + 1 : line_start - 1].lower().rstrip()
        return _PUBLIC_CAPTION.search(previous) is not None
    return False


_NAME_SLOT = re.compile(r"(?i)(?:existing\w{0,20}secret\w{0,20}|secret[_-]?(?:name|ref|id)|--secret)[\"']?[ \t]*[:=][ \t]*"
                        r"[\"']?$")
_DNS_NAME = re.compile(r"[a-z0-9]+(?:[-.][a-z0-9]+)+")
_UUID = re.compile(r"[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}")
"""A uuid in a secret-id slot is the value Vault, Consul or Nomad issues as the credential, not a stored secret's name."""


def stand_in(text: str, start: int, end: int, found: Labels) -> bool:
    """A masked value, a Jenkins-encrypted one, or a stored secret's name in a slot for a name."""
    value = text[start:end]
    if "***" in value or "\u2022\u2022\u2022" in value:
        return True
    if found[0]:
        jenkins = text.rfind("{AQAAAB", max(0, start - 200), end)  # the value lies inside an encrypted {...} group
        if jenkins >= 0 and "}" not in text[jenkins:start]:
            return True
    return found[4] and ("-" in value or "." in value) and _DNS_NAME.fullmatch(value) is not None and not _UUID.fullmatch(
        value) and (
        _NAME_SLOT.search(text, max(0, start - 50), start) is not None)


_OBJECT_ID = re.compile(r"(?:msg|msgbatch|toolu|pi|pm|seti|evt|cus|ch|in|sub|req|txn|po|prod|price|acct|run|thread"
                        r"|asst|file|batch)_[A-Za-z0-9]{14,40}")
_ID_HEADER = re.compile(r"(?i)(?:x-amz-id-2|x-amz-request-id|x-amz-cf-id|x-github-request-id|x-request-id"
                        r"|x-amzn-requestid|x-ms-request-id|x-cloud-trace-context)[ \t]*:[ \t]*(?:[\w.:-]*:)?$")
_CURSOR_SLOT = re.compile(r"(?i)(?:page[_-]?token|cursor|continuation(?:[_-]?token)?|next[_-]?token)[\"']?[ \t]*[:=]"
                          r"[ \t]*[\"']?$")
_BASE58 = re.compile(r"[1-9A-HJ-NP-Za-km-z]{32,44}")
_ADDRESS_LABEL = re.compile(r"(?i)\b(?:program[ _-]?id|fee[ _-]?payer|pubkey|public[ _-]?key|(?:wallet[ _-]?)?address"
                            r"|mint|owner)[\"']?[ \t]*[:=]?[ \t]*[\"']?$")
_SAMPLE_LABEL = re.compile(r"(?i)\bnot\s+a\s+(?:real\s+|live\s+)?(?:credential|secret|key|token|password)\b"
                           r"|\brfc\s?\d{3,5}\b[^\n]{0,40}\bexamples?\b|\btest\s+vectors?\b")


def labelled_public(text: str, start: int, end: int, found: Labels) -> bool:
    """An identifier its own prefix or its label says is public (this module's docstring)."""
    value = text[start:end]
    if value.startswith("eyJ") and secretknown.unsigned_jwt(value + "." * (text[end : end + 1] == ".")):
        return True
    if "_" in value[:9] and _OBJECT_ID.fullmatch(value):
        return True
    if found[1] and _ID_HEADER.search(text, max(0, start - 40), start):
        return True
    if _BASE58.fullmatch(value):
        if _ADDRESS_LABEL.search(text, max(0, start - 40), start):
            return True
    elif found[2] and _CURSOR_SLOT.search(text, max(0, start - 40), start) and _plain_base64(value):
        return True
    if not found[3]:
        return False
    line = text[max(text.rfind("\n", 0, start) + 1, start - 120): start].lower()
    return _SAMPLE_LABEL.search(line) is not None


def _plain_base64(value: str) -> bool:
    """Base64 of printable ASCII (a cursor such as ``offset:40|2026-01-01``), whatever it looks like decoded."""
    body = value.rstrip("=")
    try:
        raw = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_" if ("-" in value or "_" in value) else None,
                               validate=True)
    except (binascii.Error, ValueError):
        return False
    return len(raw) >= 8 and all(32 <= byte < 127 for byte in raw)
