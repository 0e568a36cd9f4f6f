"""A note tied to a chosen one by a specific value of the same subject joins the block (mnemon.claude.partners)."""

from __future__ import annotations

import pytest

from mnemon.claude.inject import build_injection
from mnemon.claude.partners import specific_values
from mnemon.config import Config, load
from mnemon.engine.memory import Memory

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
