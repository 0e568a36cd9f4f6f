"""The folded copy every injection rule matches on, and the invisible characters the ``hidden_text`` rule flags.

:func:`fold` applies NFKC, removes format characters, reads Cyrillic and Greek look-alikes inside Latin words
as Latin, joins letters spelled out with dots or dashes and collapses blank runs, so full-width letters,
zero-width splitting and mixed scripts do not evade a rule. :func:`hidden` finds zero-width, bidi and tag
characters used to hide or reorder text. Imports only the standard library.
"""

from __future__ import annotations

import re
import unicodedata

FORMAT_CHARS = (
    "\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064"
    "\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f"
)
"""Every Unicode format character (category Cf), as a regex class body; tests check it against unicodedata."""
_FORMAT = re.compile(f"[{FORMAT_CHARS}]")
_HIDDEN = re.compile(
    "(?<![\U0001f1e6-\U0001f1ff])\u200b|[\u2060-\u2064\u180e\u202a-\u202e\u2066-\u2069\U000e0000-\U000e007f]"
    "|(?s:.)\ufeff"
    "|(?:^|[\x00-\x7f])[\u200c\u200d](?:$|[\x00-\x7f])"
)


def hidden(text: str) -> bool:
    """Invisible characters used to hide or reorder text; joiners only where no script or emoji needs them, and a
    zero-width space not after a regional-indicator letter (put there so two letters do not join into a flag)."""
    return not text.isascii() and _HIDDEN.search(text) is not None


_BLANKS = re.compile(r"[^\S\n]{2,}|[^\S\n ]")


def fold(text: str) -> str:
    """NFKC, format characters and enclosing marks removed, Cyrillic and Greek look-alikes inside Latin words made Latin, small capitals
    read as letters, letters
    spelled out with dots or dashes joined (``I.G.N.O.R.E``), runs of blanks as one space."""
    if not unicodedata.is_normalized("NFKC", text):
        text = unicodedata.normalize("NFKC", text)
    if not text.isascii():
        text = _FORMAT.sub("", text)
        if _ENCLOSING.search(text):
            text = _ENCLOSING.sub("", text)
        if _CYRILLIC_OR_GREEK.search(text):
            text = _MIXED_WORD.sub(_latinise, text)
        if _SMALL_CAPITAL.search(text):
            text = text.translate(_SMALL_CAPITALS)
        if _NEGATIVE_LETTER.search(text):
            text = text.translate(_NEGATIVE_LETTERS)
    if _SPELLED_HINT.search(text):
        text = _SPELLED.sub(lambda m: re.sub(r"[.\-_]", "", m.group(0)), text)
    return _BLANKS.sub(" ", text)


_CONFUSABLES = str.maketrans(
    "аеорсухіјѕԁӏԛԝАВЕКМНОРСТХІЈЅαεικνορτυχΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
    "aeopcyxijsdlqwABEKMHOPCTXIJSaeikvoptuxABEZHIKMNOPTYX",
)
_SMALL_CAPITALS = str.maketrans("ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘǫʀꜱᴛᴜᴠᴡʏᴢ", "abcdefghijklmnopqrstuvwyz")
"""Small capitals (Latin letters NFKC leaves alone): a sentence in them reads as plain letters to a model."""
_NEGATIVE_LETTERS = {base + i: ord("A") + i for base in (0x1F150, 0x1F170) for i in range(26)}
"""Negative circled and negative squared capitals (NFKC leaves them alone, a model reads them as letters)."""
_NEGATIVE_LETTER = re.compile("[\U0001F150-\U0001F169\U0001F170-\U0001F189]")
_SMALL_CAPITAL = re.compile("[ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘǫʀꜱᴛᴜᴠᴡʏᴢ]")
_ENCLOSING = re.compile("[\u20dd-\u20e4]")
"""Combining enclosing marks (a keycap, a circle, a square around the letter before): a model reads the letter."""
_CYRILLIC_OR_GREEK = re.compile(r"[\u0370-\u03ff\u0400-\u04ff]")
_SPELLED_HINT = re.compile(r"[.\-_][A-Za-z][.\-_][A-Za-z][.\-_]")
_MIXED_WORD = re.compile(r"\w*(?:[a-zA-Z][\u0370-\u03ff\u0400-\u04ff]|[\u0370-\u03ff\u0400-\u04ff][a-zA-Z])\w*")
_SPELLED = re.compile(r"(?<![\w.\-])(?:[A-Za-z][.\-_]){2,}[A-Za-z](?![\w])")


def _latinise(match: re.Match[str]) -> str:
    """A word mixing Latin with Cyrillic or Greek letters is an attempt to dodge a word list: read it as Latin."""
    return match.group(0).translate(_CONFUSABLES)

