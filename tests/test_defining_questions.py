"""A question of what a thing of the trade is, means or does, asked in a project whose notes use the thing
(mnemon.claude.relevance.one_phrase): a note that shares only the run of words naming it tells how this
project uses it, not what the question asks, so the question gets nothing; a note holding every word the
question asks, or sharing words from more than that one run, still bears. Every example is made up."""

from __future__ import annotations

from pathlib import Path

import pytest

from mnemon.claude.inject import build_injection, is_general
from mnemon.claude.relevance import COMMON_LEAST, bears, common_words, one_phrase
from mnemon.config import load
from mnemon.engine import text
from mnemon.engine.memory import Memory
from mnemon.engine.model import Insight

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


def _kotlin_project(memory: Memory) -> None:
    for n, content in enumerate(("every screen is written in Kotlin with Compose, no XML layouts",
                                 "the Kotlin build uses version catalogs for every dependency",
                                 "Kotlin code is formatted by ktlint in the pre-commit hook",
                                 "release builds of the Kotlin app are signed on the CI runner",
                                 "The inbox reads messages through a Kotlin coroutine: a Flow collected in the view model.",
                                 "Push tokens are refreshed when the app starts, and sent to the backend once a day.")):
        memory.remember(content, category="decision", importance=4, scope=PROJECT, session_id="older",
                        embed=False, no_diff=True, created_at=1_790_000_000.0 + n)
    memory.remember("Kotlin notes of another project", category="general", importance=2, scope="/work/other",
                    session_id="older", embed=False, no_diff=True)


def test_scope_share_counts_one_project_s_memories_with_or_without_the_postings(tmp_path: Path) -> None:
    with Memory.open(tmp_path / "m.db") as memory:
        _kotlin_project(memory)
        words = text.query_tokens("kotlin coroutine inbox absentword")
        first = memory.scope_share(words, PROJECT)  # the first search: no postings yet, row by row
        memory.warm()
        memory.recall("kotlin", scopes=[PROJECT])
        assert memory.scope_share(words, PROJECT) == pytest.approx(first)
        kotlin, coroutine = (next(iter(text.query_tokens(w))) for w in ("kotlin", "coroutine"))
        assert first[kotlin] == pytest.approx(5 / 6) and first[coroutine] == pytest.approx(1 / 6)
        assert min(first.values()) == 0.0
        assert memory.scope_share(words, "/nowhere") == dict.fromkeys(words, 0.0)
        assert memory.scope_share(words, PROJECT, least=12)[kotlin] == pytest.approx(5 / 12)  # a young project
        assert common_words(memory, words, PROJECT) == frozenset()  # six memories: no word is common yet
        for n in range(COMMON_LEAST):
            memory.remember(f"Kotlin note number {n} about screen {n * 7}", category="general", importance=2,
                            scope=PROJECT, session_id="older", embed=False, no_diff=True)
        assert common_words(memory, words, PROJECT) == frozenset({kotlin})


def test_a_word_most_of_the_project_holds_is_no_evidence_for_a_question_of_the_trade() -> None:
    prompt = "what does 'some Shape' actually mean in kotlin"
    asked = text.query_tokens(prompt)
    note = Insight(id="n1", content="Every chart in the Kotlin app draws a Shape per series.", category="fact",
                   importance=3, scope=PROJECT)
    kotlin = next(iter(text.query_tokens("kotlin")))
    assert bears(note, asked, prompt, True)  # "shape" and "kotlin": two words shared
    assert not bears(note, asked, prompt, True, common=frozenset({kotlin}))  # "kotlin" is in most of the project's notes
    assert bears(note, asked, prompt, False, common=frozenset({kotlin}))  # a prompt that may need memory: any word counts
    whole = Insight(id="n2", content="what a Shape actually means in Kotlin, said once", category="fact", importance=3,
                    scope=PROJECT)
    assert bears(whole, asked, prompt, True, common=frozenset({kotlin}))  # a note holding every word asked
