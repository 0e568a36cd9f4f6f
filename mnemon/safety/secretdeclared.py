"""Credentials known by the name that holds them whatever stands between name and value, a pass of
:func:`mnemon.safety.redact.redact` (round 16's classes of missed secrets):

* **a declaration**: an identifier whose last word is a credential word (``token``, ``secret``, ``password``,
  ``apikey``, or ``key`` after a word that is not a kind of lookup key) bound to a quoted literal through whatever
  the language puts between them: a type (``TYPE xstring VALUE``, ``PIC X(40) VALUE``, ``: constant String :=``,
  ``character(len=*), parameter ::``), a string prefix (``@"..."``), a setter's parenthesis (``.setApiKey("...")``,
  ``with_token("...")``). The literal must look issued (generated, a long mixed hex, a UUID, or a vendor prefix
  before either), so names of settings and lookup keys with readable values stay;
* **a bare key line**: ``key:`` / ``apikey =`` / ``token:`` alone on a line with a 32-or-more hex or generated value
  (dashboards' widget blocks);
* **a directive**: a config line ``NameEndingInPassword value`` (space-separated, as torrc, unbound or sshd-style
  files write them) whose value mixes letters and digits and is not a path;
* **a flag whose name is dotted or prefixed** (``--db.auth.password X``, ``--relay.token=X``);
* **an environment assignment behind a tool's one-letter prefix** (``D:NAME=value``, ``E:NAME=value``);
* **a client's ``-p<password>`` as a quoted argv element** (an audit record or a process listing quoting argv);
* **URL userinfo whose password holds ``@``, ``#`` or ``^``**: the password runs to the last ``@`` before the host;
* **a password hash in modular-crypt form** (``$scheme$params$salt$hash``), which an attacker cracks offline;
* **a secret key under a caption that says so** (a signing tool's ``... secret key`` comment line, the base64 line
  after it);
* **a password said in a sentence, in any language**: a token of 10 to 32 characters holding both cases, a digit
  and at least one symbol a generator draws (``~ ! @ # $ % ^ & * + ?``; ``=`` only inside, not as an
  assignment or base64 padding), after a colon of any script or a word, and
  ending the clause. :mod:`mnemon.safety.secretstrong` takes one or two symbols anywhere; this takes more symbols and
  ``-``/``=``/``~`` too, but only where a sentence hands the value over, so code and markup (which need brackets,
  quotes, slashes or operators between words) are not read.
"""

from __future__ import annotations

import re

from mnemon.safety.entropy import looks_generated
from mnemon.safety.secretforms import Span, _span
from mnemon.safety.secretwords import is_placeholder, key_kind

_CREDENTIAL_WORDS = ("password", "passwd", "passphrase", "secret", "token", "apikey", "key", "pwd")
_DECLARATION = re.compile(
    r"((?:[ \t]+(?:TYPE|type)[ \t]+\w+)?(?:[ \t]+PIC[ \t]+X\(\d{1,4}\))?"
    r"[ \t]*(?::[ \t]*(?:constant[ \t]+)?[A-Za-z][\w.<>\[\]]{0,30}[ \t]*)?(?:=|:=|:|=>|\(|[ \t]VALUE|[ \t]value)"
    r"[ \t]*@?)([\"'])([^\"'\s]{8,600})\2"
)
"""What follows a credential-named identifier in a declaration: the glue, then the quoted literal."""
_NAME_WORD = re.compile(r"key|token|secret|passw|pwd")
_NAME_TAIL = re.compile(r"[A-Za-z0-9_-]{0,40}")
_NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
"""Identifier characters, as a string for ``str.rstrip`` (one call finds a run that a loop would walk)."""
_FORTRAN = re.compile(r"parameter[ \t]*::[ \t]*([A-Za-z_]\w{1,60})[ \t]*=[ \t]*([\"'])([^\"'\s]{8,200})\2", re.IGNORECASE)
_NOT_SECRET_KEY = frozenset(
    "cache sort primary foreign partition row object idempotency public pub publishable map hash dedup dedupe lookup "
    "group index routing shard cursor translation message file field column table site ssh gpg pgp host region "
    "bucket s3 lock queue event state item list dict record entry composite unique natural surrogate sharding "
    "sorting order grouping join react i18n label registry redis memcache etcd consul config setting settings "
    "dns license feature flag tracking analytics kms".split()
)
_SETTER = re.compile(r"^(?:set|with|use)(?=[A-Z_])_?")
_HEX = re.compile(r"[0-9a-f]{20,}|[0-9A-F]{20,}")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_VENDOR_PREFIX = re.compile(r"[a-z]{2,12}[-_]+(?=\S{12,})")
_BARE_NEEDLES = ("key:", "key =", "key=", "token:", "token =", "token=", "key :", "token :")
_DIRECTIVE_NEEDLES = ("password ", "passwd ", "secret ", "token ", "password\t", "secret\t", "token\t")
_BARE_KEY = re.compile(r"^[ \t]*(?:-[ \t]+)?(?:key|apikey|api_key|token)[ \t]*[:=][ \t]*[\"']?([0-9a-fA-F]{32,128}"
                       r"|[A-Za-z0-9]{24,128})[\"']?[ \t]*$", re.MULTILINE)
_DIRECTIVE = re.compile(r"^[ \t]*([A-Za-z][\w.-]{0,40}(?:password|passwd|secret|token|Password|Passwd|Secret|Token))"
                        r"[ \t]+([^\s\"'/=]{12,200})[ \t]*$", re.MULTILINE)
_DOTTED_FLAG = re.compile(r"--[a-z][\w-]*(?:\.[\w-]+)+([ \t]+|=)([^\s\"'`]{6,200})")
_PREFIXED_ENV = re.compile(r":([A-Z][A-Z0-9_]{2,60})=([^\s\"']{8,200})")
_QUOTED_P = re.compile(r"[\"']-p([^\s\"']{6,100})[\"']")
_USERINFO = re.compile(r"://[^\s:/@'\"]{1,64}:([^\s/'\"]{1,128}@[^\s/'\"]{0,128})@[A-Za-z0-9][\w.-]{0,200}(?=[:/?\s'\"]|$)")
_CRYPT = re.compile(r"\$(?:[a-z0-9]+-)?[a-z0-9]{2,16}(?:-[a-z0-9]+)?\$(?:[\w=,.]{1,60}\$){0,3}([A-Za-z0-9+/.=]{8,128}"
                    r"\$[A-Za-z0-9+/.=]{16,256}|[A-Za-z0-9+/.=]{31,256})", re.IGNORECASE)
_SAID_TAIL = re.compile(r"[A-Za-z0-9~!@#$%^&*_+=.?-]{0,33}")
_SAID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789~!@#$%^&*_+=.?-"
_DRAWN = re.compile(r"[~!@#$%^&*+?]")
_ASSIGNED = re.compile(r"[A-Za-z_][\w.-]*=")
_CAPTION_WORDS = re.compile(r"(?:secret|private)[ \t]+key\b[^\n]{0,20}\n")
_CAPTIONED = re.compile(r"([A-Za-z0-9+/=]{40,400})[ \t]*(?:\n|$)")


def declared_spans(text: str, lowered: str) -> list[Span]:
    """This module's classes (its docstring) in ``text``; ``lowered`` is its lower case, for cheap needles."""
    spans: list[Span] = []
    if any(word in lowered for word in _CREDENTIAL_WORDS):
        spans += _declarations(text, lowered)
        if any(needle in lowered for needle in _BARE_NEEDLES):
            spans += [_span(m.start(1), m.group(1), "secret") for m in _BARE_KEY.finditer(text) if (
                _HEX.fullmatch(m.group(1)) or looks_generated(m.group(1), 20)) and not is_placeholder(m.group(1))]
        if any(needle in lowered for needle in _DIRECTIVE_NEEDLES):
            spans += [_span(m.start(2), m.group(2), "secret") for m in _DIRECTIVE.finditer(text) if _mixed(m.group(2))]
    if "--" in text:
        spans += [_span(m.start(2), m.group(2), key_kind(m.group(0).split()[0].rsplit(".", 1)[-1]) or "secret")
                  for m in _DOTTED_FLAG.finditer(text) if (m.start() == 0 or text[m.start() - 1].isspace())
                  and _named_flag(m.group(0)) and not is_placeholder(m.group(2))]
    if ":" in text and "=" in text:
        spans += [_span(m.start(2), m.group(2), key_kind(m.group(1)) or "secret") for m in _PREFIXED_ENV.finditer(text)
                  if _tool_prefix(text, m.start()) and key_kind(m.group(1)) and not _reference(m.group(2))]
    if "://" in text:
        spans += [_span(m.start(1), m.group(1), "password") for m in _USERINFO.finditer(text)
                  if not is_placeholder(m.group(1))]
    if "-p" in text and ("mysql" in lowered or "mariadb" in lowered):
        spans += [_span(m.start(1), m.group(1), "password") for m in _QUOTED_P.finditer(text)
                  if not is_placeholder(m.group(1))]
    if "$" in text:
        spans += [_span(m.start(), m.group(), "password") for m in _CRYPT.finditer(text) if _mixed(m.group(1))]
    spans += _said_spans(text)
    if "secret key" in lowered or "private key" in lowered:
        for caption in _CAPTION_WORDS.finditer(lowered):
            line = lowered[lowered.rfind("\n", 0, caption.start()) + 1 : caption.start()]
            body = _CAPTIONED.match(text, caption.end())
            if body and "public" not in line and len(line) <= 80:
                spans.append(_span(body.start(1), body.group(1), "private_key"))
    return spans


def _declarations(text: str, lowered: str) -> list[Span]:
    """Declarations found from their credential word outwards: the identifier around each hit, then the glue and
    literal after it (:data:`_DECLARATION`), so the pattern runs only where a name can hold a credential."""
    spans: list[Span] = []
    done = -1
    for hit in _NAME_WORD.finditer(lowered):
        if hit.start() < done:
            continue
        end = _NAME_TAIL.match(text, hit.end()).end()  # type: ignore[union-attr]
        done = end
        match = _DECLARATION.match(text, end)
        if match is None:
            continue
        head = text[max(0, hit.start() - 60) : hit.start()]
        start = hit.start() - len(head) + len(head.rstrip(_NAME_CHARS))  # the name's run, at most 60 back
        if start > 0 and text[start - 1] == "$" or not text[start].isalpha() and text[start] != "_":
            continue
        name, glue, value = text[start:end], match.group(1), match.group(3)
        if "==" in glue or "!=" in glue or not _credential_name(name) or not _issued(value) or is_placeholder(value):
            continue
        spans.append(_span(match.start(3), value, key_kind(_SETTER.sub("", name)) or "secret"))
    if "parameter" in lowered:
        for found in _FORTRAN.finditer(text):
            if _credential_name(found.group(1)) and _mixed(found.group(3)) and not is_placeholder(found.group(3)):
                spans.append(_span(found.start(3), found.group(3), key_kind(found.group(1)) or "secret"))
    return spans


def _credential_name(name: str) -> bool:
    """The identifier names a credential: its last word is one, and a ``key`` is not a kind of lookup key."""
    bare = _SETTER.sub("", name)
    if key_kind(bare) or (bare != name and bare.lower() in ("key", "_key")):
        return True  # a client's setKey / withKey: the key it authenticates with
    name = bare
    words = [w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+", name)]
    if not words or words[-1] not in ("key", "token", "secret", "password", "apikey", "passwd"):
        return False
    return words[-1] != "key" or (len(words) > 1 and words[-2] not in _NOT_SECRET_KEY and words[-2] not in ("id", "is"))


def _issued(value: str) -> bool:
    """A value an issuer generated: base62 draws, long mixed hex, a UUID, or a vendor prefix before either."""
    core = _VENDOR_PREFIX.sub("", value, count=1) if _VENDOR_PREFIX.match(value) else value
    if _UUID.fullmatch(core) or _UUID.match(core) and _HEX.fullmatch(core.replace("-", "")):
        return True
    if _HEX.fullmatch(core) or _HEX.fullmatch(core.replace("-", "")) and len(core) >= 24:
        return any(c.isdigit() for c in core) and any(c.isalpha() for c in core)
    return looks_generated(core, 12) or looks_generated(value, 16)


def _mixed(value: str) -> bool:
    """Letters and digits together, longer than a word: a value, not a setting."""
    return any(c.isdigit() for c in value) and any(c.isalpha() for c in value) and not is_placeholder(value)


def _named_flag(flag: str) -> bool:
    name = flag[2:].split("=")[0].split()[0].rsplit(".", 1)[-1]
    return key_kind(name) is not None or _credential_name(name.replace("-", "_"))


def _said_spans(text: str) -> list[Span]:
    """Drawn passwords handed over in a sentence, found from their symbols outwards (the module docstring)."""
    spans: list[Span] = []
    done = -1
    for symbol in _DRAWN.finditer(text):
        if symbol.start() < done:
            continue
        end = _SAID_TAIL.match(text, symbol.end()).end()  # type: ignore[union-attr]
        done = end
        head = text[max(0, symbol.start() - 33) : symbol.start()]
        start = symbol.start() - len(head) + len(head.rstrip(_SAID_CHARS))  # the token's run, at most 33 back
        token = text[start:end].rstrip(".,;")
        if not 10 <= len(token) <= 32:
            continue
        after = text[start + len(token) : start + len(token) + 1]
        before = text[max(0, start - 2) : start]
        if after and after not in " \t\n,;.":
            continue
        if not (before.endswith((":", "\uff1a", "\u1361")) or (len(before) == 2 and before[1] in " \t"
                                                                and (before[0].isalnum() or before[0] in ":\uff1a\u1361"))):
            continue
        if _said(token):
            spans.append(_span(start, token, "password"))
    return spans


def _said(token: str) -> bool:
    """A drawn password: both cases, a digit, a generator's symbol, not a reference, a flag or a dotted name."""
    token = token.rstrip(".,;")
    if (len(token) < 10 or token[0] in "$%@#&-=+" or token.endswith("=") or _ASSIGNED.match(token)
            or _DRAWN.search(token) is None or is_placeholder(token)):
        return False
    return (any(c.isupper() for c in token) and any(c.islower() for c in token) and any(c.isdigit() for c in token)
            and "==" not in token and "+=" not in token and "&&" not in token)


def _tool_prefix(text: str, colon: int) -> bool:
    """A one-letter upper-case prefix before the colon, standing alone (``D:``, ``E:``; not ``C:\\`` paths)."""
    return colon >= 1 and text[colon - 1].isupper() and (colon == 1 or not (text[colon - 2].isalnum()
                                                                           or text[colon - 2] in "_:"))


def _reference(value: str) -> bool:
    return value.startswith(("$", "%", "{")) or is_placeholder(value)
