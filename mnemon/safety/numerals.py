"""Letters written as numbers, read back for :func:`mnemon.safety.guard.scan` (round 16's class of encoded payloads):
whatever the base, a run of small numbers that all map to printable characters is a text a model can decode, so
the screen reads it as the model would and screens the reading.

Readings (:func:`readings`):

* letter positions (A1Z26): words of 1-26 joined by dashes, words apart ("8-9 20-8-5-18-5" is "hi there");
* byte values in octal: eight or more numbers of digits 0-7 whose octal values are all printable ASCII;
* UTF-16 code units: six or more four-digit hex groups below ``0080`` (``0068 0069 0020 ...``);
* ``%uXXXX`` escapes (the non-standard percent form browsers and IIS decode);
* a number in base 36 the text names (``base36: ...``), read as the bytes of its value;
* a program of the eight-symbol tape language (``+-<>.,[]``) with printing steps, run for at most
  :data:`_STEPS` steps on a bounded tape: its output is the text the writer wants the model to "run in its
  head".

Decimal and plain hex byte lists are read by :mod:`mnemon.safety.layers`; this module adds only the forms it does
not. A reading must be mostly letters and blanks to count, so port lists, versions and dates are not read as
text. Every pattern is bounded and linear.
"""

from __future__ import annotations

import re

_A1Z26_WORD = r"(?:[1-9]|1\d|2[0-6])(?:-(?:[1-9]|1\d|2[0-6])){0,30}"
_A1Z26 = re.compile(rf"(?<![\w-]){_A1Z26_WORD}(?:[ \t]+{_A1Z26_WORD}){{2,80}}(?![\w-])")
_OCTAL = re.compile(r"(?<![\w.])[0-7]{2,3}(?:[ \t,]+[0-7]{2,3}){7,400}(?![\w.])")
_CODE_UNITS = re.compile(r"(?<![\w])00[0-7][0-9a-fA-F](?:[ \t,]+00[0-7][0-9a-fA-F]){5,400}(?![\w])")
_BASE36 = re.compile(r"\bbase[ \t-]?36\b[^\n]{0,40}?[:=][ \t]*([0-9a-z]{12,200})\b", re.IGNORECASE)
_TAPE = re.compile(r"[-+<>.,\[\]]{60,4000}")
_STEPS = 20000
"""The most steps a tape program is run for: enough for a sentence spelled with increments, bounded for speed."""
_PERCENT_U = re.compile(r"(?:%u00[0-7][0-9a-fA-F]){4,400}", re.IGNORECASE)


def readings(text: str) -> list[str]:
    """The texts the number runs in ``text`` spell (this module's docstring), each mostly letters and blanks."""
    found: list[str] = []
    if "-" in text:
        for match in _A1Z26.finditer(text):
            if match.group(0).count("-") >= 3:
                found.append(" ".join("".join(chr(96 + int(n)) for n in word.split("-"))
                                      for word in match.group(0).split()))
    for match in _OCTAL.finditer(text):
        codes = [int(n, 8) for n in re.split(r"[ \t,]+", match.group(0))]
        if all(32 <= code < 127 for code in codes):
            found.append("".join(map(chr, codes)))
    for match in _CODE_UNITS.finditer(text):
        found.append("".join(chr(int(n, 16)) for n in re.split(r"[ \t,]+", match.group(0))))
    if "%u" in text or "%U" in text:
        for match in _PERCENT_U.finditer(text):
            found.append("".join(chr(int(match.group(0)[i + 2 : i + 6], 16)) for i in range(0, len(match.group(0)), 6)))
    if "36" in text:
        for match in _BASE36.finditer(text):
            value = int(match.group(1), 36)
            found.append(value.to_bytes((value.bit_length() + 7) // 8, "big").decode("latin-1"))
    if "+++" in text:
        found += [_run_tape(match.group(0)) for match in _TAPE.finditer(text) if match.group(0).count(".") >= 5]
    return [reading for reading in found if _wordy(reading)]


def _run_tape(program: str) -> str:
    """What a tape program prints within :data:`_STEPS` steps (cells of a byte, a tape of 300 cells)."""
    jumps: dict[int, int] = {}
    stack: list[int] = []
    for i, ch in enumerate(program):
        if ch == "[":
            stack.append(i)
        elif ch == "]" and stack:
            j = stack.pop()
            jumps[i], jumps[j] = j, i
    tape, cell, pc, out, steps = [0] * 300, 0, 0, [], 0
    while pc < len(program) and steps < _STEPS:
        ch, steps = program[pc], steps + 1
        if ch in "+-":
            tape[cell] = (tape[cell] + (1 if ch == "+" else -1)) % 256
        elif ch in "<>":
            cell = (cell + (1 if ch == ">" else -1)) % 300
        elif ch == ".":
            out.append(chr(tape[cell]))
        elif (ch == "[" and not tape[cell]) or (ch == "]" and tape[cell]):
            pc = jumps.get(pc, pc)
        pc += 1
    return "".join(out)


def _wordy(reading: str) -> bool:
    """Mostly letters and blanks, with at least two words: a sentence, not a list of codes."""
    letters = sum(ch.isalpha() or ch == " " for ch in reading)
    return letters >= 0.8 * len(reading) and reading.count(" ") >= 2
