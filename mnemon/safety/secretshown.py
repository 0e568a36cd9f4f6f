"""Credentials a tool shows, a constructor takes by position or a chat says in any spelling of "password": round
27's classes of missed secrets, a pass of its own (:func:`shown_spans`, run inside ``secretentered``'s pass), and
its look-alike classes (:func:`public_form`). Each form is guarded by a literal, so text without it costs one ``in``
test per form.

* **a key or password in a labelled row of a tool's output**: a label of one to three words that names a key, a
  password or a passphrase by its content (``Key Content``, ``Wireless key``, ``Network key``, ``WPA passphrase``),
  then blanks, a colon and a value with a password's mix;
* **the password arguments of the LDAP tools**: ``-w``, ``-s`` (the new password) and ``-a`` (the old one) of
  ``ldappasswd``, ``ldapmodify``, ``ldapsearch``, ``ldapadd`` and ``ldapdelete``, when they read as a password;
* **a credential built by position**: a constructor or call named for credentials or basic auth
  (``Credentials("realm", "host", "user", "PASSWORD")``, ``new NetworkCredential("user", "PASSWORD", "DOMAIN")``),
  every argument a string: with four arguments the last, with two or three the second;
* **TLS session secrets in a key log** (the NSS key log format: a label, the client random, the secret);
* **credentials a packet tool prints as fields**: ``tshark ... -T fields -e ... -e ldap.simple`` (or
  ``http.authbasic``, a ``*.password`` field, ``ftp.request.arg`` when the filter asks for ``PASS``): the column of
  that field on each output line after the command;
* **an Erlang cookie**: a key ending in ``erlang_cookie``, ``-setcookie VALUE``, and the line a ``cat`` of an
  ``.erlang.cookie`` file prints;
* **a password inside backslash-escaped quotes**: ``NAME=\\\\\\"VALUE\\\\\\"``, a command quoted inside a string inside
  a log line, when the name is a secret's key;
* **a password said in chat in any spelling of the word**: "password" as other languages spell it after the sound
  (``pasword``, ``paswot``, ``paswɔd``, ``phasiwede``, ``modpas``), the Romance ``mot d(e) passe/passa``,
  ``contraseña``/``kontraseña``, ``senhal``, the Slavic ``гесло``/``пароль``, the Nordic ``loyniorð``/``passord``:
  the first of the next six words on the line with upper case, lower case and a digit (ten characters or more, not
  code nor a file name) or a passphrase's shape (words joined by hyphens, ending in digits);
* **an API key as the last segment of a node provider's URL** (a host ``nd-NNN-NNN-NNN`` or a key named ``..._RPC``):
  32 to 64 hex digits.

Look-alikes (:func:`public_form`): public certificates and keys (an ``X509Certificate`` element, Autocrypt
``keydata=``, a value in a file named ``*.public.*``) and ciphertext a tool wrote with its format's marker (OpenSSL's
``U2FsdGVkX1`` salt header, Pulumi's ``secure: v1:``, HashiCorp transit's ``vault:v1:``, a Bitwarden cipher string
``2.iv|data|mac``, the output of ``systemd-creds encrypt``).
"""

from __future__ import annotations

import re

from mnemon.safety.secretforms import _password_like
from mnemon.safety.secretnoted import _literal, _mixed
from mnemon.safety.secretwords import key_kind, marker
from mnemon.safety.spans import starts

Span = tuple[int, int, str, str]

_ROW_LABEL = re.compile(
    r"(?im)^[ \t]*(?P<label>(?:key[ \t]+(?:content|material|value)|(?:wireless|network|wi-?fi|wlan|wpa2?|shared|pre-?shared)"
    r"[ \t]+(?:key|password|passphrase|psk)))[ \t]*:[ \t]*(?P<val>[^\s\"']{6,128})[ \t]*$"
)
_ROW_WORDS = ("key content", "key material", "key value", "wireless ", "network key", "network pass", "network psk",
              "wi-fi ", "wifi ", "wlan ", "wpa", "shared ")
_LDAP_TOOL = re.compile(r"\bldap(?:passwd|modify|search|add|delete|whoami|compare)\b")
_LDAP_FLAG = re.compile(r"(?<=[ \t])-(?:w|s|a)[ \t]+(?P<q>[\"']?)(?P<val>[^\s\"'\-$][^\s\"']{3,127})(?P=q)(?=\s|$)")
_POSITIONAL = re.compile(
    r"(?:Credentials?|BasicAuth|PasswordAuthentication)[ \t]*\((?P<args>[ \t]*\"[^\"\n]{0,128}\""
    r"(?:[ \t]*,[ \t]*\"[^\"\n]{0,128}\"){1,3})[ \t]*\)"
)
_ARG = re.compile(r"\"(?P<val>[^\"\n]{0,128})\"")
_KEYLOG = re.compile(
    r"(?m)^[ \t]*(?:CLIENT_RANDOM|(?:CLIENT|SERVER)_(?:EARLY_|HANDSHAKE_)?TRAFFIC_SECRET(?:_\d)?|(?:EARLY_)?EXPORTER_SECRET)"
    r"[ \t]+[0-9a-fA-F]{32,128}[ \t]+(?P<val>[0-9a-fA-F]{32,256})\b"
)
_TSHARK = re.compile(r"(?m)\btshark\b[^\n]{0,400}")
_FIELD = re.compile(r"(?<=[ \t])-e[ \t]+(?P<field>[\w.]{1,80})")
_CREDENTIAL_FIELD = re.compile(r"(?:\.simple|authbasic|\.password|\.passwd|\.pass)$")
_ERLANG = re.compile(r"(?i)(?:erlang[_.-]?cookie[\"']?[ \t]*[:=]|-setcookie)[ \t]*(?P<q>[\"']?)(?P<val>[A-Za-z0-9]{16,64})(?P=q)"
                     r"(?![\w])")
_COOKIE_FILE = re.compile(r"\bcat[ \t]+\S{0,120}\.erlang\.cookie[ \t]*\r?\n(?P<val>[A-Z0-9]{16,64})[ \t]*(?=\n|$)")
_ESCAPED = re.compile(r"(?P<key>[A-Za-z_][\w]{0,63})=(?P<esc>\\{2,7})\"(?P<val>[^\"\\\n]{4,128})(?P=esc)\"")
_SPOKEN = (
    r"(?<![\w])(?i:p(?:h)?a(?:s{1,2}|z)[iy]?(?:w|v|u)[oɔeaiu]{0,2}(?:r|l)?(?:d|t|ḍ)[eiaoɛ]?|modpas|"
    r"mot[ \t]+d(?:e[ \t]+|')pass[ea]|[ck]ontrase(?:ñ|n)a|senhal|гесло|пароль|loyniorð\w{0,4}|passord\w{0,3})(?![\w])"
)
_SPOKEN_NEEDLES = ("pas", "paz", "phas", "mot d", "ontrase", "senhal")
_SPOKEN_OTHER = ("гесло", "пароль", "loyniorð")
"""Where a spelling of "password" can start (``modpas`` and ``[ck]ontraseña`` a few letters before its needle)."""
_PASSPHRASE = re.compile(r"[a-z]{3,12}(?:-[a-z]{3,12}){2,5}\d{1,4}")
_SAID = re.compile(
    _SPOKEN + r"(?:[ \t]+\S{1,40}?){0,5}?[ \t]+[\"'`«„“(]?(?P<val>"
    r"(?=[^\s\"'`»“”,;()]{0,127}[A-Z])(?=[^\s\"'`»“”,;()]{0,127}[a-z])(?=[^\s\"'`»“”,;()]{0,127}\d)"
    r"[^\s\"'`»“”,;()]{10,128}"
    r"|[a-z]{3,12}(?:-[a-z]{3,12}){2,5}\d{1,4})(?=[\s\"'`»“”,;()]|[.!?:](?:\s|$)|$)"
)
"""A spelling of "password", up to five words, then a value: upper case, lower case and a digit (ten characters or
more), or a passphrase's shape."""
_TRAILING = ".,;:!?)]}>"
_CODE = frozenset("\"'`()[]{}<>/\\=$%")
_NODE_URL = re.compile(r"(?i)(?:https?|wss?)://(?:ws-)?nd-\d{2,4}-\d{2,4}-\d{2,4}\.[\w.-]{3,80}/(?P<val>[0-9a-f]{32,64})\b"
                       r"|\w{0,40}_RPC(?:_URL)?[ \t]*[=:][ \t]*[\"']?(?:https?|wss?)://[\w.-]{3,120}/(?P<val2>[0-9a-f]{32,64})\b")


def shown_spans(text: str, lowered: str) -> list[Span]:
    """The spans of this module's forms (its docstring); each regex is tried only where its literal occurs."""
    spans: list[Span] = []
    if ":" in text and any(word in lowered for word in _ROW_WORDS):  # the label's words, before its pattern
        spans += [_span(m, "password") for m in _ROW_LABEL.finditer(text) if _literal(m.group("val")) and _mixed(m.group("val"))]
    if "ldap" in lowered:
        spans += _ldap(text)
    if "(" in text and ("Credential" in text or "BasicAuth" in text or "PasswordAuthentication" in text):
        spans += _positional(text)
    if "traffic_secret" in lowered or "client_random" in lowered or "exporter_secret" in lowered:
        spans += [_span(m, "secret") for m in _KEYLOG.finditer(text)]
    if "tshark" in lowered and "-e " in text:
        spans += _tshark(text)
    if "cookie" in lowered:
        spans += [_span(m, "secret") for m in _ERLANG.finditer(text) if _literal(m.group("val"))]
        if ".erlang.cookie" in lowered:
            spans += [_span(m, "secret") for m in _COOKIE_FILE.finditer(text)]
    if "\\\\\"" in text:
        spans += [_span(m, "password") for m in _ESCAPED.finditer(text)
                  if key_kind(m.group("key")) is not None and _literal(m.group("val"))]
    spans += _spoken(text, lowered)
    if "://" in text and ("//nd-" in lowered or "//ws-nd-" in lowered or "_rpc" in lowered):
        for m in _NODE_URL.finditer(text):
            group = "val" if m.group("val") is not None else "val2"
            spans.append((m.start(group), m.end(group), marker("api_key"), "api_key"))
    return spans


def _span(match: re.Match[str], kind: str) -> Span:
    return match.start("val"), match.end("val"), marker(kind), kind


def _ldap(text: str) -> list[Span]:
    """The ``-w``/``-s``/``-a`` values of an LDAP tool's command line."""
    spans: list[Span] = []
    done = line_end = 0
    for tool in _LDAP_TOOL.finditer(text):
        if tool.end() < done:
            continue  # the rest of this line was read after an earlier tool's name
        if tool.end() > line_end:
            line_end = text.find("\n", tool.end())
            line_end = len(text) if line_end < 0 else line_end
        spans += [_span(m, "password") for m in _LDAP_FLAG.finditer(text, tool.end(), line_end)
                  if _password_like(m.group("val"))]
        done = line_end
    return spans


def _positional(text: str) -> list[Span]:
    """The password argument of a credential built by position (this module's docstring)."""
    spans: list[Span] = []
    for call in _POSITIONAL.finditer(text):
        args = list(_ARG.finditer(text, call.start("args"), call.end("args")))
        if len(args) not in (2, 3, 4):
            continue
        value = args[-1] if len(args) == 4 else args[1]
        if _literal(value.group("val")) and len(value.group("val")) >= 6:
            spans.append(_span(value, "password"))
    return spans


def _tshark(text: str) -> list[Span]:
    """The column of a credential field on the output lines after a ``tshark -T fields`` command."""
    spans: list[Span] = []
    for command in _TSHARK.finditer(text):
        fields = [m.group("field").lower() for m in _FIELD.finditer(command.group())]
        wanted = [i for i, field in enumerate(fields) if _CREDENTIAL_FIELD.search(field)
                  or (field == "ftp.request.arg" and "pass" in command.group().lower())]
        if not wanted:
            continue
        pos = command.end() + 1
        while 0 < pos < len(text):
            line_end = text.find("\n", pos)
            line_end = len(text) if line_end < 0 else line_end
            line = text[pos:line_end]
            if not line.strip() or line.lstrip().startswith(("$", "#", ">")) or "tshark" in line:
                break
            cells = line.split("\t")
            if len(cells) == len(fields):
                offset = pos
                for index, cell in enumerate(cells):
                    if index in wanted and _literal(cell) and len(cell) >= 4:
                        start = offset + (cell.index(":") + 1 if fields[index].endswith("authbasic") and ":" in cell else 0)
                        spans.append((start, offset + len(cell), marker("password"), "password"))
                    offset += len(cell) + 1
            pos = line_end + 1
    return spans


def _spoken(text: str, lowered: str) -> list[Span]:
    """The first of the next six words after a spelling of "password" (:data:`_SPOKEN`) with a said password's mix
    or a passphrase's shape, on the same line; the words are read by the pattern, the value checked here."""
    spans: list[Span] = []
    done = 0
    needles = _SPOKEN_NEEDLES if lowered.isascii() else _SPOKEN_NEEDLES + _SPOKEN_OTHER
    for pos in starts(lowered, needles):
        pos -= 1 if lowered.startswith("ontrase", pos) else 3 if lowered.startswith("mod", pos - 3) else 0
        said = _SAID.match(text, pos) if pos >= done else None
        if said is None:
            continue
        done = said.end()
        value = said.group("val").rstrip(".,;:")
        if value.isascii() and _literal(value) and not any(c in _CODE for c in value) and (
                _PASSPHRASE.fullmatch(value) or _FILE_NAME.search(value) is None):
            spans.append((said.start("val"), said.start("val") + len(value), marker("password"), "password"))
    return spans


_FILE_NAME = re.compile(r"\.[a-z]{1,4}$")
_PUBLIC_ELEMENT = re.compile(r"(?i)<(?:[\w-]{1,20}:)?(?:X509Certificate|X509Data|Certificate|Modulus|PublicKey)>$")
_CIPHER_MARKERS = ("U2FsdGVkX1", "vault:v")
_BITWARDEN = re.compile(r"\d\.[A-Za-z0-9+/=]{8,}\|[A-Za-z0-9+/=]{8,}(?:\|[A-Za-z0-9+/=]{8,})?")
_SECURE_V1 = re.compile(r"secure:[ \t]*v1:(?:[A-Za-z0-9+/=]{8,64}:)?$")
_DIGIT_DOT = tuple(f"{d}." for d in range(10))
_PUBLIC_FILE = re.compile(r"(?i)[\w./-]{0,120}\.public\.[a-z]{1,5}\b|\bencrypt\.public\b")
_CREDS_ENCRYPT = re.compile(r"\bsystemd-creds[ \t]+encrypt\b")


def public_form(text: str, start: int, end: int) -> bool:
    """The value ``text[start:end]`` is one of this module's look-alikes (its docstring); bounded ``str`` tests
    first, a pattern only where its literal stands just before the value."""
    if text.startswith(_CIPHER_MARKERS, start) or (text.startswith(_DIGIT_DOT, start) and _BITWARDEN.match(text, start)):
        return True
    if not start:
        return False
    last = text[start - 1]
    if last == "|":  # a later part of a Bitwarden cipher string
        token_start = max(text.rfind(c, max(0, start - 300), start) for c in " \t\n\"'") + 1
        if _BITWARDEN.match(text, token_start):
            return True
    if last == ">":
        head = text[max(0, start - 60) : start]
        if _PUBLIC_ELEMENT.search(head):
            return True
    if text.endswith("keydata=", max(0, start - 8), start):
        return True
    secure = text.rfind("secure:", max(0, start - 90), start)
    if secure >= 0 and (not text[secure + 7 : start].strip() or _SECURE_V1.match(text, secure, start)):
        return True
    window = max(0, start - 400)
    if text.find(".public.", window, start) >= 0 and _PUBLIC_FILE.search(text, window, start):
        return True
    return text.find("systemd-creds", window, start) >= 0 and _CREDS_ENCRYPT.search(text, window, start) is not None
