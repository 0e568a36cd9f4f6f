"""Secrets as tools print them: a pass of :func:`mnemon.safety.redact.redact`.

A coding session pastes tool output, where a credential stands without the ``key = value`` shape the other
passes read:

- a value alone on the line after a command that reveals one (``$ kubectl get secret ... | base64 -d``,
  ``$ printenv API_TOKEN``, ``$ op read op://...``, ``$ gh auth token``, ``heroku config:get``, ``doppler
  secrets get --plain``, ``az keyvault secret show -o tsv``, ``gcloud secrets versions access``, ``security
  find-generic-password -w``, ``pass show``, ``bw get password``);
- a row of a two-column table whose key names a password, secret or token (``pulumi config --show-secrets``,
  ``vault kv get``, ``supabase status``: ``app:dbPassword      s3cr3t!``), masked cells (``[secret]``,
  ``********``) left alone;
- an environment variable naming a secret at the start of its line (or a table's first cell), a blank and an
  issued value (hex of 24 or more, or generated), as listings print them: ``POSTMARK_SERVER_TOKEN 3c9e...``; words
  and references after the name are left alone;
- a DSL setting with no sign between name and literal (Gradle's ``storePassword "x"``, Ruby's
  ``password 'x'``), at the start of its line;
- a Wi-Fi pre-shared key (``psk: "..."``, ``wpa_passphrase=...``);
- a lone key in a URL's userinfo (a Sentry DSN's ``https://<key>@o1.ingest.sentry.io/1``);
- a list of one-time recovery codes after "recovery codes:" or "backup codes:";
- a one-time-password seed (``pyotp.TOTP("JBSW...")``, ``otpauth://...?secret=JBSW...``).

Part of ``mnemon.safety``: imports the standard library and the other safety modules only.
"""

from __future__ import annotations

import re

from mnemon.safety.entropy import looks_generated
from mnemon.safety.secretforms import Span, _literal, _password_like, _span
from mnemon.safety.secretwords import is_placeholder

_REVEAL = re.compile(
    r"[$%>][ \t]+(?P<cmd>[^\n]{0,300}?(?:base64[ \t]+(?:-d|--decode|-D)\b|\bprintenv[ \t]+[A-Za-z_]\w*"
    r"|\bop[ \t]+read\b|\bauth[ \t]+token\b|[ \t]-field[= ]|print-access-token|get-secret-value|config:get\b"
    r"|\bsecrets[ \t]+get\b|\bsecret[ \t]+show\b|\bversions[ \t]+access\b|find-(?:generic|internet)-password[^\n]*[ \t]-w\b"
    r"|\bpass[ \t]+show\b|\bbw[ \t]+get[ \t]+password\b|--with-decryption)[^\n]{0,200})"
    r"\n(?P<val>[^\s]{8,512})[ \t]*(?=\n|$)"
)
"""A command that prints one secret, and the line it printed."""
_REVEAL_NEEDLES = ("base64", "printenv", "op read", "auth token", "-field", "print-access-token",
                   "get-secret-value", "config:get", "secrets get", "secret show", "versions access", "-password",
                   "pass show", "bw get", "with-decryption")
_REVEALED_WORDS = ("secret", "pass", "pwd", "token", "key", "cred", "auth")
_SECRET_KEY_WORDS = ("password", "passwd", "passphrase", "secret", "token", "apikey", "api_key", "api-key", "pwd",
                     "private_key", "privatekey")
_LINE_NEEDLES = ("pass", "secret", "token", "api", "pwd", "private")
"""One of these occurs in every key :func:`_secret_key` accepts (``api`` only as ``apikey``, ``api_key`` or
``api-key``: one search for the three)."""
_TABLE_ROW = re.compile(
    r"[ \t]*(?P<key>[A-Za-z_][\w.:\-]{0,80}?)(?:\t|[ \t]{2,})(?P<val>[^\s]{6,512})[ \t]*$"
)
_ENV_BLANK_VALUE = re.compile(
    r"[ \t|>]*(?P<key>[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)[ \t]+(?:\|[ \t]+)?(?P<val>[^\s\"'`()<>\[\]{}]{16,256})(?=[\s,;)|]|$)"
)
"""An environment variable's name, a blank and its value, as listings print them: ``POSTMARK_SERVER_TOKEN 3c9e...``."""
_DSL_SETTING = re.compile(
    r"[ \t]*(?P<key>[A-Za-z_]\w{0,60})[ \t]+(?P<q>[\"'])(?P<val>[^\"'\n]{4,256})(?P=q)[ \t]*,?[ \t]*$"
)
_PSK = re.compile(
    r"(?<![\w\-])(?:psk|wpa_passphrase|wpa-psk|pre_shared_key|preshared_key)[\"']?[ \t]*[:=][ \t]*"
    r"[\"']?(?P<val>[^\s\"']{8,64})",
    re.IGNORECASE,
)
_USERINFO_KEY = re.compile(r"://(?P<val>[A-Za-z0-9_\-]{20,128})@(?=[A-Za-z0-9])")
_OTP_SEED = re.compile(r"(?:\b[TH]OTP[ \t]*\([ \t]*[\"']|[?&]secret=)(?P<val>[A-Z2-7]{16,128})(?![A-Za-z0-9])")
_HEX32 = re.compile(r"[0-9a-f]{32,}|[0-9A-F]{32,}")
_CODES_LEAD = re.compile(r"(?:recovery|backup|rescue|one-time|2fa|mfa)[ \t]+codes?[ \t]*[:=][ \t]*", re.IGNORECASE)
_CODE = re.compile(r"[ \t,;]*(?P<val>(?=[A-Za-z0-9\-]*\d)[A-Za-z0-9]{4,6}-[A-Za-z0-9]{4,6}|\d{6,10})(?![\w\-])")


def output_spans(text: str, lowered: str) -> list[Span]:
    """Every credential this module's forms find (see the module docstring)."""
    spans: list[Span] = []
    starts = _prompt_starts(text) if "\n" in text else []
    if starts and any(needle in lowered for needle in _REVEAL_NEEDLES):  # prompts first: three finds, not fifteen
        spans.extend(_revealed(text, starts))
    lines = _key_lines(lowered)
    if lines:
        spans.extend(_settings(text, lines, "\n" in text and ("  " in text or "\t" in text)))
    if "psk" in lowered or "pre_shared" in lowered or "preshared" in lowered or "wpa" in lowered:
        for match in _PSK.finditer(text):
            value = match.group("val")
            if not is_placeholder(value) and _literal(value):
                spans.append(_span(match.start("val"), value, "password"))
    if "://" in text and "@" in text:
        spans.extend(_userinfo_keys(text))
    if "otp" in lowered:
        for match in _OTP_SEED.finditer(text):
            if len(set(match.group("val"))) > 4:
                spans.append(_span(match.start("val"), match.group("val"), "password"))
    if "codes" in lowered or "code:" in lowered:
        spans.extend(_codes(text))
    return spans


def _credential(value: str) -> bool:
    return not is_placeholder(value) and (_password_like(value, 8) or looks_generated(value, 12))


def _prompt_starts(text: str) -> list[int]:
    """Where a shell prompt (``$``, ``%``, ``>``) starts a line, in order."""
    starts = [0] if text[:1] in "$%>" else []
    for prompt in ("\n$", "\n%", "\n>"):
        pos = text.find(prompt)
        while pos >= 0:
            starts.append(pos + 1)
            pos = text.find(prompt, pos + 2)
    return sorted(starts)


def _revealed(text: str, starts: list[int]) -> list[Span]:
    spans = []
    for start in starts:
        match = _REVEAL.match(text, start)
        if match is None:
            continue
        value = match.group("val")
        if value.startswith(("http", "/", "~", "{", "[", "-")) or not _credential(value):
            continue
        command = match.group("cmd").lower()
        if ("base64" in command or "printenv" in command) and not any(w in command for w in _REVEALED_WORDS):
            continue  # "printenv HOSTNAME", a decoded username: only a named secret is one
        spans.append(_span(match.start("val"), value, "password"))
    return spans


def _secret_key(key: str) -> bool:
    lowered = key.lower()
    return any(word in lowered for word in _SECRET_KEY_WORDS) and not lowered.endswith(
        ("_file", "_path", "_ref", "_name", "_id", "_accessor", "_ttl", "_duration")
    )


def _key_lines(lowered: str) -> list[tuple[int, int]]:
    """The (start, end) of each line holding a secret key word, in order (``str.find`` per word)."""
    found: set[tuple[int, int]] = set()
    for word in _LINE_NEEDLES:
        pos = lowered.find(word)
        while pos >= 0:
            if word == "api" and not lowered.startswith(("key", "_key", "-key"), pos + 3):
                pos = lowered.find(word, pos + 1)
                continue
            start = lowered.rfind("\n", 0, pos) + 1
            end = lowered.find("\n", pos)
            end = len(lowered) if end < 0 else end
            found.add((start, end))
            pos = lowered.find(word, end)
    return sorted(found)


def _settings(text: str, lines: list[tuple[int, int]], tables: bool) -> list[Span]:
    """Table rows (when the text is tabular) and DSL settings on the lines holding a secret key word."""
    spans = []
    for start, end in lines:
        line = text[start:end]
        row = _TABLE_ROW.match(text, start, end) if tables and ("  " in line or "\t" in line) else None
        if row is not None and _secret_key(row.group("key")):
            value = row.group("val")
            if not (set(value) <= set("*•x#.-_") or value.startswith(("[", "(", "<", "*"))) and _credential(value):
                spans.append(_span(row.start("val"), value, "password"))
                continue
        env = _ENV_BLANK_VALUE.match(text, start, end) if line.lstrip(" \t|>")[:1].isupper() else None
        if env is not None and _secret_key(env.group("key")) and _issued(env.group("val")):
            spans.append(_span(env.start("val"), env.group("val"), "secret"))
            continue
        setting = _DSL_SETTING.match(text, start, end) if ('"' in line or "'" in line) else None
        if setting is not None and _secret_key(setting.group("key")):
            value = setting.group("val")
            if _literal(value) and _credential(value):
                spans.append(_span(setting.start("val"), value, "password"))
    return spans


def _issued(value: str) -> bool:
    """A value no word or name looks like: hex of 24 or more, or generated."""
    return not is_placeholder(value) and (_HEX32.fullmatch(value) is not None or (
        len(value) >= 24 and all(c in "0123456789abcdefABCDEF" for c in value)) or looks_generated(value, 16))


def _userinfo_keys(text: str) -> list[Span]:
    spans = []
    for match in _USERINFO_KEY.finditer(text):
        value = match.group("val")
        if _HEX32.fullmatch(value) or looks_generated(value, 20):
            spans.append(_span(match.start("val"), value, "url_password"))
    return spans


def _codes(text: str) -> list[Span]:
    spans = []
    for lead in _CODES_LEAD.finditer(text):
        pos = lead.end()
        while (code := _CODE.match(text, pos)) is not None:
            spans.append(_span(code.start("val"), code.group("val"), "password"))
            pos = code.end()
    return spans
