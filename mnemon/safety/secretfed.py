"""Secrets handed to something by position rather than by name: rounds 17 and 18's classes of missed secrets, a
pass of :func:`mnemon.safety.redact.redact` (:func:`fed_spans`).

A value is a secret by where it goes as much as by what it is called. Forms:

* **a key through a decoding call**: a credential-named variable assigned a literal wrapped in the call that turns
  it into bytes (``cipher_key = hex::decode("...")``, ``Buffer.from("...", "hex")``, ``unhexlify``,
  ``b64decode``, ``Convert.FromBase64String``);
* **a key file pasted after its name**: a comment or ``cat`` naming a key file (``session.key``,
  ``master.key``, ``secret.key``) and, on the next line, nothing but a long hex or base64 string;
* **an auth header as a pair**: ``("authorization", "Key ...")`` in gRPC metadata or a header list, with any
  scheme word before the value;
* **the password argument of a connect call**: the third literal of ``DBI->connect``, ``new PDO``,
  ``mysqli_connect``, ``getConnection``, ``pymssql.connect`` and any other call named for a connection, after a
  data source and a user;
* **a literal fed to a command that reads its password from standard input**: ``echo 'x' | sudo -S``,
  ``printf ... | passwd --stdin``, ``cryptsetup open ... <<< 'x'``, and a mail client's password command that
  only echoes it (``PassCmd "echo x"``, ``passwordeval = echo x``);
* **SQL**: ``IDENTIFIED BY "x"`` in double quotes (Oracle), where the other pass reads single quotes;
* **URL userinfo holding a slash**: generated passwords in base64 carry ``/`` (a cloud's git credentials), which
  the URL pass stops at.

Each value must read as a password or an issued token (:func:`mnemon.safety.secretforms._password_like`,
:func:`mnemon.safety.secretwords.token_like`) and not be a placeholder or reference.
"""

from __future__ import annotations

import re

from mnemon.safety.secretforms import Span, _password_like, _span
from mnemon.safety.secretwords import is_placeholder, token_like

_DECODED = re.compile(
    r"=[ \t]*(?:new[ \t]+)?[\w.:]{0,40}?"
    r"(?:fromhex|unhexlify|b64decode|urlsafe_b64decode|decodebytes|Buffer\.from|hex::decode|DecodeString|decode_hex"
    r"|FromBase64String|FromHexString|hex2bin|base64_decode|Hex\.decode|decodeHex|parseHexBinary)[ \t]*\([ \t]*"
    r"(?P<q>[\"'])(?P<val>[A-Za-z0-9+/=_-]{16,512})(?P=q)"
)
_KEY_BEFORE = re.compile(r"(?P<key>[A-Za-z_][\w.]{0,63})[ \t]*(?::[ \t]*[\w\[\]<>]+[ \t]*)?$")
"""The variable an ``=`` assigns to (with a type annotation, in Rust or TypeScript), read back from the ``=``."""
_KEY_NAME = re.compile(r"(?i)key|secret|token|hmac|signing|cipher|aes|seed|pepper|salt|passw|cred")
_KEY_FILE = re.compile(
    r"(?:^|\n)[ \t]*(?:#|//|\$|>)[^\n]{0,80}?[\w.-]*(?:\.key|key\.txt|\.secret|_key|\.pass)\b[^\n]{0,20}\n[ \t]*"
    r"(?P<val>[0-9a-f]{32,256}|[A-Za-z0-9+/]{32,256}={0,2})[ \t]*(?=\n|$)"
)
_AUTH_PAIR = re.compile(
    r"[\"']authorization[\"'][ \t]*[,:][ \t]*[\"'](?:[A-Za-z-]{2,20}[ \t]+)(?P<val>[A-Za-z0-9._~+/=-]{16,512})[\"']",
    re.IGNORECASE,
)
_LITERAL = r"(?:\"[^\"\n]{0,200}\"|'[^'\n]{0,200}'|[\w.$>-]{1,80})"
_CONNECT = re.compile(
    r"(?:connect\w{0,20}|\bnew[ \t]+PDO|\bgetConnection|\bDBI->connect)[ \t]*\([ \t]*" + _LITERAL + r"[ \t]*,[ \t]*"
    + _LITERAL + r"[ \t]*,[ \t]*(?P<q>[\"'])(?P<val>[^\"'\n]{6,128})(?P=q)",
    re.IGNORECASE,
)
_STDIN_READERS = (r"(?:sudo[ \t]+-S|--password-stdin|--passphrase-fd[ \t]+0|--stdin|\bpasswd\b|\bchpasswd\b|\bcryptsetup\b"
                  r"|\bgocryptfs\b|\bveracrypt\b|\bkinit\b|-pass(?:in)?[ \t]+stdin|-passfile[ \t]+/dev/stdin)")
_PIPED = re.compile(
    r"\b(?:echo|printf)(?:[ \t]+-[ne]+)?(?:[ \t]+(?P<f>[\"'])%s(?:\\n)?(?P=f))?[ \t]+(?P<q>[\"'])(?P<val>[^\"'\n]{4,128})(?P=q)"
    r"[ \t]*\|[^|\n]{0,80}?" + _STDIN_READERS
)
_HERE = re.compile(_STDIN_READERS + r"[^\n]{0,160}?<<<[ \t]*(?P<q>[\"']?)(?P<val>[^\"'\s]{4,128})(?P=q)")
_ECHO_COMMAND = re.compile(
    r"(?i)\b(?:passcmd|passwordeval|password_?command|password_?cmd|pass_?cmd|passeval)[\"']?[ \t]*[=: ][ \t]*[\"']?"
    r"[ \t]*echo[ \t]+[\"']?(?P<val>[^\s\"']{4,128})"
)
_IDENTIFIED = re.compile(r"(?i)\bidentified[ \t]+by[ \t]+\"(?P<val>[^\"\n]{4,256})\"")
_SLASHED_USERINFO = re.compile(
    r"://[^\s:/@]{1,64}:(?P<val>[A-Za-z0-9+=_~.-]*/[A-Za-z0-9+/=_~.-]{4,128})@[\w-]+(?:\.[\w-]+)+"
)
_NEEDLES = (
    ("fromhex", "unhexlify", "decode", "buffer.from", "hex2bin", "parsehexbinary"),
    (".key", "key.txt", ".secret", ".pass"),
    ("\"authorization", "'authorization"),
    ("connect", "pdo"),
    ("stdin", "sudo -s", "passwd", "crypt", "kinit", "passphrase-fd"),
    ("<<<",),
    ("passcmd", "passwordeval", "password_command", "passwordcommand", "password_cmd", "passwordcmd", "pass_cmd", "passeval"),
    ("identified",),
    ("://",),
)
"""For each form, the substrings one of which its line must hold."""
_ALL_NEEDLES = tuple(needle for needles in _NEEDLES for needle in needles)
_PATTERNS = (_DECODED, _KEY_FILE, _AUTH_PAIR, _CONNECT, _PIPED, _HERE, _ECHO_COMMAND, _IDENTIFIED, _SLASHED_USERINFO)


def fed_spans(text: str, lowered: str) -> list[Span]:
    """Values this module's forms hand to a call, a command or a file (its docstring); ``lowered`` is ``text``'s
    ASCII lower case. Each form is tried only on the lines that hold its needle, so a memory without one costs a
    few substring tests."""
    present = [needle for needle in _ALL_NEEDLES if needle in lowered]
    if not present:
        return []
    spans: list[Span] = []
    for pattern, needles in zip(_PATTERNS, _NEEDLES, strict=True):
        found = tuple(needle for needle in present if needle in needles)
        if not found:
            continue
        for lo, hi in _needle_lines(lowered, found, pattern is _KEY_FILE):
            for match in pattern.finditer(text, lo, hi):
                if pattern is _DECODED:
                    key = _KEY_BEFORE.search(text, max(lo, match.start() - 80), match.start())
                    if key is None or not _KEY_NAME.search(key.group("key")):
                        continue
                value = match.group("val")
                if is_placeholder(value) or not (_password_like(value) or token_like(value)):
                    continue
                spans.append(_span(match.start("val"), value, "password" if pattern in _PASSWORDS else "secret"))
    return spans


def _needle_lines(lowered: str, needles: tuple[str, ...], two: bool) -> list[tuple[int, int]]:
    """The lines (with the next one when ``two``) holding one of ``needles``, merged, in order."""
    found: list[tuple[int, int]] = []
    for needle in needles:
        pos = lowered.find(needle)
        while pos >= 0:
            lo = lowered.rfind("\n", 0, pos) + 1
            hi = lowered.find("\n", pos)
            hi = len(lowered) if hi < 0 else hi
            if two and hi < len(lowered):
                nxt = lowered.find("\n", hi + 1)
                hi = len(lowered) if nxt < 0 else nxt
            found.append((max(0, lo - 1), hi))
            pos = lowered.find(needle, hi)
    found.sort()
    merged: list[tuple[int, int]] = []
    for lo, hi in found:
        if merged and lo <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
        else:
            merged.append((lo, hi))
    return merged


_PASSWORDS = (_CONNECT, _PIPED, _HERE, _ECHO_COMMAND, _IDENTIFIED, _SLASHED_USERINFO)
