"""Equivalence harness for speed work on the safety screens: ``python -m bench.safety_equiv record|check FILE``.

A change meant only to make :func:`mnemon.safety.redact.redact` or :func:`mnemon.safety.guard.scan` faster must
give exactly the same output on every input. ``record`` runs both on a large fixed set of texts and writes the
sha256 of each result (and of each text, so a changed input set is caught, not mistaken for a changed output);
``check`` runs them again and lists every text whose result hash differs. Run ``record`` on the base commit
and ``check`` after each change.

The texts (over 20,000, all deterministic): every line of the corpora the security benchmark reads (training
and held-out, markers removed: held-out lines are opaque inputs here, never printed), the 1,000-character
timing memories of every corpus, strings from Claude Code transcripts (the test fixtures and a small
generated coding corpus), and seeded random windows of all of those joined (mostly 1,000 characters, some
shorter and longer). Only hashes and indices are written or printed.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import random
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from bench import security

WINDOWS = 12_000
"""Random windows of the joined texts, on top of the texts themselves."""


def _strings(value: Any) -> Iterator[str]:
    """Every string value inside a JSON document."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _transcript_texts(paths: Iterable[Path], cap: int) -> list[str]:
    """Distinct strings of 20 characters or more from JSONL transcripts, first ``cap`` of them."""
    seen: dict[str, None] = {}
    for path in sorted(paths):
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                record = json.loads(line)
            except ValueError:
                continue
            for text in _strings(record):
                if len(text) >= 20:
                    seen.setdefault(text[:8000], None)
    return list(seen)[:cap]


def _coding_texts(cap: int) -> list[str]:
    """Strings of a small coding-benchmark corpus (three projects, fixed anchor and seed)."""
    from bench.coding import corpus
    from bench.coding.projects import PROJECTS

    with tempfile.TemporaryDirectory() as tmp:
        names = [p.name for p in PROJECTS][:3]
        built = corpus.generate(Path(tmp), anchor=dt.date(2026, 11, 1), projects=names, sessions=20)
        found = _transcript_texts(built.transcripts.rglob("*.jsonl"), cap)
        return [text.replace(tmp, "/home/dev/work") for text in found]  # the scratch path differs per run


def corpus_texts() -> list[str]:
    """Corpus lines and the benchmark's timing memories."""
    texts: list[str] = []
    for corpus in security.corpora():
        lines = [s.text for s in corpus.secrets] + corpus.payloads + corpus.benign
        texts += lines
        texts += security._memories(random.Random(0).sample(lines, len(lines)))
    return texts


def texts() -> list[str]:
    """The whole input set, in a fixed order."""
    root = Path(__file__).resolve().parent.parent
    base = corpus_texts()
    base += _transcript_texts((root / "tests" / "data" / "transcripts").glob("*.jsonl"), 2000)
    base += _coding_texts(4000)
    joined = "\n".join(base)
    rng = random.Random(12)
    windows = []
    for _ in range(WINDOWS):
        size = rng.choice((1000,) * 8 + (150, 400, 3000, 8000))
        start = rng.randrange(max(1, len(joined) - size))
        windows.append(joined[start : start + size])
    return ["", " ", "\n"] + base + windows


def _digest(value: object) -> str:
    return hashlib.sha256(repr(value).encode("utf-8", "surrogatepass")).hexdigest()[:20]


def hashes(items: list[str], fn: Callable[[str], object]) -> list[str]:
    return [_digest(fn(text)) for text in items]


def main(argv: list[str]) -> int:
    from mnemon.safety.guard import scan
    from mnemon.safety.redact import redact

    if len(argv) != 2 or argv[0] not in ("record", "check"):
        print("usage: python -m bench.safety_equiv record|check FILE")
        return 2
    items = texts()
    current = {"texts": hashes(items, lambda t: t), "redact": hashes(items, redact), "scan": hashes(items, scan)}
    path = Path(argv[1])
    if argv[0] == "record":
        path.write_text(json.dumps(current))
        print(f"recorded {len(items)} texts to {path}")
        return 0
    saved = json.loads(path.read_text())
    if saved["texts"] != current["texts"]:
        print("the input set differs from the recorded one")
        return 1
    bad = 0
    for name in ("redact", "scan"):
        diff = [i for i, (a, b) in enumerate(zip(saved[name], current[name], strict=True)) if a != b]
        bad += len(diff)
        print(f"{name}: {len(items) - len(diff)} of {len(items)} identical; differing indices {diff[:20]}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
