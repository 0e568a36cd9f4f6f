"""Credential nouns in many languages, read in config keys and in chat: rounds 17 and 18's classes of missed
secrets, a pass of :func:`mnemon.safety.redact.redact` (:func:`vocab_spans`) and nouns for the prose pass
(:data:`NEAR_NOUNS`, read by :func:`mnemon.safety.secrettongues.near_spans`).

The key-name pass (:func:`mnemon.safety.secretwords.key_kind`) reads English words in ASCII and wants the
credential noun last ("smtp_password"). People name keys in their own language and, in many, put the noun first
and what it is for after it: ``clé_secrète_jwt``, ``пароль_кэш``, ``lozinka_baza``, ``şifre_posta``; English does it too
(``password_mailer``), which :func:`mnemon.safety.secretwords.key_kind` now reads with the same qualifiers. So this pass splits a key on ``_ - .`` and accepts it when one segment is a
credential noun of any of about thirty languages (:data:`_KEY_NOUNS`; a compound that ends in one counts, as in
``datenbankkennwort``) and every segment after it is a glue word (``de``, ``da``, ``der``) or names a service or
resource (:data:`_QUALIFIERS`: ``smtp``, ``db``, ``cache``, ``ldap``, ``api``, ``jwt`` ...), so
``password_policy``, ``token_expiry`` and ``kennwort_länge`` stay keys about a secret, not holding one. The value
must read as a password or an issued token and not be a placeholder.

The same nouns, with the words for an API key or a secret key, open a sentence in chat ("la clau secreta del
webhook és ...", "mật khẩu máy chủ là ..."); the prose pass takes the nearest word after them that reads as a
password (:data:`NEAR_NOUNS`).
"""

from __future__ import annotations

import re
import unicodedata

from mnemon.safety.secretforms import Span, _password_like, _span
from mnemon.safety.secretwords import GLUE as _GLUE
from mnemon.safety.secretwords import QUALIFIERS as _QUALIFIERS
from mnemon.safety.secretwords import is_placeholder, key_kind, token_like

_PASSWORD_NOUNS = (
    "password", "passwd", "pwd", "passwort", "kennwort", "passord", "adgangskode", "lösenord", "losenord", "salasana",
    "wachtwoord", "contrasena", "contraseña", "contrasenha", "contrasenya", "senha", "motdepasse", "mdp", "hasło", "haslo",
    "heslo", "jelszo", "jelszó", "parolă", "sifre", "şifre", "şifrə", "lozinka", "geslo", "parool", "пароль", "парола",
    "лозинка", "κωδικός", "κωδικος", "密码", "密碼", "口令", "パスワード", "비밀번호", "סיסמה", "सिफर", "पासवर्ड",
)
_KEY_NOUNS = _PASSWORD_NOUNS + (
    "secret", "token", "apikey", "schluessel", "schlüssel", "sleutel", "nøkkel", "nokkel", "nøgle", "nogle", "nyckel",
    "avain", "klucz", "klíč", "klic", "kulcs", "anahtar", "anahtari", "anahtarı", "ключ", "chiave", "chave", "clave",
    "clau", "clé", "cle", "cheie", "secreto", "segreto", "segredo", "sekret", "секрет", "токен", "密钥", "秘密鍵", "비밀키",
)
_ASSIGN = re.compile(
    r"(?<![\w.\-])(?P<key>[^\W\d][\w.\-]{1,63})[\"']?[ \t]*[:=][ \t]*(?P<q>[\"']?)(?P<val>[^\s\"',;#}]{6,256})(?P=q)(?=[\s,;}]|$)"
)
_SPLIT = re.compile(r"[_.\-]+")
_CODE = re.compile(r"[()\[\]{}$<>&]")
"""A value holding these is an expression, a reference or an encrypted envelope, not a literal secret."""


def _noun_at(segment: str) -> bool:
    """A credential noun, or a compound ending in one (``geheimschluessel``, ``datenbankkennwort``)."""
    return segment in _KEY_NOUNS or (len(segment) > 6 and segment.endswith(_KEY_NOUNS))


def named_key(key: str) -> bool:
    """A key that names a credential it holds: a credential noun segment followed only by glue words and
    service or resource qualifiers (this module's docstring)."""
    segments = [s for s in _SPLIT.split(key.lower()) if s]
    for index, segment in enumerate(segments):
        if _noun_at(segment) and all(s in _GLUE or s in _QUALIFIERS or s.isdigit() for s in segments[index + 1:]):
            return True
        if segment == "mot" and segments[index + 1: index + 3] == ["de", "passe"]:
            return all(s in _GLUE or s in _QUALIFIERS for s in segments[index + 3:])
    return False


_ENGLISH = ("password", "passwd", "pwd", "secret", "token", "apikey")
_ASCII_NOUNS = frozenset(noun for noun in _KEY_NOUNS if noun.isascii() and noun not in _ENGLISH)
_COMPOUNDING = ("schluessel", "wort", "sleutel", "nyckel", "nokkel", "de_passe", "de-passe")
"""Nouns that end compounds (``datenbankkennwort``) or span separators (``mot_de_passe``): found by substring."""
def _first_other(noun: str) -> str:
    return next(c for c in noun if not c.isascii())


_OTHER_NEEDLES = tuple(sorted({_first_other(noun): tuple(n for n in _KEY_NOUNS if not n.isascii()
                                                         and _first_other(n) == _first_other(noun))
                               for noun in _KEY_NOUNS if not noun.isascii()}.items()))
"""The nouns outside ASCII by the first such letter each holds: one character test rules out most of them."""
_ASCII_WORDS = frozenset(noun.encode() for noun in _ASCII_NOUNS)
_TO_SPACE = bytes(c if 97 <= c <= 122 or c >= 128 else 32 for c in range(256))
"""Every byte that is not a lower-case ASCII letter (nor part of a UTF-8 letter) becomes a space: the text's words."""


def vocab_spans(text: str, lowered: str) -> list[Span]:
    """Values of keys named by :func:`named_key` (the module docstring); ``lowered`` is ``text``'s ASCII lower case.
    Only the keys holding a needle are read."""
    words = _ASCII_WORDS.intersection(lowered.encode().translate(_TO_SPACE).split())  # whole words, found at once
    needles = [word.decode() for word in words]
    needles += [n for n in _COMPOUNDING if n in lowered]
    if not lowered.isascii():
        needles += [n for char, nouns in _OTHER_NEEDLES if char in lowered for n in nouns if n in lowered]
    low = lowered if lowered.isascii() or len(text.lower()) != len(text) else text.lower()
    starts = {p for n in needles for p in _positions(low, n)}
    if not starts:
        return []
    spans: list[Span] = []
    seen: set[int] = set()
    for pos in sorted(starts):
        key_start = pos  # the key holding the noun starts where its run of name characters does
        while key_start > 0 and (low[key_start - 1].isalnum() or low[key_start - 1] in "_.-"):
            key_start -= 1
        if key_start in seen:
            continue
        seen.add(key_start)
        match = _ASSIGN.match(text, key_start)
        if match is None:
            continue
        value = match.group("val")
        key = match.group("key")
        if (key_kind(key) is not None or _CODE.search(value) or not named_key(key) or is_placeholder(value)
                or text[key_start - 1 : key_start] in ("?", "&")):
            continue  # a key the English pass reads, an expression or reference, a query parameter
        if _password_like(value) or token_like(value):
            spans.append(_span(match.start("val"), value, "secret"))
    return spans


def _positions(low: str, needle: str) -> list[int]:
    found = []
    pos = low.find(needle)
    while pos >= 0:
        found.append(pos)
        pos = low.find(needle, pos + 1)
    return found


NEAR_NOUNS = tuple(sorted({form for noun in (
    "รหัสผ่าน", "mật khẩu", "κωδικός", "κωδικό", "heslo", "şifre", "şifresi", "senha", "contrasenya", "adgangskode", "passord",
    "lösenord", "lozinka", "лозинка", "api-nøkkel", "api-nøgle", "api-nyckel", "api-schlüssel", "api-sleutel", "api-avain",
    "api-kulcs", "api-ключ", "clé api", "clé d'api", "chiave api", "clave api", "clave de api", "chave da api",
    "chave de api", "klucz api", "klíč api", "api anahtarı", "chiave segreta", "chjave secreta", "clave secreta",
    "chave secreta", "clau secreta", "clé secrète", "geheimer schlüssel", "geheime sleutel", "hemlig nyckel",
    "tajny klucz", "klucz tajny", "секретный ключ", "gizli anahtar",
) for form in (unicodedata.normalize("NFC", noun), unicodedata.normalize("NFD", noun))}))
"""Credential nouns whose value sits within a few words after them in chat (:func:`mnemon.safety.secrettongues.near_spans`)."""
