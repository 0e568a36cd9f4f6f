"""Secrets and ``<private>`` removal, applied to every text before it is stored.

Two pure functions:

1. :func:`strip_private` deletes ``<private>...</private>`` spans. Tags match case-insensitively and may hold
   spaces or attributes (``<PRIVATE>``, ``< private >``, ``<private reason="x">``); spans may cross lines, nest
   or repeat. Nesting is counted, so a span ends at the ``</private>`` closing the outermost ``<private>``. An
   unclosed ``<private>`` drops everything after it (the safe reading of a truncated message); a stray
   ``</private>`` and a self-closing ``<private/>`` are removed on their own. A tag written as inline code,
   between backticks (`` `<private>` ``), is a mention of the feature and stays. A span is replaced by nothing
   (:data:`PRIVATE_MARKER`): the stored memory simply lacks it, and the function is idempotent.
2. :func:`redact` strips private spans, then replaces secrets with ``[REDACTED:<kind>]`` and returns the kinds
   it found (sorted, unique). Rule families run in this order, each on the previous one's output:

   * ``private_key``: PEM, OpenSSH and PGP private key blocks, whole (an unterminated block loses its base64
     body), also inside JSON strings with ``\\n`` escapes;
   * **shaped tokens**, recognisable on their own: ``aws_access_key`` (AKIA/ASIA/... ids), ``github_token``
     (ghp_, gho_, ghu_, ghs_, ghr_, github_pat_), ``gitlab_token`` (glpat- and kin), ``slack_token``
     (xox[abeoprs]-), ``slack_webhook`` (the path after hooks.slack.com/services/), ``stripe_key``
     (sk_/rk_ live/test, whsec_), ``openai_key`` (sk-, sk-proj-, sk-svcacct-), ``anthropic_key`` (sk-ant-),
     ``google_api_key`` (AIza), ``google_oauth_secret`` (GOCSPX-), ``google_oauth_token`` (ya29.), ``npm_token``,
     ``pypi_token``, ``huggingface_token``, ``sendgrid_key``, ``jwt``, ``bearer_token`` (``Bearer <opaque>``)
     and ``basic_auth`` (``Basic <base64 of user:password>``). Prefix rules that could hit words (``sk-``,
     ``xox``, ``Bearer``) also demand the mix of digits and letters of a generated token, so "sk-learn-style"
     survives;
   * ``url_password``: ``scheme://user:password@host`` keeps scheme, user and host;
   * **assignments** whose key's last word names a secret (password, passwd, passphrase, pwd, pw, pass,
     secret, token, credential(s), apikey, or api/access/secret/private/signing/... + key), in snake, kebab,
     camel or upper case (``DB_PASSWORD``, ``stripeSecretKey``, ``x-api-key``), with ``=``, ``:``, ``:=`` or
     ``=>``, quoted or not: code, YAML, JSON, TOML, INI, ``.env``, ``export``, fish ``set -x`` and PowerShell
     ``$env:`` lines, ``--password=x`` and ``--password x`` flags, ``;``-separated connection strings, query
     strings, XML elements (``<password>..</password>``) and ``key=".." value=".."`` settings, SQL ``WITH
     PASSWORD '..'`` / ``IDENTIFIED BY '..'``, and the short flags ``redis-cli -a``, ``sshpass -p``,
     ``mysql -p..``, ``openssl -k``. Only the value is replaced (kind ``password``, ``aws_secret_key`` or
     ``secret``); the key and quotes stay;
   * ``aws_secret_key`` written bare: a 40-character mixed-case base64 run shortly after "aws", "secret" or an
     access key id.

   A bare ``--key`` flag is a secret when its value is generated or holds a long hex run behind a prefix.
   Nothing inside an encrypted-config ``ENC[...]`` value (hiera-eyaml and similar tools) is redacted (ciphertext), nor a vendor-shaped documentation
   sample (``ghp_xxxx...``, ``AKIAIOSFODNN7EXAMPLE``).

   A value is *not* a secret when it is plainly not a literal: a call or subscript (``input()``,
   ``os.environ["API_KEY"]``), an attribute path (``self.token``), a variable or template reference
   (``${DB_PASSWORD}``, ``$TOKEN``, ``{{ vault_pw }}``, ``%(pw)s``), a constant (``None``, ``null``, ``true``),
   a YAML tag (``!secret name``, ``!vault``), a PowerShell cmdlet (``Read-Host``), a placeholder
   (``<your-token>``, ``xxxx``, ``****``, ``changeme``, ``your_api_key_here``), a name made of the secret word
   (``"new_password"``), fewer than 4 characters, or a quoted phrase with spaces (a label such as ``"Mot de
   passe"``; a ``passphrase`` key is the exception). A bare word of letters only is read as a
   variable (``password=pw``, ``token: str``) except on ``.env``/``export`` lines, after ``--flag=`` and in
   connection strings, where it is the literal.

3. Later passes (other modules): credentials by their form (``mnemon.safety.secretforms``: headers in any scheme,
   cookies, command lines, credential files, call arguments, Terraform and Dockerfile forms;
   ``mnemon.safety.secretcalls``: positional passwords of connect and login calls, Oracle ``user/pw@``;
   ``mnemon.safety.secretoutput``: tool output such as a value printed after ``printenv X`` or ``| base64 -d``,
   secret tables and DSL settings, Wi-Fi keys, userinfo keys, recovery codes, OTP seeds; ``secretdialects``: other
   languages' binding forms and CSV secret columns; ``secretwire``: protocol transcripts, positional CLI secrets;
   ``secretissued``: issued values known by what carries them; ``secretstrong``: passwords known by their shape;
   ``secretvocab``: keys named in other languages; ``secretfed``: values fed to calls, commands and files;
   ``secretheard``, ``secretentered``, ``secretgiven`` and ``secretshown``: prompted, typed, fed, shown and filed credentials, chain keys, chat),
   prose (``mnemon.safety.secretprose``: a noun linked to a value in several languages, and more in
   ``secrettongues``, login / password pairs, word passphrases, "use X to unlock"), then
   generated strings of vendors without a rule and webhook URL tokens (``mnemon.safety.entropy``). The key and
   value vocabulary shared by every pass is ``mnemon.safety.secretwords``; word-like fixtures in test code
   (``"password": "nope"`` under ``def test_...``) are dropped from every pass (``mnemon.safety.secretfixtures``).

Limits: a letters-only password after a colon (``password: hunter``) and a random string shorter than 24
characters with no context survive; hex strings are read as digests unless a key, a prefix or a sentence
names them. Measured on held-out text by ``python -m bench security`` (README: "Secrets and prompt
injection"). :data:`RULES_VERSION` is raised with every rule change, so stored memories are screened again
(``mnemon.engine.rescreen``).

Speed: shaped rules start with a literal, which `re` scans for quickly; case-insensitive ones are tried only
where their lower-case needle occurs; assignments are found from their key word outwards. Every repetition
is bounded or tried from the start of a run only, so cost is linear in the input: a few milliseconds per
100 KB of code and prose, tens of milliseconds for adversarial input built to hit the rules.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Iterator

from mnemon.safety import (
    entropy,
    secretcalls,
    secretdeclared,
    secretdevices,
    secretdialects,
    secretdirectives,
    secretfed,
    secretfixtures,
    secretforms,
    secretheard,
    secretinert,
    secretissued,
    secretlooks,
    secretloose,
    secretnamed,
    secretnoted,
    secretoutput,
    secretpairs,
    secretparts,
    secretprose,
    secretpublic,
    secretstrong,
    secrettools,
    secretvocab,
    secretwire,
)
from mnemon.safety.secretshapes import _SHAPED_RULES, private_key_spans
from mnemon.safety.secretwords import (
    is_literal_secret,
    is_placeholder,
    key_kind,
    marker,
    token_like,
    weak_key,
)

RULES_VERSION = 21
"""Raised whenever the secret rules change, so stored memories are screened again (``mnemon.engine.rescreen``)."""

PRIVATE_MARKER = ""
"""What a ``<private>`` span becomes: nothing."""

_PRIVATE_TAG = re.compile(r"<\s*(/?)\s*private(?![\w-])[^<>\n]{0,200}?(/?)\s*>", re.IGNORECASE)


def strip_private(text: str) -> str:
    """Remove ``<private>...</private>`` spans (nested, repeated, multiline; unclosed drops the rest)."""
    if "private" not in text.lower():
        return text
    out: list[str] = []
    depth = 0
    pos = 0
    for tag in _PRIVATE_TAG.finditer(text):
        if text[tag.start() - 1 : tag.start()] == "`" and text[tag.end() : tag.end() + 1] == "`":
            continue
        if depth == 0:
            out.append(text[pos : tag.start()])
        pos = tag.end()
        if tag.group(2) == "/":
            continue
        if tag.group(1) != "/":
            depth += 1
        elif depth > 0:
            depth -= 1
            if depth == 0:
                out.append(PRIVATE_MARKER)
    if depth == 0:
        out.append(text[pos:])
    return "".join(out)


_Span = tuple[int, int, str, str]
"""(start, end, replacement, kind) of one redaction in the text being scanned."""


_SEALED = re.compile(r"ENC\[(?:AES256_GCM|PKCS7|GPG|KMS)[^\]\n]{0,4000}\]")
"""An encrypted-config value (hiera-eyaml and similar tools): ciphertext with its nonce and tag, safe to store by design."""


def _sealed(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in _SEALED.finditer(text)] if "ENC[" in text else []


def _splice(text: str, spans: Iterable[_Span], found: list[str]) -> str:
    """Apply non-overlapping spans in order; a span overlapping an earlier one, or inside an encrypted value
    (:data:`_SEALED`), is dropped."""
    ordered = sorted(spans)
    if not ordered:
        return text
    out: list[str] = []
    pos = 0
    sealed = _sealed(text)
    for start, end, replacement, kind in ordered:
        if start < pos or (sealed and any(a <= start < b for a, b in sealed)):
            continue
        out.append(text[pos:start])
        out.append(replacement)
        found.append(kind)
        pos = end
    if pos == 0 and not out:
        return text
    out.append(text[pos:])
    return "".join(out)


def _shaped_spans(text: str, lowered: str) -> list[_Span]:
    """Vendor-shaped tokens. A rule with one needle is skipped when the needle is absent; a rule with several
    (all case-sensitive) is run at once, since one ``finditer`` costs less than several ``in`` tests and
    finds nothing when every needle is absent."""
    spans: list[_Span] = []
    for kind, needles, pattern, group, check in _SHAPED_RULES:
        if len(needles) == 1 and needles[0] not in lowered:
            continue
        for match in _find(pattern, text, lowered, needles):
            if check(match) and not _sample_token(match.group(0)):
                start, end = match.span(group) if group else match.span()
                spans.append((start, end, marker(kind), kind))
    return spans


def _sample_token(token: str) -> bool:
    """A documentation sample of a vendor's shape: ``ghp_xxxx...``, ``sk_live_0000...``,
    ``AKIAIOSFODNN7EXAMPLE`` (its tail is one or two characters repeated, or it ends by saying so)."""
    return len(set(token[-16:].lower())) <= 3 or secretpublic.documented(token) or secretpublic.sample(token)


_IGNORECASE = int(re.IGNORECASE)


def _find(
    pattern: re.Pattern[str], text: str, lowered: str, needles: tuple[str, ...]
) -> Iterator[re.Match[str]]:
    """Matches of ``pattern``. Case-sensitive patterns start with a literal, which `re` scans for quickly;
    case-insensitive ones are tried only where their lower-case needle occurs in ``lowered``."""
    if not pattern.flags & _IGNORECASE:
        yield from pattern.finditer(text)
        return
    needle = needles[0]
    pos = lowered.find(needle)
    while pos >= 0:
        match = pattern.match(text, pos)
        if match:
            yield match
        pos = lowered.find(needle, match.end() if match else pos + 1)


_URL_CREDENTIALS = re.compile(
    r"://(?P<user>[^\s:/?#@\[\]\"'<>]{0,128}):(?P<password>[^\s@/?#\"'<>][^\s@/?\"'<>]{0,255})@(?=[A-Za-z0-9\[])"
)


def _url_spans(text: str) -> list[_Span]:
    """``scheme://user:password@host`` keeps everything but the password."""
    if "://" not in text or "@" not in text:
        return []
    spans: list[_Span] = []
    for match in _URL_CREDENTIALS.finditer(text):
        password = match.group("password")
        if is_placeholder(password):
            continue
        spans.append((*match.span("password"), marker("url_password"), "url_password"))
    return spans


_KEYWORD = re.compile(r"pass|pw|secret|token|key|credential|pat|[-_]mac\b|(?<![a-z])(?:auth|sig|sas)")
"""The secret words a key may end in; :func:`_keyword_hits` finds exactly its ``finditer`` matches."""
_KEYWORDS = ("pass", "pw", "secret", "token", "key", "credential", "pat", "-mac", "_mac", "auth", "sig", "sas")
_NOT_AFTER_LETTER = frozenset(("auth", "sig", "sas"))
_ASCII_LETTERS = frozenset(string.ascii_lowercase)


def _keyword_hits(lowered: str) -> list[tuple[int, int]]:
    """The spans ``_KEYWORD.finditer(lowered)`` yields, found with ``str.find`` (several times faster than the
    alternation): every occurrence that passes the pattern's boundary tests, then leftmost non-overlapping ones,
    as ``finditer`` takes them. No two words can match at one position, so the choice is the same."""
    found: list[tuple[int, int]] = []
    for word in _KEYWORDS:
        pos = lowered.find(word)
        while pos >= 0:
            end = pos + len(word)
            if word[0] in "-_":  # [-_]mac\b
                ok = end == len(lowered) or not (lowered[end].isalnum() or lowered[end] == "_")
            else:
                ok = word not in _NOT_AFTER_LETTER or pos == 0 or lowered[pos - 1] not in _ASCII_LETTERS
            if ok:
                found.append((pos, end))
            pos = lowered.find(word, pos + 1)
    return _leftmost(found)


def _leftmost(found: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans ``finditer`` keeps of all the places an alternation of words matches (no two words matching at
    one position): leftmost first, each next one starting at or after the end of the last."""
    found.sort()
    hits: list[tuple[int, int]] = []
    last = 0
    for start, end in found:
        if start >= last:
            hits.append((start, end))
            last = end
    return hits
_KEY_CHARS = string.ascii_letters + string.digits + "_.-"
_KEY_REST = re.compile(r"[A-Za-z0-9_.\-]*")
_ASSIGN_TAIL = re.compile(
    r"""(?P<kq>\\?["']?)\]?(?:[ \t]{0,4}:[ \t]{0,4}[A-Za-z_][\w.\[\], |]{0,40}?)?"""
    r"""(?P<pre>[ \t]{0,8})(?P<sep>:=|=>|=(?!=)|:(?![:/=]))[ \t]{0,8}"""
    r"""(?P<val>\\"[^"\\\n]{1,512}\\"|\\'[^'\\\n]{1,512}\\'|"(?:[^"\\\n]|\\.){0,512}"|'(?:[^'\\\n]|\\.){0,512}'"""
    r"""|`[^`\n]{0,512}`"""
    r"""|(?:[^\s'"`,;()\[\]{}<>&]|&(?![A-Za-z_]\w{0,40}=)){1,512})"""
)
_MAX_KEY = 64
_SEPARATOR_AHEAD = re.compile(r"""\\?["'\]]{0,2}[ \t]{0,8}(?::[ \t]{0,4}[A-Za-z_][\w.\[\], |]{0,40}?)?[ \t]{0,8}[:=]""")
"""Cheap test that a separator follows a key, before the key is read."""


def _strong_context(text: str, start: int, sep: str, pre: str) -> bool:
    """``.env`` and ``export`` lines, connection strings and query strings hold literals, not names."""
    if pre or sep != "=":
        return False
    head = text[text.rfind("\n", 0, start) + 1 : start]
    stripped = head.strip()
    if stripped in ("", "export", "set", "ENV", "env", "ARG") or stripped.startswith("export "):
        return True
    return head.endswith((";", "; ", " -e ", "-e ", "--", "?", "&"))


def _key_around(text: str, word_start: int, word_end: int) -> tuple[int, int]:
    """Span of the key (identifier run) holding the secret word at ``word_start:word_end``; the start is -1
    when the key is longer than :data:`_MAX_KEY` (not a key a person wrote)."""
    rest = _KEY_REST.match(text, word_end)
    end = rest.end() if rest else word_end
    head = text[max(0, word_start - _MAX_KEY - 1) : word_start]
    start = word_start - len(head) + len(head.rstrip(_KEY_CHARS))  # the key's run: one call, not a loop
    if word_start - start > _MAX_KEY:
        return -1, end
    while start < word_start and not (text[start].isalpha() or text[start] == "_"):
        start += 1
    return start, end


def _inside_name(text: str, key_start: int) -> bool:
    """A key inside a path, URL or ARN (``.../secret:prod``) or a variable reference (``${DB_PASSWORD:?}``,
    ``{{password}}``) is part of a name, not an assignment; PowerShell's ``$env:NAME`` is the exception."""
    before = text[max(0, key_start - 2) : key_start]
    if before[-1:] in ("/", "\\", "@") or before in ("${", "{{"):
        return True
    return before[-1:] == ":" and before[:1].isalnum() and text[max(0, key_start - 5) : key_start] != "$env:"


def _assignment_spans(text: str, lowered: str) -> list[_Span]:
    """``key <sep> value`` where the key's last word names a secret: find the word, then the key around it."""
    spans: list[_Span] = []
    done = 0
    for hit_start, hit_end in _keyword_hits(lowered):
        if hit_start < done:
            continue
        rest = _KEY_REST.match(text, hit_end)
        if rest is None or not _SEPARATOR_AHEAD.match(text, rest.end()):
            done = rest.end() if rest else hit_end
            continue
        key_start, key_end = _key_around(text, hit_start, hit_end)
        done = key_end
        if key_start < 0:
            continue
        key = text[key_start:key_end]
        kind = key_kind(key)
        weak = kind is None and weak_key(key)
        if (kind is None and not weak) or _inside_name(text, key_start):
            continue
        tail = _ASSIGN_TAIL.match(text, key_end)
        if tail is None:
            continue
        done = tail.end()
        raw = tail.group("val")
        escaped = raw[:1] == "\\" and len(raw) >= 4
        quoted = escaped or (len(raw) >= 2 and raw[0] in "'\"`" and raw[-1] == raw[0])
        value = raw[2:-2] if escaped else raw[1:-1] if quoted else raw
        sep = tail.group("sep")
        strong = _strong_context(text, key_start, sep, tail.group("pre"))
        phrase_ok = text[key_start:key_end].lower().endswith("passphrase")
        if weak:
            if not token_like(value):
                continue
            kind = "secret"
        elif not is_literal_secret(value, not quoted, strong, sep, text[done : done + 1], phrase_ok):
            continue
        if kind is None or (kind == "aws_secret_key" and len(value) != 40):
            kind = "secret"
        start = tail.start("val") + (2 if escaped else 1 if quoted else 0)
        spans.append((start, start + len(value), marker(kind), kind))
    return spans


_XML_SETTING = re.compile(
    r"""(?:key|name)(?<![\w\-]key)(?<![\w\-]name)\s*=\s*["'](?P<key>[A-Za-z_][\w.:\-]{0,63})["']\s+value\s*=\s*["'](?P<val>[^"'\n]{1,512})["']"""
)
_SQL_PASSWORD = re.compile(r"password\s+'(?P<val>[^'\n]{1,256})'")
_SQL_PRAGMA_KEY = re.compile(r"pragma\s+(?:re)?key\s*=\s*['\"](?P<val>[^'\"\n]{1,256})['\"]")
"""SQLCipher's ``PRAGMA key = '...'`` (run on the lower-cased text; the value's span is read from the original)."""
_SQL_IDENTIFIED = re.compile(r"identified\s+by\s+'(?P<val>[^'\n]{1,256})'")
_SQL_WITH = re.compile(r"\bwith\s+(?:encrypted\s+)?$")
"""The SQL patterns run on the lower-cased text; the value's span is then read from the original."""


_XML_ELEMENT = re.compile(r"<(?<!<<)(?P<key>[A-Za-z_][\w.\-]{0,63})>(?P<val>[^<>\n]{1,256})</(?P=key)>")
_FISH_SET = re.compile(
    r"^[ \t]*set(?:[ \t]+-[A-Za-z]{1,6}){0,3}[ \t]+(?P<key>[A-Za-z_]\w{0,63})[ \t]+"
    r"(?P<val>\"[^\"\n]{1,256}\"|'[^'\n]{1,256}'|[^\s\"'(\-][^\s\"';&|()]{0,255})",
    re.MULTILINE,
)


def _markup_spans(text: str, lowered: str) -> list[_Span]:
    """``<password>..</password>`` elements, ``<add key="DbPassword" value=".."/>`` settings, fish
    ``set -x DB_PASSWORD ..`` and SQL ``WITH PASSWORD '..'`` / ``IDENTIFIED BY '..'``."""
    spans: list[_Span] = []
    if "<" in text and "</" in text:
        for match in _XML_ELEMENT.finditer(text):
            kind = key_kind(match.group("key"))
            value = match.group("val")
            if kind is not None and is_literal_secret(value, False, True, "=", ""):
                spans.append((*match.span("val"), marker(kind), kind))
    if "set " in text or "set\t" in text:  # the pattern's literal "set" is followed by a blank
        for match in _FISH_SET.finditer(text):
            kind = key_kind(match.group("key"))
            raw = match.group("val")
            quoted = raw[0] in "'\""
            value = raw[1:-1] if quoted else raw
            env_name = match.group("key").isupper()
            if kind is not None and is_literal_secret(value, not quoted, env_name, "=", ""):
                start = match.start("val") + (1 if quoted else 0)
                spans.append((start, start + len(value), marker(kind), kind))
    if "value" in lowered:
        for match in _XML_SETTING.finditer(text):
            kind = key_kind(match.group("key"))
            if kind is not None and not is_placeholder(match.group("val")):
                spans.append((*match.span("val"), marker(kind), kind))
    if "pragma" in lowered:
        for match in _SQL_PRAGMA_KEY.finditer(lowered):
            start, end = match.span("val")
            if not is_placeholder(text[start:end]):
                spans.append((start, end, marker("password"), "password"))
    if "'" in text and ("password" in lowered or "identified" in lowered):
        for match in (*_SQL_PASSWORD.finditer(lowered), *_SQL_IDENTIFIED.finditer(lowered)):
            if match.re is _SQL_PASSWORD and not _SQL_WITH.search(
                lowered, max(0, match.start() - 20), match.start()
            ):
                continue
            start, end = match.span("val")
            if not is_placeholder(text[start:end]):
                spans.append((start, end, marker("password"), "password"))
    return spans


_CLI_FLAG = re.compile(
    r"--(?<![\w\-]--)(?P<key>[A-Za-z][A-Za-z0-9\-]{1,40})[ \t]{1,4}"
    r"(?P<val>\"[^\"\n]{1,256}\"|'[^'\n]{1,256}'|[^\s\"'\-][^\s\"';&|]{0,255})"
)


_TOOL_PASSWORD = re.compile(
    r"\b(?:redis-cli\b[^\n|;]{0,80}?\s-a|sshpass\s+-p|mysql(?:dump|admin)?\b[^\n|;]{0,80}?\s-p(?=\S)"
    r"|openssl\b[^\n|;]{0,120}?\s-k(?=[ \t]))[ \t]*"
    r"(?P<val>\"[^\"\n]{1,256}\"|'[^'\n]{1,256}'|[^\s\"'\-][^\s\"';&|]{0,255})"
)
"""Short password flags of well-known tools: ``redis-cli -a PW``, ``sshpass -p PW``, ``mysql -pPW``,
``openssl enc -k PW``."""


def _cli_spans(text: str) -> list[_Span]:
    """``--password VALUE`` (the ``--password=VALUE`` form is an assignment) and :data:`_TOOL_PASSWORD` flags."""
    spans: list[_Span] = []
    if "redis-cli" in text or "sshpass" in text or "mysql" in text or "openssl" in text:
        for match in _TOOL_PASSWORD.finditer(text):
            raw = match.group("val")
            quoted = raw[0] in "'\""
            value = raw[1:-1] if quoted else raw
            if not is_placeholder(value):
                start = match.start("val") + (1 if quoted else 0)
                spans.append((start, start + len(value), marker("password"), "password"))
    if "--" not in text:
        return spans
    for match in _CLI_FLAG.finditer(text):
        kind = key_kind(match.group("key"))
        raw = match.group("val")
        quoted = raw[0] in "'\""
        value = raw[1:-1] if quoted else raw
        if kind is None and match.group("key").lower() == "key" and _issued_key(value):
            kind = "secret"
        if kind is None or is_placeholder(value) or match.group("key").lower().startswith(("no-", "skip-", "without-")):
            continue  # a negated flag ("--no-password") takes no value: the word after it is the command's own
        start = match.start("val") + (1 if quoted else 0)
        spans.append((start, start + len(value), marker(kind), kind))
    return spans


_LONG_HEX = re.compile(r"[0-9a-f]{24,}|[0-9A-F]{24,}")


def _issued_key(value: str) -> bool:
    """The value of a bare ``--key`` flag that is a credential, not a file, a name or a key id: generated, or
    a long hex run behind a prefix (``--key rubygems_83b7...``)."""
    if "/" in value or "." in value or len(value) < 20 or _LONG_HEX.fullmatch(value):
        return False
    return entropy.looks_generated(value, 20) or _LONG_HEX.search(value) is not None


_AWS_CONTEXT = re.compile(r"aws|secret|akia|asia")
"""What an AWS secret key follows; :func:`_aws_contexts` finds exactly its ``finditer`` matches."""
_AWS_WORDS = ("aws", "secret", "akia", "asia")
_AWS_SECRET = re.compile(r"(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])")
_AWS_WINDOW = 240


def _aws_secret_spans(text: str, lowered: str) -> list[_Span]:
    """A bare 40-character AWS secret key, only shortly after "aws", "secret" or an access key id."""
    spans: list[_Span] = []
    scanned = 0
    for context_end in _aws_context_ends(lowered):
        start = max(context_end, scanned)
        stop = min(len(text), context_end + _AWS_WINDOW)
        if start >= stop:
            continue
        for match in _AWS_SECRET.finditer(text, start, min(len(text), stop + 41)):
            if match.start() >= stop:
                break
            value = match.group(0)
            if value.isalnum() and (value.isalpha() or value.isdigit() or value.lower() == value):
                continue
            if not (any(c.isupper() for c in value) and any(c.islower() for c in value)):
                continue
            if not any(c.isdigit() or c in "/+" for c in value):
                continue
            spans.append((*match.span(), marker("aws_secret_key"), "aws_secret_key"))
        scanned = stop
    return spans


def _aws_context_ends(lowered: str) -> list[int]:
    """The ends of ``_AWS_CONTEXT.finditer(lowered)``, found with ``str.find`` (faster than the alternation)."""
    found: list[tuple[int, int]] = []
    for word in _AWS_WORDS:
        pos = lowered.find(word)
        while pos >= 0:
            found.append((pos, pos + len(word)))
            pos = lowered.find(word, pos + 1)
    return [end for _, end in _leftmost(found)]


def _ascii_lower(text: str) -> str:
    """Lower-case with the same length as ``text``, so indices found in one are valid in the other."""
    lowered = text.lower()
    if len(lowered) == len(text):
        return lowered
    return text.translate(_ASCII_LOWER)


_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)


def _spliced(text: str, lowered: str, spans: list[_Span], found: list[str]) -> tuple[str, str]:
    """:func:`_splice`, and the new text's lower case (``lowered`` again when nothing was replaced)."""
    spliced = _splice(text, spans, found)
    return spliced, lowered if spliced is text else _ascii_lower(spliced)


def redact(text: str) -> tuple[str, tuple[str, ...]]:
    """Strip ``<private>`` spans, replace secrets with ``[REDACTED:<kind>]``; return text and sorted kinds."""
    found: list[str] = []
    text = strip_private(text)
    text = _splice(text, private_key_spans(text), found)
    lowered = _ascii_lower(text)
    labels = secretpublic.Labels(lowered)
    shaped = [s for s in _shaped_spans(text, lowered) if not (secretlooks.worded(text, s[0], s[1]) or s[3] == "jwt"
                                                              and secretpublic.labelled_public(text, s[0], s[1], labels))]
    urls = [s for s in _url_spans(text) if not secretpublic.url_public(text, s[0], s[1])]
    text, lowered = _spliced(text, lowered, shaped + urls, found)
    spans = (
        _assignment_spans(text, lowered)
        + _cli_spans(text)
        + _markup_spans(text, lowered)
        + secretforms.header_spans(text, lowered)
        + secretforms.cli_spans(text, lowered)
        + secretforms.file_spans(text, lowered)
        + secretforms.code_spans(text, lowered)
        + secretcalls.call_spans(text, lowered)
        + secretdevices.device_spans(text, lowered)
        + secretpairs.pair_spans(text, lowered)
        + secretdirectives.directive_spans(text, lowered)
        + secretnamed.named_spans(text, lowered)
        + secretdialects.dialect_spans(text, lowered)
        + secretwire.wire_spans(text, lowered)
        + secretparts.part_spans(text, lowered)
        + secretoutput.output_spans(text, lowered)
        + secretforms.query_spans(text, lowered)
        + secretvocab.vocab_spans(text, lowered) + secretfed.fed_spans(text, lowered)
        + secrettools.tool_spans(text, lowered) + secretnoted.noted_spans(text, lowered)
    )
    spans += secretstrong.novel(spans, secretissued.issued_spans(text, lowered) + secretstrong.strong_spans(text, lowered)
                                + secretdeclared.declared_spans(text, lowered) + secretloose.loose_spans(text, lowered)
                                + secretheard.heard_spans(text, lowered))
    spans = [s for s in dict.fromkeys(spans) if not secretpublic.public(text, s[0], s[1], labels)]  # each span once
    text, lowered = _spliced(text, lowered, secretfixtures.drop_fixtures(text, lowered, spans), found)
    text, lowered = _spliced(text, lowered, [s for s in _aws_secret_spans(text, lowered) if not secretpublic.public(text, s[0], s[1], labels)], found)
    prose = [span for span in secretprose.prose_spans(text, lowered)
             if not (entropy.labelled_id(text, span[0], span[1]) or secretpublic.prefixed(text, span[0], span[1])
                     or secretpublic.stand_in(text, span[0], span[1], labels)
                     or secretpublic.labelled_public(text, span[0], span[1], labels)
                     or secretpublic.published(text, span[0], span[1]) or secretinert.inert(text, span[0], span[1]))]
    text = _splice(text, secretfixtures.drop_fixtures(text, lowered, prose), found)
    generated = [(a, b, marker("token"), "token") for a, b in entropy.spans(text) if not secretpublic.public(text, a, b, labels)]
    hooks = [(a, b, marker("webhook"), "webhook") for a, b in entropy.hook_spans(text)]
    text = _splice(text, generated + hooks, found)
    return text, tuple(sorted(set(found)))
