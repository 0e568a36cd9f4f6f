"""Requests that are no work on any codebase read as general, so a note must bear on them strongly
(mnemon.claude.standalone, mnemon.claude.prompts): a piece composed for people, a number or a time
written another way, what a reference book answers about names, acronyms and named laws, a quoted
passage reworded, questions of the trade by their shape, a question put for an audience. The same
shapes asked of this project's own things stay work. Every example is made up for this test."""

from __future__ import annotations

import pytest

from mnemon.claude.inject import build_injection
from mnemon.claude.prompts import framing, is_general
from mnemon.config import load
from mnemon.engine.memory import Memory

PROJECT = "/work/shop"


@pytest.mark.parametrize("prompt", [
    # a piece composed for people on a theme the prompt gives
    "write a short poem about merge conflicts",
    "tell me a joke about DNS for the all-hands",
    "a metaphor for eventual consistency my manager would understand",
    "give me an analogy for backpressure that a designer would get",
    "agenda for a one-hour project kickoff workshop",
    "five questions for a junior frontend candidate",
    "ten fake email addresses for a demo slide",
    # a number or a time of day written another way
    "1999 in roman numerals",
    "what's 0x1F in decimal?",
    "9am in New York, what time is that in Berlin?",
    # what a reference book answers: where a name comes from, how it is said, an acronym, a named law, a library call
    "where does the word 'daemon' come from?",
    "why are they called dunder methods?",
    "why is a memory leak called a leak?",
    "how do Germans pronounce 'Strasse'?",
    "how is nginx pronounced?",
    "the intern wants to know what WIP and RFC stand for",
    "what does the acronym SOLID stand for?",
    "Hofstadter's law in one sentence",
    "what does Math.round(-2.5) return in JS?",
    "erklär mir diese Fehlermeldung: segmentation fault (core dumped)",
    # a quoted passage reworded, data laid out
    "rephrase this so it sounds friendlier: 'Your account has been suspended due to policy violations.'",
    "turn these into a bullet list: eggs, milk, flour",
    # questions of the trade by their shape, and put for an audience
    "remind me how a mutex differs from a semaphore",
    "how is a B-tree different from a binary search tree?",
    "what are feature flags for?",
    "what's a bloom filter good for, and when does it lie?",
    "how does TLS prevent replay attacks?",
    "how does Kafka guarantee ordering within a partition?",
    "explain CRDTs to a non-technical colleague",
    "explain vector clocks like I'm a new developer",
    "what's the rule of three?",
    "what does @Cacheable(sync = true) really change in Spring Boot?",  # names the framework it is about
    "can a useEffect cleanup run twice in React?",
])
def test_a_request_that_is_no_work_on_a_codebase_is_general(prompt: str) -> None:
    assert is_general(prompt)


@pytest.mark.parametrize("prompt", [
    # the same shapes, asked of this project's own things
    "how does the sync job pick which plants to update?",
    "how does the planner choose a depot?",
    "what is the reconcile script for?",
    "what's PAYMENT_RUN_DAY for?",
    "what does RefundPolicy.window(30) return for a partial refund here?",
    "where do the exchange rates come from?",
    "why is the nightly job called reconcile?",
    "add 20 fake customers to the seed script",
    "tighten the error message in parse_config",
    "suggest a name for the new billing queue",
    "write a test for the refund endpoint",
    "add a retry when the carrier API times out",
    "why does our checkout page re-render twice in React?",
])
def test_the_same_shapes_asked_of_the_projects_own_things_are_work(prompt: str) -> None:
    assert not is_general(prompt)


def _add(memory: Memory, content: str, *, scope: str = PROJECT, category: str = "preference") -> str:
    result = memory.remember(content, category=category, importance=4, scope=scope, session_id="older",
                             created_at=1_790_000_000.0, embed=False, no_diff=True)
    assert result.id is not None
    return str(result.id)


def _ids(memory: Memory, prompt: str) -> list[str]:
    out = build_injection(memory, prompt=prompt, session_id="s-1", cwd="/unused", scope=PROJECT,
                          config=load(env={}, overrides={"embedder": "none"}), record=False)
    return [item["id"] for item in out["items"]]


def test_a_question_of_words_gets_no_naming_rule_through_the_word_name(memory: Memory) -> None:
    """A standing instruction on naming joins a task by the kind of work it shares ("naming"); a question
    where a word or a tool's name comes from shares the word, not the work, and gets an empty block."""
    naming = _add(memory, "for all my projects: no abbreviations in names, ever", scope="global")
    _add(memory, "the export job writes its files with a timestamp in the name", category="fact")
    assert _ids(memory, "where does the name awk come from?") == []
    assert naming in _ids(memory, "name the new helper that splits invoices by supplier")


def test_a_piece_for_people_gets_no_project_fact_through_one_shared_word(memory: Memory) -> None:
    """A verse about a till, the time in another city: a note that shares one of its words is there by chance."""
    _add(memory, "the tills close at 22:00 and the z-report goes out after the last one closes", category="fact")
    _add(memory, "the weekly rate import runs every Monday at 04:00", category="fact")
    _add(memory, "globally: keep answers short, skip the recap at the end", scope="global")
    assert _ids(memory, "write a limerick about a till that never closes, for the team channel") == []
    assert _ids(memory, "10:00 in Lisbon next Monday, what time is that in Tokyo?") == []
    assert _ids(memory, "how do you pronounce Nginx? settle a bet") == []


@pytest.mark.parametrize("prompt", [
    # a note for colleagues on an occasion of working life
    "write a short farewell message for a teammate who is leaving on Friday",
    "draft a vacation responder, back on Monday the 3rd",
    "ooo message please, off until next Tuesday",
    "a gentle reminder to my manager about the expense report",
    "thank-you note for the ops crew who stayed up for the migration night",
    "any good icebreakers for a remote team of eight?",
    "five trivia questions about the history of Unix",
    "birthday message for a colleague turning 40",
    # a way to learn or to remember: a book, a podcast, a mnemonic, a spelling alphabet, a spreadsheet formula
    "recommend a podcast about compilers for my commute",
    "suggest two books on negotiation for a tech lead",
    "mnemonic to remember the order of the planets",
    "excel formula to count the cells in column B above 100",
    "how do I say ZX9-44 in the phonetic alphabet?",
    # an explanation put for a lay audience, or in a short paragraph
    "why is the sky blue? explain it for a six-year-old",
    "explain how vaccines work in a short paragraph",
    "what is inflation, for a non-economist?",
    "define cross-docking in one sentence",
    # who first made a thing, its past told short, a meeting run well, ideas for a gift or a fun fact
    "who invented the barcode?",
    "a brief history of the shipping container",
    "tips for running a good retro",
    "gift ideas for a colleague who is leaving",
    "a fun fact about octopuses for the newsletter",
])
def test_a_note_for_colleagues_or_a_way_to_learn_is_general(prompt: str) -> None:
    assert is_general(prompt)


@pytest.mark.parametrize("prompt", [
    # the same words, a message the product sends or a choice the project makes
    "add a thank-you page after checkout",
    "the thank-you email after an order has the wrong total",
    "change the welcome message new users see after signup",
    "add a reminder email to customers whose invoice is overdue",
    "write the out-of-office detection for the inbox rules",
    "recommend a library for PDF generation",
    "the export to excel drops the totals column",
    "draft a reply to the customer about the refund delay",
    "add quiz questions to the onboarding flow",
    "what is the price for a non-member?",
    "write a thank-you note to our beta testers for the release notes",
    "who invented this convention of prefixing ids?",
    "when was the retry introduced?",
    "tips for speeding up the test suite",
    "define the interface for the exporter",
    "the history of the billing module",
])
def test_messages_the_product_sends_are_work(prompt: str) -> None:
    assert not is_general(prompt)


def test_a_note_for_colleagues_gets_no_project_fact_through_a_shared_word(memory: Memory) -> None:
    """A thank-you for the team, a book to read: the project's notes on its team or its distributed
    parts share a word with them by chance, and the block stays empty."""
    _add(memory, "the goods-in team scans every pallet before it is put away", category="fact")
    _add(memory, "with the distributed cache the p99 of a fanout dropped to 40 ms", category="fact")
    _add(memory, "globally: keep answers short, skip the recap at the end", scope="global")
    assert _ids(memory, "write a two-line thank-you to the goods-in team for staying late") == []
    assert _ids(memory, "recommend one readable book on distributed systems for a new hire") == []
    assert _ids(memory, "how does the goods-in team scan a pallet?") != []


def test_a_note_that_shares_only_how_a_request_is_put_is_left_out(memory: Memory) -> None:
    """"give me two short ...": a note that shares only the words that put a request (asking, how many,
    how long) shares nothing of what it asks; one that shares its subject still comes."""
    framing = _add(memory, "give the reviewer two short summaries, never one long one", category="preference")
    tuner = _add(memory, "the cello tuner drifts flat when the phone throttles the microphone", category="fact")
    assert is_general("give me two short reasons to learn the cello") is False
    assert framing not in _ids(memory, "give me two short reasons to learn the cello")
    assert tuner in _ids(memory, "give me two short reasons the cello tuner drifts flat")


@pytest.mark.parametrize(("prompt", "put"), [
    ("give me two short reasons to learn the cello", {"give", "two", "short"}),
    ("please suggest three quick wins", {"pleas", "suggest", "three", "quick"}),
    ("what did the courier give the front desk?", set()),  # after the subject, a word of what is asked
    ("add two retries to the importer", set()),
])
def test_the_framing_words_are_those_that_open_the_request(prompt: str, put: set[str]) -> None:
    assert framing(prompt) == put
