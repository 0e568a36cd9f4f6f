"""Credentials given to a command, a config file, code or a chat in forms the other passes of
:func:`mnemon.safety.redact.redact` did not read: round 26's classes of missed secrets, a pass of its own
(:func:`given_spans`, run inside ``secretentered``'s pass), and its look-alike classes (:func:`public_form`).
Each form is guarded by a literal, so text without it costs one ``in`` test per form.

* **a password fed to a command that reads it as one**: a quoted value echoed or printed into a pipe to a command
  with ``password_stdin``; the argument of ``openssl passwd`` and ``mkpasswd`` (which hash a password given in
  clear); the ``-a`` value of a Redis-protocol client (``redis-cli``, ``iredis``, ``keydb-cli``, ``valkey-cli``,
  ``memtier_benchmark``); a ``--set`` of an encrypted-file editor whose JSON path names a secret;
* **a password between a user with a domain and a host** (``admin@vsphere.local:PASSWORD@vcenter``);
* **a join token in a cluster join address's path** (``join host:25000/TOKEN``) and **an API key as the last
  segment of an RPC URL** (a host named ``rpc``, or a ``/v2/``-style path), as a hex run;
* **a credentials file in columns**: a URL or host, a user and a password with a password's mix, in a text that
  names such a file (davfs2's ``secrets``, ``.netrc``, ``.passwd-s3fs``);
* **a key written as a list of byte numbers** (16 or more) under a name holding ``key``, ``secret`` or ``psk``,
  in brackets or (``0x..``) braces;
* **a password after a ``cleartext`` marker** (``login = cleartext "..."``: TACACS+, PPP);
* **passwords in Lisp, Forth and q code**: a ``def``/``define`` whose name holds a secret word, the last string of
  an Emacs ``...-credentials`` list, a Forth string stored into a ``...-pass`` variable, a kdb+ ``hopen`` address
  ``:host:port:user:password``;
* **a password or key said in chat without a copula or after an elided one** ("parolü VALUE", "a l'é VALUE") or
  as ``user NAME / PASSWORD``;
* **a private key in an identity dump** (``"priv": "<hex>"``) and **an API key header named for a vendor**
  (``x-<vendor>-key: <uuid>``).

Look-alikes (:func:`public_form`): binary trace and client headers (``grpc-trace-bin``, ``X-Client-Data``), ids
named as ids (``UID``, ``user_``, ``sess_``, ``prj_``, ``team_``, ``org_``), decentralised identifiers
(``did:key:``), a password stored salted and hashed (``{`` and forty hex digits), binary files in a config map's
``binaryData``, and the entry a password manager is asked to show (``lpass show --password 'Folder/entry'``).
"""

from __future__ import annotations

import re

from mnemon.safety.secretnoted import _literal, _mixed
from mnemon.safety.secretwords import marker
from mnemon.safety.spans import starts

Span = tuple[int, int, str, str]

_STDIN_FED = re.compile(r"(?:echo|printf(?:[ \t]+'%s')?)[ \t]+(?:-n[ \t]+)?(?P<q>[\"'])(?P<val>[^\"'\n]{4,128})(?P=q)"
                        r"[ \t]*\|[^\n|]{0,200}?password_stdin")
_HASHED_CLEAR = re.compile(r"(?:openssl[ \t]+passwd|mkpasswd)(?:[ \t]+-{1,2}[\w-]{1,12}(?:[ \t]+(?!['\"])[\w$./-]{1,20})?)*"
                           r"[ \t]+(?P<q>[\"']?)(?P<val>[^\s\"'-][^\s\"']{3,127})(?P=q)(?=[\s)]|$)")
_RESP_CLIENT = re.compile(r"\b(?:i?redis(?:-cli)?|keydb-cli|valkey-cli|memtier_benchmark|kvrocks-cli)\b[^\n]{0,160}?"
                          r"[ \t]-a[ \t]+(?P<q>[\"']?)(?P<val>[^\s\"'-][^\s\"']{3,127})(?P=q)(?=\s|$)")
_SET_PATH = re.compile(r"--set[ \t]+'\[[^'\n]{0,120}?(?:pass|secret|token|key)[^'\n]{0,60}?\][ \t]+\"(?P<val>[^\"\n]{4,128})\"'")
_DOMAIN_USER = re.compile(r"@[\w-]{1,64}(?:\.[\w-]{1,64})+:(?P<val>[^\s:@'\"/]{6,128})@[\w-]{1,64}\.[\w.-]{1,128}")
"""From a user's domain (``@vsphere.local``) on: a literal first, so the scan is quick; the user is checked apart."""
_JOIN = re.compile(r"\bjoin[ \t]+[\w.-]{1,128}:\d{2,5}/(?P<val>[0-9a-fA-F]{16,128})(?![0-9a-fA-F])")
_RPC_KEY = re.compile(r"https?://[\w.-]{0,80}(?:\brpc\b|rpc[.-])[\w.-]{0,80}/(?:[\w-]{1,30}/){0,2}(?P<val>[0-9a-f]{32,64})\b"
                      r"|https?://[\w.-]{3,120}/v[1-3]/(?P<val2>[0-9a-f]{32,64})\b")
_COLUMNS = re.compile(r"[ \t]*(?P<first>https?://\S{3,200}|[\w-]{1,63}(?:\.[\w-]{1,63})+)[ \t]+[\w.@-]{1,64}[ \t]+"
                      r"(?P<q>[\"']?)(?P<val>[^\s\"'#][^\s\"']{5,127})(?P=q)[ \t]*(?=\n|$)")
_CREDENTIALS_FILE = ("/secrets", "netrc", ".passwd", "passwd-", "davfs", "credentials file", "secrets file")
"""Names of credentials files kept in columns (davfs2's ``secrets``, ``.netrc``, ``.passwd-s3fs``)."""
_BYTE_LIST = re.compile(r"\[[ \t]*(?:\d{1,3}[ \t]*,[ \t]*){15,63}\d{1,3}[ \t]*\]"
                        r"|\{[ \t]*(?:0x[0-9a-fA-F]{2}[ \t]*,[ \t]*){15,63}0x[0-9a-fA-F]{2}[ \t]*\}")
_BYTE_KEY_NAME = re.compile(r"(?:key|secret|psk)\w{0,20}(?:\[\d{0,3}\])?[\"']?[ \t]*[:=][ \t]*(?=[\[{])")
"""The name a byte list is given (read on the lower case, from each place a secret's word starts)."""
_CLEARTEXT = re.compile(r"\bcleartext[ \t]+(?P<q>\"?)(?P<val>[^\s\"]{4,128})(?P=q)")
_LISP_DEF = re.compile(r"\((?:def|define|defvar|defparameter|defconst|defconstant|setq|setv)[ \t]+[\w*-]{0,40}"
                       r"(?:pass|secret|token|api-key|pw)[\w*-]{0,20}[ \t]+\"(?P<val>[^\"\n]{4,128})\"")
_LISP_CREDENTIALS = re.compile(r"credentials[ \t]+'?\(\((?:[ \t]*(?:\"[^\"\n]{0,128}\"|\d{1,6}))+[ \t]+\"(?P<val>[^\"\n]{4,128})\""
                               r"[ \t]*\)")
_FORTH = re.compile(r"\bs\"[ \t](?P<val>[^\"\n]{4,128})\"[ \t]+[\w-]{0,30}(?:pass|secret|key|token)[\w-]{0,20}[ \t]+2?!")
_HOPEN = re.compile(r"\bhopen[ \t]*`(?:\$\")?:[\w.-]{1,128}:\d{2,5}:[^:\s\"`]{1,64}:(?P<val>[^\s\"`]{4,128})")
_ELIDED = re.compile(r"(?i)\b(?:parol\w{0,2}|ciav\b[^\n,;]{0,50}?\bl'é|contrasign\w{0,3}\b[^\n,;]{0,50}?\bes)[ \t]+"
                     r"(?P<val>[^\s,;]{8,128})")
_USER_SLASH = re.compile(r"\b(?:user|login|username)\b[^\n/]{0,40}?[ \t](?P<user>[\w.@-]{2,40})[ \t]+/[ \t]+"
                         r"(?P<val>[^\s/,;()]{8,128})(?=[\s,;)]|$)")
_PRIV_JSON = re.compile(r"[\"'](?:priv|privkey|priv_key|private)[\"'][ \t]*:[ \t]*[\"'](?P<val>[0-9a-fA-F]{64,256})[\"']")
_VENDOR_KEY_HEADER = re.compile(r"(?im)^[ \t]*x-[\w-]{2,40}-(?:api-)?(?:key|token)[ \t]*:[ \t]*(?P<val>[0-9a-f]{8}-[0-9a-f]{4}-"
                                r"[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b")


def given_spans(text: str, lowered: str) -> list[Span]:
    """The spans of this module's forms (its docstring); each regex is tried only where its literal occurs."""
    spans: list[Span] = []
    if "password_stdin" in lowered:
        spans += [_span(m, "password") for m in _STDIN_FED.finditer(text) if _shaped(m.group("val"))]
    if "openssl passwd" in lowered or "mkpasswd" in lowered:
        spans += [_span(m, "password") for m in _HASHED_CLEAR.finditer(text) if _clear(m)]
    if " -a " in text:
        spans += [_span(m, "password") for m in _RESP_CLIENT.finditer(text) if _literal(m.group("val"))]
    if "--set" in text:
        spans += [_span(m, "password") for m in _SET_PATH.finditer(text) if _literal(m.group("val"))]
    first_at = text.find("@")
    if first_at >= 0 and text.find("@", text.find(":", first_at) + 1) > 0 and text.find(":", first_at) > 0:
        spans += [_span(m, "password") for m in _DOMAIN_USER.finditer(text)
                  if m.start() and (text[m.start() - 1].isalnum() or text[m.start() - 1] in "._-")
                  and _literal(m.group("val"))]
    if "join " in lowered:
        spans += [_span(m, "token") for m in _JOIN.finditer(text)]
    if "://" in text and ("rpc" in lowered or "/v1/" in lowered or "/v2/" in lowered or "/v3/" in lowered):
        spans += [_group_span(m, "api_key") for m in _RPC_KEY.finditer(lowered)]
    if any(needle in lowered for needle in _CREDENTIALS_FILE):
        spans += _columns(text)
    if text.count(",") >= 15 and ("key" in lowered or "secret" in lowered or "psk" in lowered):
        spans += _byte_keys(text, lowered)
    if "cleartext" in lowered:
        spans += [_span(m, "password") for m in _CLEARTEXT.finditer(text) if _literal(m.group("val"))]
    if "(def" in lowered or "(setq" in lowered or "(setv" in lowered:
        spans += [_span(m, "password") for m in _LISP_DEF.finditer(lowered) if _literal(m.group("val"))]
        if "credentials" in lowered:
            spans += [_span(m, "password") for m in _LISP_CREDENTIALS.finditer(text)]
    if "s\" " in lowered:
        spans += [_span(m, "password") for m in _FORTH.finditer(lowered)]
    if "hopen" in lowered:
        spans += [_span(m, "password") for m in _HOPEN.finditer(text)]
    if "parol" in lowered or "ciav" in lowered or "contrasign" in lowered:
        spans += [_span(m, "password") for m in _ELIDED.finditer(text) if _chat_value(m.group("val"))]
    if " / " in text and ("user" in lowered or "login" in lowered):
        spans += [_span(m, "password") for m in _USER_SLASH.finditer(text) if _chat_value(m.group("val"))]
    if "\"priv" in lowered or "'priv" in lowered:
        spans += [_span(m, "private_key") for m in _PRIV_JSON.finditer(text)]
    if "-key:" in lowered or "-token:" in lowered:
        spans += [_span(m, "api_key") for m in _VENDOR_KEY_HEADER.finditer(text)]
    return spans


def _span(match: re.Match[str], kind: str) -> Span:
    return match.start("val"), match.end("val"), marker(kind), kind


def _group_span(match: re.Match[str], kind: str) -> Span:
    group = "val" if match.group("val") is not None else "val2"
    return match.start(group), match.end(group), marker(kind), kind


def _shaped(value: str) -> bool:
    """A password's shape: a mix of character classes, or eight characters or more (not a short word)."""
    return _literal(value) and (_mixed(value) or len(value) >= 8)


def _clear(match: re.Match[str]) -> bool:
    """A clear password handed to a hasher: quoted, or with a password's mix (not ``help`` or a file name)."""
    value = match.group("val")
    return _literal(value) and (bool(match.group("q")) or _mixed(value))


def _columns(text: str) -> list[Span]:
    """Lines of a credentials file in columns (:data:`_COLUMNS`), matched from each line's start."""
    spans: list[Span] = []
    line_start = 0
    while line_start >= 0:
        match = _COLUMNS.match(text, line_start)
        if match is not None and _literal(match.group("val")) and _mixed(match.group("val")) and len(match.group("val")) >= 8:
            spans.append(_span(match, "password"))
        line_start = text.find("\n", line_start) + 1 or -1
    return spans


def _byte_keys(text: str, lowered: str) -> list[Span]:
    """Byte lists (:data:`_BYTE_LIST`) right after a name holding a secret's word (:data:`_BYTE_KEY_NAME`)."""
    spans: list[Span] = []
    for pos in starts(lowered, ("key", "secret", "psk")):
        name = _BYTE_KEY_NAME.match(lowered, pos)
        listed = _BYTE_LIST.match(text, name.end()) if name is not None else None
        if listed is not None:
            spans.append((listed.start(), listed.end(), marker("secret"), "secret"))
    return spans


def _chat_value(value: str) -> bool:
    """A value said in chat: a password's mix, a passphrase of words joined by hyphens with a digit, or a hex key."""
    value = value.rstrip(".!?")
    if not _literal(value) or any(c in "()[]{}<>\"'=`/" for c in value):
        return False
    if _mixed(value):
        return True
    if re.fullmatch(r"[a-z]{3,12}(?:-[a-z]{3,12}){1,5}\d{1,4}", value):
        return True
    return re.fullmatch(r"[0-9a-f]{32,64}", value) is not None and any(c.isalpha() for c in value)


_TRACE_HEADER = re.compile(r"(?im)^[ \t]*(?:[\w-]{1,40}-bin|x-client-data|traceparent|tracestate)[ \t]*:[ \t]*$")
_ID_WORD = re.compile(r"(?i)\b(?:uid|user[ \t_-]?id)[ \t]*[:=]?[ \t]*$")
_ID_PREFIXES = ("user_", "sess_", "prj_", "team_", "org_", "proj_")
_BINARY_FILE = re.compile(r"(?m)^[ \t]+[\w.-]{1,80}\.(?:ico|png|jpe?g|gif|webp|woff2?|ttf|otf|bin|pdf|zip|gz)[ \t]*:[ \t]*$")
_SALTED = re.compile(r"[0-9a-f]{40}")
_DID = re.compile(r"did:[a-z]{2,10}:$")
_SHOWN_ENTRY = re.compile(r"\blpass[ \t]+show\b[^\n]{0,60}$|\bop[ \t]+(?:item[ \t]+)?get\b[^\n]{0,40}$")


def public_form(text: str, start: int, end: int) -> bool:
    """The value ``text[start:end]`` is one of this module's look-alikes (its docstring); the cheap tests first."""
    if text.startswith(_ID_PREFIXES, start):
        return True
    if (text.startswith("{", start) and _SALTED.match(text, start + 1)) or (
            start and text[start - 1] == "{" and _SALTED.match(text, start)):
        return True
    before = text[max(0, start - 120) : start]
    head = before[before.rfind("\n") + 1 :]
    if head.endswith((":", ": ")):
        if head.endswith("did:key:") or _DID.search(head):
            return True
        if ("-bin" in head or "client-data" in head.lower() or "trace" in head) and _TRACE_HEADER.search(head):
            return True
        if _BINARY_FILE.search(head) and "binarydata" in text[max(0, start - 2000) : start].lower():
            return True
    if "id" in head[-12:].lower() and _ID_WORD.search(head):
        return True
    return bool("lpass" in head or "op " in head) and _SHOWN_ENTRY.search(head.rstrip("'\" ")) is not None
