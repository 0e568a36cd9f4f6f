"""The shapes of secrets ``mnemon.safety.redact`` finds by form alone: vendor prefixes and the rules
that tell a credential from an identifier of the same shape. Data: a rule change here raises
``redact.RULES_VERSION``.

Part of ``mnemon.safety``: imports the standard library and the other safety modules only.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable

from mnemon.safety.secretwords import marker

_Check = Callable[["re.Match[str]"], bool]


def _always(match: re.Match[str]) -> bool:
    return True


_OWN_PREFIXES = (
    "eyJ",
    "sk-",
    "sk_",
    "rk_",
    "gh",
    "github_pat_",
    "gl",
    "xox",
    "ya29.",
    "AIza",
    "npm_",
    "hf_",
    "SG.",
    "pypi-",
)
"""Token prefixes with a rule of their own: a ``Bearer`` value starting so is left to that rule's kind."""


def _mixed(need_upper: bool, defer_to_own_rules: bool = False) -> _Check:
    """Generated tokens mix digits with letters (and both cases, if asked); hyphenated words do not.
    With ``defer_to_own_rules``, a body starting with one of :data:`_OWN_PREFIXES` is left to its own rule."""

    def check(match: re.Match[str]) -> bool:
        body = match.group("body")
        if (defer_to_own_rules and body.startswith(_OWN_PREFIXES)) or not any(c.isdigit() for c in body):
            return False
        if need_upper:
            return any(c.isupper() for c in body) and any(c.islower() for c in body)
        return any(c.isalpha() for c in body)

    return check


ISSUED_SECRET = 16  # characters of a webhook path's last segment, mixed case or digits, that make it issued


def _issued_path(match: re.Match[str]) -> bool:
    """A webhook path from a real workspace, not documentation's ``T00000000/B00000000/XXXX`` or
    ``YOUR/WEBHOOK/URL``: every segment has more than two distinct characters, and either the last one
    is a long secret of lower case with capitals or digits (a workspace id may be capitals alone:
    ``TQWRTZKPL``), or no segment is a word in capitals."""
    segments = [s for s in match.group("path").split("/") if s]
    if not all(len(set(s.lower())) > 2 for s in segments):
        return False
    last = segments[-1]
    if len(segments) >= 3 and len(last) >= ISSUED_SECRET and any(c.islower() for c in last) \
            and any(c.isupper() or c.isdigit() for c in last):
        return True
    return not any(s.isalpha() and s.isupper() for s in segments)


def _decodes_to_credentials(match: re.Match[str]) -> bool:
    """``Basic <base64>`` is a credential only when it decodes to ``user:password``."""
    body = match.group("body")
    try:
        decoded = base64.b64decode(body + "=" * (-len(body) % 4), validate=True)
    except (binascii.Error, ValueError):
        return False
    return b":" in decoded


def _starts_run(prefix: str) -> str:
    """``prefix`` not preceded by a token character, written literal-first so `re` can scan for it fast.

    The lookbehind also means each run of token characters is tried from its start only, which keeps
    scanning linear on adversarial input such as ``sk-sk-sk-...``.
    """
    return rf"{prefix}(?<![A-Za-z0-9_\-]{prefix})"


_ShapedRule = tuple[str, tuple[str, ...], "re.Pattern[str]", str | None, _Check]
"""(kind, lower-case needles (the first anchors a case-insensitive pattern), pattern, group to redact, check)."""

_SHAPED_RULES: tuple[_ShapedRule, ...] = (
    (
        "anthropic_key",
        ("sk-ant-",),
        re.compile(_starts_run("sk-ant-") + r"(?P<body>[A-Za-z0-9_\-]{20,})"),
        None,
        _mixed(True),
    ),
    (
        "openai_key",
        ("sk-",),
        re.compile(_starts_run("sk-") + r"(?!ant-)(?:proj-|svcacct-|admin-)?(?P<body>[A-Za-z0-9_\-]{20,})"),
        None,
        _mixed(True),
    ),
    (
        "github_token",
        ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"),
        re.compile(_starts_run("gh[pousr]_") + r"[A-Za-z0-9]{30,}"),
        None,
        _always,
    ),
    (
        "github_token",
        ("github_pat_",),
        re.compile(_starts_run("github_pat_") + r"[A-Za-z0-9_]{22,}"),
        None,
        _always,
    ),
    (
        "gitlab_token",
        ("glpat-", "gldt-", "glrt-", "glptt-", "glcbt-", "glsoat-"),
        re.compile(r"gl(?:pat|dt|rt|ptt|cbt|soat)-(?<![A-Za-z0-9_\-]gl....-)[A-Za-z0-9_\-]{20,}"),
        None,
        _always,
    ),
    (
        "slack_token",
        ("xox",),
        re.compile(_starts_run("xox[abeoprs]-") + r"(?P<body>[A-Za-z0-9\-]{10,})"),
        None,
        _mixed(False),
    ),
    (
        "slack_webhook",
        ("hooks.slack.com/",),
        re.compile(r"hooks\.slack\.com/(?:services|workflows|triggers)/(?P<path>[A-Za-z0-9_/+\-]{8,})"),
        "path",
        _issued_path,
    ),
    (
        "stripe_key",
        ("_live_", "_test_"),
        re.compile(_starts_run("sk_(?:live|test)_") + r"[A-Za-z0-9]{10,}"),
        None,
        _always,
    ),
    (
        "stripe_key",
        ("rk_live_", "rk_test_"),
        re.compile(_starts_run("rk_(?:live|test)_") + r"[A-Za-z0-9]{10,}"),
        None,
        _always,
    ),
    ("stripe_key", ("whsec_",), re.compile(_starts_run("whsec_") + r"[A-Za-z0-9+/]{20,}"), None, _always),
    (
        "google_api_key",
        ("aiza",),
        re.compile(_starts_run("AIza") + r"[0-9A-Za-z_\-]{35}(?![A-Za-z0-9_\-])"),
        None,
        _always,
    ),
    (
        "google_oauth_secret",
        ("gocspx-",),
        re.compile(_starts_run("GOCSPX-") + r"[A-Za-z0-9_\-]{20,}"),
        None,
        _always,
    ),
    (
        "google_oauth_token",
        ("ya29.",),
        re.compile(_starts_run(r"ya29\.") + r"[A-Za-z0-9_\-]{20,}"),
        None,
        _always,
    ),
    (
        "aws_access_key",
        ("akia", "asia", "abia", "acca", "agpa", "aida", "aipa", "anpa", "anva", "aroa", "apka", "asca"),
        re.compile(
            r"A(?:KIA|SIA|BIA|CCA|GPA|IDA|IPA|NPA|NVA|ROA|PKA|SCA)(?<![A-Za-z0-9_\-]....)[A-Z0-9]{16}(?![A-Za-z0-9])"
        ),
        None,
        _always,
    ),
    (
        "npm_token",
        ("npm_",),
        re.compile(_starts_run("npm_") + r"[A-Za-z0-9]{36}(?![A-Za-z0-9])"),
        None,
        _always,
    ),
    (
        "pypi_token",
        ("pypi-age",),
        re.compile(_starts_run("pypi-AgE") + r"[A-Za-z0-9_\-]{50,}"),
        None,
        _always,
    ),
    (
        "huggingface_token",
        ("hf_",),
        re.compile(_starts_run("hf_") + r"[A-Za-z]{34}(?![A-Za-z0-9])"),
        None,
        _always,
    ),
    (
        "sendgrid_key",
        ("sg.",),
        re.compile(_starts_run(r"SG\.") + r"[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43}(?![A-Za-z0-9_\-])"),
        None,
        _always,
    ),
    (
        "databricks_token",
        ("dapi",),
        re.compile(r"(?:(?<=\\n)|(?<![A-Za-z0-9_\-]))dapi[0-9a-f]{32}(?:-\d)?(?![A-Za-z0-9])"),
        None,
        _always,
    ),
    (
        "newrelic_key",
        ("nr",),
        re.compile(_starts_run("NR(?:AK|II|JS|AL)-") + r"[A-Z0-9]{20,40}(?![A-Za-z0-9])"),
        None,
        _always,
    ),
    *(
        (
            "asana_token",
            (f"{n}/",),
            re.compile(rf"{n}/(?<![\w/]{n}/)[0-9]{{10,20}}(?:/[0-9]{{10,20}})?:[0-9a-f]{{32}}(?![0-9a-f])"),
            None,
            _always,
        )
        for n in "012"
    ),
    (
        "webhook",
        ("hooks.zapier.com/",),
        re.compile(r"hooks\.zapier\.com/hooks/catch/[0-9]{4,20}/(?P<path>[A-Za-z0-9]{6,40})"),
        "path",
        _always,
    ),
    (
        "conda_token",
        ("anaconda.org/t/",),
        re.compile(r"anaconda\.org/t/(?P<body>[A-Za-z0-9_\-]{16,80})/"),
        "body",
        _mixed(False),
    ),
    (
        "jwt",
        ("eyj",),
        re.compile(_starts_run("eyJ") + r"[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{2,}\.[A-Za-z0-9_\-]*"),
        None,
        _always,
    ),
    (
        "bearer_token",
        ("bearer",),
        re.compile(r"(?<![A-Za-z0-9_])bearer[ \t]{1,4}(?P<body>[A-Za-z0-9\-._~+/]{16,}=*)", re.IGNORECASE),
        "body",
        _mixed(False, defer_to_own_rules=True),
    ),
    (
        "basic_auth",
        ("basic",),
        re.compile(
            r"(?<![A-Za-z0-9_])basic[ \t]{1,4}(?P<body>[A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])",
            re.IGNORECASE,
        ),
        "body",
        _decodes_to_credentials,
    ),
)


_ALL_NEEDLES = tuple(sorted({needle for rule in _SHAPED_RULES for needle in rule[1]}))


# ---- private key blocks (the first pass of redact(), before any shaped token) ----

_PEM_BEGIN = re.compile(r"-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----")
_PEM_END = re.compile(r"-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----")
_PEM_BODY = re.compile(r"(?:[A-Za-z0-9+/=:,\- \t\r\n]|\\n|\\r){0,20000}")


def private_key_spans(text: str) -> list[tuple[int, int, str, str]]:
    """Whole key blocks; an unterminated block loses its base64 body up to the first non-key character."""
    if "PRIVATE KEY" not in text:
        return []
    spans: list[tuple[int, int, str, str]] = []
    ends = list(_PEM_END.finditer(text))
    begins = list(_PEM_BEGIN.finditer(text))
    end_index = 0
    pos = 0
    for index, begin in enumerate(begins):
        if begin.start() < pos:
            continue
        while end_index < len(ends) and ends[end_index].start() < begin.end():
            end_index += 1
        next_begin = begins[index + 1].start() if index + 1 < len(begins) else len(text)
        if end_index < len(ends) and ends[end_index].start() < next_begin:
            pos = ends[end_index].end()
            end_index += 1
        else:
            body = _PEM_BODY.match(text, begin.end())
            pos = body.end() if body else begin.end()
        spans.append((begin.start(), pos, marker("private_key"), "private_key"))
    return spans
