"""Notes that conflict (mnemon.claude.conflicts): a correction that names the value it replaces
("60 s, not 45") replaces an older note stating that value, though it repeats the old value itself
and the older note holds words of the prompt the newer does not. Every example is made up."""

from __future__ import annotations

import pytest

from mnemon.claude.conflicts import _named_old
from mnemon.claude.inject import build_injection
from mnemon.config import Config, load
from mnemon.engine.memory import Memory

PROJECT = "/work/kiosk"


def _config() -> Config:
    return load(env={}, overrides={"embedder": "none"})


def _note(memory: Memory, content: str, kind: str, created_at: float) -> str:
    category = "fact" if kind in ("fact", "correction") else "general"
    return str(memory.remember(content, category=category, importance=3 if kind == "fact" else 2, scope=PROJECT,
                               session_id=f"s{created_at}", tags=("claude-code", "note", kind),
                               created_at=created_at, embed=False, no_diff=True).id)


@pytest.mark.parametrize("content,named", [
    ("idle logout: 60 s, not 45.", {"45"}),
    ("the kiosk polls every 20 minutes now, not 5", {"5"}),
    ("thumbnails are 512 px instead of 256 px", {"256"}),
    ("the session cookie lives 12 hours now; it was 4 before", {"4"}),
    ("it was 3 AM when the import ran", set()),
    ("we moved to Postgres 16, not because of speed", set()),
])
def test_the_values_a_note_names_as_replaced(content: str, named: set[str]) -> None:
    assert _named_old(content) == named


def test_a_correction_naming_the_old_value_replaces_the_older_note(memory: Memory) -> None:
    old = _note(memory, "the kiosk screen logs a visitor out after 45 s idle, then shows the welcome page",
                "statement", 1_790_000_000.0)
    new = _note(memory, "idle logout: 60 s, not 45.", "correction", 1_795_000_000.0)
    out = build_injection(memory, prompt="visitors get logged out of the kiosk while reading, what's the idle timeout?",
                          session_id="", cwd="/unused", scope=PROJECT, config=_config(), record=False)
    ids = [item["id"] for item in out["items"]]
    assert new in ids and old not in ids, out["context"]


def test_a_convention_whose_subject_is_the_kind_of_work_asked_for_joins_the_block(memory: Memory) -> None:
    convention = _note(memory, "component tests run on Playwright against the storybook build", "statement",
                       1_790_000_000.0)
    _note(memory, "The checkout page was blank after the last deploy until the cache was purged.", "statement",
          1_791_000_000.0)
    out = build_injection(memory, prompt="write e2e checks for the coupon field", session_id="", cwd="/unused",
                          scope=PROJECT, config=_config(), record=False)
    assert convention in [item["id"] for item in out["items"]], out


@pytest.mark.parametrize("content,about", [
    ("unit tests run on Playwright against the storybook build", {"tests"}),
    ("vendored code is kept in third_party/ as git submodules", {"dependencies"}),
    ("the test for the coupon field was flaky last week", set()),
    ("the staging database is a small instance", set()),
    ("it uses the shared runner", set()),
    # a tool named for a kind of thing, and a place named for the app between
    ("the kiosk's tests are Vitest with Testing Library", {"tests"}),
    ("analytics in this app go to Plausible only", {"analytics and tracking"}),
    ("the staging database is Postgres 16 now", {"writing queries"}),
])
def test_what_a_statement_of_how_things_are_done_is_about(content: str, about: set[str]) -> None:
    from mnemon.claude import facets

    assert facets.about(content) == about


def test_a_restatement_of_a_chosen_note_is_not_injected_twice(memory: Memory) -> None:
    user = memory.remember("for every project of mine: release notes get Added, Fixed and Removed sections",
                           category="preference", importance=4, scope="global", session_id="a",
                           tags=("claude-code", "note", "preference"), created_at=1_790_000_000.0, embed=False,
                           no_diff=True).id
    echo = memory.remember("Noted for every project: release notes with Added / Fixed / Removed sections.",
                           category="preference", importance=4, scope="global", session_id="a",
                           tags=("claude-code", "note", "preference"), created_at=1_790_000_100.0, embed=False,
                           no_diff=True).id
    out = build_injection(memory, prompt="write the release notes for this version", session_id="", cwd="/unused",
                          scope=PROJECT, config=_config(), record=False)
    ids = [item["id"] for item in out["items"]]
    assert (user in ids) != (echo in ids), out["context"]


def test_notes_stating_different_values_in_the_same_words_are_both_kept(memory: Memory) -> None:
    from mnemon.claude.conflicts import distinct

    a = memory.remember("the kiosk build for the lobby uses port 8441", category="fact", importance=3, scope=PROJECT,
                        embed=False, no_diff=True).id
    b = memory.remember("the kiosk build for the cafe uses port 8442", category="fact", importance=3, scope=PROJECT,
                        embed=False, no_diff=True).id
    chosen = [(memory.get(i), 0.5, {}) for i in (a, b)]
    assert [c[0].id for c in distinct(chosen)] == [a, b]


def test_a_newer_quantity_of_the_same_unit_for_the_same_subject_replaces_the_older(memory: Memory) -> None:
    old = _note(memory, "a kiosk receipt is capped at 600 characters, the printer cuts longer ones", "statement",
                1_790_000_000.0)
    new = _note(memory, "1.5k chars max now for kiosk receipts, same cut", "statement", 1_795_000_000.0)
    out = build_injection(memory, prompt="a guest's kiosk receipt of 900 characters got cut, should it have?",
                          session_id="", cwd="/unused", scope=PROJECT, config=_config(), record=False)
    ids = [item["id"] for item in out["items"]]
    assert new in ids and old not in ids, out["context"]


def test_the_brief_shows_a_restated_rule_once_and_says_when_all_was_shown(memory: Memory) -> None:
    from mnemon.claude.inject import build_brief

    none = build_brief(memory, session_id="new", cwd="/unused", source="startup", config=_config(), scope=PROJECT)
    assert none["reason"] == "nothing-standing"
    for n, text in enumerate(("for every project of mine: release notes get Added, Fixed and Removed sections",
                              "Noted for every project: release notes with Added / Fixed / Removed sections.")):
        memory.remember(text, category="preference", importance=4, scope="global", session_id="old",
                        tags=("claude-code", "note", "preference"), created_at=1_790_000_000.0 + n, embed=False,
                        no_diff=True)
    first = build_brief(memory, session_id="new", cwd="/unused", source="startup", config=_config(), scope=PROJECT)
    assert len(first["items"]) == 1, first["context"]
    memory.kv_set("injected:new", [i.id for i in memory.standing(scopes=["global"], categories=("preference",),
                                                                    min_importance=1, limit=10)])
    again = build_brief(memory, session_id="new", cwd="/unused", source="startup", config=_config(), scope=PROJECT)
    assert again["reason"] == "all-shown" and not again["context"]


@pytest.mark.parametrize("older,newer,prompt", [
    # a name in code renamed: the newer note says so and names the new one
    ("kiosk heartbeats are published on the MQTT topic kiosk/ping",
     "we renamed the heartbeat topic, kiosk heartbeats go to fleet/heartbeat now",
     "a kiosk's heartbeat stopped showing on the dashboard, which topic do I subscribe to?"),
    # an old name said to be retired, beside the new one
    ("the kiosk print jobs go to the queue called slipq, one worker per site",
     "heads up: kiosk print jobs use kiosk.print.v2 now, slipq is gone since the broker move",
     "the new site's kiosk prints nothing, which queue does its print worker read?"),
    # a person who left, and who answers now
    ("for kiosk hardware faults our contact at the vendor is Ines Moll",
     "Ines left the vendor; for kiosk hardware faults we call Tomas Berg now",
     "a kiosk's card reader is dead, who do I call at the vendor?"),
    # a team that now does only something else
    ("the kiosk payment worker belongs to team Heron; ask them before changing its retries",
     "kiosk payment worker moved to team Plover last month, Heron only does the receipts now",
     "who should review my change to the kiosk payment worker's retries?"),
])
def test_a_newer_note_that_renames_or_retires_a_name_replaces_the_older(memory: Memory, older: str, newer: str,
                                                                        prompt: str) -> None:
    old, new, ids, context = _older_newer_block(memory, older, newer, prompt)
    assert new in ids and old not in ids, context


@pytest.mark.parametrize("older,newer,prompt", [
    # the newer note uses the old name without retiring it: both hold
    ("the kiosk print jobs go to the queue called slipq, one worker per site",
     "slipq workers retry a failed kiosk print 3 times now",
     "how do kiosk print jobs reach the printer, and what happens when one fails?"),
    # "a rename" said of something else is no rename of this
    ("kiosk heartbeats are published on the MQTT topic kiosk/ping",
     "the last change to kiosk/status.py was a rename 3 weeks ago, heartbeats now log at debug",
     "which MQTT topic carries kiosk heartbeats, and where are they logged?"),
])
def test_a_newer_note_that_only_mentions_an_older_name_leaves_it(memory: Memory, older: str, newer: str,
                                                                 prompt: str) -> None:
    old, _, ids, context = _older_newer_block(memory, older, newer, prompt)
    assert old in ids, context


def _older_newer_block(memory: Memory, older: str, newer: str, prompt: str) -> tuple[str, str, list[str], str]:
    """Two facts of the project a few weeks apart, and the block for ``prompt``: their ids, the block's ids, its text."""
    old = _note(memory, older, "fact", 1_790_000_000.0)
    new = _note(memory, newer, "fact", 1_795_000_000.0)
    out = build_injection(memory, prompt=prompt, session_id="", cwd="/unused", scope=PROJECT, config=_config(),
                          record=False)
    return old, new, [item["id"] for item in out["items"]], str(out.get("context", ""))


def test_a_correction_restating_an_older_note_s_values_replaces_it(memory: Memory) -> None:
    old = _note(memory, "drop the kiosk menu sync's `menu-cache`, keep nothing at all", "fact", 1_790_000_000.0)
    new = _note(memory, "final answer on the kiosk menu sync, sorry for the back and forth: `menu-cache` comes back, "
                "refreshed hourly by the job", "correction", 1_795_000_000.0)
    out = build_injection(memory, prompt="how often does the kiosk menu sync refresh?",
                          session_id="", cwd="/unused", scope=PROJECT, config=_config(), record=False)
    ids = [item["id"] for item in out["items"]]
    assert new in ids and old not in ids, out.get("context")


@pytest.mark.parametrize("content,named", [
    ("~~--legacy-auth~~ is gone since the SSO rollout, the flag is --sso-only", {"legacy-auth"}),
    ("`git mv fixtures/ tests/golden/` and the loader reads tests/golden now", {"fixtures"}),
    ("renamed `billing_v1` to `billing` last week", {"billing_v1"}),
    ("moved the nightly export to 04:00 so it misses the backup", set()),
])
def test_a_value_struck_through_or_moved_away_is_named_as_replaced(content: str, named: set[str]) -> None:
    assert _named_old(content) == named


@pytest.mark.parametrize("older,newer,prompt", [
    # the old switch struck through in the newer note; the older note holds it as a word, not a value
    ("kiosk UI tests use the fake printer when you pass -UseFakePrinter in the launch arguments",
     "~~-UseFakePrinter~~ is gone since the test-plan rework: the fake printer switch is KIOSK_FAKE_PRINTER=1",
     "the kiosk UI tests on CI print on a real printer again, how do I switch to the fake one?"),
    # a folder moved with git mv
    ("kiosk screenshots for the docs are written to docs/shots, commit them with each UI change",
     "`$ git mv docs/shots docs/assets/screens` and the screenshot task writes to docs/assets/screens now",
     "where do the kiosk screenshots for the docs go?"),
    # a person on leave, named first in the older note
    ("Marit Solberg reviews every change to the kiosk payment flow",
     "forwarded from the lead: 'kiosk payment reviews go to Oskar Lund from now on, Marit is on leave until June.'",
     "who should review my kiosk payment retry change?"),
])
def test_a_newer_note_that_strikes_moves_or_sends_on_leave_replaces_the_older(memory: Memory, older: str,
                                                                             newer: str, prompt: str) -> None:
    old, new, ids, context = _older_newer_block(memory, older, newer, prompt)
    assert new in ids and old not in ids, context


@pytest.mark.parametrize("content,named", [
    ("no, not the Mailgun relay, that's cancelled: kiosk mail goes through SES now", {"mailgun"}),
    ("so what I said about 172.20 was the old office network; the VPN range is 10.40.0.0/16 now", {"172.20"}),
    ("Not Found comes back from the proxy when the kiosk id is unknown", set()),
    ("what I said about the retry count still holds, keep it", set()),
    ("changed: `KIOSK_POOL_SIZE = 12`, no longer `KIOSK_POOL_SIZE = 8`.", {"8"}),
    ("kiosk refunds are settled per shift now, not nightly, finance asked for it", {"nightly"}),
    ("kiosk refunds are settled per shift, not nightly.", set()),  # nothing said to hold now
    ("kiosk refunds settle per shift now, not sure why", set()),
])
def test_a_name_after_not_and_a_statement_called_out_of_date_are_named_as_replaced(content: str,
                                                                                 named: set[str]) -> None:
    assert _named_old(content) == named


@pytest.mark.parametrize("older,newer,prompt", [
    ("kiosk order confirmations are sent through our Mailgun relay, templates in mail/",
     "no, not the Mailgun relay, that's cancelled: kiosk order confirmations go through SES now",
     "how does the kiosk send an order confirmation?"),
    ("the kiosk VPN range is 172.20.0.0/16, the firewall team needs it for the allow-list",
     "`$ vpn show range` 10.40.0.0/16 so what I said about 172.20 was the old office network. the kiosk VPN is 10.40.0.0/16 now.",
     "the firewall team asks for the kiosk VPN range, what is it?"),
    # a setting's value: its name's words are the older note's subject
    ("a kiosk receipt holds at most 40 lines, anything longer is cut",
     "changed: `RECEIPT_MAX_LINES = 64`, no longer `RECEIPT_MAX_LINES = 40`.",
     "how many lines fit on a kiosk receipt?"),
])
def test_a_newer_note_naming_the_older_one_s_name_or_value_as_out_of_date_replaces_it(
        memory: Memory, older: str, newer: str, prompt: str) -> None:
    old, new, ids, context = _older_newer_block(memory, older, newer, prompt)
    assert new in ids and old not in ids, context


def test_a_sentence_that_opens_with_a_capital_retires_no_name(memory: Memory) -> None:
    old, _, ids, context = _older_newer_block(
        memory, "kiosk receipts are kept for a year in the receipts bucket",
        "Receipts are deleted after 13 months now, the kiosk bucket has a lifecycle rule",
        "how long do we keep kiosk receipts, and where?")
    assert old in ids, context


def test_a_correction_replaces_an_older_note_of_its_subject_though_the_older_holds_more_prompt_words(
        memory: Memory) -> None:
    # the older note's "send the top-up email" answers a word of the prompt the correction lacks; its subject
    # is written with a hyphen in one note and as two words in the other
    old = _note(memory, "low balance means under 5 credits on every kiosk card, send the top-up email then",
                "statement", 1_790_000_000.0)
    new = _note(memory, "the low-balance rule, restated: each kiosk card has its own threshold column the owner sets, "
                "default 3, and the alert fires when credits drop below that.", "correction", 1_795_000_000.0)
    out = build_injection(memory, prompt="the top-up email keeps going out for kiosk cards whose owners say the balance is fine",
                          session_id="", cwd="/unused", scope=PROJECT, config=_config(), record=False)
    ids = [item["id"] for item in out["items"]]
    assert new in ids and old not in ids, out.get("context")


def test_a_newer_amount_in_the_same_currency_from_a_day_on_replaces_the_older(memory: Memory) -> None:
    old, new, ids, context = _older_newer_block(
        memory, "the kiosk free-delivery threshold is €40, print it on the receipt",
        "sales moved kiosk free delivery to orders over €55 starting friday",
        "print the free delivery line on the kiosk receipt")
    assert new in ids and old not in ids, context
