"""Credentials handed over by position rather than by name: a pass of :func:`mnemon.safety.redact.redact`.

* **connect and login calls** whose password is a positional argument, as code or as the frame of a stack
  trace prints it: ``new PDO($dsn, 'user', 'pw')`` and ``PDO->__construct('mysql:...', 'user', 'pw', Array)``,
  ``mysqli_connect('host', 'user', 'pw')`` / ``new mysqli(...)`` / ``mysql_connect``,
  ``DriverManager.getConnection(url, "user", "pw")``, ``new Sequelize('db', 'user', 'pw')``,
  ``pymysql.connect('host', 'user', 'pw')`` and ``MySQLdb.connect``, ``ftp_login($c, 'user', 'pw')``,
  ``ldap_bind($c, 'cn=...', 'pw')``, ``FTP('host', 'user', 'pw')`` and ``x.login('user', 'pw')`` (smtplib,
  ftplib, imaplib). Only a quoted literal is taken: variables, references, placeholders and a word naming the
  secret (``'password'``) stay;
* **Oracle connect strings** ``user/password@host``: ``jdbc:oracle:thin:user/pw@//host:1521/svc``, SQL*Plus
  ``CONNECT user/pw@tns``, ``userid=user/pw@db`` and ``cx_Oracle.connect("user/pw@dsn")`` (``sqlplus user/pw``
  on a command line is :mod:`mnemon.safety.secretforms`'s);
* **userinfo with no scheme** ``user:password@``: Go's MySQL DSN ``svc:pw@tcp(10.0.0.5:3306)/db`` and
  ``user:pw@host:5432/db`` (a host and port after the ``@``).

Each call is found from a literal needle and read by bounded patterns, so cost stays linear.
"""

from __future__ import annotations

import re

from mnemon.safety.secretforms import Span, _literal, _span
from mnemon.safety.secretwords import is_placeholder, key_kind

_CALL = re.compile(
    r"(?:\bnew[ \t]+PDO|PDO(?:->|::)__construct|\bmysqli_(?:real_)?connect|\bnew[ \t]+mysqli|\bmysql_connect"
    r"|DriverManager\.getConnection|\bnew[ \t]+Sequelize|\b(?:pymysql|MySQLdb|pymssql)\.connect|\bftp_login"
    r"|\bldap_bind|\bFTP(?:_TLS)?|\.login|\bnew[ \t]+NetworkCredential|\bUsernamePasswordCredentials)[ \t]*\(",
)
_NEEDLES = ("pdo", "mysql", "getconnection", "sequelize", "pymssql", "ftp", "ldap_bind", ".login", "networkcredential",
            "passwordcredentials")
"""One of these occurs in every :data:`_CALL` match, at most 24 characters after its start (``DriverManager.getConnection``)."""
_ARG = re.compile(r"[ \t]*(?P<arg>\"[^\"\n]{0,256}\"|'[^'\n]{0,256}'|[^,()\"'\n]{1,256}|\w[\w.]{0,40}\([^()\n]{0,80}\))[ \t]*")
_PASSWORD_AT = {"mysqli_real_connect": 3, ".login": 1, "credential": 1, "credentials": 1}
"""The password's position in calls where it is not the third argument."""
_ORACLE = re.compile(
    r"(?:jdbc:oracle:\w{1,8}:|\bconn(?:ect)?[ \t]+|\buserid[ \t]*=[ \t]*[\"']?|connect[ \t]*\([ \t]*[\"'])"
    r"(?P<user>[A-Za-z][\w$#.]{0,63})/(?P<val>[^\s@/\"'<>]{1,128})@",
    re.IGNORECASE,
)


def call_spans(text: str, lowered: str) -> list[Span]:
    """Positional passwords of connect and login calls, and Oracle ``user/password@`` strings."""
    spans: list[Span] = []
    done = -1
    for pos in _starts(lowered, _NEEDLES):
        call = _CALL.search(text, max(0, pos - 24, done), pos + 40)
        if call is not None and call.start() >= done:
            done = call.end()
            spans.extend(_positional(text, call))
    if "@" in text and ":" in text:
        spans.extend(dsn_spans(text))
    if "/" not in text or "@" not in text:
        return spans
    done = -1
    for pos in _starts(lowered, _ORACLE_NEEDLES):
        match = _ORACLE.search(text, max(pos, done), pos + 220)
        if match is not None:
            done = match.end()
            value = match.group("val")
            if _literal(value) and key_kind(value) is None:
                spans.append(_span(match.start("val"), value, "password"))
    return spans


_ORACLE_NEEDLES = ("jdbc:oracle", "conn", "userid")
_USERINFO = re.compile(r"(?P<user>[A-Za-z_][\w.\-]{0,63}):(?P<val>[^\s:@/\"'`<>()]{1,128})")
_DELIMITERS = " \t\n\"'`<>(=,;["
_NOT_BEFORE_AT = frozenset(" \t\n]/\"'`<>():@")
"""A password does not end in these; "]@" is a URL password redacted already."""
_HOST_AFTER = re.compile(r"(?:tcp6?|unix|udp)\(|[A-Za-z0-9][\w.\-]{0,253}:\d{2,5}(?:[/?\s\"'`]|$)")


def dsn_spans(text: str) -> list[Span]:
    """``user:password@`` with no scheme in front: Go's MySQL DSN ``svc:pw@tcp(10.0.0.5:3306)/db`` and
    ``user:pw@host:5432/db`` written without ``postgres://`` (a scheme's userinfo is ``redact``'s URL rule)."""
    spans: list[Span] = []
    pos = text.find("@")
    while pos > 0:
        if text[pos - 1] not in _NOT_BEFORE_AT and text.find(":", max(0, pos - 129), pos) >= 0 and (
                _HOST_AFTER.match(text, pos + 1)):
            start = max(text.rfind(c, max(0, pos - 200), pos) for c in _DELIMITERS) + 1
            userinfo = _USERINFO.fullmatch(text, max(start, pos - 200), pos)
            if userinfo is not None:
                value = userinfo.group("val")
                if _literal(value) and not is_placeholder(value) and key_kind(value) is None:
                    spans.append(_span(userinfo.start("val"), value, "password"))
        pos = text.find("@", pos + 1)
    return spans


def _starts(lowered: str, needles: tuple[str, ...]) -> list[int]:
    """Sorted positions of the needles (``str.find`` is far faster than scanning with the whole pattern)."""
    found: list[int] = []
    for needle in needles:
        pos = lowered.find(needle)
        while pos >= 0:
            found.append(pos)
            pos = lowered.find(needle, pos + len(needle))
    return sorted(found)


def _positional(text: str, call: re.Match[str]) -> list[Span]:
    name = call.group(0).rstrip(" \t(").lower()
    index = next((at for key, at in _PASSWORD_AT.items() if name.endswith(key)), 2)
    args: list[tuple[str, int]] = []
    pos = call.end()
    while len(args) <= index:
        arg = _ARG.match(text, pos)
        if arg is None:
            return []
        args.append((arg.group("arg"), arg.start("arg")))
        pos = arg.end()
        if text[pos : pos + 1] != ",":
            break
        pos += 1
    if len(args) <= index or (index == 1 and text[pos : pos + 1] != ")"):
        return []
    raw, start = args[index]
    if len(raw) < 2 or raw[0] not in "'\"" or raw[-1] != raw[0]:
        return []
    value = raw[1:-1]
    if len(value) < 4 or any(c.isspace() for c in value) or is_placeholder(value) or key_kind(value) is not None:
        return []
    return [_span(start + 1, value, "password")] if _literal(value) else []
