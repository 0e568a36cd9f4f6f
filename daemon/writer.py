"""The single writer: one thread runs every mutation, in the order it was submitted.

Every write to SQLite (remember, link, forget, gc, import, capture, kv writes, vectors,
access-count flushes) is a job on this queue, so there is exactly one writer and writes
never contend. A job's future completes after its transaction committed; the daemon
acknowledges a write only then. :meth:`Writer.stop` refuses new jobs and runs every job
already queued before the thread exits, so a clean shutdown loses no acknowledged or queued
write.

Coalescing: :meth:`submit_once` drops a job whose key is already waiting in the queue (a
flush that will run anyway). The key is released when the job *starts*, so work that
arrives while it runs is queued again and not lost. Captures, whose requests each carry
their own facts, are merged rather than dropped: see ``captures.py``.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from mnemon.errors import DaemonError

log = logging.getLogger("mnemon.daemon.writer")

_Job = tuple[Callable[[], Any], "Future[Any]", str | None]


class Writer:
    def __init__(self, name: str = "mnemon-writer") -> None:
        self._queue: queue.Queue[_Job | None] = queue.Queue()
        self._keys: set[str] = set()
        self._lock = threading.Lock()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()
        self.done = 0

    @property
    def thread(self) -> threading.Thread:
        """The writer thread: the only one allowed to write to SQLite (``Memory.bind_writer``)."""
        return self._thread

    @property
    def depth(self) -> int:
        return self._queue.qsize()

    def submit(self, fn: Callable[[], Any]) -> Future[Any]:
        fut: Future[Any] = Future()
        with self._lock:
            if self._closed:
                raise DaemonError("the daemon is shutting down; try again in a moment")
            self._queue.put((fn, fut, None))
        return fut

    def submit_once(self, key: str, fn: Callable[[], Any]) -> Future[Any] | None:
        """Queue ``fn`` unless a job with ``key`` is already waiting; None when coalesced."""
        fut: Future[Any] = Future()
        with self._lock:
            if self._closed:
                raise DaemonError("the daemon is shutting down; try again in a moment")
            if key in self._keys:
                return None
            self._keys.add(key)
            self._queue.put((fn, fut, key))
        return fut

    def stop(self, timeout: float | None = None) -> None:
        """Refuse new jobs, run everything queued, and end the thread."""
        with self._lock:
            if not self._closed:
                self._closed = True
                self._queue.put(None)
        self._thread.join(timeout)

    def _run(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            fn, fut, key = job
            if key is not None:
                with self._lock:
                    self._keys.discard(key)
            if not fut.set_running_or_notify_cancel():
                continue
            try:
                result = fn()
            except BaseException as err:  # the job's caller gets every failure through its future
                fut.set_exception(err)
                if not isinstance(err, Exception):
                    raise
            else:
                fut.set_result(result)
            self.done += 1
