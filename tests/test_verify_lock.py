"""`verify` (run by `mnemon verify` and by every `mnemon doctor`) re-derives the whole state from
disk: about 10 s at 20,000 memories. It held the engine's lock all along, so recall waited, and a
prompt typed during `mnemon doctor` got no notes (its hook gives up after 1 s). Now recall runs
while verify reads the store; verify still finds what differs.

A real store on SQLite; the test only watches, from inside verify's reload of the state, whether
another thread can recall at that moment."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest

from mnemon.engine import upkeep
from mnemon.engine.memory import Memory
from mnemon.engine.state import State


@pytest.fixture
def mem(tmp_path: Path) -> Memory:
    m = Memory.open(tmp_path / "m.db")
    for i in range(30):
        m.remember(f"the billing worker {i} retries failed charges every {i + 2} minutes", scope="p", embed=False)
    yield m
    m.close()


def test_recall_goes_on_while_verify_reloads_the_state(mem: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    answered: list[int] = []

    class Watched(State):
        @classmethod
        def load(cls, conn: sqlite3.Connection, model_id: str | None) -> State:
            # the moment verify spends longest in: can another thread recall now?
            done = threading.Event()

            def recall() -> None:
                answered.append(len(mem.recall("how often are failed charges retried", scopes=["p"]).hits))
                done.set()

            threading.Thread(target=recall, daemon=True).start()
            done.wait(5)
            return State.load(conn, model_id)

    monkeypatch.setattr(upkeep, "State", Watched)
    report: dict[str, Any] = mem.verify()
    assert report["ok"], report["problems"]
    assert answered and answered[0] > 0  # answered while verify was reading, not after it


def test_verify_still_sees_ram_and_disk_differ(mem: Memory) -> None:
    with mem._tx() as conn:  # a change behind the engine's back: on disk, not in RAM
        conn.execute("UPDATE insights SET importance = 5 WHERE seq = (SELECT MIN(seq) FROM insights)")
    report = mem.verify()
    assert not report["ok"] and any("differs between RAM and disk" in p for p in report["problems"])
