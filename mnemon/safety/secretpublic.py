"""Values a secret rule would take that say by their own form that they are public: a filter of
:func:`mnemon.safety.redact.redact`'s spans.

* **public-prefixed client identifiers**: a Mapbox public token (``pk.`` followed by its base64 JSON header), a
  Datadog RUM client token (``pub`` and 32 hex digits), and the value of a captcha ``sitekey`` (reCAPTCHA,
  hCaptcha, Turnstile), which the page ships to every browser;
* **documentation samples**: a value holding an upper-case ``EXAMPLE`` run, the way vendors mark the credentials
  of their docs;
* **secret references**: ``op://vault/item/field`` (1Password), resolved at run time and holding no value;
* **base64 of public formats**: a PNG, GIF or JPEG image and a DER public key (``MIIBIjAN...``: the start of an
  RSA SubjectPublicKeyInfo, as in a DKIM ``p=`` record);
* **values that only stand for a secret** (:func:`stand_in`): masked output (``xoxb-****...``), a value Jenkins
  encrypted with its controller key (``{AQAAABAAAAA...}``), and the name of a stored secret where a key asks for a
  name (``existingPasswordSecret: pg-auth``, ``secretName:``, ``--secret=deploy-key``);
* **identifiers by their label** (:func:`labelled_public`): API object ids with a type prefix (``msg_``, ``pi_``,
  ``evt_`` ...), request ids in response headers, pagination cursors that decode to plain text, base58 program ids,
  payers and addresses, and a sample a document calls "not a credential" or an RFC's example.
"""

from __future__ import annotations

import base64
import binascii
import re

_PUBLIC_PREFIXES = ("pk.eyJ", "op://", "iVBORw0KGgo", "R0lGODlh", "R0lGODdh", "/9j/4", "MIIBIjAN", "MIICIjAN",
                    "MIIBCgKC", "MIGfMA0G")
_RUM_TOKEN = re.compile(r"pub[0-9a-f]{32}")
_SITEKEY = re.compile(r"site[-_]?key[\"']?[ \t]*[=:][ \t]*[\"']?$", re.IGNORECASE)


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


def public(text: str, start: int, end: int, found: Labels) -> bool:
    """The value ``text[start:end]`` is public by its form (this module's docstring)."""
    value = text[start:end]
    if value.startswith(_PUBLIC_PREFIXES) or "EXAMPLE" in value or _RUM_TOKEN.fullmatch(value):
        return True
    return (_SITEKEY.search(text, max(0, start - 40), start) is not None or stand_in(text, start, end, found)
            or labelled_public(text, start, end, found))


_NAME_SLOT = re.compile(r"(?i)(?:existing\w{0,20}secret\w{0,20}|secret[_-]?(?:name|ref|id)|--secret)[\"']?[ \t]*[:=][ \t]*"
                        r"[\"']?$")
_DNS_NAME = re.compile(r"[a-z0-9]+(?:[-.][a-z0-9]+)+")


def stand_in(text: str, start: int, end: int, found: Labels) -> bool:
    """A masked value, a Jenkins-encrypted one, or a stored secret's name in a slot for a name."""
    value = text[start:end]
    if "***" in value or "\u2022\u2022\u2022" in value:
        return True
    if found[0]:
        jenkins = text.rfind("{AQAAAB", max(0, start - 200), end)  # the value lies inside an encrypted {...} group
        if jenkins >= 0 and "}" not in text[jenkins:start]:
            return True
    return found[4] and ("-" in value or "." in value) and _DNS_NAME.fullmatch(value) is not None and (
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
