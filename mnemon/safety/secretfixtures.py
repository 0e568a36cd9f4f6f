"""Test fixtures that look like credentials: values a test writes to exercise a login, not secrets to redact.

Tests are full of passwords and tokens that are plain words: ``api.post("/session", json={"password":
"nope"})`` under ``def test_session_refuses_bad_password``, ``assert verify("opensesame") is False``,
``fake_key = "dummy-key"``. A value is such a fixture when both hold:

* it reads as words a person typed (:data:`_WORDISH`): lower-case letters, at most five words joined by ``-``,
  ``_``, ``.`` or a blank, optionally ending in up to four digits ("nope", "opensesame", "dummy-key",
  "correct horse", "secret123"); anything with capitals, symbols or a generated look (``Sup3r!Secret``,
  ``sk_test_51H...``) is not;
* it sits in test code (:data:`_TEST_CONTEXT`): its line or one of the three lines before it holds a test
  marker (``def test_``, ``func Test``, ``it(``, ``test(``, ``describe(``, ``@pytest``, ``assert``,
  ``expect(``, ``assertEqual``, ``t.Run(``), or the key on its line names a stand-in (``mock_``, ``fake_``,
  ``dummy_``, ``stub_``, ``test_``, ``sample_``, ``fixture_``: :data:`_STAND_IN`).

A real credential pasted into a test with a generated shape is still redacted; an ``.env`` line holding a word
password (``DB_PASSWORD=postgres``) is not test code and is left to the other rules. Imports only the standard
library.
"""

from __future__ import annotations

import re

Span = tuple[int, int, str, str]
"""(start, end, replacement, kind), as ``mnemon.safety.redact`` splices them."""

_WORDISH = re.compile(r"[a-z]{2,}(?:[-_. ][a-z]+){0,4}\d{0,4}")
_TEST_CONTEXT = re.compile(
    r"\bdef\s+test_?\w*|\bfunc\s+Test\w*|(?<![\w.])(?:it|test|describe|context|specify)\s*\(\s*['\"`]|@pytest\b"
    r"|\bassert(?:Equal|Equals|True|False|That|Raises)?\b|\bexpect\s*\(|\bt\.Run\s*\(|\bshould\.|\bmust\.equal"
    r"|\bclass\s+Test\w*|\[Fact\]|\[Test\]|@Test\b",
    re.IGNORECASE,
)
_STAND_IN = re.compile(r"(?<![A-Za-z0-9])(?:mock|fake|dummy|stub|test|sample|fixture|bogus)[_\-A-Z]", re.IGNORECASE)
_NEEDLES = ("test", "assert", "expect", "mock", "fake", "dummy", "stub", "sample", "fixture", "bogus", "it(",
            "describe", "specify", "context", "should.", "must.", "[fact]")
_LINES_BEFORE = 3


def drop_fixtures(text: str, lowered: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the word-like fixtures of test code (cheap tests first: a word-like value, then a word
    every test context holds)."""
    if not spans:
        return spans
    wordish = [span for span in spans if span[1] - span[0] <= 40 and text[span[0]].islower()
               and _WORDISH.fullmatch(text, span[0], span[1])]
    if not wordish or not any(needle in lowered for needle in _NEEDLES):
        return spans
    return [span for span in spans if span not in wordish or not fixture(text, span[0], span[1])]


def fixture(text: str, start: int, end: int) -> bool:
    """Whether the value at ``text[start:end]`` is a word-like test fixture (see the module docstring)."""
    if end - start > 40 or _WORDISH.fullmatch(text, start, end) is None:
        return False
    line_start = text.rfind("\n", 0, start) + 1
    if _STAND_IN.search(text, line_start, start):
        return True
    window_start = line_start
    for _ in range(_LINES_BEFORE):
        if window_start == 0:
            break
        window_start = text.rfind("\n", 0, window_start - 1) + 1
    line_end = text.find("\n", end)
    return _TEST_CONTEXT.search(text, window_start, len(text) if line_end < 0 else line_end) is not None
