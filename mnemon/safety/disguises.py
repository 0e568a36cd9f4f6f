"""More disguises peeled for the guard (round 13's classes), called by :func:`mnemon.safety.layers.decoded_layers`.

* **CSS escapes** (``\\69 \\67 \\6e``: a backslash, one to six hex digits and an optional blank) and **JavaScript
  code-point escapes** (``\\u{69}\\u{67}``), in runs of at least four;
* **variation-selector smuggling**: bytes hidden as a run of variation selectors after a visible character
  (U+FE00-FE0F for 0-15, U+E0100-E01EF for 16-255), decoded as UTF-8;
* **stacked combining marks** ("Zalgo" text): letters buried under marks, read again with the marks dropped, when
  at least five letters carry two or more marks each;
* **rot47**, when the text names it; **base85** (Python's and Git's alphabet) and **Z85**, when the text names
  base85, b85 or z85; **uuencoded** blocks (``begin 644 name`` ... ``end``);
* **acrostics**: when the text says to read first letters (or calls itself an acrostic), the first letters of
  its lines joined, followed by the last line.

Each reading is returned only when its trigger occurs; guard screens it with its own rules. Linear in the input.
"""

from __future__ import annotations

import base64
import binascii
import re
import unicodedata

_CSS_RUN = re.compile(r"(?:\\[0-9a-fA-F]{1,6} ?){4,}")
_CSS = re.compile(r"\\([0-9a-fA-F]{1,6}) ?")
_JS_RUN = re.compile(r"(?:\\u\{[0-9a-fA-F]{1,6}\}){4,}")
_JS = re.compile(r"\\u\{([0-9a-fA-F]{1,6})\}")
_SELECTORS = re.compile("[\ufe00-\ufe0f\U000e0100-\U000e01ef]{6,}")
_STACKED = re.compile("[^\\W\\d_][\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]{2,}")
_B85_CUE = re.compile(r"\b(?:base[\s-]?85|b85|z85|ascii85)\b")
_B85_RUN = re.compile(r"[0-9A-Za-z!#$%&()*+\-;<=>?@^_`{|}~.:/\[\]]{20,}")
_UU_BLOCK = re.compile(r"^begin [0-7]{3,4} \S+\n((?:[ -`]{1,62}\n){1,200})`?\n?end$", re.MULTILINE)
_ACROSTIC_CUE = re.compile(r"\bacrostic|\bfirst\s+letters?\b|\binitial\s+letters?\b|\bread\s+down\b")


def disguised_layers(text: str, lowered: str) -> list[str]:
    """Plain readings of ``text`` (folded, original case; ``lowered`` its lower case) under the disguises above."""
    found: list[str] = []
    if "\\" in text:
        found.extend(_CSS.sub(_char, m.group(0)) for m in _CSS_RUN.finditer(text))
        if "\\u{" in lowered:
            found.extend(_JS.sub(_char, m.group(0)) for m in _JS_RUN.finditer(text))
    if not text.isascii():
        found.extend(_selectors(m.group(0)) for m in _SELECTORS.finditer(text))
        if len(_STACKED.findall(text)) >= 5:
            found.append("".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c)))
    if "rot47" in lowered or "rot-47" in lowered or "rot 47" in lowered:
        found.append(text.translate(_ROT47))
    if _B85_CUE.search(lowered):
        found.extend(_base85(m.group(0)) for m in _B85_RUN.finditer(text))
    if "begin " in lowered and "end" in lowered:
        found.extend(_uudecode(m.group(1)) for m in _UU_BLOCK.finditer(text))
    if ("letter" in lowered or "acrostic" in lowered or "read down" in lowered) and _ACROSTIC_CUE.search(lowered):
        found.append(_acrostic(text))
    return [layer for layer in found if layer]


def _char(match: re.Match[str]) -> str:
    code = int(match.group(1), 16)
    return chr(code) if 0x20 <= code < 0x110000 and not 0xD800 <= code < 0xE000 else " "


def _selectors(run: str) -> str:
    data = bytes(ord(c) - 0xFE00 if ord(c) < 0x10000 else ord(c) - 0xE0100 + 16 for c in run)
    return _readable(data)


_ROT47 = str.maketrans(
    "".join(chr(c) for c in range(33, 127)), "".join(chr(33 + (c - 33 + 47) % 94) for c in range(33, 127))
)


def _base85(run: str) -> str:
    """The run as base85 (Python's alphabet) or Z85, whichever gives readable text."""
    for decode in (base64.b85decode, base64.z85decode if hasattr(base64, "z85decode") else None):
        if decode is None:
            continue
        try:
            text = _readable(decode(run.encode("ascii")))
        except (ValueError, binascii.Error):
            continue
        if text:
            return text
    return ""


def _uudecode(body: str) -> str:
    data = b""
    for line in body.split("\n"):
        if not line or line == "`":
            continue
        try:
            data += binascii.a2b_uu(line)
        except binascii.Error:
            return ""
    return _readable(data)


def _acrostic(text: str) -> str:
    """The first letters of the lines after the one that names the form, joined into a word, then the last line."""
    lines = [line.strip() for line in text.split("\n") if line.strip()]
    if len(lines) < 4:
        return ""
    body = lines[1:] if _ACROSTIC_CUE.search(lines[0].lower()) else lines
    letters = "".join(line[0] for line in body[:-1] if line[0].isalpha())
    return f"{letters} {body[-1].lstrip('. ')}" if len(letters) >= 4 else ""


def _readable(raw: bytes) -> str:
    """UTF-8 text of printable characters, or nothing."""
    try:
        decoded = raw.decode("utf-8")
    except UnicodeDecodeError:
        return ""
    printable = sum(c.isprintable() or c in "\n\t" for c in decoded)
    return decoded if decoded and printable >= 0.9 * len(decoded) else ""
