"""Payloads hidden by encoding, for the ``encoded_payload`` rule: base64, base64url, hex and rot13.

:func:`decoded_texts` returns the readable sentences or commands hidden in a text; :data:`DECODE_EXEC` finds a
decode piped straight into a shell; :data:`DECODED_ORDER` tells a decoded text that reads as an order. The guard
screens the decoded texts with every rule. Imports only the standard library.
"""

from __future__ import annotations

import base64
import binascii
import re

_ENCODED_RUN = re.compile(r"[A-Za-z0-9+/_\-]{16,}={0,2}")
_HEX = re.compile(r"[0-9a-fA-F]+")
DECODE_NEEDLES = ("base64", "atob", "b64decode", "fromhex", "unhexlify", "codecs", "unescape", "decodeuri")
_ROT13 = str.maketrans(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", "NOPQRSTUVWXYZABCDEFGHIJKLMnopqrstuvwxyzabcdefghijklm"
)
_ROT13_WORDS = ("vtaber", "vafgehpgvba", "nffvfgnag", "flfgrz", "cerivbhf", "qvfertneq", "sbetrg", " hfre", "rkrphgr",
                "qryrgr", "cnffjbeq", "frperg", "gbxra", "hcybnq")
"""ignore, instruction, assistant, system, previous, disregard, forget, user, execute, delete, password, secret,
token, upload: in rot13."""
DECODE_EXEC = re.compile(
    r"base64\s+(?:-d|--decode|-D)\b[^\n]{0,60}\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\b"
    r"|\beval\s*\(\s*(?:atob|base64_decode|b64decode|unescape|decodeuricomponent)\s*\("
    r"|\b(?:exec|eval|system|popen|spawn|subprocess\.\w+|os\.system)\s*\([^\n]{0,40}?(?:b64decode|atob|"
    r"base64_decode|bytes\.fromhex|unhexlify|codecs\.decode)\b"
    r"|\b(?:b64decode|atob|base64_decode|bytes\.fromhex|unhexlify)\s*\([^\n]{0,200}?\)\s*\)?\s*(?:\|\s*(?:ba)?sh|;\s*exec)"
)


def decoded_texts(text: str) -> list[str]:
    """Readable texts hidden in ``text`` as base64, base64url or hex runs (also written as one ``0x`` literal), or
    as rot13."""
    found: list[str] = []
    for match in _ENCODED_RUN.finditer(text):
        run = match.group(0)
        if run[:2] in ("0x", "0X") and _HEX.fullmatch(run, 2):
            decoded = _readable(bytes.fromhex(run[2: 2 + (len(run) - 2) // 2 * 2])) if len(run) >= 22 else ""
        elif _HEX.fullmatch(run):
            decoded = _readable(bytes.fromhex(run[: len(run) // 2 * 2])) if len(run) >= 20 else ""
        elif (run.islower() or run.isupper()) and not any(c.isdigit() for c in run):
            continue
        else:
            raw = _b64(run)
            decoded = _readable(raw) or (_utf16(raw) if 0 in raw[1:8:2] else "")
        if decoded:
            found.append(decoded)
    lowered = text.lower()
    if "rot13" in lowered or "rot-13" in lowered or "rot 13" in lowered:
        found.append(text.translate(_ROT13))
    elif any(w in lowered for w in _ROT13_WORDS):
        found.extend(line.translate(_ROT13) for line in text.split("\n") if any(w in line.lower() for w in _ROT13_WORDS))
    return found


def _utf16(raw: bytes) -> str:
    from mnemon.safety.recoded import utf16  # recoded imports this module: imported on first use

    return utf16(raw)


def _b64(run: str) -> bytes:
    body = run.rstrip("=")
    if len(body) % 4 == 1:
        body = body[:-1]
    try:
        return base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_" if ("-" in run or "_" in run) else None)
    except (binascii.Error, ValueError):
        return b""


def _readable(raw: bytes) -> str:
    """Decoded bytes that are a sentence or a command: UTF-8, printable, with spaces between words."""
    if len(raw) < 8:
        return ""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return ""
    if sum(1 for c in text if c.isprintable() or c in "\n\t") < 0.95 * len(text):
        return ""
    if " " not in text and sum(1 for c in text if "\u3040" <= c <= "\u9fff" or "\uac00" <= c <= "\ud7af") < 4:
        return ""  # a sentence has spaces, unless it is Chinese, Japanese or Korean
    return text


DECODED_ORDER = re.compile(
    r"\s*(?:sudo\s+)?(?:rm\s+-|curl\s|wget\s|bash\s|sh\s+-c|chmod\s|nc\s|iex\b|invoke-|python3?\s+-c|powershell\b|"
    r"git\s+push\s+-f|git\s+push\s+--force)"
    r"|\s*(?:(?:ai|assistant|agent|claude|model|llm)\s*[:,]?\s+)?(?:(?:please|now|then|also|first)\s+)?"
    r"(?:ignore|disregard|forget|delete|remove|erase|wipe|run|execute|"
    r"exfiltrate|upload|send|post|leak|disable|bypass|override|print|reveal|dump|push|install|download|curl|wget|"
    r"grant|approve|merge|you\s+(?:must|should|will|are))\b"
    r"|\s*(?:ai|assistant|agent|claude|model|llm)\s*[:,]?\s+(?:please\s+)?(?:export|share|copy|e-?mail|forward|give|show)\b"
)
"""Encoded text that reads as an order (perhaps after hailing an AI reader): nobody base64-encodes "delete the
repository" for a good reason."""
