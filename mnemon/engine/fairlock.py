"""The engine's lock: re-entrant, and granted in the order threads asked for it.

A plain ``threading.RLock`` lets the thread that releases it take it straight back, and the
daemon's read threads do exactly that: each finishes a recall, releases the lock and, its next
recall already queued, takes it again before the woken writer runs. Under a steady stream of
recalls a write waited seconds (closed-loop p99 1.6-1.9 s at 10,000 memories). :class:`FairLock`
hands the lock on release to the thread that has waited longest, so a write waits at most for
the recalls that asked before it.

Only :meth:`acquire` without a timeout and :meth:`release` are offered, through ``with``: the
engine uses nothing else. A thread interrupted while it waits (KeyboardInterrupt in the main
thread) leaves the queue, or passes the lock on if it was handed to it meanwhile.
"""

from __future__ import annotations

import threading
from collections import deque


class FairLock:
    """A re-entrant lock handed to its waiters first come, first served."""

    def __init__(self) -> None:
        self._mutex = threading.Lock()  # guards the fields below, held only for a few statements
        self._owner: int | None = None
        self._depth = 0
        self._waiting: deque[tuple[int, threading.Lock]] = deque()

    def acquire(self) -> bool:
        me = threading.get_ident()
        with self._mutex:
            if self._owner == me:
                self._depth += 1
                return True
            if self._owner is None and not self._waiting:
                self._owner, self._depth = me, 1
                return True
            turn = (me, threading.Lock())
            turn[1].acquire()
            self._waiting.append(turn)
        try:
            turn[1].acquire()  # released by the thread that hands us the lock, ownership set
        except BaseException:
            with self._mutex:
                handed = turn not in self._waiting
                if not handed:
                    self._waiting.remove(turn)
            if handed:
                self.release()
            raise
        return True

    def release(self) -> None:
        with self._mutex:
            if self._owner != threading.get_ident():
                raise RuntimeError("cannot release a lock this thread does not hold")
            self._depth -= 1
            if self._depth:
                return
            if not self._waiting:
                self._owner = None
                return
            owner, turn = self._waiting.popleft()
            self._owner, self._depth = owner, 1
            turn.release()

    def __enter__(self) -> bool:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()
