"""Payloads compressed before they were encoded, for the ``encoded_payload`` rule: gzip, zlib, bzip2 or xz under
base64 (round 24's class of missed encodings).

Plain base64 is read by :mod:`mnemon.safety.encoding`; compressed bytes are not readable text, so that reading
drops them and an order packed with ``gzip | base64`` passed. Each container is known by its leading signature, which
base64 spells as a fixed prefix (``H4sI`` for gzip, ``eJ``/``eN``/``eF`` for zlib, ``QlpoO`` for bzip2,
``/Td6WFo`` for xz), so only runs that start with one are decoded. :func:`readings` returns the readable texts;
the guard screens them with every rule, so a compressed changelog stays clean and a compressed order does not.

Decompression is bounded (:data:`MAX_OUTPUT` bytes out of each run, :data:`MAX_RUNS` runs a text), so a small
run that inflates to gigabytes costs no more than a readable one, and the scan stays linear in the input.
"""

from __future__ import annotations

import base64
import binascii
import bz2
import lzma
import re
import zlib

from mnemon.safety.encoding import _readable

MAX_OUTPUT = 8192
"""Bytes kept from one decompressed run: an order is short, and a bomb stops here."""
MAX_RUNS = 8
"""Compressed runs decoded in one text."""
_MAGIC = ("H4sI", "eJ", "eN", "eF", "eAE", "QlpoO", "/Td6WFo")
"""Base64 of the containers' leading signatures: gzip 1f8b08, zlib 78 9c/da/5e/01, bzip2 'BZh', xz fd377a585a00."""
_RUN = re.compile(r"(?<![A-Za-z0-9+/_-])(?:H4sI|eJ|eN|eF|eAE|QlpoO|/Td6WFo)[A-Za-z0-9+/_-]{20,}={0,2}")


def readings(text: str) -> list[str]:
    """Readable texts hidden in ``text`` as compressed data under base64 (the module docstring)."""
    if not any(magic in text for magic in _MAGIC):
        return []
    found: list[str] = []
    for count, match in enumerate(_RUN.finditer(text)):
        if count >= MAX_RUNS:
            break
        raw = _unpacked(_decoded(match.group()))
        readable = _readable(raw) if raw else ""
        if readable:
            found.append(readable)
    return found


def _decoded(run: str) -> bytes:
    body = run.rstrip("=")
    body = body[: len(body) - 1] if len(body) % 4 == 1 else body
    try:
        return base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_" if ("-" in run or "_" in run) else None)
    except (binascii.Error, ValueError):
        return b""


def _unpacked(raw: bytes) -> bytes:
    """The first :data:`MAX_OUTPUT` bytes of ``raw`` decompressed by the container its magic names; empty when it
    is not one or is corrupt (a truncated stream still gives what it holds)."""
    try:
        if raw[:3] == b"\x1f\x8b\x08":
            return zlib.decompressobj(wbits=31).decompress(raw, MAX_OUTPUT)
        if len(raw) > 1 and raw[0] == 0x78 and (raw[0] * 256 + raw[1]) % 31 == 0:  # zlib's header check
            return zlib.decompressobj().decompress(raw, MAX_OUTPUT)
        if raw[:3] == b"BZh":
            return bz2.BZ2Decompressor().decompress(raw, MAX_OUTPUT)
        if raw[:6] == b"\xfd7zXZ\x00":
            return lzma.LZMADecompressor().decompress(raw, MAX_OUTPUT)
    except (zlib.error, OSError, EOFError, lzma.LZMAError, ValueError):
        return b""
    return b""
