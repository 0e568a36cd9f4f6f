"""Failure modes read from both ends (mnemon.claude.failures): what people see and what a change introduces."""

from __future__ import annotations

import pytest

from mnemon.claude.failures import MODES, modes


@pytest.mark.parametrize("symptom,change,mode", [
    ("the dashboard still shows yesterday's totals until someone restarts it",
     "the totals are kept in a module-level dict per process now", "stale reads"),
    ("the invoices from four months ago are gone from the bucket",
     "added a lifecycle rule that deletes exports after 90 days", "data removed"),
    ("half the scanners get 429 at shift start", "the API allows 20 requests per minute per IP now",
     "refused by a limit"),
    ("the nightly export died halfway through again", "the batch node group runs on spot capacity now",
     "processes killed"),
    ("the golden test fails one run in five with tiny differences", "the checksum pass runs on 8 threads now",
     "results differ between runs"),
    ("people have to log in again every time they open the link from the email",
     "session cookies are SameSite=Strict now", "sessions and origins"),
    ("the pickers' handhelds keep routing them to the old aisles after the re-layout",
     "the aisle map is cached on each handheld for a day now", "stale reads"),
    ("customers in Auckland get the weekly digest in the middle of the night",
     "the digest job is scheduled at 20:00 UTC now, one run for everyone", "at the wrong time"),
    ("order confirmations are delayed on older phones", "the confirmation sync became a periodic worker now",
     "at the wrong time"),
    ("drivers on the motorway get kicked out of the live map and reconnect every few minutes",
     "the gateway closes a socket after 3 missed heartbeats now", "connections dropped"),
])
def test_a_symptom_and_the_change_behind_it_share_a_failure_mode(symptom: str, change: str, mode: str) -> None:
    assert mode in modes(symptom, "symptom")
    assert mode in modes(change, "mechanism")


def test_plain_work_names_no_failure_mode() -> None:
    assert modes("add a column for the delivery note", "symptom") == frozenset()
    assert modes("renamed the helper and updated the callers", "mechanism") == frozenset()


def test_every_mode_has_both_ends_and_a_side_is_checked() -> None:
    assert all(symptoms and mechanisms for symptoms, mechanisms in MODES.values())
    with pytest.raises(ValueError):
        modes("x", "cause")
