"""Credentials in network device and service configuration: a pass of :func:`mnemon.safety.redact.redact`.

These forms carry a password without a key word the assignment rules know, so they are read by their syntax:

* **SNMP communities and v3 passphrases**: ``rocommunity``/``rwcommunity``/``com2sec`` lines of snmpd.conf,
  ``snmp-server community X`` on routers and switches, the ``-c`` community and the ``-A``/``-X`` v3
  passphrases of net-snmp tools (``snmpwalk``, ``snmpget``, ...), and ``createUser name SHA "auth" AES "priv"``;
* **router passwords typed in clear or in the reversible type 7**: ``username ops privilege 15 password 0 X``,
  ``enable secret 0 X``, ``password 7 0822455D0A16`` (a hashed type such as 5 or 9 is a hash, below);
* **Redis ACL users**: the ``>password`` of ``ACL SETUSER name on >pw`` and of ``user name on >pw`` lines;
* (password hashes in crypt format were redacted here until redaction rules 15; they are verifiers, not
  credentials, and :mod:`mnemon.safety.secretlooks` keeps them);
* **expect scripts**: the ``send "X\\r"`` answering an ``expect`` that waits for a password prompt;
* **static key blocks**: the hex body of ``-----BEGIN OpenVPN Static key V1-----`` (``tls-auth``, ``tls-crypt``);
* **sssd's ``ldap_default_authtok = X``** (and other ``authtok`` settings): the bind password under its own name.

Each form is found from a literal needle and read by bounded patterns, so cost stays linear.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from mnemon.safety.secretforms import Span, _literal, _span
from mnemon.safety.spans import positions

_VALUE = r"(?P<val>\"[^\"\n]{1,128}\"|'[^'\n]{1,128}'|[^\s\"'#;][^\s\"';]{0,127})"
_SNMP_CONF = re.compile(r"^[ \t]*(?:ro|rw)community6?[ \t]+" + _VALUE, re.MULTILINE | re.IGNORECASE)
_COM2SEC = re.compile(r"^[ \t]*com2sec6?[ \t]+\S{1,64}[ \t]+\S{1,64}[ \t]+" + _VALUE, re.MULTILINE | re.IGNORECASE)
_SNMP_SERVER = re.compile(r"\bsnmp-server[ \t]+community[ \t]+" + _VALUE, re.IGNORECASE)
_SNMP_TOOL = re.compile(r"snmp(?:walk|bulkwalk|get|getnext|bulkget|set|table|trap|inform|df|status|netstat)\b[^\n]{0,200}")
_SNMP_FLAG = re.compile(r"(?:^|[ \t])-(?P<flag>[cAX])[ \t]*" + _VALUE)
_CREATE_USER = re.compile(
    r"\bcreateUser[ \t]+(?:-e[ \t]+\S{1,64}[ \t]+)?\S{1,64}[ \t]+(?:MD5|SHA[\w-]{0,8})[ \t]+" + _VALUE.replace("val", "auth")
    + r"(?:[ \t]+(?:DES|AES[\w-]{0,8})[ \t]+" + _VALUE.replace("val", "priv") + ")?",
    re.IGNORECASE,
)
_ROUTER_TYPE = re.compile(r"[ \t]+(?P<type>[07])[ \t]+(?P<val>\S{4,128})")
_ROUTER_PREFIX = re.compile(
    r"[ \t]*(?:enable[ \t]+)?|[^\n]{0,80}?\busername[ \t]+\S{1,64}(?:[ \t]+privilege[ \t]+\d{1,2})?[ \t]+"
)
"""What precedes ``password``/``secret`` on a router line: the line start, ``enable``, or ``username NAME``."""
_REDIS_ACL = re.compile(r"[^\n]{0,40}?(?:\bACL[ \t]+SETUSER|^[ \t]*user)[ \t]+\S{1,64}(?P<rules>[^\n]{0,300})",
                        re.IGNORECASE | re.MULTILINE)
_ACL_PASSWORD = re.compile(r"(?:^|[ \t])>(?P<val>[^\s]{4,128})")
_EXPECT = re.compile(r"expect[ \t]+[^\n]{0,60}?(?:assword|assphrase|passcode|PIN)[^\n]{0,30}\n(?:[ \t]*#[^\n]*\n){0,3}"
                     r"[ \t]*send[ \t]+(?:--[ \t]+)?\"(?P<val>[^\"\n]{1,128}?)(?:\\r|\\n)?\"")
_STATIC_KEY = re.compile(r"-----BEGIN OpenVPN Static key V\d-----(?P<body>[\s0-9a-fA-F]{32,4096}?)-----END OpenVPN Static key")
_AUTHTOK = re.compile(r"^[ \t]*\w{0,40}authtok[ \t]*[=:][ \t]*" + _VALUE, re.MULTILINE | re.IGNORECASE)


def device_spans(text: str, lowered: str) -> list[Span]:
    """Every credential of the forms in this module's docstring."""
    spans: list[Span] = []
    if "community" in lowered or "com2sec" in lowered:
        for rule in (_SNMP_CONF, _COM2SEC, _SNMP_SERVER):
            spans.extend(_valued(text, rule.finditer(text)))
    if "snmp" in lowered:
        spans.extend(_snmp_tool_spans(text, lowered))
    if "createuser" in lowered:
        spans.extend(_create_user_spans(text))
    for word in ("password", "secret"):
        spans.extend(_router_spans(text, lowered, word))
    if ">" in text and " >" in text and "user" in lowered:
        spans.extend(_acl_spans(text))
    if "send" in lowered:
        matches = (_EXPECT.match(text, pos) for pos in positions(lowered, "expect"))
        spans.extend(_valued(text, (m for m in matches if m is not None)))
    if "openvpn static key" in lowered:
        for m in _STATIC_KEY.finditer(text):
            body = m.group("body").strip()
            start = text.index(body, m.start("body"))
            spans.append(_span(start, body, "private_key"))
    if "authtok" in lowered:
        spans.extend(_valued(text, _AUTHTOK.finditer(text)))
    return spans


def _valued(text: str, matches: Iterable[re.Match[str]], group: str = "val") -> list[Span]:
    spans: list[Span] = []
    for m in matches:
        span = _value_span(m, group)
        if span is not None:
            spans.append(span)
    return spans


def _value_span(m: re.Match[str], group: str = "val") -> Span | None:
    raw = m.group(group)
    if raw is None:
        return None
    start = m.start(group)
    if len(raw) >= 2 and raw[0] in "'\"" and raw[-1] == raw[0]:
        raw, start = raw[1:-1], start + 1
    if not raw or raw.lower() in _NOT_VALUES or not _literal(raw) or raw.startswith("[REDACTED"):
        return None
    return _span(start, raw, "password")


_NOT_VALUES = frozenset({"public", "private", "default", "none", "null", "password", "secret", "community"})
"""Words read as a value by the patterns but naming one: ``rocommunity public`` is the well-known default
community, kept because it is a fact about the device rather than a secret of its owner."""


def _snmp_tool_spans(text: str, lowered: str) -> list[Span]:
    spans: list[Span] = []
    for pos in positions(lowered, "snmp"):
        line = _SNMP_TOOL.match(text, pos) if pos == 0 or not text[pos - 1].isalnum() else None
        if line is None:
            continue
        for m in _SNMP_FLAG.finditer(text, line.start(), line.end()):
            span = _value_span(m)
            if span is not None:
                spans.append(span)
    return spans


def _create_user_spans(text: str) -> list[Span]:
    spans: list[Span] = []
    for m in _CREATE_USER.finditer(text):
        for group in ("auth", "priv"):
            span = _value_span(m, group)
            if span is not None:
                spans.append(span)
    return spans


def _router_spans(text: str, lowered: str, word: str) -> list[Span]:
    spans: list[Span] = []
    for pos in positions(lowered, word):
        m = _ROUTER_TYPE.match(text, pos + len(word))
        if m is None or (m.group("type") == "7" and not re.fullmatch(r"[0-9A-Fa-f]{4,128}", m.group("val"))):
            continue
        line_start = text.rfind("\n", 0, pos) + 1
        if _ROUTER_PREFIX.fullmatch(lowered, line_start, pos) is None:
            continue
        span = _value_span(m)
        if span is not None:
            spans.append(span)
    return spans


def _acl_spans(text: str) -> list[Span]:
    spans: list[Span] = []
    done = -1
    for pos in positions(text, " >"):
        line_start = text.rfind("\n", 0, pos) + 1
        if line_start <= done:
            continue
        line = _REDIS_ACL.match(text, line_start)
        if line is None or not line.start("rules") <= pos + 1 < line.end("rules"):
            continue
        done = line_start
        rules = line.group("rules")
        if not re.search(r"(?:^|[ \t])(?:on|off|~\S|\+@|&|resetpass|nopass)", rules):
            continue
        for m in _ACL_PASSWORD.finditer(text, line.start("rules"), line.end("rules")):
            span = _value_span(m)
            if span is not None:
                spans.append(span)
    return spans
