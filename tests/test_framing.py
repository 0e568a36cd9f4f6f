"""How a message frames what it says (mnemon.claude.framing, read by mnemon.claude.notes), and the
prompts that reshape code at hand (mnemon.claude.prompts): the rules added after heldout6 joined
training. Every example is made up; none is a benchmark line."""

from __future__ import annotations

import pytest

from mnemon.claude.framing import conditional_order
from mnemon.claude.notes import read_turn
from mnemon.claude.prompts import is_general


@pytest.mark.parametrize("body,kind", [
    ("when you add a migration, regenerate the ER diagram in docs/ as well.", "rule"),
    ("before you merge any branch into release, rebase it on main.", "rule"),
    ("whenever you bump a dependency, update the lockfile in the same commit.", "rule"),
    ("if you add a new endpoint, document it in the API guide.", "rule"),
])
def test_an_order_for_each_time_a_thing_happens_is_a_rule(body: str, kind: str) -> None:
    assert [n.kind for n in read_turn(body, "user").notes] == [kind]


@pytest.mark.parametrize("body", [
    "when you're done, run the tests.",
    "after you fix the bug, push it to my branch.",
    "if you can, fix the flaky spec.",
])
def test_an_order_given_once_is_no_rule(body: str) -> None:
    assert not [n for n in read_turn(body, "user").notes if n.kind in ("rule", "preference")]


def test_conditional_order_gives_the_order_after_the_condition() -> None:
    assert conditional_order("when you add a dependency, tell me its licence") == "tell me its licence"
    assert conditional_order("wherever I work: before you merge any PR, squash it") == "squash it"
    assert conditional_order("when you're done, run the tests") is None
    assert conditional_order("the queue drains when you restart a worker") is None


@pytest.mark.parametrize("body", [
    "whatever repo I'm in: when you add a dependency, tell me its licence before you install it.",
    "wherever I work, before you delete any file, ask me first.",
])
def test_an_order_for_each_time_and_every_repository_is_a_global_preference(body: str) -> None:
    notes = read_turn(body, "user").notes
    assert [(n.kind, n.scope_global) for n in notes] == [("preference", True)], notes


@pytest.mark.parametrize("body", [
    "gäller alla mina projekt: inga tabbar, alltid mellanslag.",
    "for alle mine prosjekter: commit-meldinger på engelsk.",
    "dla wszystkich moich projektów: żadnych tabulatorów w kodzie.",
    "pro všechny moje projekty: žádné tabulátory.",
    "для всех моих проектов: никаких табов, только пробелы.",
    "tüm projelerimde sekme yerine boşluk kullan.",
    "subete no purojekuto de: tabu wa tsukawanaide.",
    "所有项目都用 pnpm，不要用 npm。",
])
def test_all_my_projects_in_more_languages_is_global(body: str) -> None:
    notes = read_turn(body, "user").notes
    assert notes and notes[0].scope_global, notes


@pytest.mark.parametrize("prompt", [
    "sort the usings in Startup.cs",
    "rename foo2 in sync.py to something clearer",
    "fix 'adress' in the signup form",
    "the changelog says 'occured', fix the spelling",
    "add docstrings to the helpers in util.py",
    "walk me through what the regex in router.ts matches",
    "split the long spec in cart_spec.rb into two",
    "extract the duplicated date parsing in Importer into one function",
    "reformat seed.sql so each insert is on one line",
    "fix the punctuation in the docstring of the loader",
    "rephrase the comment above the cache lookup",
    "turn the nested ifs in parse() into guard clauses",
    "what does the `!!` operator do in kotlin",
    "explain two-phase commit, briefly",
    "add a local variable for the running total",
    "remove the unused parameters in parse()",
])
def test_an_edit_that_reshapes_code_at_hand_rarely_needs_memory(prompt: str) -> None:
    assert is_general(prompt)


@pytest.mark.parametrize("prompt", [
    "rename the orders table to purchases",
    "walk me through how a refund gets approved",
    "add comments to the scheduler, it's hard to follow",
    "split the nightly export into two jobs",
    "reword the error message customers see when a card is declined",
    "convert the totals into euros",
    # a new input callers or users pass
    "add a tenant argument to export_orders",
    "add a retries parameter to the upload client and use it",
    "add a BILLING_DRY_RUN variable that skips the charge",
])
def test_work_on_the_project_itself_is_not_general(prompt: str) -> None:
    assert not is_general(prompt)


@pytest.mark.parametrize("body", [
    "the retry limit for the payment webhook is 7 attempts",
    "the upload size limit is 25 MB",
    "the nightly export cron is 02:30 UTC",
])
def test_a_named_setting_with_a_modifier_is_a_fact(body: str) -> None:
    assert [n.kind for n in read_turn(body, "user").notes] == ["fact"]


@pytest.mark.parametrize("body", [
    "I want this everywhere, not just here: tests go next to the code they test.",
    "universal rule for my work: never force-push, not even to my own branches.",
    "wherever we are, use UTC in anything stored.",
    "for all the stuff I maintain, prefer early returns to nested ifs.",
    "as a general rule for me: no abbreviations in variable names.",
])
def test_more_english_ways_to_say_every_project_make_a_global_preference(body: str) -> None:
    notes = read_turn(body, "user").notes
    assert [(n.kind, n.scope_global) for n in notes] == [("preference", True)], notes
