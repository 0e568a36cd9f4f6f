"""The kind of answer a prompt needs and a note gives (mnemon.claude.answers)."""

from __future__ import annotations

import pytest

from mnemon.claude.answers import gives, needs


@pytest.mark.parametrize("prompt,note,kind", [
    ("who signs off on changes to the firewall rules?", "firewall changes go past Ilona Mäkelä in the network team",
     "person"),
    ("I need someone to unlock the staging account", "ask Ruth, she runs the staging accounts", "person"),
    ("open the admin in my browser to check the new column", "the admin dev server listens on port 4310",
     "local address"),
    ("push this build to staging so sales can try it", "staging deploys are `just deploy-staging` from main",
     "command"),
    ("run the invoice export against the sandbox", "set BILLING_MODE=sandbox and it never sends real invoices",
     "setting"),
])
def test_a_note_gives_the_kind_of_answer_a_prompt_needs(prompt: str, note: str, kind: str) -> None:
    assert kind in needs(prompt)
    assert kind in gives(note)


def test_a_sentence_that_starts_with_capitals_names_no_person() -> None:
    assert "person" not in gives("The Invoice Service retries twice.")
    assert "person" not in gives("the cache is warmed at start-up")


def test_plain_work_needs_no_particular_answer() -> None:
    assert needs("add a column for the delivery note") == frozenset()
