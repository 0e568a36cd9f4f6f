"""A note tied to a chosen one by a specific value of the same subject joins the block (mnemon.claude.partners)."""

from __future__ import annotations

import pytest

from mnemon.claude.inject import build_injection
from mnemon.claude.partners import explaining, specific_values, with_partners
from mnemon.claude.prompts import asks_effect
from mnemon.config import Config, load
from mnemon.engine.memory import Memory
from mnemon.engine.model import Insight

PROJECT = "/work/kiosk"


def _config() -> Config:
    return load(env={}, overrides={"embedder": "none"})


def _note(memory: Memory, content: str, created_at: float) -> str:
    return str(memory.remember(content, category="fact", importance=3, scope=PROJECT, session_id=f"s{created_at}",
                               tags=("claude-code", "note", "fact"), created_at=created_at, embed=False,
                               no_diff=True).id)


def _block_ids(memory: Memory, prompt: str) -> tuple[list[str], str]:
    out = build_injection(memory, prompt=prompt, session_id="", cwd="/unused", scope=PROJECT, config=_config(),
                          record=False)
    return [item["id"] for item in out["items"]], str(out.get("context", ""))


@pytest.mark.parametrize("content,values", [
    ("moved the price sync cron to 03:20 so it misses the backup at 02:00", {"03:20", "02:00"}),
    ("bumped the barcode library from 4.1 to 4.3.2", {"4.1", "4.3.2"}),
    ("the kiosk keeps 30 receipts and retries 4 times", set()),
])
def test_clock_times_versions_and_dates_are_specific_values_and_counts_are_not(content: str, values: set[str]) -> None:
    assert specific_values(content) == values


def test_the_change_behind_an_effect_joins_the_block_by_the_value_they_share(memory: Memory) -> None:
    change = _note(memory, "moved the sync cron to 03:20 so it misses the nightly backup", 1_790_000_000.0)
    effect = _note(memory, "The price sync starts at 03:20 and runs about an hour, so kiosks that open early "
                   "show yesterday's prices until it finishes.", 1_791_000_000.0)
    _note(memory, "kiosk receipts are printed in the store's language, never in the user's", 1_792_000_000.0)
    ids, context = _block_ids(memory, "the early-opening kiosks show old prices every morning, why?")
    assert effect in ids and change in ids, context
    assert ids.index(change) == ids.index(effect) + 1, context  # the pair reads as one fact


def test_a_shared_count_ties_no_notes(memory: Memory) -> None:
    _note(memory, "the kiosk screen dims after 30 seconds without a touch", 1_790_000_000.0)
    other = _note(memory, "price sync retries 30 times before it pages anyone", 1_791_000_000.0)
    ids, context = _block_ids(memory, "why does the kiosk screen go dark so fast?")
    assert other not in ids, context


def _session_note(memory: Memory, content: str, created_at: float, session: str) -> str:
    return str(memory.remember(content, category="general", importance=3, scope=PROJECT, session_id=session,
                               tags=("claude-code", "note", "general"), created_at=created_at, embed=False,
                               no_diff=True).id)


def test_the_cause_of_a_consequence_joins_the_block_by_the_rare_words_they_share(memory: Memory) -> None:
    cause = _session_note(memory, "set the run tracker's GPS to the hundred-metre accuracy, it saves a lot of "
                          "battery on long runs", 1_790_000_000.0, "a")
    effect = _session_note(memory, "With coarse accuracy the tracker gets few fixes, so winding trails are drawn "
                           "as straight lines between far points.", 1_791_000_000.0, "b")
    for i, filler in enumerate(("the settings screen lists units in miles or kilometres",
                                "the run summary shows pace per kilometre and total climb",
                                "exports to GPX include heart rate when a strap is paired")):
        _session_note(memory, filler, 1_792_000_000.0 + i, f"c{i}")
    ids, context = _block_ids(memory, "my winding trails look like straight lines on the map")
    assert effect in ids and cause in ids, context
    assert ids.index(cause) == ids.index(effect) + 1, context  # the pair reads as one fact


def _ins(content: str, session: str, created_at: float, *tags: str) -> Insight:
    return Insight(id=f"{session}-{created_at}", content=content, category="general", scope=PROJECT,
                   session_id=session, created_at=created_at, tags=("claude-code", "note", *tags))


EFFECT = "With coarse accuracy the tracker gets few fixes, so winding trails are drawn as straight lines."
FILLER = ("the settings screen lists units in miles", "the run summary shows pace per kilometre",
          "exports include heart rate when a strap is paired")


def _tied(chosen: Insight, pool: list[Insight]) -> list[str]:
    out = with_partners([(chosen, 1.0, {})], pool, lambda ins: True, 1)
    return [ins.id for ins, _, _ in out[1:]]


def test_a_cause_and_its_consequence_are_tied_across_sessions_only() -> None:
    effect = _ins(EFFECT, "b", 2.0)
    filler = [_ins(f, f"f{i}", 3.0 + i) for i, f in enumerate(FILLER)]
    cause = _ins("set the run tracker's GPS to the hundred-metre accuracy, saves battery", "a", 1.0)
    assert _tied(effect, [cause, *filler]) == [cause.id]
    same_session = _ins(cause.content, "b", 1.0)
    assert _tied(effect, [same_session, *filler]) == []


def test_two_notes_neither_or_both_stating_a_consequence_are_not_tied() -> None:
    cause = _ins("set the run tracker's GPS to the hundred-metre accuracy, saves battery", "a", 1.0)
    plain = _ins("the tracker's accuracy setting shows in the debug overlay", "c", 2.0)
    filler = [_ins(f, f"f{i}", 3.0 + i) for i, f in enumerate(FILLER)]
    assert _tied(cause, [plain, *filler]) == []
    other_effect = _ins("the tracker's accuracy is coarse because the GPS sleeps, so points are far apart", "d", 2.5)
    assert _tied(_ins(EFFECT, "b", 2.0), [other_effect, *filler]) == []


def test_the_superseded_side_of_a_correction_is_not_tied_as_a_cause() -> None:
    new = _ins("we split the audit bus, so the topic got renamed: moderation events go to `moderation:events`", "b", 2.0,
               "correction")
    old = _ins("moderation events are broadcast on the audit bus topic `mod:events`", "a", 1.0)
    filler = [_ins(f, f"f{i}", 3.0 + i) for i, f in enumerate(FILLER)]
    assert _tied(new, [old, *filler]) == []


# -- the other side of a change and its effect, for a prompt that names one side (explaining) ----------------------

@pytest.mark.parametrize("prompt,effect", [
    ("put the same upload cap on the avatar endpoint", True),
    ("ship the font files with the installer as well", True),
    ("can we raise the worker count even more?", True),
    ("thinking of trimming the cache lifetime further, anything that would break?", True),
    ("any downside to dropping the retry on the mailer?", True),
    ("add a dark mode toggle to the settings page", False),
    ("rename the helper to parse_header", False),
])
def test_a_plan_to_make_a_change_again_asks_for_its_effect(prompt: str, effect: bool) -> None:
    assert asks_effect(prompt) is effect
    assert explaining(prompt, cause=False) is (True if effect else None)
    assert explaining(prompt, cause=True) is False  # asked why (or told of a malfunction): the change behind it


CHANGE = "switched the stencil cache to an in-memory dictionary with no eviction"
RESTARTS = "the preview service restarts every few hours: its stencil cache outgrows the memory limit"
GALLERY_FILLER = ("the preview lists drafts newest first", "uploads are scanned for viruses before they are stored",
                  "draft covers are picked by the owner, never automatically", "service logs go to the shared log bucket",
                  # a project holds many notes: the words of one mechanism are rare among them
                  *(f"ticket {i} asks for option{i} in the menu{i} screen" for i in range(60)))


def _explained(chosen: Insight, pool: list[Insight], later: bool) -> list[str]:
    out = with_partners([(chosen, 1.0, {})], pool[:1], lambda ins: True, 1, pool, later)
    return [ins.id for ins, _, _ in out[1:]]


def _gallery(*notes: Insight) -> list[Insight]:
    return [*notes, *(_ins(f, f"g{i}", 10.0 + i) for i, f in enumerate(GALLERY_FILLER))]


def test_asked_why_an_effect_brings_the_older_change_of_another_session_sharing_a_rare_word() -> None:
    effect, change = _ins(RESTARTS, "b", 5.0), _ins(CHANGE, "a", 1.0)
    assert _explained(effect, _gallery(effect, change), later=False) == [change.id]
    same_session = _ins(CHANGE, "b", 1.0)
    assert _explained(effect, _gallery(effect, same_session), later=False) == []
    newer = _ins(CHANGE, "a", 7.0)  # a change made after the effect was seen does not explain it
    assert _explained(effect, _gallery(effect, newer), later=False) == []
    plain = _ins("the stencil cache is documented in the preview readme", "a", 1.0)  # no change reported
    assert _explained(effect, _gallery(effect, plain), later=False) == []


def test_a_plan_to_repeat_a_change_brings_the_newer_effect_it_had() -> None:
    change, effect = _ins(CHANGE, "a", 1.0), _ins(RESTARTS, "b", 5.0)
    assert _explained(change, _gallery(change, effect), later=True) == [effect.id]
    older = _ins(RESTARTS, "b", 0.5)
    assert _explained(change, _gallery(change, older), later=True) == []
    statement = _ins("the stencil cache holds the small shapes of the preview", "c", 0.2)  # not a change
    assert _explained(statement, _gallery(statement, effect), later=True) == []


def test_a_preference_kept_for_all_projects_brings_no_cause() -> None:
    effect = Insight(id="pref", content="keep the stencil cache small, always", category="preference",
                     scope="global", session_id="b", created_at=5.0, tags=("claude-code", "note"))
    assert _explained(effect, _gallery(effect, _ins(CHANGE, "a", 1.0)), later=False) == []


def test_asked_why_a_malfunction_the_block_holds_the_change_behind_it(memory: Memory) -> None:
    change = _session_note(memory, CHANGE, 1_790_000_000.0, "a")
    effect = _session_note(memory, RESTARTS, 1_791_000_000.0, "b")
    for i, filler in enumerate(GALLERY_FILLER):
        _session_note(memory, filler, 1_792_000_000.0 + i, f"c{i}")
    ids, context = _block_ids(memory, "why does the preview service keep restarting?")
    assert effect in ids and change in ids, context
    assert ids.index(change) == ids.index(effect) + 1, context


def test_asked_to_repeat_a_change_the_block_holds_what_it_led_to(memory: Memory) -> None:
    change = _session_note(memory, "switched the export worker to compress every report before upload", 1_790_000_000.0,
                           "a")
    effect = _session_note(memory, "customers on the old desktop client cannot open the uploaded reports any more",
                           1_791_000_000.0, "b")
    for i, filler in enumerate(GALLERY_FILLER):
        _session_note(memory, filler, 1_792_000_000.0 + i, f"c{i}")
    ids, context = _block_ids(memory, "compress the invoice exports the same way")
    assert change in ids and effect in ids, context
