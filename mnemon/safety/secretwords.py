"""What names a secret and what is plainly not one: the vocabulary shared by the redaction rules.

* :func:`key_kind` reads a key (``DB_PASSWORD``, ``stripeSecretKey``, ``x-api-key``, ``secret_key_base``) and
  says which kind of secret its value is, or None. A key names a secret when its last word is a secret word
  (password, passwd, passphrase, pwd, pw, pass, secret, token, credential(s), apikey, ...) or a qualified
  ``key`` (api/access/secret/private/signing/... key), or when such a word is followed only by a *carrier*
  word (``data``, ``value``, ``base``, ``b64``, ``pem``, ...) or an environment suffix (``_PROD``, ``_OLD``,
  ``_2``): ``client-key-data``, ``secret_key_base``, ``API_KEY_2``. *Weak* keys (``auth``, ``sig``,
  ``signature``) name a secret only when the value looks issued (:func:`token_like`).
* :func:`is_placeholder` and :func:`is_literal_secret` say when a value is plainly not a literal: a call or
  subscript (``input()``, ``os.environ["API_KEY"]``), an attribute path (``self.token``), a variable or
  template reference (``${DB_PASSWORD}``, ``$TOKEN``, ``{{ vault_pw }}``, ``%(pw)s``, ``<%= ENV["X"] %>``), a
  constant (``None``, ``null``, ``true``), a YAML tag (``!secret name``, ``!vault``), a PowerShell cmdlet
  (``Read-Host``), a placeholder (``<your-token>``, ``xxxx``, ``****``, ``changeme``, ``your_api_key_here``), a
  name made of the secret word (``"new_password"``), fewer than 4 characters, or a quoted phrase with spaces (a
  label such as ``"Mot de passe"``; a ``passphrase`` key is the exception). A bare word of letters only is
  read as a variable (``password=pw``, ``token: str``) except in *strong* contexts (``.env``/``export``
  lines, ``--flag=``, connection strings), where it is the literal. A dotted value is an attribute path
  unless one of its parts looks generated (``hvs.<random>``).
"""

from __future__ import annotations

import functools
import re

from mnemon.safety.entropy import looks_generated


def marker(kind: str) -> str:
    """What a redacted secret becomes."""
    return f"[REDACTED:{kind}]"


_PLACEHOLDERS = frozenset(
    (
        "none null nil undefined true false yes no on off empty required optional string str bytes "
        "int any text secret password passwd pass token apikey api_key changeme change_me changeit "
        "placeholder redacted example sample dummy fake test testing xxx todo tbd unset default "
        "hidden masked private env environ value your_password your_token replace_me replaceme replace fillme"
    ).split()
)
_PLACEHOLDER_SHAPE = re.compile(
    r"""^(?:[xX*.#_\-•]{3,}|<[^<>]{1,80}>|\[[^\[\]]{1,80}\]|\{\{?[^{}]{0,80}\}?\}|#\{[^{}]{1,80}\}#?|\$\{?[A-Za-z_][\w.:\-]{0,80}\}?"""
    r"""|%\(?[A-Za-z_]{0,40}\)?[sd]?%?|\$\d|\?|@[A-Za-z_][\w.]{0,40}|![A-Za-z]{1,20}|<%=?.{0,200}%>"""
    r"""|ENC\[.{0,400}\]|[A-Z]{2,}(?:_[A-Z]{2,})*_ME|(?:[A-Za-z0-9]{1,12}[_\-.]){1,3}(?:[xX*•#]{4,}|0{8,}))$"""
)
_MASKED = re.compile(
    # a masked value showing a few characters at its ends: sk-proj-****Rt5Z, ****1234, AKIA••••••••WXYZ, ghp_…a1b2
    r"""(?:[A-Za-z0-9]{1,12}[_\-.]){0,3}[A-Za-z0-9]{0,8}(?:(?:[*•●∙]{3,}[_\-.]?){1,6}|…|\.{3})[A-Za-z0-9]{0,8}"""
)


def _masked(value: str) -> bool:
    """A value masked but for a few characters (:data:`_MASKED`), tested only where a mask run occurs."""
    return ("***" in value or "•••" in value or "●●●" in value or "∙∙∙" in value or "…" in value
            or "..." in value) and _MASKED.fullmatch(value) is not None
_PLACEHOLDER_WORDS = re.compile(
    r"(?i)(?:^|[^a-z])(?:your|my|insert|enter|replace|put)[_\- ]?(?:[a-z]+[_\- ]){0,3}"
    r"(?:token|key|secret|password|pass|pwd|here)(?![a-z])|^(?:xxx|\*\*\*)|(?:_here|-here|\.\.\.)$"
)
_PLACEHOLDER_PART = re.compile(
    r"(?i)(?<![a-z0-9])(?:(?:replace|change|fill|set|update)[_\-.]?(?:me|this)|changeme|replaceme|placeholder"
    r"|dummy|example|sample|fixme|todo|tbd|not[_\-]?set|redacted)(?![a-z0-9])"
)
"""A value with a placeholder among its parts: ``replace-me-in-production``, ``dummy-key-for-tests``."""
_REFERENCE_PREFIX = re.compile(
    r"(?i)^(?:\$|%|process\.env|os\.environ|os\.getenv|getenv|env\(|env\[|secrets\.|vars\.|settings\.|"
    r"config\.|self\.|this\.|request\.|args\.|opts\.|options\.|params\.|!vault|vault:|ref\+|arn:aws:secretsmanager|"
    r"var\.|local\.|data\.|module\.|random_password\.|env:|file:|fd:|!!\w|!(?:Ref|Sub|GetAtt|ImportValue|env)\b)"
)
DOTTED_NAME = re.compile(r"^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$")
BARE_WORD = re.compile(r"^[A-Za-z_]+$")
_CMDLET = re.compile(r"^[A-Z][a-z]+-[A-Z][A-Za-z]+$")
"""A PowerShell cmdlet such as ``Read-Host``: code, not a literal."""


_WORDS_NEEDLE = re.compile(r"your|my|insert|enter|replace|put|xxx|\*\*\*|here|\.\.\.")
"""Every :data:`_PLACEHOLDER_WORDS` match holds one of these (lower case)."""
_PART_NEEDLE = re.compile(r"replace|change|fill|set|update|placeholder|dummy|example|sample|fixme|todo|tbd|not|redacted")
"""Every :data:`_PLACEHOLDER_PART` match holds one of these (lower case)."""


def _may_hold(lowered: str, ascii_only: bool, needle: re.Pattern[str]) -> bool:
    """Whether a case-insensitive pattern whose every match holds a ``needle`` match can match ``lowered``'s
    original: a literal search is far cheaper than the pattern's. Outside ASCII, letters such as "ſ" and "ı"
    match "s" and "i" under ``re.IGNORECASE`` but do not lower to them, so the pattern is always tried there."""
    return not ascii_only or needle.search(lowered) is not None


def is_placeholder(value: str) -> bool:
    """Placeholders, template and variable references, constants and earlier redactions."""
    if len(value) < 4:
        return True
    lowered = value.lower()
    ascii_only = value.isascii()
    return (
        lowered in _PLACEHOLDERS
        or "REDACTED:" in value
        or _PLACEHOLDER_SHAPE.match(value) is not None
        or (not value.isalnum() and _masked(value))
        or (_may_hold(lowered, ascii_only, _WORDS_NEEDLE) and _PLACEHOLDER_WORDS.search(value) is not None)
        or (_may_hold(lowered, ascii_only, _PART_NEEDLE) and _PLACEHOLDER_PART.search(value) is not None)
        or (_REFERENCE_PREFIX.match(value) is not None and not sigil_generated(value))
    )


_SIGIL_GENERATED = re.compile(r"[@%](?=[^\s().%]{9,127}$)(?=[^\s]*\d)(?=[^\s]*[a-z])(?=[^\s]*[A-Z])")


def sigil_generated(value: str) -> bool:
    """A generated password that happens to open with ``@`` or ``%`` (``@7kQ...``, ``%uX2!...``): mixed case and a
    digit, with no dot, bracket or closing ``%``, so it is no reference (``@config.key``, ``%APPDATA%``,
    ``%(password)s``, ``@Microsoft.KeyVault(...)``)."""
    return _SIGIL_GENERATED.match(value) is not None


_SECRET_WORDS = frozenset(
    (
        "password passwd passphrase pwd pw pass secret token apikey credential credentials pat "
        "privatekey secretkey accesskey passcode"
    ).split()
)
_WEAK_WORDS = frozenset(("auth", "sig", "signature", "sas"))
"""Keys that hold a secret only when the value looks issued: ``auth: basic`` is a setting."""
_KEY_QUALIFIERS = frozenset(
    (
        "api access secret private signing encryption master auth app client account service "
        "consumer shared session license webhook admin subscription hmac jwt bot deploy integration "
        "storage unseal recovery root application personal project organization org workspace team server merchant "
        "developer partner ingest ingestion rest management"
    ).split()
)
_NOT_SECRET_QUALIFIERS = frozenset(
    "page next continuation pagination cursor sync resume cancellation max min num count".split()
)
"""``page_token``, ``CancellationToken``, ``max_tokens``: names of things that are not credentials."""
GLUE = frozenset(("de", "da", "do", "del", "della", "di", "du", "des", "der", "die", "das", "dla", "для", "del", "of",
                   "for", "pour", "para", "per", "voor", "für", "fur", "för", "til", "pro", "za", "na"))
"""Words that join a credential noun to what it is for (``mot_de_passe``, ``chave_da_api``)."""
QUALIFIERS = frozenset((
    "smtp", "mail", "email", "correo", "posta", "poczta", "почта", "db", "bd", "bdd", "database", "databas", "datenbank",
    "baza", "banco", "base", "dados", "datos", "dati", "база", "бд", "redis", "cache", "кэш", "ldap", "api", "ftp", "sftp",
    "ssh", "admin", "root", "app", "web", "server", "servidor", "serveur", "jwt", "hmac", "webhook", "oauth", "vpn", "wifi",
    "mysql", "postgres", "pg", "mongo", "kafka", "rabbit", "queue", "s3", "aws", "stripe", "pagos", "pago", "pagamento",
    "paiement", "zahlung", "mailer", "sender", "bot", "secreta", "secreto", "segreta", "segreto", "secrète", "secrete",
    "geheim", "geheime", "geheimer", "tajny", "secret", "signing", "firma", "assinatura", "signature", "prod", "produccion",
    "staging", "dev", "test", "live", "master", "main", "sistema", "system", "servicio", "service", "dienst", "usuario",
    "utilisateur", "benutzer", "user", "cliente", "client", "ldap", "radius", "keycloak", "sso", "backup", "sauvegarde",
))
"""What a credential noun put first in a key may be for: a service, a resource or an environment (``password_smtp``,
``clave_api_pagos``); a key ending in another word (``password_policy``, ``token_expiry``) holds no secret."""
_CARRIERS = frozenset(
    (
        "data value base b64 base64 pem hex raw plain plaintext literal material bytes "
        "prod production dev development staging stage test live old new backup local primary secondary"
    ).split()
)
_PASSWORD_WORDS = frozenset({"password", "passwd", "passphrase", "pwd", "pw", "pass", "passcode"})
_SECRET_SUFFIXES = ("password", "passwd", "secret", "token", "apikey", "secretkey", "accesskey", "requirepass",
                    "masterauth")
_KEY_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def _named(words: list[str]) -> bool:
    last = words[-1]
    prev = words[-2] if len(words) > 1 else ""
    return (
        last in _SECRET_WORDS
        or (last == "key" and prev in _KEY_QUALIFIERS)
        or (len(words) == 1 and last.endswith(_SECRET_SUFFIXES))
    )


@functools.lru_cache(maxsize=4096)
def key_kind(key: str) -> str | None:
    """The kind of secret a key names (``password``, ``aws_secret_key``, ``secret``), or None."""
    words = [w.lower() for w in _KEY_WORD.findall(key)]
    while len(words) > 1 and (words[-1] in _CARRIERS or words[-1].isdigit()):
        words.pop()
    if not words:
        return None
    last = words[-1]
    prev = words[-2] if len(words) > 1 else ""
    if len(words) == 1 and last in ("pwd", "pw", "pat"):
        return None
    if words[-2:] == ["private", "mac"] or words[-3:] == ["private", "key", "id"]:
        return "secret"  # a PuTTY key file's MAC, a service account's key id: they travel with the key
    if len(words) > 1 and words[0] in _SECRET_WORDS and all(w in QUALIFIERS or w in GLUE for w in words[1:]):
        return "password" if words[0] in _PASSWORD_WORDS else "secret"  # the noun first: password_smtp, token_github
    if not _named(words) or prev == "is" or prev in _NOT_SECRET_QUALIFIERS:
        return None
    if last in _PASSWORD_WORDS or (len(words) == 1 and "pass" in last):
        return "password"
    if ("aws" in words and ("secret" in words or prev == "access")) or words[-3:] == ["secret", "access", "key"]:
        return "aws_secret_key"
    return "secret"


@functools.lru_cache(maxsize=1024)
def weak_key(key: str) -> bool:
    """Keys such as ``auth``, ``_auth``, ``sig``, ``X-Amz-Signature``: a secret when the value looks issued."""
    words = [w.lower() for w in _KEY_WORD.findall(key)]
    return bool(words) and words[-1] in _WEAK_WORDS


_SNAKE_NAME = re.compile(r"^[A-Za-z]+(?:_[A-Za-z]+)+$")
_SPACE = re.compile(r"\s")
r"""Any whitespace: ``\s`` is exactly the characters for which ``str.isspace`` holds."""


def token_like(value: str) -> bool:
    """An issued value: at least 8 characters mixing letters with digits or symbols, or generated."""
    if len(value) < 8 or _SPACE.search(value) or is_placeholder(value):
        return False
    return looks_generated(value, 16) or (any(c.isalpha() for c in value) and any(c.isdigit() for c in value))


def is_literal_secret(
    value: str, bare: bool, strong: bool, sep: str, following: str, phrase_ok: bool = False
) -> bool:
    """Whether an assigned value is a literal secret rather than code, a reference or a placeholder."""
    if is_placeholder(value):
        return False
    if not bare:
        if "{" in value or (_SNAKE_NAME.match(value) and key_kind(value) is not None):
            return False
        return phrase_ok or not _SPACE.search(value)
    if following[:1] in ("(", "[", "{", "."):
        return False
    if DOTTED_NAME.match(value) and not strong:
        return any(looks_generated(part, 16) for part in value.split("."))
    if BARE_WORD.match(value):
        return strong and sep != ":"
    if _CMDLET.match(value):
        return False
    if value.startswith(("http://", "https://")):
        return False
    if value.startswith(("/", "~/", "./", "../")):
        return looks_generated(value, 20)
    return True
