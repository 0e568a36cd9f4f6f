"""Credentials in protocol transcripts, command lines and client code that carry them without a key word:
a pass of :func:`mnemon.safety.redact.redact`.

* **protocol transcripts**: the ``PASS`` line of an FTP or POP3 session (after ``USER`` or a 331 reply), the
  ``LOGIN user password`` of IMAP, and ``AUTH`` in a Redis ``MONITOR`` dump (``"AUTH" "pw"``, ``"auth" "user"
  "pw"``) or typed in ``redis-cli`` (``AUTH pw``);
* **positional command-line secrets**: the secret key of ``mc alias set NAME URL ACCESS SECRET`` (MinIO),
  ``signtool ... /p PASSWORD`` (the certificate's password), a quoted ``-p='...'``/``--password='...'`` after
  ``login``, a token given to an ``auth``/``authtoken``/``login`` sub-command (``<tool> auth <uuid>``), and a long
  hex run given to a flag whose last word is a key (``--session.nwk-key.key 9C0F...``, ``--app-key HEX``);
* **client helpers**: ``.bearer_auth("...")``, ``.basic_auth("user", "pw")``, ``:basic-auth ["user" "pw"]``, and a
  key passed by keyword to a login, init or client call (``sdk.login(key="...")``), also with the escaped quotes
  of code kept inside JSON (a notebook cell's ``source``);
* **credential files and device records**: a Postfix ``sasl_passwd`` line (``[host]:port user:password``), a
  RouterOS ``/snmp community set ... name="..."`` (the community is the password), and the local key of a smart
  device record (a ``key`` beside the record's ``devId`` or ``gwId``, as Tuya tools print it);
* **service headers** whose name ends in a secret word the assignment rules miss (``x-<vendor>-team``,
  ``Grpc-Metadata-macaroon``), and issued shapes with a fixed prefix: a Nostr secret key (``nsec1`` + 58
  bech32 characters), a Lightning macaroon (hex starting ``0201036c6e64``, "lnd"), an app password in its
  issued groups after "app password" (``abcd-efgh-ijkl-mnop``).

Values must be literals and look issued or like a password; each form is found from a literal needle.
"""

from __future__ import annotations

import re

from mnemon.safety.entropy import looks_generated
from mnemon.safety.secretforms import Span, _literal, _password_like, _span
from mnemon.safety.secretwords import token_like
from mnemon.safety.spans import positions

_FTP_PASS = re.compile(r"^[ \t]*(?:>[ \t]*)?PASS[ \t]+(?P<val>\S{4,128})[ \t\r]*$", re.MULTILINE)
_IMAP_LOGIN = re.compile(r"^[ \t]*\w{1,8}[ \t]+LOGIN[ \t]+\"?[^\s\"]{1,64}\"?[ \t]+\"?(?P<val>[^\s\"]{4,128})\"?",
                         re.MULTILINE)
_REDIS_MONITOR = re.compile(r"\"AUTH\"(?:[ \t]+\"[^\"\n]{1,64}\")?[ \t]+\"(?P<val>[^\"\n]{4,256})\"[ \t]*$",
                            re.MULTILINE | re.IGNORECASE)
_REDIS_CLI = re.compile(r"^[ \t]*(?:[\w.:\-]{1,64}>[ \t]*)?AUTH[ \t]+(?:\S{1,64}[ \t]+)?(?P<val>\S{6,256})[ \t]*$",
                        re.MULTILINE)
_MC_ALIAS = re.compile(r"mc[ \t]+(?:alias[ \t]+set|config[ \t]+host[ \t]+add)[ \t]+\S{1,64}[ \t]+\S{1,256}[ \t]+"
                       r"[\"']?\S{1,128}?[\"']?[ \t]+[\"']?(?P<val>[^\s\"']{4,256})")
_SIGNTOOL = re.compile(r"\bsigntool(?:\.exe)?[ \t]+sign\b[^\n]{0,200}?[ \t]/p[ \t]+[\"']?(?P<val>[^\s\"']{4,128})",
                       re.IGNORECASE)
_QUOTED_FLAG = re.compile(r"\blogin\b[^\n]{0,120}?[ \t](?:-p|--password)=?(?P<q>[\"'])(?P<val>[^\"'\n]{4,256})(?P=q)")
_AUTH_SUB = re.compile(r"(?:auth|authtoken|auth-token|login[ \t]+--token|set-token)[ \t]+[\"']?"
                       r"(?P<val>[A-Za-z0-9][A-Za-z0-9_\-.]{19,255})[\"']?[ \t]*(?:$|[;&|#])", re.MULTILINE)
_KEY_FLAG = re.compile(r"--(?P<name>[\w.\-]{0,60}key)[ \t=]+[\"']?(?P<val>[0-9A-Fa-f]{32,128})\b")
_NOT_KEY_FLAG = re.compile(r"(?:public|pub|gpg|pgp|recv|ssh|host|trusted|sign|signing|verify|cache|sort|partition|default)"
                           r"[\w.\-]{0,10}key$")
_HELPER = re.compile(r"\.bearer_auth[ \t]*\([ \t]*\"(?P<val>[^\"\n]{8,512})\""
                     r"|(?:\.basic_auth|:basic-auth)[ \t]*[(\[][ \t]*\"[^\"\n]{1,128}\"[ \t]*,?[ \t]*(?:Some\()?"
                     r"\"(?P<pw>[^\"\n]{4,256})\"")
_HEADER = re.compile(r"(?P<name>x-[a-z0-9]{2,30}-(?:team|apikey|api-token|auth-token|access-key)|grpc-metadata-macaroon)"
                     r"[ \t]*:[ \t]*[\"']?(?P<val>[A-Za-z0-9_\-+/=]{16,1024})", re.IGNORECASE)
_SASL_LINE = re.compile(r"^[ \t]*\[?[\w.\-]{3,128}\]?(?::\d{1,5})?[ \t]+[^\s:]{1,128}:(?P<val>\S{6,256})[ \t]*$", re.MULTILINE)
_ROS_COMMUNITY = re.compile(r"/snmp[ \t]+community[ \t]+(?:add|set)\b[^\n]{0,120}?\bname=\"?(?P<val>[^\s\"]{6,64})")
_DEVICE_KEY = re.compile(r"[\"'](?:key|local_?key|localKey)[\"'][ \t]*:[ \t]*[\"'](?P<val>[^\"'\n]{16,64})[\"']")
_KEY_KWARG = re.compile(r"(?:api_?key|key|token|secret)[ \t]*=[ \t]*\\?[\"'](?P<val>[^\"'\\\n]{16,256})\\?[\"']")
_CALL_BEFORE = re.compile(r"\b(?:login|auth|authenticate|init|configure|setup|Client|connect)[ \t]*\([^()\n]{0,80}$")
_NSEC = re.compile(r"\bnsec1[02-9ac-hj-np-z]{58}\b")
_MACAROON = re.compile(r"\b0201036c6e64[0-9a-f]{40,4000}\b")
_APP_PASSWORD = re.compile(r"[^\n]{0,30}?(?P<val>\b[a-z0-9]{4}(?:-[a-z0-9]{4}){3}\b|\b[a-z]{4}(?: [a-z]{4}){3}\b)",
                           re.IGNORECASE)
_QUOTED_P = ("-p='", '-p="', "-p '", '-p "', "--password='", '--password="', "--password '", '--password "')


def wire_spans(text: str, lowered: str) -> list[Span]:
    """Every credential of the forms in this module's docstring."""
    spans: list[Span] = []
    if "PASS" in text and ("USER" in text or "331" in text):
        spans.extend(_checked(m, "val", "password") for m in _FTP_PASS.finditer(text))
    if "LOGIN" in text:
        spans.extend(_checked(m, "val", "password") for m in _IMAP_LOGIN.finditer(text))
    if "\"auth\"" in lowered:
        spans.extend(_checked(m, "val", "password") for m in _REDIS_MONITOR.finditer(text))
    if "AUTH " in text:
        spans.extend(_checked(m, "val", "password") for m in _REDIS_CLI.finditer(text))
    if "mc alias" in lowered or "mc config" in lowered:
        spans.extend(_anchored(text, lowered, "mc ", _MC_ALIAS, "password"))
    if "signtool" in lowered:
        spans.extend(_checked(m, "val", "password") for m in _SIGNTOOL.finditer(text))
    if "login" in lowered and any(flag in text for flag in _QUOTED_P):
        spans.extend(_checked(m, "val", "password") for m in _QUOTED_FLAG.finditer(text))
    for needle in ("auth", "set-token"):
        if needle in lowered:
            spans.extend(_anchored(text, lowered, needle, _AUTH_SUB, "token", issued=True))
    if "key" in lowered and "--" in text:
        spans.extend(_span(m.start("val"), m.group("val"), "secret") for m in _KEY_FLAG.finditer(text)
                     if not _NOT_KEY_FLAG.search(m.group("name").lower()) and not _gpg_line(lowered, m.start()))
    if "_auth" in lowered or "basic-auth" in lowered:
        for m in _HELPER.finditer(text):
            spans.append(_checked(m, "val" if m.group("val") else "pw", "password"))
    for needle in ("x-", "grpc-metadata-macaroon"):
        if needle in lowered:
            spans.extend(_anchored(text, lowered, needle, _HEADER, "secret", issued=True))
    if "sasl_passwd" in lowered or "smtp_sasl" in lowered:
        spans.extend(_checked(m, "val", "password") for m in _SASL_LINE.finditer(text))
    if "/snmp" in lowered:
        spans.extend(_checked(m, "val", "password") for m in _ROS_COMMUNITY.finditer(text))
    if ("devid" in lowered or "gwid" in lowered) and "key" in lowered:
        spans.extend(_span(m.start("val"), m.group("val"), "secret") for m in _DEVICE_KEY.finditer(text)
                     if _literal(m.group("val")) and _mixed(m.group("val")))
    for needle in ("key", "token", "secret"):
        if needle + "=" in lowered or needle + " =" in lowered:
            spans.extend(_keyword_arguments(text, lowered, needle))
    if "nsec1" in text:
        spans.extend(_span(m.start(), m.group(0), "private_key") for m in _NSEC.finditer(text))
    if "0201036c6e64" in text:
        spans.extend(_span(m.start(), m.group(0), "secret") for m in _MACAROON.finditer(text))
    for needle in ("app password", "app-password", "apppassword"):
        for pos in positions(lowered, needle):
            app = _APP_PASSWORD.match(text, pos + len(needle))
            if app is not None and (any(c.isdigit() for c in app.group("val")) or " " in app.group("val")):
                spans.append(_span(app.start("val"), app.group("val"), "password"))
    return [span for span in spans if span[0] >= 0]


def _keyword_arguments(text: str, lowered: str, needle: str) -> list[Span]:
    """A key passed by keyword (``key="..."``) inside a login, init or client call that opened on the same line."""
    spans: list[Span] = []
    for pos in sorted(positions(lowered, needle + "=") + positions(lowered, needle + " =")):
        start = pos - 4 if lowered[max(0, pos - 4) : pos] in ("api_", "api-") else pos - 3 if lowered[max(0, pos - 3) : pos] == "api" else pos
        m = _KEY_KWARG.match(lowered, start)
        if m is None or _CALL_BEFORE.search(text, max(0, text.rfind("\n", 0, start) + 1, start - 120), start) is None:
            continue
        value = text[m.start("val") : m.end("val")]
        if _literal(value) and (token_like(value) or looks_generated(value, 16)):
            spans.append(_span(m.start("val"), value, "secret"))
    return spans


def _anchored(text: str, lowered: str, needle: str, pattern: re.Pattern[str], kind: str,
              issued: bool = False) -> list[Span]:
    """``pattern`` tried only where ``needle`` starts a word (matched on ``lowered``, whose indices are the
    text's): one ``str.find`` per occurrence instead of a regex scan of the whole text."""
    spans: list[Span] = []
    pos = lowered.find(needle)
    while pos >= 0:
        if pos == 0 or not (lowered[pos - 1].isalnum() or lowered[pos - 1] in "_-"):
            match = pattern.match(lowered if pattern.flags & re.IGNORECASE else text, pos)
            if match is not None:
                value = text[match.start("val") : match.end("val")]
                if _literal(value) and ((token_like(value) or looks_generated(value, 16)) if issued
                                        else (_password_like(value) or token_like(value))):
                    spans.append(_span(match.start("val"), value, kind))
        pos = lowered.find(needle, pos + 1)
    return spans


def _checked(match: re.Match[str], group: str, kind: str, issued: bool = False) -> Span:
    """The group's span when its value is a literal password (or, with ``issued``, an issued token); a span
    starting at -1, dropped by the caller, otherwise."""
    value = match.group(group)
    ok = _literal(value) and (
        (token_like(value) or looks_generated(value, 16)) if issued else (_password_like(value) or token_like(value))
    )
    return _span(match.start(group), value, kind) if ok else (-1, -1, "", kind)


def _gpg_line(lowered: str, pos: int) -> bool:
    """The flag is on a gpg or git-signing command line: its hex names a key (a fingerprint), it is no key."""
    line = lowered[lowered.rfind("\n", 0, pos) + 1 : pos]
    return "gpg" in line or "pgp" in line or "signingkey" in line


def _mixed(value: str) -> bool:
    """A device key as tools print it: no blank, both cases or letters with digits or symbols."""
    return " " not in value and (token_like(value) or (any(c.isupper() for c in value) and any(c.islower() for c in value)))
