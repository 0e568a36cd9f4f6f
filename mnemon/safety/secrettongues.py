"""Passwords told in languages the prose pass (:mod:`mnemon.safety.secretprose`) has no words for.

The prose pass reads "noun, a few words, a link, the value" with the nouns and links of about fifteen
languages. People write the same sentence in any language they chat in, so this pass adds the password noun
and its link for more of them, in the two orders a sentence can take:

* **noun ... link VALUE**: Swahili "nenosiri ... ni X", Welsh "cyfrinair ... yw X", Estonian "parool on X",
  Finnish "salasana on X", Albanian "fjalëkalimi ... është X", Hungarian "jelszó: X", Bengali "পাসওয়ার্ড হলো X",
  Kazakh and Uzbek "құпия сөз / parol: X", Tagalog "password ay X", Malay and Indonesian "kata laluan / kata sandi
  ialah X", and Arabic written in Latin letters, "el password ... howa X" (Arabizi);
* **noun VALUE copula** (the verb last): Nepali "पासवर्ड X हो", Amharic "የይለፍ ቃል X ነው", Tamil "கடவுச்சொல் X ஆகும்",
  Hindi in Latin letters "password X hai", Turkish "şifre X'dir" is left to the prose pass.

* **noun, then the nearest password** (:func:`near_spans`): for languages whose sentence puts the value before or
  after a copula, a particle or a colon in ways too varied to list, the first of the next six words on the line
  that reads as a password: Icelandic "lykilorð", Latvian "parole", Lithuanian "slaptažodis", Armenian
  "գաղտնաբառ", Georgian "პაროლი", Mongolian "нууц үг", Kyrgyz "сырсөз", Sinhala "මුරපදය", Malayalam, Telugu,
  Kannada, Gujarati and Punjabi "password" transliterated, Khmer "ពាក្យសម្ងាត់", Lao "ລະຫັດຜ່ານ", Burmese "စကားဝှက်",
  Yoruba "ọ̀rọ̀ aṣínà", Zulu and Xhosa "iphasiwedi", Hausa "kalmar sirri", Igbo "okwuntughe", Esperanto "pasvorto",
  Basque "pasahitza", Slovene "geslo", Azerbaijani "şifrə", Persian "رمز عبور". The value must be written in ASCII
  (a word of the sentence's own script, whose vowel signs are not letters to ``isalnum``, is never taken).

Up to six words may stand between the noun and its link ("the password of the office printer is"). The value must
read as a password (:func:`mnemon.safety.secretforms._password_like`: letters with digits or symbols, or a
generated string) and be a literal, so "the password is long" or "parool on muudetud" stay.
"""

from __future__ import annotations

import re
import unicodedata

from mnemon.safety.secretforms import Span, _password_like, _span
from mnemon.safety.secretvocab import NEAR_NOUNS

_NOUNS = (
    "nenosiri", "cyfrinair", "parool", "salasana", "fjalëkalim", "fjalekalim", "jelsz", "পাসওয়ার্ড",
    "құпия", "parol", "kata laluan", "kata sandi",
)
"""Where a sentence with a link can start; "password" and "pass" count only with an Arabizi or Tagalog link
(:data:`_LATIN_PASS_LINKS`) in the text."""
_LATIN_PASS_LINKS = (" howa ", " huwa ", " hiya ", " heya ", " hia ", " hya ", " ay ")
_COPULA_NOUNS = ("पासवर्ड", "የይለፍ", "கடவுச்சொல்", "password")
_NOUN = (
    r"(?:nenosiri|cyfrinair|parool(?:i|iks)?|salasana|fjal[ëe]kalimi?|jelsz(?:ó|ava)|পাসওয়ার্ড|құпия[ \t]+сөз(?:і)?"
    r"|parol(?:i|ingiz)?|kata[ \t]+(?:laluan|sandi)(?:nya)?|password|pass)"
)
_LINK = (
    r"(?:(?:ni|yw|ydy|on|oli|është|eshte|হলো|হল|হচ্ছে|ay|ialah|adalah|howa|huwa|hiya|heya|hia|hya)(?=[ \t])|[—:=\-])"
)
_GAP = r"(?:[ \t]+[^\s:=]{1,24}){0,6}?"
_VALUE = r"[ \t]*[\"'`«„“]?(?P<val>[^\s\"'`»“”,;]{6,128})"
_LINKED = re.compile(
    r"(?P<noun>" + _NOUN + r")(?![\w\-])" + _GAP + r"(?:[ \t]+|[ \t]*(?=[:=—]))(?P<link>" + _LINK + ")" + _VALUE
)
_COPULA = re.compile(
    r"(?:पासवर्ड|የይለፍ[ \t]+ቃል|கடவுச்சொல்|password)(?:[ \t]+(?:ka|ki|ke|का|की))?"
    r"[ \t]+[\"'`]?(?P<val>[^\s\"'`]{6,128}?)[\"'`]?[ \t]+(?:हो|हुन्छ|छ|है|ነው|ናት|ஆகும்|hai|he)(?![\w])"
)
"""Nepali, Amharic, Tamil and Hinglish put the verb after the value."""
_TRAILING = ".,;:)]}>।።"
"""A "!" stays: a sentence ending on one costs a character, a password ending on one would leak it."""


def tongue_spans(text: str, lowered: str) -> list[Span]:
    """Passwords after a password noun of one of the languages above (see the module docstring)."""
    needles = [noun for noun in _NOUNS if noun in lowered]
    if any(link in lowered for link in _LATIN_PASS_LINKS):
        needles.append("pass")
    spans: list[Span] = []
    for pos in _word_starts(lowered, needles):
        match = _LINKED.match(lowered, pos)
        if match is not None and _link_fits(lowered, match):
            spans.extend(_checked(text, match.start("val"), match.end("val")))
    copula = [noun for noun in _COPULA_NOUNS if noun in lowered]
    if copula and (not lowered.isascii() or " hai" in lowered or " he " in lowered):
        for pos in _word_starts(lowered, copula):
            match = _COPULA.match(lowered, pos)
            if match is not None:
                spans.extend(_checked(text, match.start("val"), match.end("val")))
    return spans


def _word_starts(lowered: str, needles: list[str]) -> list[int]:
    """Where a needle starts a word, in order."""
    found: set[int] = set()
    for needle in needles:
        pos = lowered.find(needle)
        while pos >= 0:
            if pos == 0 or not (lowered[pos - 1].isalnum() or lowered[pos - 1] in "_-"):
                found.add(pos)
            pos = lowered.find(needle, pos + 1)
    return sorted(found)


def _link_fits(lowered: str, match: re.Match[str]) -> bool:
    """A short Latin link counts after its own language's noun; after "password" or "pass" only "howa"/"hiya"
    (Arabizi) and "ay" (Tagalog) are added here, the signs and English links being the prose pass's."""
    link = match.group("link")
    if match.group("noun").startswith("pass"):
        return link in ("howa", "huwa", "hiya", "heya", "hia", "hya", "ay")
    return True


_PATH = re.compile(r"[a-z][a-z_-]*(?:/[a-z][a-z0-9_-]*)+/?")
"""Words joined by slashes: where a secret is kept (``secret/billing``), not a secret."""


def _checked(text: str, start: int, end: int) -> list[Span]:
    raw = text[start:end]
    value = raw.rstrip(_TRAILING) or raw
    if value.startswith(("http", "/", "~", "$", "%", "{", "<")) or _PATH.fullmatch(value) or not _password_like(value):
        return []
    return [_span(start, value, "password")]


_NEAR_NOUNS = tuple(sorted({form for noun in (
    "lykilorð", "parole", "slaptažod", "գաղտնաբառ", "პაროლ", "нууц үг", "сырсөз", "මුරපද", "പാസ്\u200cവേഡ്", "പാസ്വേഡ്",
    "పాస్\u200cవర్డ్", "పాస్వర్డ్", "ಪಾಸ್\u200cವರ್ಡ್", "ಪಾಸ್ವರ್ಡ್", "પાસવર્ડ", "ਪਾਸਵਰਡ", "ពាក្យសម្ងាត់", "ລະຫັດຜ່ານ", "စကားဝှက်",
    "ọ̀rọ̀ aṣínà", "aṣínà", "iphasiwedi", "kalmar sirri", "okwuntughe", "pasvort", "pasahitz", "geslo", "şifrə",
    "رمز عبور") for form in (unicodedata.normalize("NFC", noun), unicodedata.normalize("NFD", noun))} | set(NEAR_NOUNS)))
_NEAR_STEMS = ("api", "secret", "segret", "sleutel", "nyckel", "klucz", "anahtar", "pas", "par", "hesl", "senha",
               "contrasenya", "adgangskode", "lozinka", "geslo", "iphasiwedi", "kalmar", "okwuntughe")
_NEAR_ASCII = tuple((stem, tuple(n for n in _NEAR_NOUNS if n.isascii() and stem in n)) for stem in _NEAR_STEMS)
"""The ASCII nouns by a stem each holds, so that most texts are ruled out by a few substring tests."""
_NEAR_OTHER = tuple(sorted({next(c for c in noun if not c.isascii()): tuple(n for n in _NEAR_NOUNS if not n.isascii()
                                                                        and next(c for c in n if not c.isascii()) == next(
                                                                            c for c in noun if not c.isascii()))
                              for noun in _NEAR_NOUNS if not noun.isascii()}.items()))
"""The other nouns by the first letter outside ASCII each holds: one character test rules out most of them."""
_NEAR_WORDS = 6
_WORD = re.compile(r"\S+")
_STRIP = "\"'`«»„“”()[]{}<>:=—–-"


def near_spans(text: str, lowered: str) -> list[Span]:
    """The first of the next six words after one of :data:`_NEAR_NOUNS` that reads as a password (this module's
    docstring): a value in these languages sits next to its noun, whatever particle or copula stands around it."""
    needles = [noun for stem, nouns in _NEAR_ASCII if stem in lowered for noun in nouns if noun in lowered]
    if not lowered.isascii():  # the other nouns hold a letter outside ASCII: an ASCII text cannot hold one
        needles += [noun for char, nouns in _NEAR_OTHER if char in lowered for noun in nouns if noun in lowered]
    if not needles:
        return []
    spans: list[Span] = []
    for pos in _word_starts(lowered, needles):
        line_end = lowered.find("\n", pos)
        word_end = pos
        while word_end < len(lowered) and not lowered[word_end].isspace():
            word_end += 1
        for number, token in enumerate(_WORD.finditer(text, word_end)):
            if number >= _NEAR_WORDS or (0 <= line_end < token.start()):
                break
            raw = token.group()
            lead = len(raw) - len(raw.lstrip(_STRIP))
            body = raw.strip(_STRIP).rstrip(_TRAILING).rstrip(_STRIP)
            if "\"" in body or "'" in body or "\\" in body or not body.isascii():
                continue  # a word of a quoted list ("a", "b") or of the sentence's own script, not a value
            found = _checked(text, token.start() + lead, token.start() + lead + len(body)) if body else []
            if found:
                spans.extend(found)
                break
    return spans
