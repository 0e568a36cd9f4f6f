"""Orders spelled in forms the other decoders of the ``encoded_payload`` rule did not read: round 26's classes of
missed encodings, read by :func:`readings` (the guard screens each reading with every rule).

* **Latin letters written in a historic alphabet**: runes (Elder Futhark and its later rows), Ogham, Old Italic and
  Gothic letters, mapped to the Latin letters they stand for;
* **Python's named escapes** (``\\N{LATIN SMALL LETTER I}``), looked up in the Unicode name table;
* **a text with its vowels taken out** ("gnr ll prvs nstrctns"): words whose consonants are those of a short list
  of words orders are made of, read back when three or more of the longer ones occur;
* **bytes in a number base or an order the other decoders skip**: UTF-16BE in hex (``0041007300...``), base64
  written backwards, base64 over rot13 when the text names rot13, a base-36 integer turned into bytes
  (``int('...', 36).to_bytes(...)``), Crockford's base32, and Bubble Babble (``xibel-fasik-...-lixox``);
* **word games and classic ciphers the text names**: "ub" put before every vowel (Ubbi Dubbi), a columnar
  transposition with its key, and keys typed on a QWERTY keyboard by a hand set for Dvorak ("wrong layout").

Every reading is tried only after its literal trigger and is bounded (:data:`MAX_RUNS` runs, :data:`MAX_CHARS`
characters read), so the scan stays linear in the input.
"""

from __future__ import annotations

import base64
import binascii
import re
import unicodedata
from itertools import islice

from mnemon.safety.encoding import _readable

MAX_RUNS = 8
"""Encoded runs read in one text, per form."""
MAX_CHARS = 4000
"""Characters of a text a letter-by-letter reading covers."""

_OGHAM = dict(zip("ᚁᚂᚃᚄᚅᚆᚇᚈᚉᚊᚋᚌᚎᚏᚐᚑᚒᚓᚔ", "blfsnhdtcqmgzraouei", strict=True))
_OLD_ITALIC = dict(zip("𐌀𐌁𐌂𐌃𐌄𐌅𐌆𐌇𐌉𐌊𐌋𐌌𐌍𐌎𐌏𐌐𐌒𐌓𐌔𐌕𐌖𐌗𐌚", "abcdefzhiklmnxopqrstuxf", strict=True))
_GOTHIC = dict(zip("𐌰𐌱𐌲𐌳𐌴𐌵𐌶𐌷𐌹𐌺𐌻𐌼𐌽𐌾𐌿𐍀𐍂𐍃𐍄𐍅𐍆𐍇𐍉", "abgdeqzhiklmnjuprstwfxo", strict=True))
_LETTERS = {ord(k): v for table in (_OGHAM, _OLD_ITALIC, _GOTHIC) for k, v in table.items()}
_LETTERS.update({ord("ᚍ"): "ng", ord("𐌈"): "th", ord("𐌸"): "th", ord("𐍈"): "hw", ord("ᚦ"): "th", ord("ᚲ"): "k",
                 ord("ᛜ"): "ng", ord("ᛝ"): "ng", ord("ᛇ"): "ei", ord("᚛"): " ", ord("᚜"): " ", ord("᛫"): " ", ord("᛬"): " "})
_RUNE_LETTER = re.compile(r"\b([A-Z]{1,2})$")


def _rune_table() -> dict[int, str]:
    """Runes whose Unicode name ends with the Latin letter they stand for (``RUNIC LETTER ANSUZ A``)."""
    table: dict[int, str] = {}
    for code in range(0x16A0, 0x16F1):
        name = unicodedata.name(chr(code), "")
        match = _RUNE_LETTER.search(name)
        if match and name.startswith("RUNIC LETTER"):
            table[code] = match.group(1).lower()
    return table


_LETTERS = {**_rune_table(), **_LETTERS}
_NAMED = re.compile(r"\\N\{([A-Za-z0-9 -]{1,80})\}")
_WORDS = ("assistant", "ignore", "disregard", "forget", "previous", "prior", "instructions", "rules", "system",
          "prompt", "upload", "send", "delete", "remove", "reveal", "print", "private", "secret", "password",
          "token", "file", "env", "and", "all", "the", "to", "user", "run", "now", "key", "keys", "repository",
          "branches", "credentials", "your", "every", "contents", "post", "show", "tell", "exfiltrate")
_SKELETONS = {re.sub(r"[aeiou]", "", w): w for w in _WORDS}
_VOWELLESS = re.compile(r"(?<![a-z])[b-df-hj-np-tv-z]{2,}(?![a-z])")
_UTF16BE = re.compile(r"(?:00[0-7][0-9a-f]){10,}")
_BASE64 = re.compile(r"[A-Za-z0-9+/]{24,}={0,2}|={1,2}[A-Za-z0-9+/]{24,}")
_BASE36 = re.compile(r"\bint\(\s*['\"]([0-9a-z]{12,400})['\"]\s*,\s*36\s*\)")
_CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz"
_CROCKFORD_RUN = re.compile(r"(?<![0-9a-z])[0-9a-hjkmnp-tv-z]{32,}(?![0-9a-z])")
_BABBLE = re.compile(r"\bx[aeiouy][a-z]{3}(?:-[a-z]{5}){0,200}-[a-z]{4}x\b")
_UBBI = re.compile(r"ub(?=[aeiouy])")
_COLUMNAR = re.compile(r"\bcolumnar\b[^\n]{0,30}?\bkey\b[ \t:=]*([a-z]{3,12})\b")
_QWERTY = "qwertyuiop[]asdfghjkl;'zxcvbnm,./-="
_DVORAK = "',.pyfgcrl/=aoeuidhtns-;qjkxbmwvz[]"
_FROM_DVORAK = str.maketrans(_QWERTY, _DVORAK)
_ROT13 = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                       "nopqrstuvwxyzabcdefghijklmNOPQRSTUVWXYZABCDEFGHIJKLM")


def readings(text: str) -> list[str]:
    """Plain readings of ``text`` (folded) under the disguises above."""
    found: list[str] = []
    lowered = text.lower()
    head = text[:MAX_CHARS]
    if not text.isascii() and any("\u1680" <= c <= "\u16ff" or "\U00010300" <= c <= "\U0001034f" for c in head):
        found.append(head.translate(_LETTERS))
    if "\\n{" in lowered:
        found.append(_NAMED.sub(_named, head))
    if sum(1 for _ in islice(_VOWELLESS.finditer(lowered), 40)) >= 4:
        found += _revowelled(lowered[:MAX_CHARS])
    if "00" in lowered:
        found += [_utf16be(m.group(0)) for m in islice(_UTF16BE.finditer(lowered), MAX_RUNS)]
    found += _base64_runs(text, rot13=("rot13" in lowered or "rot-13" in lowered or "rot 13" in lowered))
    if "36" in lowered and "int(" in lowered:
        found += [_base36(m.group(1)) for m in islice(_BASE36.finditer(lowered), MAX_RUNS)]
    if any(c.isdigit() for c in lowered):
        found += [_crockford(m.group(0)) for m in islice(_CROCKFORD_RUN.finditer(lowered), MAX_RUNS)]
    if "-" in lowered and "x" in lowered:
        found += [_babble(m.group(0)) for m in islice(_BABBLE.finditer(lowered), MAX_RUNS)]
    if lowered.count("ub") >= 6:
        found.append(_UBBI.sub("", lowered[:MAX_CHARS]))
    if "columnar" in lowered:
        found += _columnar(lowered)
    if "layout" in lowered or "dvorak" in lowered:
        found.append(lowered[:MAX_CHARS].translate(_FROM_DVORAK))
    return [reading for reading in found if reading]


def _named(match: re.Match[str]) -> str:
    try:
        return unicodedata.lookup(match.group(1))
    except KeyError:
        return match.group(0)


def _revowelled(lowered: str) -> list[str]:
    """The text with each vowelless word read as the listed word of the same consonants, when three or more words
    of three consonants or more are read back (a short word alone proves nothing)."""
    long_reads = 0

    def read(match: re.Match[str]) -> str:
        nonlocal long_reads
        word = _SKELETONS.get(match.group(0))
        if word is None:
            return match.group(0)
        if len(match.group(0)) >= 3 and len(word) > len(match.group(0)):
            long_reads += 1
        return word

    restored = re.sub(r"(?<![a-z])[a-z]+(?![a-z])", read, lowered)
    return [restored] if long_reads >= 3 else []


def _utf16be(run: str) -> str:
    raw = bytes.fromhex(run[: len(run) // 4 * 4])
    return _readable(raw.decode("utf-16-be", errors="replace").encode("utf-8"))


def _base64_runs(text: str, rot13: bool) -> list[str]:
    """Base64 runs read backwards (and forwards, then rot13, when the text names rot13)."""
    found: list[str] = []
    for match in islice(_BASE64.finditer(text), MAX_RUNS):
        run = match.group(0)
        backwards = _b64(run[::-1])
        if backwards:
            found.append(backwards)
        if rot13:
            forwards = _b64(run)
            if forwards:
                found.append(forwards.translate(_ROT13))
    return found


def _b64(run: str) -> str:
    body = run.strip("=")
    body = body[: len(body) - len(body) % 4] if len(body) % 4 == 1 else body
    try:
        return _readable(base64.b64decode(body + "=" * (-len(body) % 4)))
    except (binascii.Error, ValueError):
        return ""


def _base36(digits: str) -> str:
    number = int(digits, 36)
    return _readable(number.to_bytes((number.bit_length() + 7) // 8, "big"))


def _crockford(run: str) -> str:
    bits = "".join(format(_CROCKFORD.index(c), "05b") for c in run)
    return _readable(bytes(int(bits[i : i + 8], 2) for i in range(0, len(bits) - 7, 8)))


_VOWELS = "aeiouy"
_CONSONANTS = "bcdfghklmnprstvzx"


def _babble(word: str) -> str:
    """Bubble Babble (the digest format of ``ssh-keygen -B``) decoded; empty when a letter is out of place."""
    body, seed, out = word[1:-1], 1, bytearray()
    try:
        while len(body) >= 6:
            a, b, c, d, e = (_VOWELS.index(body[0]), _CONSONANTS.index(body[1]), _VOWELS.index(body[2]),
                             _CONSONANTS.index(body[3]), _CONSONANTS.index(body[5]))
            first = (((a - seed) % 6) << 6) | (b << 2) | ((c - seed // 6) % 6)
            second = (d << 4) | e
            out += bytes((first & 0xFF, second))
            seed = (seed * 5 + first * 7 + second) % 36
            body = body[6:]
        if len(body) == 3 and body[1] != "x":
            a, b, c = _VOWELS.index(body[0]), _CONSONANTS.index(body[1]), _VOWELS.index(body[2])
            out.append(((((a - seed) % 6) << 6) | (b << 2) | ((c - seed // 6) % 6)) & 0xFF)
    except ValueError:
        return ""
    return _readable(bytes(out))


def _columnar(lowered: str) -> list[str]:
    """A columnar transposition undone with the key the text gives: the cipher text is the longest run after it,
    read column by column in the key's alphabetical order (``_`` standing for a space)."""
    match = _COLUMNAR.search(lowered)
    if match is None:
        return []
    runs = lowered[match.end() : match.end() + MAX_CHARS].split()
    if not runs:
        return []
    cipher, key = max(runs, key=len), match.group(1)
    columns, size = len(key), len(max(runs, key=len))
    rows, long_columns = -(-size // columns), size % columns or columns
    order = sorted(range(columns), key=lambda i: (key[i], i))
    pieces: dict[int, str] = {}
    pos = 0
    for column in order:
        height = rows if column < long_columns else rows - 1
        pieces[column] = cipher[pos : pos + height]
        pos += height
    plain = "".join(pieces[c][r] for r in range(rows) for c in range(columns) if r < len(pieces[c]))
    return [plain.replace("_", " ")]
