"""Credentials in forms the other passes of :func:`mnemon.safety.redact.redact` did not read: round 24's classes of
missed secrets, a pass of its own (:func:`heard_spans`), and its look-alike classes (:func:`reference`,
:func:`message_id`). Each form is guarded by a literal, so text without it costs one ``in`` test per form.

* **a password handed to a command as a bare keyword argument**: the keyword (``password``, ``psk``,
  ``requirepass``, a ``wifi-sec.psk`` setting) then a quoted value, as network and cache tools take it;
* **a credential typed between its name and its value** (``param name string = '...'``, ``val name: String =
  "..."``, ``var name string = "..."``), whose type the assignment rules take for the value;
* **a password passed by position to a connect call** after the database (or host) and the user:
  ``connect('db', 'user', '...')``, also after a driver argument;
* **a password element with a namespace prefix or attributes** (``<ns:Password Type="...">...</ns:Password>``);
* **a password sent in a line-protocol transcript**: a ``PASS`` command on its own line (FTP, POP3, IRC, with or
  without a client marker) and ``NickServ IDENTIFY``;
* **a private key written as an array of bytes**: 64 numbers (a wallet's keypair file), or 32 under a key's name;
* **a relay secret with its prefix** (``nsec1`` and 58 characters) whatever alphabet its body uses;
* **a password said in chat in any language**: a password noun (a loanword or a short table) and, a few words
  later, after a short copula-like word that is not an English preposition, a value with a password's mix;
* **a key carried in the path of a service URL** that authenticates that way (RPC endpoints, log ingestion);
* **a registry password in quotes holding shell-special characters** (``docker login -p '<...>'``).

Look-alikes: :func:`reference` is a pointer into a secret store (``@Microsoft.KeyVault(...)``,
``{{resolve:secretsmanager:...}}``, ``op://``), not the secret; :func:`message_id` is a two-letter-prefixed
resource id (``SM``/``MM``/``CA`` and 32 hex) under a key named ``...Sid``; :func:`verification` is a domain
ownership token after ``site-verification=``, published by design.
"""

from __future__ import annotations

import re

from mnemon.safety import secretentered
from mnemon.safety.secretnoted import _CREDENTIAL_NAME, _NOT_VALUE_NAME, _keyish, _literal, _mixed
from mnemon.safety.secretwords import marker
from mnemon.safety.spans import starts

Span = tuple[int, int, str, str]

_BARE_KEYWORD = re.compile(
    r"(?i)(?:802-1x\.password|wifi-sec\.psk|password|passwd|passphrase|psk|requirepass)[ \t]+"
    r"(?P<q>[\"'])(?P<val>[^\"'\n]{6,128})(?P=q)"
)
_BARE_NEEDLES = ("password", "passwd", "passphrase", "psk", "requirepass")
_TYPED_TAIL = re.compile(r"(?:string|String|str)[ \t]*=[ \t]*(?P<q>[\"'])(?P<val>[^\"'\n]{8,256})(?P=q)")
_TYPED_HEAD = re.compile(
    r"\b(?:param|val|var|let|const|readonly|private|public)[ \t]+(?P<name>[A-Za-z_]\w{0,63})[ \t]*:?[ \t]*$"
)
"""A typed declaration read from its type (``string``) back to its keyword, within the line's last 80 characters."""
_CONNECT = re.compile(
    r"(?i)(?:database|connect\w{0,10}|pdo)[ \t]*\((?:[ \t]*[\w:.$]{1,40}\([^()\n]{0,40}\)[ \t]*,)?"
    r"[ \t]*(?P<q1>[\"'])[^\"'\n]{1,200}(?P=q1)[ \t]*,[ \t]*(?P<q2>[\"'])[^\"'\n]{1,100}(?P=q2)[ \t]*,[ \t]*"
    r"(?P<q>[\"'])(?P<val>[^\"'\n]{6,128})(?P=q)"
)
_ELEMENT = re.compile(
    r"(?i)<(?P<tag>(?:[\w.-]{1,30}:)?password)(?:[ \t][^<>\n]{1,200})?>(?P<val>[^<>\n]{4,128})</(?P=tag)>"
)
_PASS_LINE = re.compile(
    r"(?i)[ \t]*(?:(?:c|client)[ \t]*:[ \t]*|>+[ \t]*|-+>[ \t]*)?pass[ \t]+(?P<val>[^\s*][^\s]{3,127})[ \t]*(?:\n|$)"
)
"""A ``PASS`` command alone on its line, perhaps after a client marker; matched from the line's start."""
_NICKSERV = re.compile(r"(?i)nickserv[ \t]+identify[ \t]+(?:[\w-]{1,30}[ \t]+)?(?P<val>[^\s]{6,128})[ \t]*(?:\n|$)")
_BYTES = re.compile(r"\[[ \t]*(?P<val>(?:\d{1,3}[ \t]*,[ \t]*){31,63}\d{1,3})[ \t]*\]")
_KEY_NAME = re.compile(r"(?i)(?:secret|private|priv|seed|keypair|signer|sk)\w{0,20}[\"']?[ \t]*(?::[^=\n]{0,20})?[:=]")
_NSEC = re.compile(r"\bnsec1[a-z0-9]{58}\b")
_NOUN_NEEDLES = ("passw", "phasewete", "phasiwedi", "kupuhipa", "faalilolilo", "sandi", "nenosiri", "parol", "ichishibilo",
                 "gundo")
"""The ASCII password nouns (the loanword and nouns of languages :mod:`mnemon.safety.secrettongues` and
``secretvocab`` do not list), found by ``str.find`` in the lower-cased text; one ``find`` each per text."""
_FOREIGN_NOUN = re.compile(
    r"סיסמ\w*|كلمة (?:المرور|السر)|رمز عبور|گذرواژه|[Пп]арол\w*|ПАРОЛ\w*|[Mm]ật khẩu|पासवर्ड|गूढशब्द\w*|[Şş]ifre\w*"
    r"|[Hh]asł\w*|[Cc]ontraseñ\w*|[Ll]ösenord\w*"
)
"""Password nouns written with other letters, looked for only in a text that is not all ASCII (capitals spelled
out: ``re.IGNORECASE`` over a whole text costs more than the rest of this pass)."""
_FOREIGN_NEEDLES = ("סיסמ", "كلمة", "رمز عبور", "گذرواژه", "арол", "АРОЛ", "ật khẩu", "पासवर्ड", "गूढशब्द", "ifre", "asł",
                    "ontraseñ", "ösenord")
"""Literals every :data:`_FOREIGN_NOUN` holds: the regex runs only where one occurs."""
_WORD = re.compile(r"\w*")
_SAID = re.compile(r"(?:^|[ \t])(?P<cop>[^\W\d_]{1,4})[ \t]+(?P<val>[^\s,;]{8,64})(?=[\s,;]|$)")
_SAID_WIDE = re.compile(r"(?:^|[ \t])(?P<cop>(?:[^\W\d_][\u0900-\u0903\u093a-\u094f\u0981-\u0983\u09bc-\u09d7]{0,2}){1,4})"
                        r"[ \t]+(?P<val>[^\s,;]{8,64})(?=[\s,;]|$)")
""":data:`_SAID` for a text that is not all ASCII: the copula's letters may carry Indic vowel signs, which are not
word characters."""
_PREPOSITIONS = frozenset(("for", "of", "on", "in", "at", "to", "by", "via", "the", "from", "with", "and", "or", "a",
                           "an", "as", "is", "if", "use", "set", "new", "old", "our", "my", "your"))
_PATH_KEY = re.compile(
    r"https?://[\w.-]{1,100}\.(?:quiknode\.pro|quicknode\.pro)/(?P<val>[0-9a-f]{32,64})\b"
    r"|https?://logs-\d{1,3}\.loggly\.com/(?:inputs|bulk)/(?P<val2>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b"
)
_REGISTRY_LOGIN = re.compile(
    r"(?:docker|podman|nerdctl|buildah|skopeo|helm[ \t]+registry)[ \t]+login\b[^\n]{0,200}?[ \t](?:-p|--password)"
    r"(?:[ \t]+|=)(?P<q>['\"])(?P<val>[^'\"\n]{6,128})(?P=q)"
)


def heard_spans(text: str, lowered: str) -> list[Span]:
    """The spans of this module's forms (its docstring)."""
    spans: list[Span] = []
    bare = [m for m in _at(_BARE_KEYWORD, text, lowered, _BARE_NEEDLES) if _literal(m.group("val"))]
    spans += [_span(m, "password") for m in bare]
    spans += _typed(text, lowered)
    if "(" in text:
        connects = _at(_CONNECT, text, lowered, ("connect", "database", "pdo"), word=False)
        spans += [_span(m, "password") for m in connects if _password_like(m.group("val"))]
    if "password" in lowered and "</" in text:
        spans += [_span(m, "password") for m in _ELEMENT.finditer(text) if _literal(m.group("val"))]
    spans += [_span(m, "password") for m in _pass_lines(text, lowered) if _literal(m.group("val"))]
    if "[" in text and text.count(",") >= 31:
        spans += [_span(m, "private_key") for m in _BYTES.finditer(text) if _key_bytes(text, m)]
    if "nsec1" in lowered:
        spans += [(m.start(), m.end(), marker("private_key"), "private_key") for m in _NSEC.finditer(text)]
    if "quiknode" in lowered or "quicknode" in lowered or "loggly" in lowered:
        spans += [_group_span(m, "token") for m in _PATH_KEY.finditer(lowered)]
    if "login" in lowered:
        logins = _at(_REGISTRY_LOGIN, text, lowered, ("docker", "podman", "nerdctl", "buildah", "skopeo", "helm"))
        spans += [_span(m, "password") for m in logins if _quoted_literal(m.group("val"))]
    spans += _said(text, lowered)
    return spans + secretentered.entered_spans(text, lowered)  # round 25's forms


def _at(pattern: re.Pattern[str], text: str, lowered: str, needles: tuple[str, ...],
        word: bool = True) -> list[re.Match[str]]:
    """``pattern`` matched where one of ``needles`` starts (a word, unless ``word`` is false: ``dbConnect``);
    ``str.find`` on the lower case finds them far faster than a regex alternation scans."""
    found = []
    for pos in starts(lowered, needles):
        if not word or pos == 0 or not lowered[pos - 1].isalnum():
            match = pattern.match(text, pos)
            if match is not None:
                found.append(match)
    return found


def _typed(text: str, lowered: str) -> list[Span]:
    """Credentials typed between name and value: the type found first, its declaration read back on its line."""
    spans: list[Span] = []
    for pos in starts(lowered, ("str",)):
        tail = _TYPED_TAIL.match(text, pos)
        if tail is None:
            continue
        lo = max(text.rfind("\n", 0, pos) + 1, pos - 80)
        head = _TYPED_HEAD.search(text, lo, pos)
        if head is None:
            continue
        name, value = head.group("name"), tail.group("val")
        if _CREDENTIAL_NAME.search(name) and not _NOT_VALUE_NAME.search(name) and _literal(value) and (
                _keyish(value) or _mixed(value)):
            spans.append(_span(tail, "secret"))
    return spans


def _pass_lines(text: str, lowered: str) -> list[re.Match[str]]:
    """``PASS`` commands alone on their lines (a few characters of client marker before them) and NickServ
    identifications."""
    found = []
    for pos in starts(lowered, ("pass ", "pass\t")):
        line_start = text.rfind("\n", 0, pos) + 1
        if pos - line_start <= 12:
            match = _PASS_LINE.match(text, line_start)
            if match is not None and match.start("val") > pos:
                found.append(match)
    return found + _at(_NICKSERV, text, lowered, ("nickserv",))


def _said(text: str, lowered: str) -> list[Span]:
    """A password noun, then a short copula-like word (not an English preposition) and a value with a
    password's mix, in the same clause."""
    nouns = [_word_end(lowered, pos) for pos in starts(lowered, _NOUN_NEEDLES)]
    if not text.isascii() and any(needle in text for needle in _FOREIGN_NEEDLES):
        nouns += [m.end() for m in _FOREIGN_NOUN.finditer(text)]
    spans: list[Span] = []
    said_at = _SAID if text.isascii() else _SAID_WIDE
    for noun_end in nouns:
        if noun_end >= len(text) or text[noun_end] not in " \t":  # "password:", "password=": assignments' forms
            continue
        line_end = text.find("\n", noun_end)
        end = min(noun_end + 80, line_end if line_end >= 0 else len(text))
        for said in said_at.finditer(text, noun_end, end):
            value = said.group("val")  # a final "?" or "!" may be the password's own
            if said.group("cop").lower() in _PREPOSITIONS or not _said_value(value):
                continue
            spans.append((said.start("val"), said.start("val") + len(value), marker("password"), "password"))
            break
    return spans


def _word_end(text: str, pos: int) -> int:
    match = _WORD.match(text, pos)
    return match.end() if match else pos


def _said_value(value: str) -> bool:
    """A password's mix, with a digit or two symbols other than joiners (so "Admin-Console" is a name, not a
    password), and no path."""
    if any(c in "()[]{}<>\"'=`" for c in value) or value.lower() == "1password":  # code, or the password manager
        return False
    symbols = sum(not c.isalnum() and c not in "-_." for c in value)
    return _mixed(value) and _literal(value) and (any(c.isdigit() for c in value) or symbols >= 2) and "/" not in value


def _span(match: re.Match[str], kind: str) -> Span:
    return match.start("val"), match.end("val"), marker(kind), kind


def _group_span(match: re.Match[str], kind: str) -> Span:  # a pattern with two alternatives' value groups
    group = "val" if match.group("val") is not None else "val2"
    return match.start(group), match.end(group), marker(kind), kind


def _quoted_literal(value: str) -> bool:
    """A quoted value that is not a reference (``$VAR``) nor a whole ``<placeholder>``; inside quotes a shell
    takes ``<`` and ``&`` literally, so a password may start with them."""
    return "$" not in value and not (value.startswith("<") and value.endswith(">")) and _literal(value.lstrip("<"))


def _password_like(value: str) -> bool:
    return _literal(value) and (_mixed(value) or _keyish(value))


def _key_bytes(text: str, match: re.Match[str]) -> bool:
    """64 bytes (a keypair file), or 32 under a key's name; values all bytes and spread like random ones."""
    numbers = [int(n) for n in match.group("val").replace(" ", "").replace("\t", "").split(",")]
    if max(numbers) > 255 or len(set(numbers)) < len(numbers) // 2 or max(numbers) < 128:
        return False
    if len(numbers) == 64:
        return True
    return len(numbers) == 32 and _KEY_NAME.search(text, max(0, match.start() - 60), match.start()) is not None


_REFERENCE = ("@microsoft.keyvault(", "{{resolve:secretsmanager:", "{{resolve:ssm-secure:", "op://", "ref+vault://")
_MESSAGE_ID = re.compile(r"(?i)\w{0,30}sid[\"']?[ \t]*[:=][ \t]*[\"']?$")
_VERIFICATION = re.compile(r"(?i)[\w-]{0,30}(?:site|domain)-verification[\"']?[ \t]*[:=][ \t]*[\"']?$")


def reference(value: str) -> bool:
    """A pointer into a secret store (a Key Vault reference, a CloudFormation dynamic reference, a 1Password URI):
    it names where the secret is, and holds none of it."""
    return value[:1] in "@{oOrR" and value.lower().startswith(_REFERENCE)


def verification(text: str, start: int, end: int) -> bool:
    """A value right after ``...site-verification=`` or ``...domain-verification=``: a DNS or meta-tag token that
    proves who owns a domain and is published by design."""
    return text.find("erification", max(0, start - 40), start) >= 0 and _VERIFICATION.search(
        text, max(0, start - 40), start) is not None


def message_id(text: str, start: int, end: int) -> bool:
    """Two capitals and 32 hex under a key named ``...Sid``: a message, call or account resource id."""
    value = text[start:end]
    if len(value) != 34 or not value[:2].isalpha() or not value[:2].isupper():
        return False
    return re.fullmatch(r"[0-9a-f]{32}", value[2:]) is not None and _MESSAGE_ID.search(text, max(0, start - 40), start) is not None
