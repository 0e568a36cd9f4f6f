"""Two daemon runs of the same code on the same store give the same answers: the same notes, the
same scores to the last bit and the same order. A set of strings iterates in a different order in
every process (string hashing is salted per process), so a score summed over a set of query words
rounded tied notes apart differently from one run to the next."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

from mnemon.claude import inject
from mnemon.config import load
from mnemon.engine.memory import Memory

WORDS = ["ledger", "invoice", "payout", "refund", "webhook", "currency", "settlement", "vendor", "tariff", "rebate"]
PROMPT = "where do the " + " ".join(WORDS) + " paths live?"

PROBE = """
import json, sys
from mnemon.claude.inject import build_injection
from mnemon.config import load
from mnemon.engine.memory import Memory
cfg = load(env={}, overrides={"embedder": "none"})
m = Memory.open(sys.argv[1], config=cfg)
hits = m.recall(sys.argv[2], limit=40, scopes=["/p"], touch=False).hits
block = build_injection(m, prompt=sys.argv[2], cwd="/p", scope="/p", session_id="s", config=cfg, record=False)
print(json.dumps([[h.insight.id, h.score] for h in hits] + [[i["id"], i["score"]] for i in block["items"]]))
m.close()
"""


def _store(path: Path) -> None:
    """Notes holding four of ten query words each, the words as rare as each other in pairs: many
    notes tie, and their scores are sums of the same weights in different orders."""
    mem = Memory.open(path, config=load(env={}, overrides={"embedder": "none"}))
    rng = random.Random(7)
    try:
        for i, word in enumerate(WORDS):
            for k in range(i // 2 * 3):
                mem.remember(f"Filler {word} remark {k}.", category="general", importance=1, scope="/q",
                             session_id="old", created_at=1_790_000_000.0, embed=False, no_diff=True,
                             tags=("claude-code", "note", "statement"))
        for _ in range(40):
            w = rng.sample(WORDS, 4)
            mem.remember(f"The {w[0]} {w[1]} {w[2]} {w[3]} path is settled.", category="fact", importance=3,
                         scope="/p", session_id="old", created_at=1_790_000_000.0, embed=False, no_diff=True,
                         tags=("claude-code", "note", "fact"))
    finally:
        mem.close()


def test_recall_and_the_block_are_the_same_in_every_process(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    _store(db)
    runs = set()
    for seed in ("1", "2", "3", "4"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run([sys.executable, "-c", PROBE, str(db), PROMPT], env=env, capture_output=True, text=True,
                             timeout=120, check=True)
        runs.add(out.stdout)
    assert len(runs) == 1, "the answers differ between processes"


def test_scores_equal_but_for_the_last_bits_keep_recalls_order() -> None:
    # a sum of the same weights in another order differs in the last bits: a tie, whose order is
    # recall's (deterministic: score, newer, id), not which rounding came out higher this time
    first, second, third = object(), object(), object()
    came: list[tuple[object, float, dict[str, float]]] = [(first, 0.25, {}), (second, 0.25 + 1e-15, {}),
                                                          (third, 0.24, {})]
    assert [c[0] for c in inject._cut(came)] == [first, second, third]  # type: ignore[arg-type]
