"""Hidden layers of a text, peeled so the guard can screen what they say.

guard already decodes base64, base64url, hex runs and rot13. An attacker has more cheap disguises, and each is
undone here into plain text that guard screens again (``guard._encoded``):

* URL percent-encoding (``%49%67%6E...``), ``\\xNN`` / ``\\uNNNN`` and C octal (``\\151``) escapes and HTML
  character references (``&#x69;``), when a run of at least four encoded characters occurs; Adobe ascii85 blocks
  (``<~...~>``); a sentence in a query string, four or more
  words joined by ``%20`` or ``+``;
* an order spelled as an identifier (``IGNORE_ALL_PREVIOUS_INSTRUCTIONS``, ``ignorePriorInstructions``,
  ``you-are-now-unfiltered``): on lines holding one, identifiers' words are spaced out;
* text written backwards, when it holds a reversed order word ("erongi", "snoitcurtsni") or says it is
  ("read this backwards", "reversed");
* leetspeak (``1gn0r3 pr3v10u5``), on lines where at least three short words mix letters with the digits that
  stand for them;
* letters spaced out (``i g n o r e  a l l``): the letters are joined and :func:`squashed_order` looks for the
  core orders with the spaces gone ("ignoreallpreviousinstructions");
* base32, bits, quoted-printable, scattered character references, NATO spelling, split string literals and
  Caesar shifts (``mnemon.safety.ciphers``); CSS and JavaScript escapes, variation-selector bytes, stacked
  combining marks, rot47, base85, uuencode and acrostics (``mnemon.safety.disguises``).

Only the decoded runs (or the lines that hold them) are returned, so a long memory is not screened twice. Ordinary
developer text rarely trips these triggers, and when it does (a URL with ``%2F``, ``sha256 py3 k8s``) the decoded
text is screened by the same rules, which leave it alone. Linear in the input length.
"""

from __future__ import annotations

import base64
import html
import re
from urllib.parse import unquote, unquote_plus

from mnemon.safety.ciphers import cipher_layers
from mnemon.safety.disguises import disguised_layers
from mnemon.safety.glyphs import glyph_layers
from mnemon.safety.spans import words_at

_PERCENT_RUN = re.compile(r"(?:%[0-9a-f]{2}){4,}", re.IGNORECASE)
_ESCAPE_RUN = re.compile(r"(?:\\x[0-9a-f]{2}|\\u[0-9a-f]{4}){4,}", re.IGNORECASE)
_ESCAPE = re.compile(r"\\x([0-9a-f]{2})|\\u([0-9a-f]{4})", re.IGNORECASE)
_REVERSED_CUE = re.compile(
    r"\b(?:read|written|spelled|typed|reverse|flip)\w*\s+(?:(?:this|it|the\s+\w+|me)\s+)?(?:backwards?|in\s+reverse"
    r"|reversed|right\s+to\s+left)\b|\breversed\s+(?:text|string|order|line|message)"
)
"""Words saying the text around them runs backwards ("read this backwards", "reversed text")."""
_OCTAL_RUN = re.compile(r"(?:\\[0-3][0-7]{2}){4,}")
_OCTAL = re.compile(r"\\([0-3][0-7]{2})")
_ASCII85 = re.compile(r"<~[!-u\s]{10,2000}?~>")
_ENTITY_RUN = re.compile(r"(?:&#x?[0-9a-f]{1,6};){4,}", re.IGNORECASE)
_REVERSED_WORDS = ("erongi", "dragersid", "snoitcurtsni", "tpmorp metsys", "drowssap", "tegrof", "resu eht",
                   "tnatsissa", "eteled", "etucexe", "daolpu")
"""ignore, disregard, instructions, system prompt, password, forget, the user, assistant, delete, execute, upload:
written backwards."""
_LEET = str.maketrans("013457@$", "oieastas")
_LEET_WORD = re.compile(
    r"(?<![\w@$/.-])(?=[a-z0-9@$]*[g-z@$])(?=[a-z0-9@$]*[013457@$])[a-z0-9@$]{2,12}(?![\w@$/.-])"
)
"""A short word mixing letters with the digits that stand for them; hex ids and hashes (only 0-9 and a-f) are not."""
_SPACED = re.compile(r"(?:\b[a-z]\b ){7,}\b[a-z]\b")
_SQUASHED = re.compile(
    r"(?:ignore|disregard|forget|override|bypass|skip)(?:all|any|the|your|of|my|these|those)*(?:previous|prior|"
    r"above|earlier|preceding|system|original|existing|safety)*(?:instructions?|prompts?|rules|guidelines|"
    r"directions|directives|guardrails|restrictions)"
    r"|youarenow(?:dan|unrestricted|jailbroken|free|in)|developermode|(?:reveal|print|show|output|repeat)(?:your|the)"
    r"(?:system)?prompt|donottelltheuser|donttelltheuser|exfiltrate|(?:send|upload)(?:the|all|your)*(?:secrets|"
    r"credentials|apikeys|tokens|passwords|env)"
)


_IDENTIFIER_NEEDLES = ("ignore", "disregard", "forget", "unrestricted", "unfiltered", "jailbr", "exfiltrat",
                       "instructions")
"""Words of an order or persona that a payload spelled as an identifier holds (``IGNORE_ALL_PREVIOUS_...``)."""
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[_\-][A-Za-z0-9]+)*")
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
_JOINER = re.compile(r"(?<=[A-Za-z0-9])[_\-](?=[A-Za-z])")
_CAMEL_STEP = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def decoded_layers(text: str) -> list[str]:
    """Plain readings of ``text`` (folded, original case) under each disguise that it shows a trigger for."""
    found: list[str] = []
    if "%" in text:
        found.append("\n".join(unquote(m.group(0), errors="replace") for m in _PERCENT_RUN.finditer(text)))
        if "%25" in text:  # percent-encoded twice (``%2520`` for a blank): words that hold it, read twice
            found.append("\n".join(unquote_plus(unquote(w, errors="replace"), errors="replace")
                                   for w in text.split() if "%25" in w))

    if "\\" in text:
        found.append("\n".join(_ESCAPE.sub(_unescape, m.group(0)) for m in _ESCAPE_RUN.finditer(text)))
        found.append("\n".join(_OCTAL.sub(_unoctal, m.group(0)) for m in _OCTAL_RUN.finditer(text)))
    if "<~" in text:
        found.append("\n".join(_ascii85(m.group(0)) for m in _ASCII85.finditer(text)))
    if "&#" in text:
        found.append("\n".join(html.unescape(m.group(0)) for m in _ENTITY_RUN.finditer(text)))
    lowered = text.lower()
    if any(word in lowered for word in _REVERSED_WORDS):
        found.append("\n".join(line[::-1] for line in lowered.split("\n") if any(w in line for w in _REVERSED_WORDS)))
    elif ("backward" in lowered or "revers" in lowered or "right to left" in lowered) and _REVERSED_CUE.search(lowered):
        found.append("\n".join(line[::-1] for line in lowered.split("\n")))
    if any(digit in lowered for digit in "013457"):
        found.append("\n".join(_LEET_WORD.sub(lambda m: m.group(0).translate(_LEET), line)
                               for line in lowered.split("\n") if len(_LEET_WORD.findall(line)) >= 3))
    found.extend(cipher_layers(text, lowered))  # base32, bits, quoted-printable, NATO, split strings, Caesar
    found.extend(disguised_layers(text, lowered))  # CSS and JS escapes, selectors, marks, rot47, base85, uu, acrostic
    found.extend(glyph_layers(text, lowered))  # Braille, turned and enclosed letters, fillers, letter games, base58
    # one text per layer, its decoded lines joined: a memory of many hex ids is screened twice, not once a line
    return [decoded for decoded in found if decoded]


def plain_layers(text: str) -> list[str]:
    """Readings of ``text`` (folded, original case) in which words were only joined, not encoded: a sentence in a
    query string (four or more words joined by ``%20`` or ``+``) and orders spelled as identifiers (three or more
    words in snake, kebab, upper or camel case, one of them an order's word). guard counts them only when a rule
    trips on them (an imperative alone, "install+python+on+ubuntu", is a search, not a payload). Only the
    blank-delimited words around a ``%20``, a ``+`` or an order's word are read."""
    found = []
    if "%20" in text or "+" in text:
        found.append("\n".join(unquote_plus(w, errors="replace") for w in words_at(text, ("%20", "+"))
                               if w.count("%20") + w.count("+") >= 3))
    lowered = text.lower()
    if len(lowered) != len(text):
        lowered = text.translate(_ASCII_LOWER)  # the same length as ``text``, so positions carry over
    spelled = [". ".join(_JOINER.sub(" ", _CAMEL_STEP.sub(" ", name)) for name in _NAME.findall(w)) + "."
               for w in words_at(text, _IDENTIFIER_NEEDLES, lowered)
               if w.count("_") + w.count("-") + len(_CAMEL_STEP.findall(w)) >= 2]
    if spelled:
        found.append("\n".join(spelled))
    return [layer for layer in found if layer]


def _unoctal(match: re.Match[str]) -> str:
    code = int(match.group(1), 8)
    return chr(code) if code >= 0x20 or code in (9, 10) else " "


def _ascii85(run: str) -> str:
    """An Adobe ascii85 block (``<~...~>``) decoded, or nothing when it is not valid UTF-8 text."""
    try:
        return base64.a85decode(run.encode("ascii"), adobe=True).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return ""


def _unescape(match: re.Match[str]) -> str:
    code = int(match.group(1) or match.group(2), 16)
    return chr(code) if code >= 0x20 or code in (9, 10) else " "


def squashed_order(text: str) -> bool:
    """A core order spelled with its letters spaced out (``text`` folded, any case)."""
    lowered = text.lower()
    for match in _SPACED.finditer(lowered):
        if _SQUASHED.search(match.group(0).replace(" ", "")):
            return True
    return False


def squashed_reading(decoded: str) -> bool:
    """A decoded layer whose letters, blanks dropped, spell a core order: escapes whose word breaks were lost when
    the blank runs around them were folded (``\\69 \\67 ...``) read as one squashed word."""
    return _SQUASHED.search(re.sub(r"\s+", "", decoded.lower())) is not None


_DECODE_AND_RUN = re.compile(
    r"\b(?:decode|decoding|decoded)\b[^.\n]{0,40}?\b(?:and|then)\s+(?:run|execute|exec|follow|obey|apply|do)\b"
    r"|\b(?:run|execute|exec|follow|obey|apply)\s+(?:it|this|the\s+following|the\s+text|the\s+payload|the\s+string)?"
    r"[^.\n]{0,20}?\b(?:after|once)\s+(?:decoding|decoded|you\s+decode)\b"
)
_HARMFUL_DECODED = re.compile(
    r"/etc/(?:passwd|shadow|sudoers)|authorized_keys|>\s*/etc/|\bcrontab\s+-|\bchmod\s+[ug]?\+s\b|\bmkfs\b"
    r"|\bdd\s+if=|\b(?:curl|wget)\b[^\n|]{0,120}\|\s*(?:sudo\s+)?(?:ba|z)?sh\b"
)


def decode_and_run(text: str) -> bool:
    """An order to decode a payload and act on it ("execute the following after decoding: ..."), ``text`` lower
    case; guard flags it when the text also holds an encoded run that decodes to readable text."""
    return "decod" in text and _DECODE_AND_RUN.search(text) is not None


def harmful_decoded(decoded: str) -> bool:
    """A decoded payload that touches system files or fetches and runs code (``decoded`` lower case)."""
    return _HARMFUL_DECODED.search(decoded) is not None
