"""A question of what a thing of the trade is, means or does, asked in a project whose notes use the thing
(mnemon.claude.relevance.one_phrase): a note that shares only the run of words naming it tells how this
project uses it, not what the question asks, so the question gets nothing; a note holding every word the
question asks, or sharing words from more than that one run, still bears. Every example is made up."""

from __future__ import annotations

from pathlib import Path

import pytest

from mnemon.claude.inject import build_injection, is_general
from mnemon.claude.relevance import one_phrase
from mnemon.config import load
from mnemon.engine import text
from mnemon.engine.memory import Memory

PROJECT = "/work/kiosk"


def _inject(memory: Memory, prompt: str) -> list[str]:
    out = build_injection(memory, prompt=prompt, cwd="/unused", scope=PROJECT, session_id="s1",
                          config=load(env={}, overrides={"embedder": "none"}), record=False)
    return [item["text"] for item in out["items"]]


@pytest.fixture()
def memory(tmp_path: Path) -> Memory:
    with Memory.open(tmp_path / "m.db") as mem:
        for content in ("The search box uses a debounce window of 300 ms, never a throttle: typing fast sent a request per key.",
                        "Sticky headers in the order table stay pinned while scrolling; the pinned row keeps its colour.",
                        "Checkout totals are rounded half-even to the cent before tax is added."):
            mem.remember(content, category="decision", importance=4, scope=PROJECT, session_id="older",
                         embed=False, no_diff=True)
        yield mem


@pytest.mark.parametrize("prompt", [
    "what's the difference between debounce and throttle?",
    "what does half-even rounding mean, generally speaking?",
    "what is a sticky header in css?",
])
def test_a_question_of_the_trade_sharing_only_its_subject_gets_nothing(memory: Memory, prompt: str) -> None:
    assert is_general(prompt)
    assert _inject(memory, prompt) == []


def test_a_note_holding_every_word_asked_still_bears(memory: Memory) -> None:
    prompt = "what does a debounce window do?"
    assert is_general(prompt)
    assert any("debounce window" in note for note in _inject(memory, prompt))


def test_one_phrase_reads_runs_of_the_question_s_own_words() -> None:
    def check(said: set[str], prompt: str) -> bool:
        return one_phrase({t for w in said for t in text.tokens(w)}, text.query_tokens(prompt), prompt)
    assert check({"debounce", "throttle"}, "what's the difference between debounce and throttle in js?")
    assert not check({"debounce", "js"}, "what's the difference between debounce and throttle in js?")  # two places
    assert not check({"difference", "debounce", "throttle"}, "what's the difference between debounce and throttle?")  # every word
    assert not check({"search", "box"}, "add a search box to the order page")  # not a question of what a thing is
    assert not check({"throttle"}, "what does throttle mean in js?")  # one word: bears() asks two already
