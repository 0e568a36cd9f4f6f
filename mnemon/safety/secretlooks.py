"""Values a secret rule would take that are no secret by what surrounds them: rounds 19 and 20's classes of
changed look-alikes, a filter of :func:`mnemon.safety.redact.redact`'s spans (:func:`looks_public`).

Each form says what the value *is* rather than naming a vendor, so it covers kinds nobody listed:

* **a password verifier** (:data:`_VERIFIER`): a crypt-format hash (``$2b$``, ``$apr1$``, ``$5$``, ``$6$``,
  ``$y$``, ``$7$``, ``$argon2id$``, ``$scrypt$``, ``$pbkdf2-sha512$``, with ``$$`` as compose files escape it), a
  SCRAM verifier, Django's
  ``pbkdf2_sha256$``, an LDAP ``{SSHA}`` value. A verifier is stored so that the password need not be: it is what
  ``htpasswd``, ``/etc/shadow`` and ``pg_authid`` hold, and nobody can log in with it;
* **ciphertext by design** (:data:`_CIPHERTEXT`): a Jasypt ``ENC(...)`` value, Spring Cloud Config's ``{cipher}``,
  a Vault transit ``vault:v1:`` value; encrypted with a key kept elsewhere, safe to commit;
* **a remark on the value's own line** (:data:`_REMARK`): after the value, the line calls it public, a sample
  from somebody's docs, "not a credential", or a key *id* whose secret lives elsewhere; before it, a caption of
  examples from the docs (:func:`shipped`);
* **public page markup**: the ``content`` of a ``<meta>`` tag (site-verification codes) and the attributes of a
  ``<script src=...>`` or ``<link>`` tag (an analytics beacon's site token): every visitor's browser receives them;
* **encoded settings** (:func:`_encoded_settings`): base64 of a JSON object whose values are only flags and numbers
  (a consent or preferences cookie);
* **a shell expansion with an error message** (``${NAME:?set NAME first}``) and a PKCE ``code_challenge`` (a
  digest of a verifier the client keeps, sent in the clear on purpose).
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import string

_VERIFIER = re.compile(
    r"\$\$?(?:apr1|1|2[abxy]?|5|6|7|8|9|y|gy|md5|sha1|argon2(?:id|i|d)|scrypt|pbkdf2(?:-sha(?:1|256|512))?|bcrypt(?:-sha256)?)"
    r"\$\$?[\w./+=$,:-]{8,300}"
    r"|SCRAM-SHA-(?:1|256)\$\d{1,7}:[A-Za-z0-9+/=]{8,100}\$[A-Za-z0-9+/=]{8,100}:[A-Za-z0-9+/=]{8,100}"
    r"|\b(?:pbkdf2_sha(?:1|256|512)|argon2|bcrypt_sha256|scrypt)\$[\w./+=$-]{8,300}"
    r"|\{(?:SSHA|SHA|SSHA256|SSHA512|SMD5|CRYPT|PBKDF2[\w-]{0,12}|ARGON2)\}[\w./+=$-]{8,300}"
)
_CIPHERTEXT = re.compile(r"ENC\([A-Za-z0-9+/=_-]{12,2000}\)|\{cipher\}[A-Za-z0-9+/=_-]{12,2000}"
                         r"|vault:v\d{1,4}:[A-Za-z0-9+/=]{12,2000}")
_REMARK = re.compile(
    r"\bnot\s+a\s+(?:real\s+|live\s+|valid\s+)?(?:credential|secret|key|token|password)\b"
    r"|\bpublic\s+by\s+design\b|\b(?:documented|published|shipped|meant)\s+(?:as\s+|to\s+be\s+)?public\b"
    r"|\bsafe\s+to\s+(?:ship|expose|publish|commit|share)\b|\b(?:and|is|it's|are)\s+public\b"
    r"|\b(?:sample|example|demo|test|dummy)\b[^\n#]{0,40}?\b(?:from|in|of)\s+(?:the\s+)?(?:[\w.'\u2019-]+\s+){0,2}"
    r"(?:own\s+)?(?:docs?|documentation|readme|quickstart|tutorial)\b"
    r"|\bkey\s+id\b[^\n]{0,50}\bsecret\b"
)
"""What a line says after a value to make it no secret (the module's docstring)."""
_REMARK_NEEDLES = ("not a", "public", "safe to", "doc", "readme", "quickstart", "tutorial", "key id")
_EXPANSION = re.compile(r"\$\{\w{1,60}:?\?[^}\n]{0,200}\}")
_CHALLENGE = re.compile(r"code_challenge[\"']?[ \t]*[=:][ \t]*[\"']?$")
_TAG = re.compile(r"<(?:meta\b|link\b|script\b[^<>\n]{0,300}\bsrc=)", re.IGNORECASE)


def _line(text: str, start: int, end: int) -> tuple[int, int]:
    line_end = text.find("\n", end)
    return text.rfind("\n", 0, start) + 1, line_end if line_end >= 0 else len(text)


def _covered(pattern: re.Pattern[str], text: str, start: int, end: int, lo: int, hi: int) -> bool:
    """A match of ``pattern`` on the value's line holds the value (give or take its quote, or with its owner's name
    before it)."""
    for match in pattern.finditer(text, lo, hi):
        if end <= match.end() + 1 and (match.start() - 1 <= start or _OWNER.fullmatch(text, start, match.start())):
            return True
    return False


_OWNER = re.compile(r"[\w.@-]{1,64}:")
"""A user name before the value (``user:<verifier>`` taken whole from an htpasswd-style list)."""


def remarked(text: str, start: int, end: int) -> bool:
    """The rest of the value's line says it is public, a sample from docs, no credential or a key id."""
    _, hi = _line(text, start, end)
    rest = _known(text)[0][end : min(hi, end + 200)]
    return any(needle in rest for needle in _REMARK_NEEDLES) and _REMARK.search(rest) is not None


def shipped(text: str, start: int, end: int) -> bool:
    """What the vendor-shaped rules ask too: a remark (:func:`remarked`) or a docs example's caption before the
    value ("sample passphrases, example from the docs page: ...")."""
    if remarked(text, start, end):
        return True
    lo, _ = _line(text, start, end)
    before = _known(text)[0][max(lo, start - 120) : start]
    return "example" in before and ("doc" in before or "readme" in before) and _CAPTION.search(before) is not None


_CAPTION = re.compile(r"\bexamples?\b[^\n]{0,40}\b(?:docs?|documentation|readme)\b[ \t]*:?[ \t]*[\"']?$")


def worded(text: str, start: int, end: int) -> bool:
    """:func:`shipped`, tried only when the text holds a remark or caption word at all (:func:`_marks`)."""
    return _marks(text)[4] and shipped(text, start, end)


def _in_public_tag(text: str, start: int, lo: int) -> bool:
    """The value sits inside a ``<meta>``, ``<link>`` or ``<script src=...>`` start tag."""
    opened = text.rfind("<", lo, start)
    if opened < 0 or text.find(">", opened, start) >= 0:
        return False
    return _TAG.match(text, opened) is not None


def _encoded_settings(value: str) -> bool:
    """Base64 of a JSON object whose values are only flags, numbers and nulls."""
    body = value.rstrip("=")
    if len(body) < 16 or not body.startswith("eyJ"):
        return False
    try:
        raw = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=False)
        data = json.loads(raw.decode("utf-8"))
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return False
    return isinstance(data, dict) and bool(data) and all(
        v is None or isinstance(v, (bool, int, float)) for v in data.values())


def _marks(text: str) -> tuple[bool, bool, bool, bool, bool]:
    """Which of this module's forms the text can hold at all: a ``$`` or ``{`` (verifiers, expansions, ciphertext),
    a ``<`` (markup), a challenge, base64 JSON, a remark or caption word. Worked out once per text (the last text
    is kept), so the spans of a text without them cost one lookup each."""
    return _known(text)[1]


def _known(text: str) -> tuple[str, tuple[bool, bool, bool, bool, bool]]:
    """The text's lower case (same length: ASCII only is lowered) and its marks (:func:`_marks`), kept for the
    last text seen."""
    global _LAST
    last = _LAST  # one read: another thread may replace it, never half of it
    if last[0] is not text:
        low = text.lower()
        if len(low) != len(text):
            low = text.translate(_ASCII_LOWER)  # a letter whose lower case is longer: keep indices valid
        last = (text, low, ("$" in text or "{" in text or "ENC(" in text or "vault:v" in text, "<" in text,
                            "challenge" in low, "eyJ" in text,
                            "example" in low or any(needle in low for needle in _REMARK_NEEDLES)))
        _LAST = last
    return last[1], last[2]


_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)
_LAST: tuple[str | None, str, tuple[bool, bool, bool, bool, bool]] = (None, "", (False,) * 5)


def looks_public(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` is no secret by what surrounds it (this module's docstring)."""
    sigils, markup, challenge, encoded, worded = _marks(text)
    if not (sigils or markup or challenge or encoded or worded):
        return False
    lo, hi = _line(text, start, end)
    window = text[max(lo, start - 80) : min(hi, end + 2)]
    if sigils and ("$" in window or "{" in window):
        if _covered(_VERIFIER, text, start, end, max(lo, start - 320), min(hi, end + 320)):
            return True
        if "${" in window and _covered(_EXPANSION, text, start, end, max(lo, start - 210), min(hi, end + 210)):
            return True
    if sigils and ("ENC(" in window or "{cipher}" in window or "vault:v" in window) and _covered(
            _CIPHERTEXT, text, start, end, max(lo, start - 20), min(hi, end + 2)):
        return True
    if markup and "<" in text[lo:start] and _in_public_tag(text, start, lo):
        return True
    if challenge and "challenge" in window and _CHALLENGE.search(text, max(lo, start - 30), start):
        return True
    return (encoded and _encoded_settings(text[start:end])) or (worded and shipped(text, start, end))
