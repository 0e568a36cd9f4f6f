"""Orders carried as bytes inside a frame, as bits in blanks, or respelled in another script, read back for
:func:`mnemon.safety.guard.scan` (round 27's classes of encoded payloads). A model decodes these without being asked
to; the screen reads them as the model would and screens the reading.

Readings (:func:`readings`, on the folded text, and :func:`blank_readings`, on the text as written):

* **the strings inside hex bytes**: a run of hex bytes (joined or one blank apart) is decoded and its runs of
  printable text kept, as ``strings`` does, so the framing of a binary format (MessagePack, BSON, DER, a queue's
  header) does not hide the text it carries; the same bytes read as EBCDIC (code page 037); the data fields of
  Intel HEX records, joined;
* **bits in blanks**: a run of spaces and tabs long enough to hold a sentence, a tab read as 1 and a space as 0 (and
  the other way round), eight bits a character, from each of the eight offsets;
* **base32 over the extended-hex alphabet** (``0-9A-V``, RFC 4648 section 7), and **character codes listed with
  commas** (``[char[]](65,73,...)``, whatever the language around them), every code printable ASCII;
* **a keyed cipher the text names with its key** (Beaufort, Vigenère, autokey): the text after the key, deciphered
  with that key each way;
* **letter positions in Roman numerals** (``IX-VII-XIV`` is "ign");
* **English respelled letter by letter in the Greek or the Glagolitic alphabet** (``ασσισταντ``, ``ⰀⰔⰔⰊⰔⰕⰀⰐⰕ``), and
  **English written in Devanagari after the sound** (``इग्नोर ऑल प्रीवियस इंस्ट्रक्शन्स``): the English words a table
  of such spellings knows, when four or more stand in the text.

A reading counts only when it holds words: letters and blanks, most of it. Every pattern is bounded, at most
:data:`MAX_RUNS` runs are read and each reading is cut to :data:`MAX_CHARS`.
"""

from __future__ import annotations

import base64
import binascii
import re
import unicodedata
from itertools import islice

MAX_RUNS = 8
MAX_CHARS = 4000

_HEX_RUN = re.compile(r"(?<![0-9a-fA-F])(?:[0-9a-fA-F]{2}[ \t]?){16,2000}")
_PRINTABLE = re.compile(rb"[\x20-\x7e]{12,}")
_IHEX = re.compile(r"(?m)^:([0-9A-Fa-f]{2})[0-9A-Fa-f]{4}00([0-9A-Fa-f]{0,510})[0-9A-Fa-f]{2}[ \t]*$")
_BLANK_RUN = re.compile(r"[ \t]{64,16000}")
_BASE32HEX = re.compile(r"(?<![0-9A-Za-z])[0-9A-V]{24,2000}={0,6}(?![0-9A-Za-z=])")
_TO_BASE32 = str.maketrans("0123456789ABCDEFGHIJKLMNOPQRSTUV", "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
_KEYED = re.compile(r"\b(?:beaufort|vigen[eè]re|autokey|gronsfeld)\b[^\n]{0,30}?\bkey\b[ \t]*[:=]?[ \t]*[\"'“‘]?"
                    r"(?P<key>[a-z]{3,24})[\"'”’]?[^\n:]{0,20}:[ \t]*(?P<body>[^\n]{12,2000})")
_CODE_LIST = re.compile(r"(?<![\d.])(?:\d{2,3}[ \t]*,[ \t]*){7,4000}\d{2,3}(?![\d.])")
_ROMAN_WORD = r"[ivxlc]{1,6}(?:-[ivxlc]{1,6}){0,30}"
_ROMAN = re.compile(rf"(?<![\w-]){_ROMAN_WORD}(?:[ \t]+{_ROMAN_WORD}){{2,80}}(?![\w-])")
_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100}
_GREEK = str.maketrans({
    "α": "a", "β": "b", "γ": "g", "δ": "d", "ε": "e", "ζ": "z", "η": "h", "θ": "th", "ι": "i", "κ": "k", "λ": "l",
    "μ": "m", "ν": "n", "ξ": "x", "ο": "o", "π": "p", "ρ": "r", "σ": "s", "ς": "s", "τ": "t", "υ": "u", "φ": "f",
    "χ": "ch", "ψ": "y", "ω": "v", "ά": "a", "έ": "e", "ή": "h", "ί": "i", "ό": "o", "ύ": "u", "ώ": "v",
})
_GREEK_WORD = re.compile(r"[\u03b1-\u03c9\u03ac-\u03ce]{2,}")
_GLAGOLITIC_LETTERS = {
    "AZU": "a", "BUKY": "b", "VEDE": "v", "GLAGOLI": "g", "DOBRO": "d", "YESTU": "e", "ZHIVETE": "zh", "DZELO": "dz",
    "ZEMLJA": "z", "IZHE": "i", "INITIAL IZHE": "i", "I": "i", "DJERVI": "j", "KAKO": "k", "LJUDIJE": "l",
    "MYSLITE": "m", "NASHI": "n", "ONU": "o", "POKOJI": "p", "RITSI": "r", "SLOVO": "s", "TVRIDO": "t", "UKU": "u",
    "FRITU": "f", "HERU": "h", "OTU": "o", "PE": "p", "SHTA": "sht", "TSI": "c", "CHRIVI": "ch", "SHA": "sh",
    "YERU": "y", "YERI": "y", "YATI": "e", "SPIDERY HA": "h", "YU": "yu",
}
_GLAGOLITIC = {}
for _code in range(0x2C00, 0x2C60):
    _name = unicodedata.name(chr(_code), "")
    _letter = _name.split(" LETTER ", 1)[-1] if " LETTER " in _name else ""
    if _letter in _GLAGOLITIC_LETTERS:
        _GLAGOLITIC[_code] = _GLAGOLITIC_LETTERS[_letter]


_DEVANAGARI_ENGLISH = {
    "इग्नोर": "ignore", "फॉरगेट": "forget", "फ़ॉरगेट": "forget", "डिसरिगार्ड": "disregard", "ऑल": "all", "द": "the",
    "प्रीवियस": "previous", "प्रिवियस": "previous", "इंस्ट्रक्शन्स": "instructions", "इंस्ट्रक्शंस": "instructions",
    "इंस्ट्रक्शन": "instructions", "रूल्स": "rules", "योर": "your", "एंड": "and", "सेंड": "send", "प्रिंट": "print",
    "एपीआई": "api", "कीज़": "keys", "कीज": "keys", "की": "key", "पासवर्ड्स": "passwords", "पासवर्ड": "password",
    "टू": "to", "मी": "me", "डिलीट": "delete", "सीक्रेट्स": "secrets", "टोकन": "token", "टोकन्स": "tokens",
    "सिस्टम": "system", "प्रॉम्प्ट": "prompt", "रिवील": "reveal", "अपलोड": "upload", "ईमेल": "email",
}
"""English words as Hindi writes them after the sound: a sentence of them is English in Devanagari letters."""


def readings(text: str) -> list[str]:
    """Plain readings of ``text`` (folded) under the frames and respellings above, each holding words."""
    found: list[str] = []
    lowered = text.lower()
    if sum(c in "0123456789abcdef" for c in lowered[:200]) >= 32 or ":" in text:
        for match in islice(_HEX_RUN.finditer(text), MAX_RUNS):
            found += _strings(match.group(0))
        if text.count("\n:") >= 2 or text.startswith(":"):
            found += _intel_hex(text)
    if any(c.isdigit() for c in text):
        for match in islice(_BASE32HEX.finditer(text), MAX_RUNS):
            found.append(_base32hex(match.group(0)))
        if text.count(",") >= 7:
            found += [_codes(m.group(0)) for m in islice(_CODE_LIST.finditer(text), MAX_RUNS)]
    if "key" in lowered and ("beaufort" in lowered or "vigen" in lowered or "autokey" in lowered or "gronsfeld" in lowered):
        for match in islice(_KEYED.finditer(lowered), MAX_RUNS):
            found += _deciphered(match.group("body")[:MAX_CHARS], match.group("key"))
    if "-" in lowered and ("i" in lowered or "v" in lowered or "x" in lowered):
        found += [_roman(m.group(0)) for m in islice(_ROMAN.finditer(lowered), MAX_RUNS)]
    if not text.isascii():
        head = text[:MAX_CHARS]
        if sum(1 for _ in islice(_GREEK_WORD.finditer(lowered), 4)) >= 4:
            found.append(lowered[:MAX_CHARS].translate(_GREEK))
        if any("\u0900" <= c <= "\u097f" for c in head):
            words = head.split()
            known = [_DEVANAGARI_ENGLISH.get(word.strip("।,.!?")) for word in words]
            if sum(1 for word in known if word) >= 4:
                found.append(" ".join(word or "" for word in known))
        if any("\u2c00" <= c <= "\u2c5f" for c in head):
            glagolitic = head.translate(_GLAGOLITIC).lower()
            found += [glagolitic, glagolitic.replace("v", "w")]
    return [reading for reading in found if _worded(reading)]


def blank_readings(text: str) -> list[str]:
    """The sentences bits in runs of blanks spell (``text`` as written: folding collapses blanks)."""
    found: list[str] = []
    if "\t" not in text:
        return found
    for match in islice(_BLANK_RUN.finditer(text), MAX_RUNS):
        run = match.group(0)
        if " " not in run:
            continue
        for one in ("\t", " "):
            bits = "".join("1" if c == one else "0" for c in run[: MAX_CHARS * 8])
            for offset in range(8):
                reading = _bits(bits[offset:])
                if _worded(reading):
                    found.append(reading)
                    break
    return found


def _bits(bits: str) -> str:
    data = bytes(int(bits[i : i + 8], 2) for i in range(0, len(bits) - 7, 8))
    return data.decode("latin-1")


def _strings(run: str) -> list[str]:
    """The printable runs of a hex run's bytes, read as ASCII and as EBCDIC."""
    digits = run.replace(" ", "").replace("\t", "")
    if len(digits) % 2:
        digits = digits[:-1]
    try:
        data = binascii.unhexlify(digits[: MAX_CHARS * 2])
    except binascii.Error:
        return []
    chunks = [chunk.decode("ascii") for chunk in _PRINTABLE.findall(data)]
    found = [" ".join(chunks), " ".join(chunk[1:] for chunk in chunks)]  # a length byte may read as a letter
    ebcdic = data.decode("cp037", errors="replace").encode("ascii", errors="replace")
    found.append(" ".join(chunk.decode("ascii") for chunk in _PRINTABLE.findall(ebcdic)).replace("?", " "))
    return found


def _intel_hex(text: str) -> list[str]:
    """The data fields of Intel HEX data records, joined, read as :func:`_strings` reads a hex run."""
    fields = [m.group(2)[: int(m.group(1), 16) * 2] for m in islice(_IHEX.finditer(text), 4000)]
    return _strings("".join(fields)) if fields else []


def _codes(run: str) -> str:
    """A list of character codes joined by commas, read as text when every code is printable ASCII."""
    codes = [int(code) for code in run.split(",")[:MAX_CHARS]]
    return "".join(map(chr, codes)) if all(32 <= code <= 126 for code in codes) else ""


def _base32hex(run: str) -> str:
    body = run.rstrip("=")
    body = body[: len(body) - len(body) % 8] if len(body) % 8 not in (0, 2, 4, 5, 7) else body
    padded = body.translate(_TO_BASE32) + "=" * (-len(body) % 8)
    try:
        return base64.b32decode(padded[: MAX_CHARS * 2]).decode("ascii", errors="replace")
    except (binascii.Error, ValueError):
        return ""


def _deciphered(body: str, key: str) -> list[str]:
    """``body`` deciphered with ``key`` as Vigenère, Beaufort and autokey (letters only advance the key)."""
    shifts = [ord(c) - 97 for c in key]
    vigenere: list[str] = []
    beaufort: list[str] = []
    autokey: list[str] = []
    stream = list(shifts)
    index = 0
    for char in body:
        if not "a" <= char <= "z":
            vigenere.append(char)
            beaufort.append(char)
            autokey.append(char)
            continue
        value = ord(char) - 97
        vigenere.append(chr((value - shifts[index % len(shifts)]) % 26 + 97))
        beaufort.append(chr((shifts[index % len(shifts)] - value) % 26 + 97))
        plain = (value - stream[index]) % 26
        autokey.append(chr(plain + 97))
        stream.append(plain)
        index += 1
    return ["".join(vigenere), "".join(beaufort), "".join(autokey)]


def _roman(run: str) -> str:
    words = []
    for word in run.split():
        letters = []
        for numeral in word.split("-"):
            value = _roman_value(numeral)
            if not 1 <= value <= 26:
                return ""
            letters.append(chr(value + 96))
        words.append("".join(letters))
    return " ".join(words)


def _roman_value(numeral: str) -> int:
    total = 0
    for index, char in enumerate(numeral):
        value = _ROMAN_VALUES[char]
        following = _ROMAN_VALUES[numeral[index + 1]] if index + 1 < len(numeral) else 0
        total += -value if value < following else value
    return total


def _worded(reading: str) -> bool:
    """Mostly letters and blanks, with at least four words of two letters or more."""
    if len(reading) < 16:
        return False
    letters = sum(c.isalpha() or c == " " for c in reading)
    return letters >= 0.8 * len(reading) and len(re.findall(r"[A-Za-z]{2,}", reading[:400])) >= 4
