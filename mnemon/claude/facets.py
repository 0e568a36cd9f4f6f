"""The kind of work a prompt asks for, and the kind a standing instruction governs.

A standing instruction ("keep commit subjects short", "when you fix a bug, add a regression
test before the fix", "show me the plan before a change that touches many files") rarely
shares its words with the task it governs ("commit this", "fix the crash when the cart is
empty", "move the validations into a module of their own"). What they share is the kind of
work: committing, fixing a bug, a change across many files, writing text people read. Each
facet below lists the everyday words of one kind of work (general vocabulary of the trade,
in British and American spellings; never the names of a project, its facts or its people; a
member starting with ``re:`` is a pattern).
:func:`of` gives the facets a text names; the injection counts a facet shared by a prompt and
a standing instruction as evidence that the instruction bears on the prompt.

Facets are narrower than :mod:`mnemon.engine.concepts` groups in one way (only kinds of work
that instructions govern) and broader in another (words of one activity, not synonyms).
Words that name almost any task ("add", "change", "code", "file") are in none.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from mnemon.engine import text

FACETS: Mapping[str, tuple[str, ...]] = {
    "committing": ("commit", "commits", "committing", "commit message", "commit messages", "pull request",
                   "pull requests", "squash", "changelog", "subject line"),
    "text people read": ("message", "messages", "copy", "wording", "text", "texts", "label", "labels", "email",
                         "emails", "notification", "notifications", "tooltip", "placeholder", "banner", "toast",
                         "release notes", "user-facing", "user facing", "user-visible", "spelling", "translation",
                         "translations", "i18n", "localisation", "localization", "emoji", "greeting", "welcome",
                         "empty state", "strings", "caption", "headline", "prose", "phrasing"),
    "fixing a bug": ("fix", "fixes", "fixing", "bug", "bugs", "bugfix", "crash", "crashes", "regression",
                     "defect", "broken", "repro", "reproduce"),
    "a change across files": ("restructure", "restructuring", "reorganise", "reorganize", "refactor",
                              "refactoring", "rename all", "move all", "callers", "call sites", "across the",
                              "every file", "many files", "several files", "big change",
                              "large change", "sweeping", "codemod", "split the", "extract the",
                              r"re:\b(?:edit|editing|touch|touching|chang(?:e|ing)|modify|modifying)\b.{0,30}\bfiles\b"),
    "tests": ("test", "tests", "testing", "spec", "specs", "unit test", "fixture", "fixtures", "coverage"),
    "calling a service": ("endpoint", "endpoints", "http", "fetch", "webhook", "integrate", "integration",
                          "outbound", "rest api", "graphql", "grpc", "api call", "third-party api", "sdk"),
    "schema changes": ("schema", "migration", "migrations", "column", "columns", "add a field", "new field",
                       "entity", "entities", "ddl", "alter table", "database table"),
    "error handling": ("error handling", "exception", "exceptions", "unwrap", "panic", "panics", "raise",
                       "throw", "throws", "error path", "error type", "propagate"),
    "writing queries": ("query", "queries", "sql", "orm", "raw sql", "repository", "repositories"),
    "logging": ("log", "logs", "logging", "logger", "stdout", "print statements"),
    "events and messaging": ("broadcast", "broadcasts", "publish", "subscribe", "subscription", "topic",
                             "topics", "pubsub", "pub/sub", "presence"),
    "dependencies": ("dependency", "dependencies", "add a package", "new package", "new library",
                     "install", "upgrade", "third-party library"),
    "running commands": ("destructive", "rm -rf", "drop table", "force push", "force-push", "reset --hard",
                         "truncate", "wipe"),
    "business rules": ("business logic", "business rule", "business rules", "policy", "domain logic",
                       "validation rule", "a rule that"),
    "user interface": ("component", "components", "screen", "screens", "view", "views", "page",
                       "button", "widget", "modal", "dialog", "form", "layout"),
}


@lru_cache(maxsize=1)
def _index() -> tuple[dict[str, frozenset[str]], tuple[tuple[re.Pattern[str], str], ...]]:
    """Stemmed single words -> their facets, and one pattern per facet for its phrases."""
    words: dict[str, set[str]] = {}
    phrases: list[tuple[re.Pattern[str], str]] = []
    for facet, members in FACETS.items():
        multi = []
        for member in members:
            toks = text.tokens(member)
            if member.startswith("re:"):
                multi.append(member[3:])
            elif len(toks) == 1 and " " not in member and "-" not in member:
                words.setdefault(toks[0], set()).add(facet)
            else:
                multi.append(re.escape(member))
        if multi:
            phrases.append((re.compile(r"(?<!\w)(?:" + "|".join(multi) + r")(?!\w)", re.IGNORECASE), facet))
    return {w: frozenset(f) for w, f in words.items()}, tuple(phrases)


def of(content: str) -> frozenset[str]:
    """The facets a text names."""
    words, phrases = _index()
    found: set[str] = set()
    for token in text.tokens(content):
        found |= words.get(token, frozenset())
    found.update(facet for pattern, facet in phrases if pattern.search(content))
    return frozenset(found)
