"""The engine's lock: re-entrant, and handed to waiters in arrival order, so a write is never
starved by recalls that keep taking the lock back."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from mnemon.engine.fairlock import FairLock
from mnemon.engine.memory import Memory


def test_reentrant_and_owned() -> None:
    lock = FairLock()
    with lock, lock:
        pass
    with pytest.raises(RuntimeError):
        lock.release()
    with lock:
        other: list[BaseException] = []

        def release_foreign() -> None:
            try:
                lock.release()
            except RuntimeError as err:
                other.append(err)

        t = threading.Thread(target=release_foreign)
        t.start()
        t.join()
        assert other, "a thread that does not hold the lock released it"


def test_memory_lock_goes_to_waiters_in_arrival_order(tmp_path: Path) -> None:
    """The holder releasing and at once asking again queues behind those already waiting (a plain
    RLock let it take the lock straight back: the daemon's read threads starved the writer)."""
    memory = Memory.open(tmp_path / "m.db")
    lock = memory._lock
    order: list[str] = []
    waiting = threading.Semaphore(0)

    def take(name: str) -> None:
        waiting.release()
        with lock:
            order.append(name)

    try:
        lock.acquire()
        threads = []
        for name in ("first", "second"):
            t = threading.Thread(target=take, args=(name,))
            t.start()
            waiting.acquire()
            time.sleep(0.2)  # well inside acquire() by now
            threads.append(t)
        lock.release()
        with lock:
            order.append("holder again")
        for t in threads:
            t.join(5)
        assert order == ["first", "second", "holder again"]
    finally:
        memory.close()
