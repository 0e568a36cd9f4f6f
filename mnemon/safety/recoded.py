"""Orders recoded into forms the other decoders of the ``encoded_payload`` rule did not read: round 25's classes of
missed encodings, read by :func:`readings` (the guard screens each reading with every rule).

* **text as UTF-16LE under base64** (PowerShell's ``-EncodedCommand``): a base64 run whose bytes alternate with
  zeros is read as UTF-16LE (:func:`utf16`, called where :mod:`mnemon.safety.encoding` decodes base64);
* **bytes written as code**: a list of ``0x..`` numbers (a Go, C or JavaScript byte array), decoded as UTF-8;
* **bytes xor-ed with a key the text states** (``xor ... key 0x2a``, ``key 17``): the hex runs after it, xor-ed back;
* **a keyboard shift**: a text that says its keys were one off (to the right or left, or just "one key off") is
  read with each letter moved back along its QWERTY row, both ways when no side is named;
* **Z85** (ZeroMQ's base85) when the text names it;
* **the Baconian cipher** (groups of five A/B letters) and **tap code** (groups of dots, the Polybius square)
  when the text names them;
* **Latin letters spelled with look-alike Cherokee letters** (``ᎪᏚᏚᏆᏚᎢᎪNᎢ``), mapped back, and with
  regional-indicator letters (kept apart by zero-width spaces so they do not pair into flags);
* **the ends of lines** (a telestich): when a text says the last (or first) letters of its lines spell something.

Every reading is tried only after its literal trigger, and bounded (:data:`MAX_RUNS` runs, :data:`MAX_CHARS`
characters read), so the scan stays linear in the input.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import islice

from mnemon.safety.encoding import _readable

MAX_RUNS = 8
"""Encoded runs read in one text, per form."""
MAX_CHARS = 4000
"""Characters of a text a letter-by-letter reading covers."""

_BYTE_LIST = re.compile(r"(?:0x[0-9a-fA-F]{2}[ \t]*,[ \t]*){7,}0x[0-9a-fA-F]{2}")
_XOR_KEY = re.compile(r"(?i)\bxor\b[^\n]{0,40}?\bkey\b[ \t:=]*(?P<key>0x[0-9a-f]{1,2}|\d{1,3})\b"
                      r"|\bkey\b[ \t:=]*(?P<key2>0x[0-9a-f]{1,2}|\d{1,3})\b[^\n]{0,40}?\bxor\b")
_HEX_RUN = re.compile(r"(?<![0-9a-fA-F])[0-9a-fA-F]{20,}(?![0-9a-fA-F])")
_SHIFTED = re.compile(r"(?i)\b(?:one|1|a)\s+key\s+(?:to\s+the\s+)?(?P<side>right|left|off|over)\b"
                      r"|\bkeyboard\s+shift|\bshifted\s+(?P<side2>right|left)?[^\n]{0,20}?\bkeyboard")
_ROWS = ("qwertyuiop", "asdfghjkl;", "zxcvbnm,./")
_Z85_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#"
_Z85_VALUE = {c: i for i, c in enumerate(_Z85_ALPHABET)}
_Z85_RUN = re.compile(r"[0-9a-zA-Z.\-:+=^!/*?&<>()\[\]{}@%$#]{20,}")
_BACON_GROUP = re.compile(r"\b[AB]{5}\b")
_TAP_GROUP = re.compile(r"(\.{1,5}) (\.{1,5})(?=\s|$)")
_POLYBIUS = "abcdefghiklmnopqrstuvwxyz"
_CHEROKEE = str.maketrans({
    "\u13a0": "D", "\u13a1": "R", "\u13a2": "T", "\u13a5": "i", "\u13a9": "Y", "\u13aa": "A", "\u13ab": "J",
    "\u13ac": "E", "\u13b3": "W", "\u13b7": "M", "\u13bb": "H", "\u13bd": "Y", "\u13c0": "G", "\u13c2": "h",
    "\u13c3": "Z", "\u13c6": "I", "\u13cf": "b", "\u13d2": "R", "\u13d4": "W", "\u13d5": "S", "\u13d9": "V",
    "\u13da": "S", "\u13de": "L", "\u13df": "C", "\u13e2": "P", "\u13e6": "K", "\u13f4": "B",
})
"""Cherokee letters that look like Latin ones (Unicode's confusables), mapped to the letter they imitate."""
_REGIONAL = {0x1F1E6 + i: chr(ord("a") + i) for i in range(26)}
"""Regional-indicator letters (which pair into flags) read as the Latin letters they stand for."""
_ENDS = re.compile(r"(?i)\b(?P<which>last|first|final|initial)\s+(?:letters?|characters?|chars?)\s+of\s+(?:each|every|the)\s+"
                   r"lines?\b")


def readings(text: str) -> list[str]:
    """Plain readings of ``text`` under the disguises above (folded text, original case)."""
    found: list[str] = []
    lowered = text.lower()
    if "0x" in lowered and "," in text:
        found += [_readable(bytes(int(b, 16) for b in re.findall(r"0x([0-9a-fA-F]{2})", m.group(0))))
                  for m in _limited(_BYTE_LIST.finditer(text))]
    if "xor" in lowered:
        found += _xored(text)
    if "key" in lowered and ("right" in lowered or "left" in lowered or "off" in lowered or "shift" in lowered):
        found += _unshifted(lowered)
    if "z85" in lowered:
        found += [_z85(m.group(0)) for m in _limited(_Z85_RUN.finditer(text))]
    if "bacon" in lowered:
        found += _bacon(text)
    if "tap code" in lowered or "tap-code" in lowered:
        found.append("".join(_tap(m) for m in _TAP_GROUP.finditer(text[:MAX_CHARS])).replace("  ", " "))
    if not text.isascii():
        head = text[:MAX_CHARS]
        if any("\u13a0" <= c <= "\u13f4" for c in head):
            found.append(head.translate(_CHEROKEE))
        if any("\U0001f1e6" <= c <= "\U0001f1ff" for c in head):
            found.append(head.translate(_REGIONAL))
    if ("letters of" in lowered or "letter of" in lowered or "characters of" in lowered or "chars of" in lowered) and (
            "line" in lowered):
        found += _line_ends(text)
    return [reading for reading in found if reading]


def _limited(matches: Iterable[re.Match[str]]) -> list[re.Match[str]]:
    return list(islice(matches, MAX_RUNS))


def utf16(raw: bytes) -> str:
    """``raw`` read as UTF-16LE text when its bytes alternate with zeros (the base64 of PowerShell's
    ``-EncodedCommand``); called by :func:`mnemon.safety.encoding.decoded_texts` on the base64 runs it decodes."""
    raw = raw[: len(raw) - len(raw) % 2]
    if len(raw) < 16 or raw[1::2].count(0) * 10 < 9 * (len(raw) // 2):
        return ""
    return _readable(raw.decode("utf-16-le", errors="replace").encode("utf-8"))


def _xored(text: str) -> list[str]:
    match = _XOR_KEY.search(text)
    if match is None:
        return []
    raw_key = match.group("key") or match.group("key2")
    key = int(raw_key, 16) if raw_key.lower().startswith("0x") else int(raw_key)
    if not 0 < key < 256:
        return []
    found = []
    for run in _limited(_HEX_RUN.finditer(text, match.end())):
        data = bytes.fromhex(run.group(0)[: len(run.group(0)) // 2 * 2])
        found.append(_readable(bytes(b ^ key for b in data)))
    return found


def _unshifted(lowered: str) -> list[str]:
    """The text after the trigger with each key moved back one place along its row (both ways when no side is
    said: the writer's hands may have been off either way)."""
    match = _SHIFTED.search(lowered)
    if match is None:
        return []
    side = match.group("side") or match.group("side2") or ""
    body = lowered[match.end() : match.end() + MAX_CHARS]
    colon = body.find(":")
    body = body[colon + 1 :] if 0 <= colon < 80 else body
    moves = (-1,) if side == "right" else (1,) if side == "left" else (-1, 1)
    return [body.translate(_shift_table(move)) for move in moves]


def _shift_table(move: int) -> dict[int, str]:
    table: dict[int, str] = {}
    for row in _ROWS:
        for index, char in enumerate(row):
            if 0 <= index + move < len(row):
                table[ord(char)] = row[index + move]
    return table


def _z85(run: str) -> str:
    run = run[: len(run) // 5 * 5]
    out = bytearray()
    for i in range(0, len(run), 5):
        value = 0
        for char in run[i : i + 5]:
            value = value * 85 + _Z85_VALUE[char]
        if value >= 1 << 32:
            return ""
        out += value.to_bytes(4, "big")
    return _readable(bytes(out).rstrip(b"\0"))


def _bacon(text: str) -> list[str]:
    """The A/B groups read with the 26-letter alphabet and with the 24-letter one (I=J, U=V)."""
    groups = [int(g.group(0).replace("A", "0").replace("B", "1"), 2) for g in _BACON_GROUP.finditer(text[:MAX_CHARS])]
    if len(groups) < 4:
        return []
    full = "".join(chr(97 + g) if g < 26 else "?" for g in groups)
    short = "".join("abcdefghiklmnopqrstuwxyz"[g] if g < 24 else "?" for g in groups)
    return [full, short]


def _tap(match: re.Match[str]) -> str:
    row, column = len(match.group(1)) - 1, len(match.group(2)) - 1
    after = match.string[match.end() : match.end() + 5]
    return _POLYBIUS[row * 5 + column] + (" " if after.lstrip(" ").startswith("/") else "")


def _line_ends(text: str) -> list[str]:
    match = _ENDS.search(text)
    if match is None:
        return []
    lines = [line.strip() for line in text[match.end() : match.end() + MAX_CHARS].split("\n")[1:]]
    lines = [line for line in lines if line]
    if len(lines) < 4:
        return []
    last = match.group("which").lower() in ("last", "final")
    return ["".join(line[-1] if last else line[0] for line in lines)]
