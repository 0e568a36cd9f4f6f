"""Older and simpler disguises of a payload, peeled for the guard (``layers.decoded_layers`` calls
:func:`cipher_layers`):

* base32 runs (``MFRGGZDFMZTWQ2LK...``), read when they decode to a sentence;
* bits, eight to a group (``01101001 01100111 ...``), at least four groups in a row;
* quoted-printable (``f=6Frg=65t=20y=6F=75r``), on lines with at least four ``=XX`` escapes;
* HTML character references scattered inside words (``Ign&#111;re``), on lines with at least two;
* the NATO spelling alphabet (``india golf november ...``), six or more code words in a row, ``/`` between words;
* string literals split and joined with ``+`` (``'ig' + 'nore prev' + 'ious'``), three or more pieces;
* Morse code (``.. --. -. --- .-. .``), eight or more letters in a row, ``/`` between words;
* bytes written as spaced hex pairs (``69 67 6e 6f``) or decimal character codes (``105, 103, 110``), eight or
  more in a row, in a text that says so (hex, bytes, decode, charCode, ASCII ...);
* a Caesar shift, when the text names one ("caesar", "shift 3", "rot7"): shifted back by the number given, or by
  the shift that yields the most common English words.

Each layer is only returned when its trigger occurs, and is screened by the guard's rules like any decoded text.
Imports only the standard library. Linear in the input length.
"""

from __future__ import annotations

import base64
import binascii
import html
import quopri
import re
import string

_BASE32_RUN = re.compile(r"[A-Z2-7]{24,}={0,6}")
_BITS = re.compile(r"(?:[01]{8}[ \t]+){3,}[01]{8}")
_QP_ESCAPE = re.compile(r"=[0-9A-F]{2}")
_ENTITY = re.compile(r"&#x?[0-9a-fA-F]{1,6};")
_NATO = {
    "alfa": "a", "alpha": "a", "bravo": "b", "charlie": "c", "delta": "d", "echo": "e", "foxtrot": "f",
    "golf": "g", "hotel": "h", "india": "i", "juliet": "j", "juliett": "j", "kilo": "k", "lima": "l", "mike": "m",
    "november": "n", "oscar": "o", "papa": "p", "quebec": "q", "romeo": "r", "sierra": "s", "tango": "t",
    "uniform": "u", "victor": "v", "whiskey": "w", "whisky": "w", "x-ray": "x", "xray": "x", "yankee": "y",
    "zulu": "z",
}
_NATO_RUN = re.compile(
    r"(?:(?:" + "|".join(sorted(_NATO, key=len, reverse=True)) + r")(?:[ \t]*/[ \t]*|[ \t,]+)){5,}"
    r"(?:" + "|".join(sorted(_NATO, key=len, reverse=True)) + r")\b"
)
_NATO_WORD = re.compile(r"[a-z\-]+|/")
_CONCAT = re.compile(r"""(?:(["'])([^"'\n]{1,40})\1[ \t]*\+[ \t]*){2,}(["'])([^"'\n]{1,40})\3""")
_PIECE = re.compile(r"""(["'])([^"'\n]{1,40})\1""")
_MORSE = {
    ".-": "a", "-...": "b", "-.-.": "c", "-..": "d", ".": "e", "..-.": "f", "--.": "g", "....": "h", "..": "i",
    ".---": "j", "-.-": "k", ".-..": "l", "--": "m", "-.": "n", "---": "o", ".--.": "p", "--.-": "q", ".-.": "r",
    "...": "s", "-": "t", "..-": "u", "...-": "v", ".--": "w", "-..-": "x", "-.--": "y", "--..": "z",
}
_MORSE_RUN = re.compile(r"(?:[.\-]{1,4}(?:[ \t]+/[ \t]+|[ \t]+)){7,}[.\-]{1,4}(?![.\-\w])")
_HEX_PAIRS = re.compile(r"[0-9a-fA-F]{2}[ ,:][0-9a-fA-F]{2}[ ,:](?:[0-9a-fA-F]{2}[ ,:]){5,}[0-9a-fA-F]{2}(?![\w])")
_CHAR_CODES = re.compile(r"[1-9]\d{1,2}(?:,[ \t]*|[ \t]+)(?:(?:3[2-9]|[4-9]\d|1[01]\d|12[0-6])(?:,[ \t]*|[ \t]+)){6,}"
                         r"(?:3[2-9]|[4-9]\d|1[01]\d|12[0-6])(?![\w.])")
_CAESAR_CUE = re.compile(r"\bcaesar\b|\bshift(?:ed)?[ \t]+(?:by[ \t]+)?(?P<n>\d{1,2})\b|\brot[ \-]?(?P<r>\d{1,2})\b")
_COMMON = frozenset("the and to you all of in this your is it for on with that be are now ignore instructions".split())
_BYTES_CUES = ("hex", "byte", "decod", "charcode", "chr(", "ascii", "decimal", "codes", "xxd", "payload")
"""Words near bytes written out as numbers ("fromCharCode", "payload bytes", "decode the hex"); without one a
list of numbers is data."""
_ROT_N = re.compile(r"rot[ \-]?\d")
_NATO_GATE = ("alfa", "alpha", "bravo", "charlie", "delta", "echo", "golf", "hotel", "india", "kilo", "lima", "mike",
              "november", "oscar", "papa", "romeo", "sierra", "tango", "uniform", "victor", "whiskey", "yankee")
"""Three of these occur in every :data:`_NATO_RUN` match, which has six code words (most letters have one)."""
_JOINTS = ("' +", "'+", '" +', '"+')
_LOWER = string.ascii_lowercase
_UPPER = string.ascii_uppercase


def cipher_layers(text: str, lowered: str) -> list[str]:
    """Plain readings of ``text`` under each disguise above whose trigger it shows (``lowered``: its lower case)."""
    found: list[str] = []
    found.extend(_base32(m.group(0)) for m in _BASE32_RUN.finditer(text) if _alone(text, m))
    if "0 0" in text or "1 0" in text:  # between two groups of bits, each byte of text starting with 0
        found.extend(_bits(m.group(0)) for m in _BITS.finditer(text))
    if "=" in text and _QP_ESCAPE.search(text):
        found.extend(_quoted_printable(line) for line in text.split("\n") if len(_QP_ESCAPE.findall(line)) >= 4)
    if "&#" in text:
        found.extend(html.unescape(line) for line in text.split("\n") if len(_ENTITY.findall(line)) >= 2)
    if sum(1 for word in _NATO_GATE if word in lowered) >= 3:
        found.extend(_nato(m.group(0)) for m in _NATO_RUN.finditer(lowered))
    if "+" in text and any(joint in text for joint in _JOINTS):
        found.extend("".join(p.group(2) for p in _PIECE.finditer(m.group(0))) for m in _CONCAT.finditer(text))
    if ".-" in text or "-." in text:
        found.extend(_morse(m.group(0)) for m in _MORSE_RUN.finditer(text))
    if any(cue in lowered for cue in _BYTES_CUES):
        found.extend(_readable(bytes.fromhex(re.sub(r"[ ,:]", "", m.group(0))))
                     for m in _HEX_PAIRS.finditer(text) if _alone(text, m))
        found.extend(_readable(bytes(min(int(n), 255) for n in re.findall(r"\d+", m.group(0))))
                     for m in _CHAR_CODES.finditer(text) if _alone(text, m))
    if "caesar" in lowered or "shift" in lowered or _ROT_N.search(lowered):
        cue = _CAESAR_CUE.search(lowered)
        if cue is not None:
            number = cue.group("n") or cue.group("r")
            found.append(_unshift(text, int(number)) if number else _best_shift(text))
    return [layer for layer in found if layer]


def _alone(text: str, match: re.Match[str]) -> bool:
    """A run not glued to other letters or digits (part of a longer identifier or key)."""
    start, end = match.span()
    return not (start and text[start - 1].isalnum()) and not (end < len(text) and text[end].isalnum())


def _base32(run: str) -> str:
    body = run.rstrip("=")
    try:
        raw = base64.b32decode(body + "=" * (-len(body) % 8))
    except (binascii.Error, ValueError):
        return ""
    return _readable(raw)


def _bits(run: str) -> str:
    return _readable(bytes(int(group, 2) for group in run.split()))


def _quoted_printable(line: str) -> str:
    return _readable(quopri.decodestring(line.encode("utf-8", "replace")))


def _readable(raw: bytes) -> str:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return ""
    if len(text) < 8 or " " not in text or sum(1 for c in text if c.isprintable()) < 0.95 * len(text):
        return ""
    return text


def _nato(run: str) -> str:
    words = []
    for token in _NATO_WORD.findall(run):
        words.append(" " if token == "/" else _NATO.get(token, ""))
    return " ".join(part.replace(" ", "") for part in "".join(words).split(" "))


def _morse(run: str) -> str:
    words = re.split(r"[ \t]+/[ \t]+", run)
    return " ".join("".join(_MORSE.get(code, "") for code in word.split()) for word in words)


def _unshift(text: str, shift: int) -> str:
    shift %= 26
    table = str.maketrans(_LOWER + _UPPER, _LOWER[-shift:] + _LOWER[:-shift] + _UPPER[-shift:] + _UPPER[:-shift])
    return text.translate(table)


def _best_shift(text: str) -> str:
    sample = text[:2000]
    best, best_score = "", 0
    for shift in range(1, 26):
        shifted = _unshift(sample, shift)
        score = sum(1 for word in re.findall(r"[a-z]+", shifted.lower()) if word in _COMMON)
        if score > best_score:
            best, best_score = shifted, score
    return best
