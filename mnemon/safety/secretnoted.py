"""Credentials noted in forms the other passes of :func:`mnemon.safety.redact.redact` did not read: round 23's classes
of missed secrets, a pass of its own (:func:`noted_spans`), and one look-alike class (:func:`certificate_blob`).
Each form is guarded by a literal, so text without it costs one ``in`` test per form.

* **a one-time-password seed named by what it is** ("the 2FA seed is ...", "TOTP secret: ..."): a base32 value,
  which no generic rule reads as generated because it has one case;
* **a password said after its noun, a qualifier and a French copula** ("ton mot de passe wifi c'est ..."),
  when the value has a password's mix of character classes;
* **a password noun in Gaelic or Irish** ("facal-faire", "pasfhocal") before a colon;
* **a Rust string constant typed between its name and its value** (``const NAME: &str = "..."``), whose type the
  assignment rules take for the value;
* **a password handed to a directory bind call after the bind DN** (``bind("cn=...,dc=...", "...")``);
* **a key named with what it protects before its colon** ("encryption key for the archive: ..."), when the value is
  long hex or generated.

:func:`certificate_blob` is the look-alike: base64 of a PEM certificate or public key (a kubeconfig's CA data, a
Secret's ``tls.crt``) is public whoever pastes it; one that also holds a private key is not.
"""

from __future__ import annotations

import base64
import binascii
import re

from mnemon.safety import entropy
from mnemon.safety.secretwords import is_placeholder, marker

Span = tuple[int, int, str, str]

_SEED = re.compile(
    r"(?i)\b(?:2fa|mfa|totp|otp|authenticator|two[- ]factor)[ \t]+(?:seed|secret|key)\b[^\n:]{0,60}?(?::|\bis\b)"
    r"[ \t]*(?P<val>[A-Z2-7]{16,128})=*(?![\w+/])"
)
_SEED_NEEDLES = ("2fa", "mfa", "totp", "otp", "authenticator", "factor")
_COPULA = re.compile(
    r"(?i)\bmot[ \t]+de[ \t]+passe\b[^\n:=]{0,60}?\bc['’]est[ \t]+(?P<val>[\x21-\x7e]{8,64}?)(?=[\s,;)]|[.!?]?$)"
)
_NOUNS = re.compile(r"(?i)(?<![\w-])(?:facal-faire|pasfhocal)\b[^\n:=]{0,40}[:=][ \t]*['\"]?(?P<val>[\x21-\x7e]{6,64}?)"
                    r"['\"]?(?=[\s,;]|$)")
_TYPED_CONST = re.compile(
    r"\b(?:const|static)[ \t]+(?:mut[ \t]+)?(?P<name>[A-Za-z_]\w{0,63})[ \t]*:[ \t]*&(?:'static[ \t]+)?str[ \t]*="
    r"[ \t]*\"(?P<val>[^\"\n]{8,256})\""
)
_CREDENTIAL_NAME = re.compile(r"(?i)secret|key|token|passw|pwd|credential|salt|pepper|signature")
_NOT_VALUE_NAME = re.compile(r"(?i)(?:len|length|size|bits|bytes|name|header|id|path|file|url|env|var|prefix)$")
_BIND = re.compile(
    r"(?i)(?<![a-z])(?:simple_)?bind(?:_s)?[ \t]*\((?:[ \t]*\$?\w{1,40}[ \t]*,)?[ \t]*(?P<q>[\"'])"
    r"(?:cn|uid|ou|dc|o|mail|samaccountname)=[^\"'\n]{1,300}(?P=q)[ \t]*,[ \t]*(?P<q2>[\"'])(?P<val>[^\"'\n]{4,128})(?P=q2)"
)
_PURPOSE_KEY = re.compile(
    r"(?i)\b(?:aes|encryption|decryption|hmac|signing|master|cipher|backup)[ \t]+(?:key|secret)[ \t]+(?:for|of|to)"
    r"[ \t]+[^\n:]{1,60}?:[ \t]*(?P<val>[A-Za-z0-9+/_\-]{20,256}={0,2})(?![\w+/])"
)
_PURPOSE_NEEDLES = (" key for", " key of", " key to", " secret for", " secret of", " secret to")
_HEX = re.compile(r"[0-9a-fA-F]{32,}")
_PEM_PUBLIC = ("LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t", "LS0tLS1CRUdJTiBQVUJMSUMgS0VZLS0tLS0")
"""Base64 of "-----BEGIN CERTIFICATE-----" and "-----BEGIN PUBLIC KEY-----", aligned at the value's start."""


def noted_spans(text: str, lowered: str) -> list[Span]:
    """The spans of this module's forms (its docstring)."""
    spans: list[Span] = []
    if any(needle in lowered for needle in _SEED_NEEDLES):
        spans += [_span(m, "secret") for m in _SEED.finditer(text) if _seed(m.group("val"))]
    if "mot" in lowered and "passe" in lowered:
        spans += [_span(m, "password") for m in _COPULA.finditer(text) if _mixed(m.group("val"))]
    if "facal-faire" in lowered or "pasfhocal" in lowered:
        spans += [_span(m, "password") for m in _NOUNS.finditer(text) if _mixed(m.group("val"))]
    if "str" in lowered and ("const" in lowered or "static" in lowered):
        spans += [_span(m, "secret") for m in _TYPED_CONST.finditer(text) if _credential_const(m)]
    if "bind" in lowered and "=" in text:
        spans += [_span(m, "password") for m in _BIND.finditer(text) if _literal(m.group("val"))]
    if any(needle in lowered for needle in _PURPOSE_NEEDLES):
        spans += [_span(m, "secret") for m in _PURPOSE_KEY.finditer(text) if _keyish(m.group("val"))]
    return spans


def certificate_blob(value: str) -> bool:
    """Base64 of a PEM certificate or public key holding no private key: public, whatever its label says."""
    if not value.startswith(_PEM_PUBLIC):
        return False
    whole = value[: len(value) // 4 * 4]
    try:
        decoded = base64.b64decode(whole)
    except (binascii.Error, ValueError):
        return False
    return b"PRIVATE" not in decoded


def _span(match: re.Match[str], kind: str) -> Span:
    return match.start("val"), match.end("val"), marker(kind), kind


def _seed(value: str) -> bool:
    """A base32 draw: letters and digits 2-7 mixed, not a word in capitals."""
    return any(c.isdigit() for c in value) and sum(c.isalpha() for c in value) >= len(value) // 3


def _mixed(value: str) -> bool:
    """A password's mix: three of lower case, upper case, digits and symbols."""
    classes = (any(c.islower() for c in value), any(c.isupper() for c in value), any(c.isdigit() for c in value),
               any(not c.isalnum() for c in value))
    return sum(classes) >= 3


def _literal(value: str) -> bool:
    """Not a placeholder nor a reference (``$VAR``, ``{name}``, ``%s``)."""
    return value[:1] not in "$@{<%" and "${" not in value and not is_placeholder(value)


def _credential_const(match: re.Match[str]) -> bool:
    name, value = match.group("name"), match.group("val")
    if not _CREDENTIAL_NAME.search(name) or _NOT_VALUE_NAME.search(name) or not _literal(value):
        return False
    return _keyish(value) or _mixed(value)


def _keyish(value: str) -> bool:
    """Long hex or a generated draw, as a key is; not words, not a short label."""
    core = value.rstrip("=")
    return _HEX.fullmatch(core) is not None or entropy.looks_generated(core, 16) or entropy.looks_generated_lower(core, 20)
