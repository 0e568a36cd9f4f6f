"""Credentials recognised by the form they are written in, rather than by a key name or a vendor prefix.

Each function takes the text (and its ASCII lower case, same length) and returns spans
``(start, end, replacement, kind)`` of values to redact; :func:`mnemon.safety.redact.redact` splices them. Families:

* **HTTP headers**: ``Authorization:`` and ``Proxy-Authorization:`` in any scheme (``Bearer``, ``Token``, ``Bot``,
  ``SSWS``, ``ApiKey``, ``Digest ... response="..."``, a vendor's own, or none), in a header line, a ``-H``
  flag, a dict or a JS object; ``Cookie:``/``Set-Cookie:`` values that look issued;
* **command lines**: ``-u``/``--user``/``-a``/``-U`` ``user:password`` (or ``user%password``); a short ``-p``
  next to a user flag or a ``login``, or attached (``-pS3cret``); ``-P``; ``-w`` next to ``-D`` (LDAP binds);
  single-dash ``-pass``/``-storepass``/``-passout pass:...`` flags; a value echoed into ``--password-stdin`` or
  ``--with-token``; a value piped into ``base64`` (a Kubernetes secret being written); ``kubectl create
  secret ... --from-literal=k=v``; ``gh secret set ... --body``; and the positional passwords of
  ``htpasswd -b``, ``rabbitmqctl add_user``, ``net use /user:``, ``sqlplus user/pw``;
* **credential files**: ``.netrc`` (``machine ... login ... password ...``) and ``.pgpass`` lines
  (``host:port:db:user:password``);
* **code forms the assignment rule cannot see**: a call whose first string argument names a secret and whose
  second is its value (``define('DB_PASSWORD', '...')``, ``setProperty("db.password", "...")``), a Terraform
  ``variable "db_password" { default = "..." }``, a Dockerfile ``ENV SECRET value`` without ``=``; a JSON value
  followed by the next key (``"invalid_token","error_description"``) is not such a call.

Credentials told in sentences are :mod:`mnemon.safety.secretprose`'s.

Values pass the same checks as everywhere else (:mod:`mnemon.safety.secretwords`): references, placeholders and
plain words are left alone. Every pattern is anchored on a literal or a short needle and bounded, so cost
stays linear.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from mnemon.safety.entropy import looks_generated
from mnemon.safety.secretwords import is_placeholder, key_kind, marker, sigil_generated, token_like

Span = tuple[int, int, str, str]


def _span(start: int, value: str, kind: str) -> Span:
    return (start, start + len(value), marker(kind), kind)


def _unquote(raw: str, start: int) -> tuple[str, int]:
    if len(raw) >= 2 and raw[0] in "'\"`" and raw[-1] == raw[0]:
        return raw[1:-1], start + 1
    return raw, start


_REFERENCE = re.compile(r"^(?:\$|%|\{|<|\[|@)|\$\{|\$\(|\{\{|\(\)|\)$|\[")


def _literal(value: str) -> bool:
    """Not a reference, template, placeholder or call."""
    return not (is_placeholder(value) or (_REFERENCE.search(value) and not sigil_generated(value)) or "(" in value)


# ---- HTTP headers ----

_AUTH_HEADER = re.compile(
    r"(?:proxy-)?authorization[\"'`]?[ \t]*[:=][ \t]*[\"'`]?"
    r"(?:(?P<scheme>[A-Za-z][A-Za-z0-9._\-]{1,40})[ \t]+)?(?P<cred>[^\s\"'`,;(){}<>]{6,4096})(?P<after>.?)",
    re.IGNORECASE,
)
_DIGEST_RESPONSE = re.compile(r"\bresponse=\"(?P<val>[^\"\n]{8,256})\"")


def header_spans(text: str, lowered: str) -> list[Span]:
    """``Authorization`` credentials in any scheme, Digest responses and issued cookie values."""
    spans: list[Span] = []
    pos = lowered.find("authorization")
    while pos >= 0:
        start = pos - 6 if lowered[max(0, pos - 6) : pos] == "proxy-" else pos
        match = _AUTH_HEADER.match(text, start)
        if match:
            scheme = (match.group("scheme") or "").lower()
            cred = match.group("cred")
            if scheme == "digest":
                line_end = text.find("\n", match.end())
                digest = _DIGEST_RESPONSE.search(text, match.start(), line_end if line_end >= 0 else len(text))
                if digest:
                    spans.append(_span(digest.start("val"), digest.group("val"), "authorization"))
            elif match.group("after") != "(" and _literal(cred) and _credential_value(cred):
                spans.append(_span(match.start("cred"), cred, "authorization"))
        pos = lowered.find("authorization", pos + 13)
    if "cookie" in lowered:
        spans.extend(_cookie_spans(text, lowered))
    return spans


def _credential_value(cred: str) -> bool:
    """An Authorization credential: digits among letters, or a generated-looking string."""
    letters = any(c.isalpha() for c in cred)
    return letters and (any(c.isdigit() for c in cred) or looks_generated(cred, 16) or len(cred) >= 24)


_COOKIE = re.compile(r"(?:set-)?cookie[\"']?[ \t]*[:=][ \t]*[\"']?(?P<body>[^\n\"']{1,4096})", re.IGNORECASE)
_COOKIE_PAIR = re.compile(r"(?P<name>[A-Za-z0-9_.\-]{1,80})=(?P<val>[^;\s,]{1,4096})")
_COOKIE_ATTRIBUTES = frozenset(("path", "domain", "expires", "max-age", "samesite", "priority", "version"))


def _cookie_spans(text: str, lowered: str) -> Iterator[Span]:
    pos = lowered.find("cookie")
    while pos >= 0:
        start = pos - 4 if lowered[max(0, pos - 4) : pos] == "set-" else pos
        match = _COOKIE.match(text, start)
        if match:
            for pair in _COOKIE_PAIR.finditer(text, match.start("body"), match.end("body")):
                value = pair.group("val")
                if pair.group("name").lower() in _COOKIE_ATTRIBUTES or not _literal(value):
                    continue
                if len(value) >= 12 and (token_like(value) or _issued_lower(value)):
                    yield _span(pair.start("val"), value, "cookie")
        pos = lowered.find("cookie", pos + 6)


def _issued_lower(value: str) -> bool:
    """A lower-case or hex session id: letters and digits, at least 16, no word."""
    return (
        len(value) >= 16
        and value.isalnum()
        and any(c.isdigit() for c in value)
        and sum(c.isdigit() for c in value) >= 0.1 * len(value)
    )


_QUERY_KEY = re.compile(r"[?&](?:key|k|apikey|appkey|appid)=(?P<val>[^&#\s\"'<>]{16,512})", re.IGNORECASE)
_UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")


def query_spans(text: str, lowered: str) -> list[Span]:
    """A URL's ``key=`` parameter holding an issued value (a UUID, 16+ hex digits or a generated string)."""
    spans: list[Span] = []
    if "key=" not in lowered and "k=" not in lowered and "appid=" not in lowered:
        return spans
    for match in _QUERY_KEY.finditer(text):
        value = match.group("val")
        if _UUID.match(value) or re.fullmatch(r"[0-9a-fA-F]{16,}", value) or looks_generated(value, 16):
            spans.append(_span(match.start("val"), value, "secret"))
    return spans


# ---- command lines ----

_VALUE = r"(?P<val>\"[^\"\n]{1,256}\"|'[^'\n]{1,256}'|[^\s\"'\-|;&<>][^\s\"'|;&<>]{0,255})"
_USER_PASS_FLAG = re.compile(
    r"-(?<!\S-)(?:u|-user|a|-?auth|U|-basic-auth)(?:[ \t]+|=)[\"']?"
    r"(?P<user>[^\s:%,\"'/@]{1,64})(?P<sep>[:%,])(?P<pw>[^\s\"'@]{1,256})"
)
_USER_FLAG = re.compile(r"(?<!\S)(?:-u\S*|-U|--user(?:name)?|-l|--login|-D|--username)(?=[\s=])|\blogin\b")
_SHORT_P = re.compile(r"-p(?<!\S-p)[ \t]+" + _VALUE)
_ATTACHED_P = re.compile(r"-p(?<!\S-p)(?P<val>[^\s\-\"'/:=][^\s\"'/:=]{5,255})(?=\s|$)")
_BIG_P = re.compile(r"-P(?<!\S-P)[ \t]+" + _VALUE)
_LDAP_W = re.compile(r"-w(?<!\S-w)[ \t]+" + _VALUE)
_KEYGEN_PASS = re.compile(r"-[NP](?<!\S-.)[ \t]+" + _VALUE)
"""ssh-keygen's new (-N) and old (-P) passphrases."""
_PASS_FLAG = re.compile(r"-(?<!\S-)(?:[a-z]{0,12}pass[a-z]{0,12}|pw|pwd)(?:[ \t]+|=)(?:pass:)?" + _VALUE)
_WINDOWS_PASS = re.compile(r"/(?<!\S/)(?:p|pass|password|pwd)[:=](?P<val>[^\s\"'/][^\s\"']{2,255})")
"""Windows-style ``/p:VALUE`` and ``/password:VALUE`` flags (xfreerdp, net, runas)."""
_KEY_VALUE_VERB = re.compile(
    r"\b(?:set|put|add|store|write|setx|config)[ \t]+(?:--?[\w-]+(?:=\S+)?[ \t]+){0,3}"
    r"(?P<key>[\w./:@\-]{2,120})[ \t]+" + _VALUE
)
"""A config or secret-store command naming a secret key then its value: ``git config github.token X``,
``etcdctl put /app/db_password X``, ``CONFIG SET requirepass X``, ``doppler secrets set KEY X``."""
_HASHED_LITERAL = re.compile(
    r"\b(?:bcrypt|hash_password|make_password|password_hash|hashpw|generate_password_hash|hash::make|"
    r"argon2(?:\.hash)?|crypt|sha256_crypt\.hash|set_password)\s*\(\s*[\"'](?P<val>[^\"'\n]{4,128})[\"']"
)
"""A literal password handed to a hashing or setter function."""
_ECHO_FILE = re.compile(
    r"(?:password|passphrase|secret|token|key)[\w-]*(?:[ \t]+|=)<\([ \t]*(?:echo|printf)[ \t]+[\"']?(?P<val>[^\s\"')]{4,256})"
)
"""A password-file flag fed by process substitution: ``--vault-password-file <(echo X)``."""
_PASS_PREFIX = re.compile(r"pass:(?<![\w-]pass:)(?P<val>[^\s\"']{4,256})")
_ECHO_STDIN = re.compile(
    r"\b(?:echo|printf)(?:[ \t]+-[ne]+)?[ \t]+" + _VALUE
    + r"[ \t]*\|[^\n|]{0,160}?(?:--password-stdin|--with-token|--token-stdin|--stdin|chpasswd|--password-from-stdin)"
)
_ECHO_BASE64 = re.compile(
    r"\b(?:echo|printf)(?:[ \t]+-[ne]+)?(?:[ \t]+[\"']%s[\"'])?[ \t]+" + _VALUE + r"[ \t]*\|[ \t]*(?:base64|openssl[ \t]+base64)(?![ \t]+-(?:d|D|-decode))"
)
"""A value encoded for a Kubernetes secret or a Basic header: ``echo -n 'S3cr3t' | base64``."""
_FROM_LITERAL = re.compile(r"--from-literal[= ][\"']?[A-Za-z0-9_.\-]{1,64}=" + _VALUE)
_SECRET_BODY = re.compile(r"\bsecrets?[ \t]+set\b[^\n|;]{0,120}?(?:--body|-b)(?:[ \t]+|=)" + _VALUE)
_POSITIONAL = (
    re.compile(r"\bhtpasswd(?P<flags>(?:[ \t]+-[A-Za-z]+)+)[ \t]+(?P<args>[^\n|;&]{1,400})"),
    re.compile(r"\brabbitmqctl[ \t]+(?:add_user|change_password)[ \t]+\S+[ \t]+" + _VALUE),
    re.compile(r"\bnet[ \t]+use\b[^\n]{0,200}?/user:\S+[ \t]+" + _VALUE),
    re.compile(r"\b(?:sqlplus|expdp|impdp|rman[ \t]+target)[ \t]+(?:-\w+[ \t]+)*[\w$#]{1,30}/(?P<val>[^\s@/\"']{1,128})"),
    re.compile(r"\bmysqladmin\b[^\n|;]{0,120}?[ \t]password[ \t]+" + _VALUE),
    re.compile(r"(?m)^[ \t]*user[ \t]+[^\s]{1,64}[ \t]+(?P<val>[^\s]{1,256})[ \t]*$"),
)


_KV_VERBS = ("set", "put", "add", "store", "write", "setx", "config")


def _word_starts(lowered: str, words: tuple[str, ...]) -> list[int]:
    """Where one of ``words`` stands as a whole word (``str.find``, much faster than a regex alternation)."""
    found = []
    for word in words:
        pos = lowered.find(word)
        while pos >= 0:
            end = pos + len(word)
            if (pos == 0 or not lowered[pos - 1].isalnum()) and (end >= len(lowered) or not lowered[end].isalnum()):
                found.append(pos)
            pos = lowered.find(word, end)
    return sorted(found)


def _value(match: re.Match[str]) -> tuple[str, int]:
    return _unquote(match.group("val"), match.start("val"))


def _password_like(value: str, minimum: int = 6) -> bool:
    """A value that reads as a password: long enough, with a digit or symbol among letters, not a word."""
    if len(value) < minimum or _SPACE.search(value):
        return False
    letters = _ALPHA.search(value) is not None
    digits = _DIGIT.search(value) is not None
    symbols = not value.replace("-", "").replace("_", "").replace(".", "").isalnum()
    if not (letters and (digits or symbols)) and not looks_generated(value, 12):
        return False
    return _literal(value)


_SPACE = re.compile(r"\s")
_ALPHA = re.compile(r"[^\W\d_]")
_DIGIT = re.compile(r"\d")


def _line(text: str, pos: int) -> str:
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    return text[start : end if end >= 0 else len(text)]


def _user_pass_flags(text: str) -> list[Span]:
    """``-u user:password`` (curl, httpie, redis), ``-auth user:token`` (jenkins-cli), and lftp's ``-u user,password``."""
    spans: list[Span] = []
    for match in _USER_PASS_FLAG.finditer(text):
        password = match.group("pw")
        if password.isdigit() and match.group("sep") == ":" or not _literal(password):
            continue
        if match.group("sep") == "," and (not _password_like(password, 8) or is_placeholder(password.rstrip(",.;:)`'\""))):
            continue  # "-u user,password`," in prose is the form, not a password
        if match.group("user").startswith(("$", "{")):
            continue
        spans.append(_span(match.start("pw"), password, "password"))
    return spans


def cli_spans(text: str, lowered: str) -> list[Span]:
    """Passwords given on a command line (see the module docstring)."""
    spans: list[Span] = []
    if "-" in text:
        spans.extend(_user_pass_flags(text))
        for pattern, needs_user in ((_SHORT_P, True), (_BIG_P, False), (_ATTACHED_P, False)):
            for match in pattern.finditer(text):
                value, start = _value(match)
                if needs_user and not _USER_FLAG.search(_line(text, match.start())):
                    continue
                if _password_like(value) and ":" not in value and not value.startswith(("/", "~", ".")):
                    spans.append(_span(start, value, "password"))
        for match in _LDAP_W.finditer(text):
            value, start = _value(match)
            line = _line(text, match.start())
            if (re.search(r"(?<!\S)-D[ \t]", line) or "password" in line.lower()) and _literal(value):
                spans.append(_span(start, value, "password"))
        if "ssh-keygen" in lowered:
            for match in _KEYGEN_PASS.finditer(text):
                value, start = _value(match)
                if _literal(value) and len(value) >= 4:
                    spans.append(_span(start, value, "password"))
    if "pass" in lowered or "-pw" in lowered:
        for match in _PASS_FLAG.finditer(text):
            value, start = _value(match)
            if _literal(value) and not value.startswith(("env:", "file:", "fd:", "stdin")) and len(value) >= 4:
                spans.append(_span(start, value, "password"))
        for match in _PASS_PREFIX.finditer(text):
            if _literal(match.group("val")):
                spans.append(_span(match.start("val"), match.group("val"), "password"))
    if "/" in text:
        for match in _WINDOWS_PASS.finditer(text):
            if _literal(match.group("val")):
                spans.append(_span(match.start("val"), match.group("val"), "password"))
    for at in _word_starts(lowered, _KV_VERBS):
        pair = _KEY_VALUE_VERB.match(lowered, at)
        if pair is None:
            continue
        key = text[pair.start("key") : pair.end("key")].rstrip(":=")
        last = re.split(r"[./:@]", key)[-1] if key else key
        value, start = _unquote(text[pair.start("val") : pair.end("val")], pair.start("val"))
        if (key_kind(last) or key_kind(key)) and _literal(value) and (token_like(value) or _password_like(value)):
            spans.append(_span(start, value, "secret"))
    gated = ((_HASHED_LITERAL, any(w in lowered for w in ("crypt", "hash", "set_password", "argon2"))),
             (_ECHO_FILE, "<" in text and "<(" in text))
    for pattern, present in gated:
        if present:
            for match in pattern.finditer(lowered):
                value = text[match.start("val") : match.end("val")]
                if _literal(value):
                    spans.append(_span(match.start("val"), value, "password"))
    if "echo" in lowered or "printf" in lowered:
        for match in _ECHO_STDIN.finditer(text):
            value, start = _value(match)
            if _literal(value) and len(value) >= 6:
                spans.append(_span(start, value, "password"))
        if "base64" in lowered:
            for match in _ECHO_BASE64.finditer(text):
                value, start = _value(match)
                if _password_like(value) and " " not in value:
                    spans.append(_span(start, value, "secret"))
    if "--from-literal" in lowered and re.search(r"\bcreate\s+secret\b", lowered):
        for match in _FROM_LITERAL.finditer(text):
            value, start = _value(match)
            if _literal(value):
                spans.append(_span(start, value, "secret"))
    if "secret set" in lowered or "secrets set" in lowered:
        for match in _SECRET_BODY.finditer(text):
            value, start = _value(match)
            if _literal(value):
                spans.append(_span(start, value, "secret"))
    spans.extend(_positional_spans(text, lowered))
    return spans


_POSITIONAL_NEEDLES = (("htpasswd",), ("rabbitmqctl",), ("net use",), ("sqlplus", "expdp", "impdp", "rman target"),
                       ("mysqladmin",), ("ftp",))
"""Which tools each positional pattern belongs to (the last: an ftp script's ``user NAME PASSWORD`` line)."""


def _positional_spans(text: str, lowered: str) -> Iterator[Span]:
    for pattern, needles in zip(_POSITIONAL, _POSITIONAL_NEEDLES, strict=True):
        if not any(needle in lowered for needle in needles):
            continue
        for match in pattern.finditer(text):
            if "flags" in pattern.groupindex:
                flags = match.group("flags").replace("-", "").replace(" ", "").replace("\t", "")
                if "b" not in flags:
                    continue
                args = list(re.finditer(r"\S+", match.group("args")))
                index = 1 if "n" in flags else 2
                if len(args) > index:
                    arg = args[index]
                    value, start = _unquote(arg.group(0), match.start("args") + arg.start())
                    if _literal(value):
                        yield _span(start, value, "password")
                continue
            value, start = _value(match)
            if _literal(value):
                yield _span(start, value, "password")


# ---- credential files ----

_NETRC = re.compile(
    r"(?:\bmachine[ \t]+\S+|\bdefault)(?:\s+(?:login|account|port|protocol)[ \t]+\S+){0,4}\s+password[ \t]+(?P<val>\S+)"
)
_PGPASS_HINT = re.compile(r":(?:\d{1,5}|\*):[^:\s]+:[^:\s]+:\S")
_PGPASS = re.compile(
    r"(?m)(?:^|(?<=\s))[\w.\-*\[\]]+:(?:\d{1,5}|\*):[\w.\-*]+:[\w.\-*@]+:(?P<val>[^\s:]{4,256})[ \t]*$"
)


def file_spans(text: str, lowered: str) -> list[Span]:
    """``.netrc`` passwords and ``.pgpass`` lines."""
    spans: list[Span] = []
    if "password" in lowered and ("machine " in lowered or "default login" in lowered
                                  or "default password" in lowered):
        for match in _NETRC.finditer(text):
            if _literal(match.group("val")):
                spans.append(_span(match.start("val"), match.group("val"), "password"))
    if text.count(":") >= 4 and _PGPASS_HINT.search(text):
        for match in _PGPASS.finditer(text):
            if _literal(match.group("val")):
                spans.append(_span(match.start("val"), match.group("val"), "password"))
    return spans


# ---- code forms ----

_PAIR = re.compile(
    r"(?P<q>[\"'])(?P<key>[A-Za-z_][\w.\-]{1,63})(?P=q)[ \t]*,[ \t]*(?P<q2>[\"'])(?P<val>[^\"'\n]{4,512})(?P=q2)"
)
_SNAKE_NAME = re.compile(r"[A-Za-z]+(?:_[A-Za-z]+)+")
_AUTH_PAIR = re.compile(
    r"auth(?:[ \t]*=[ \t]*\(|(?:credentials)?[ \t]*\()"
    r"[ \t]*(?:(?:login|username|user)[ \t]*=[ \t]*)?[\"'][^\"'\n]{1,64}[\"'][ \t]*,[ \t]*"
    r"(?:(?:password|passwd)[ \t]*=[ \t]*)?[\"'](?P<val>[^\"'\n]{4,256})[\"']"
)
"""A user and password handed to an HTTP client: ``auth=('ci', 'pw')``, ``HTTPBasicAuth("u", "pw")`` (run on
the lower-cased text at each "auth"; the value is read from the original)."""
_TF_VARIABLE = re.compile(
    r"\bvariable[ \t]+\"(?P<name>[\w\-]{1,64})\"[ \t]*\{(?P<body>[^{}]{0,400}?)\bdefault[ \t]*=[ \t]*\"(?P<val>[^\"\n]{1,512})\""
)
_DOCKER_ENV = re.compile(r"(?m)^[ \t]*ENV[ \t]+(?P<key>[A-Za-z_][A-Za-z0-9_]{0,63})[ \t]+(?P<val>[^\s=\"'][^\s]{0,511})[ \t]*$")


def code_spans(text: str, lowered: str) -> list[Span]:
    """Secret-named call arguments, Terraform variable defaults and space-separated Dockerfile ``ENV``."""
    spans: list[Span] = []
    if "," in text:
        for match in _PAIR.finditer(text):
            kind = key_kind(match.group("key"))
            value = match.group("val")
            json_value = text[max(0, match.start() - 8) : match.start()].rstrip(" \t").endswith(":")
            if kind is None or json_value or _SNAKE_NAME.match(value):
                continue  # a JSON value followed by the next key ("invalid_token","error_description"), not a call
            if _literal(value) and not any(c.isspace() for c in value) and key_kind(value) is None:
                spans.append(_span(match.start("val"), value, kind))
    pos = lowered.find("auth")
    while pos >= 0:
        before = lowered[max(0, pos - 10) : pos]
        call = before.endswith(("basic", "digest")) or (pos > 0 and not lowered[pos - 1].isalnum())
        pair = _AUTH_PAIR.match(lowered, pos) if call and "(" in lowered[pos : pos + 20] else None
        if pair and (pair.group(0)[4:5] != "(" or before.endswith(("basic", "digest"))):
            value = text[pair.start("val") : pair.end("val")]
            if _literal(value):
                spans.append(_span(pair.start("val"), value, "password"))
        pos = lowered.find("auth", pos + 4)
    if "variable" in lowered:
        for match in _TF_VARIABLE.finditer(text):
            kind = key_kind(match.group("name"))
            if kind and _literal(match.group("val")):
                spans.append(_span(match.start("val"), match.group("val"), kind))
    if "ENV" in text:
        for match in _DOCKER_ENV.finditer(text):
            kind = key_kind(match.group("key"))
            if kind and _literal(match.group("val")):
                spans.append(_span(match.start("val"), match.group("val"), kind))
    return spans
