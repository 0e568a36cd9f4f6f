"""Letters swapped for other glyphs or shuffled by a stated game, peeled for the guard (round 14's classes), called
by :func:`mnemon.safety.layers.decoded_layers`.

* **Braille cells** (U+2800 block, grade 1: one cell a letter), read as Latin letters;
* **turned text** (``ʇxǝʇ uʍop-ǝpᴉsdn``), when three or more turned letters occur: mapped back and reversed;
* **enclosed letters** that NFKC spells ``(a)(b)`` (parenthesized Latin), joined back into words;
* **filler blanks**: Hangul fillers standing for spaces between words;
* **one letter a line**: at least eight lines of one character each, joined (a blank line is a space);
* **games the text names**: every second letter when it says to drop or read every other one; pig Latin when it
  says so (``igpay``); a Vigenère cipher with the key it gives (read after the colon that follows the key); base58 runs when it names base58.

Each reading is returned only when its trigger occurs; guard screens it with its own rules. Linear in the input.
"""

from __future__ import annotations

import re

_BRAILLE = dict(zip("⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕⠏⠟⠗⠎⠞⠥⠧⠺⠭⠽⠵", "abcdefghijklmnopqrstuvwxyz", strict=True))
_TURNED = str.maketrans({"ɐ": "a", "q": "b", "ɔ": "c", "p": "d", "ǝ": "e", "ɟ": "f", "ƃ": "g", "ɥ": "h", "ᴉ": "i",
                         "ı": "i", "ɾ": "j", "ʞ": "k", "ɯ": "m", "u": "n", "d": "p", "b": "q", "ɹ": "r", "ʇ": "t",
                         "n": "u", "ʌ": "v", "ʍ": "w", "ʎ": "y", "'": ",", "¡": "!", "¿": "?", "˙": "."})
_TURNED_MARKS = frozenset("ɐɔǝɟƃɥᴉɾʞɯɹʇʌʍʎ")
_ENCLOSED = re.compile(r"(?:\([a-z]\)){2,}")
_FILLERS = re.compile("[\u3164\u1160\u115f\uffa0]")
_EVERY_OTHER = re.compile(r"\b(?:every|each)\s+(?:second|other|2nd)\s+(?:letter|char)|\bdrop\s+every\b|\bskip\s+every\b")
_ATBASH = str.maketrans("abcdefghijklmnopqrstuvwxyz", "zyxwvutsrqponmlkjihgfedcba")
_PIG = re.compile(r"\bpig\s+latin\b|\bigpay\b")
_VIGENERE = re.compile(r"\bvigen[eè]re\b[^\n]{0,40}?\bkey\b[\s:=]*[\"'“«]?(?P<key>[a-z]{3,24})")
_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_B58_RUN = re.compile(f"[{_B58}]{{20,}}")
_VOWELS = frozenset("aeiou")


def glyph_layers(text: str, lowered: str) -> list[str]:
    """Plain readings of ``text`` (folded, original case; ``lowered`` its lower case) under the disguises above."""
    found: list[str] = []
    if not text.isascii():
        if any(c in _BRAILLE for c in text[:4000]):
            found.append("".join(_BRAILLE.get(c, c) for c in text))
        if sum(c in _TURNED_MARKS for c in text) >= 3:
            found.append(lowered.translate(_TURNED)[::-1])
        if "\u3164" in text or "\u1160" in text or "\uffa0" in text or "\u115f" in text:
            found.append(_FILLERS.sub(" ", text))
    if "(" in lowered and _ENCLOSED.search(lowered):
        found.append(_ENCLOSED.sub(lambda m: m.group(0).replace("(", "").replace(")", ""), lowered))
    if text.count("\n") >= 8:
        found.append(_one_per_line(text))
    if ("every" in lowered or "drop" in lowered) and _EVERY_OTHER.search(lowered):
        found.append(" ".join(word[::2].replace("_", " ") for word in lowered.split() if len(word) >= 12))
        body = lowered[lowered.find(":") + 1 :].strip()[:4000]  # short words too, the filler's phase running on
        found += [body[::2], body[1::2]]
    if ("pig" in lowered or "igpay" in lowered) and _PIG.search(lowered):
        words = re.findall(r"[a-z]+", lowered[:4000])
        found.extend(" ".join(_unpig(word, longest) for word in words) for longest in (1, 2, 3))
    if "vigen" in lowered:
        match = _VIGENERE.search(lowered)
        if match is not None:
            colon = lowered.find(":", match.end(), match.end() + 40)
            found.append(_vigenere(lowered[colon + 1 if colon >= 0 else match.end() :], match.group("key")))
    if "atbash" in lowered:
        found.append(lowered.translate(_ATBASH))
    if "base58" in lowered or "base 58" in lowered:
        found.extend(_base58(m.group(0)) for m in _B58_RUN.finditer(text))
    return [layer for layer in found if layer]


def _one_per_line(text: str) -> str:
    """Lines of at most one character joined, when nearly every line is one (a blank line is a word break)."""
    lines = text.split("\n")
    if sum(len(line.strip()) <= 1 for line in lines) < 0.8 * len(lines):
        return ""
    return "".join(line.strip() or " " for line in lines)


def _unpig(word: str, longest: int) -> str:
    """A pig-Latin word read back: ``-way`` dropped after a vowel start, else the word's first sound, moved before
    ``-ay``, put back in front: a common cluster of up to ``longest`` letters, else one consonant. Where the sound
    ends is ambiguous ("eyskay" is "keys", "eamstray" is "stream"), so each length gives a reading."""
    if word.endswith("way") and len(word) > 4:
        return word[:-3]
    if not word.endswith("ay") or len(word) < 4:
        return word
    stem = word[:-2]
    for size in range(longest, 0, -1):
        cluster = stem[-size:]
        if len(stem) > size and (size == 1 and cluster not in _VOWELS or cluster in _CLUSTERS):
            return cluster + stem[:-size]
    return stem


_CLUSTERS = frozenset(("str", "scr", "spr", "thr", "chr", "sch", "shr", "spl", "th", "sh", "ch", "wh", "ph", "st",
                       "tr", "pr", "gr", "cl", "bl", "br", "cr", "dr", "fl", "fr", "gl", "pl", "sl", "sm", "sn", "sp",
                       "sw", "sc", "sk", "kn", "wr"))


def _vigenere(body: str, key: str) -> str:
    """``body``'s letters shifted back by the key's letters in turn (the key advances on letters only)."""
    out = []
    turn = 0
    for c in body[:2000]:
        if "a" <= c <= "z":
            out.append(chr((ord(c) - ord(key[turn % len(key)])) % 26 + 97))
            turn += 1
        else:
            out.append(c)
    return "".join(out)


def _base58(run: str) -> str:
    """A base58 run (Bitcoin alphabet) decoded to UTF-8 text, or nothing."""
    number = 0
    for c in run[:400]:
        number = number * 58 + _B58.index(c)
    raw = number.to_bytes((number.bit_length() + 7) // 8, "big")
    try:
        decoded = raw.decode("utf-8")
    except UnicodeDecodeError:
        return ""
    return decoded if decoded.isprintable() else ""
