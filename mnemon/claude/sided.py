"""A vocabulary read from two sides: each kind has one pattern for what a prompt says and one for
what a note says (:mod:`mnemon.claude.answers`, :mod:`mnemon.claude.failures`). Patterns are compiled
on first use and readings are cached: the same notes meet every prompt."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache


class SidedTable:
    """``kinds`` maps a kind to its two patterns, in the order of ``sides``; ``flags`` gives each side's."""

    def __init__(self, kinds: Mapping[str, tuple[str, str]], sides: tuple[str, str],
                 flags: tuple[int, int] = (re.IGNORECASE, re.IGNORECASE)) -> None:
        self.kinds = kinds
        self.sides = sides
        self.flags = flags
        self.read = lru_cache(maxsize=8192)(self._read)
        self._compiled = lru_cache(maxsize=2)(self._compile)

    def _compile(self, at: int) -> dict[str, re.Pattern[str]]:
        return {kind: re.compile(pair[at], self.flags[at]) for kind, pair in self.kinds.items()}

    def _read(self, content: str, side: str) -> frozenset[str]:
        """The kinds ``content`` names read as ``side``."""
        if side not in self.sides:
            raise ValueError(f"side must be one of {self.sides}, got {side!r}")
        patterns = self._compiled(self.sides.index(side))
        return frozenset(kind for kind, pattern in patterns.items() if pattern.search(content))
