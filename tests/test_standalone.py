"""Requests that hold all they need rarely need memory (mnemon.claude.standalone); work on the
project, its runbook and its conventions still does. Every example is made up for this test."""

from __future__ import annotations

import pytest

from mnemon.claude.prompts import is_general
from mnemon.claude.standalone import is_standalone


@pytest.mark.parametrize("prompt", [
    # a small artifact made from the spec that follows
    "regex that matches invoice ids like INV-00042 but not INV-42",
    "quick regexp for a Dutch postcode, four digits then two letters",
    "what's a regex for a UK sort code? only the pattern",
    "grep one-liner to find TODOs with a name in brackets",
    "jq filter that keeps the entries whose status is 'stale'",
    "an awk one-liner to average the fifth column of timings.tsv",
    "sed one-liner to swap 'colour' for 'color' in docs/guide.md",
    "cron expression for every second Tuesday at 07:45",
    # a literal worked on
    "translate the banner 'your basket is waiting' into Italian",
    "'license' or 'licence' in the settings page title?",
    "plural of 'matrix' for the error string, just the word",
    "¿cómo se dice 'pallet jack' en portugués?",
    "turn this curl into an httpx call: curl -H 'Accept: text/csv' http://localhost:8080/export",
    "put this crontab entry into plain English: 0 */6 * * 0",
    # arithmetic and units
    "how many minutes are in 2.5 days?",
    "how many business days between 2 and 19 June 2028?",
    "first and last usable address of 172.16.64.0/21",
    "convert 1500 ms to seconds",
    # a tool's own keys, a picture of a textbook idea, a printed message's meaning
    "IntelliJ keyboard shortcut to reformat a file?",
    "draw an ASCII diagram of a red-black tree rotation",
    "pip says 'No matching distribution found for torch==9.9', what does that mean?",
    "explain: AttributeError: 'NoneType' object has no attribute 'items'",
    "what does 'detected dubious ownership in repository' mean?",
    # what a reference book answers
    "what's the Dutch word for 'pallet', the wooden kind?",
    "what's the unicode code point for the en dash?",
    "is the ISO 4217 code for the Swiss franc CHF or SFR?",
    "what's the latin name of the common nettle?",
    "spell out CORS and say who came up with it",
    "hex colour that reads as a muted amber for a warning badge",
    "which is better English for a button: 'log in' or 'login'?",
    "briefly, what is the Retry-After header for?",
    "what's Rust's equivalent to Python's zip() over two vectors?",
    "ruby one-liner to sum an array of floats",
    "kotlin: how do I join a list of strings with a comma?",
    "jq: print the length of every array in a file",
    "explain this TypeScript error in a line: 'Object is possibly undefined'",
    "explain Swift's 'result of call is unused' warning",
    # arithmetic and units, a paste turned into a list, a diagram of the steps given
    "how many feet are there in 40 metres?",
    "what's 7.5% of 18,200? only the result",
    "turn these names into a Python list: ada grace linus",
    "sketch a mermaid flowchart: a visitor signs up, gets a code, confirms it",
    # a tool or a language named first, then a mechanical how-to or "when do I"
    "git: amend the author of the last commit without changing the date",
    "git: list the tags that point at HEAD",
    "ruby: when do I use a lambda instead of a proc?",
    # two wordings of a message, two status codes for a case the prompt names, a weekday, a power compared
    "button label: 'save draft' or 'keep as draft', which sounds clearer?",
    "subject line: 'we moved your order' or 'your order moved'?",
    "which status code fits a duplicate signup, 409 or 422?",
    "what day of the week was 4 July 1999?",
    "is 3^12 more or less than half a million?",
])
def test_a_request_that_holds_all_it_needs_is_general(prompt: str) -> None:
    assert is_standalone(prompt)
    assert is_general(prompt)


@pytest.mark.parametrize("prompt", [
    # the project's own operations, conventions and data: a runbook or a rule may answer
    "give me the command to restore last night's backup",
    "what's the command to reindex the search cluster here?",
    "write the commit message for the rounding fix",
    "write a bash script that rotates our API logs",
    "translate the new welcome email",
    "suggest a name for the new billing queue",
    "which command shows the slowest endpoints?",
    "our importer says 'row 17 rejected', what does that mean?",
    "regex for the order ids the app generates",
    "'strict' or 'lenient' parsing for the CSV importer?",
    "how many days do we keep the audit logs?",
    "the checkout page shows a blank total since Monday, what's going on?",
    "draw a diagram of how a payment flows through our services",
    "sketch a mermaid diagram of the checkout flow",
    "docker: why does the api container exit right after it starts?",
    "what's the word for this in our glossary, the thing the planner does at night?",
    "explain the 'retry' setting of the importer",
    "turn these rows into fixtures for the app: 3 orders, 2 refunds",
    "which status code does our API return for a duplicate signup, 409 or 422?",
    "git: why does the pre-commit hook reject my commit?",
    "'we ship on Fridays' or 'we skip Fridays', which is our rule?",
    "'strict' or 'lenient', which is better for the importer?",
])
def test_work_that_a_project_decides_is_not_standalone(prompt: str) -> None:
    assert not is_standalone(prompt)


@pytest.mark.parametrize(("prompt", "standalone"), [
    # an aside after a question that is no work on any code says why it is asked
    ("how do people pronounce kubectl? we have a bet going", True),
    ("who invented the barcode? we argued about it at lunch", True),
    ("how many hours are in 3 weeks? we bill by the hour", True),
    # the question itself names what is ours, or the aside comes before it
    ("how do we pronounce our product name? we keep disagreeing", False),
    ("we have a bet going: how do people pronounce kubectl?", False),
    ("which status code does our API return? we need to know for the docs", False),
])
def test_an_aside_after_the_question_does_not_make_it_ours(prompt: str, standalone: bool) -> None:
    assert is_standalone(prompt) is standalone
