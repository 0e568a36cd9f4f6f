"""Transcript captures waiting for the writer, coalesced per (session, transcript path).

Hooks fire capture requests faster than the writer may get to them (Stop, then SessionEnd a
moment later; PreCompact while an earlier Stop is still queued). Each request carries facts
only it has: the event, the transcript path and, for Stop, ``last_assistant_message`` (the
reply that may not be on disk yet). Coalescing must therefore merge, not drop: while a
capture for a (session, path) waits in the queue, a later request for the same pair updates
its arguments in place (the latest event and cwd, the latest *non-empty*
``last_assistant_message``); a request for another path of the same session gets a job of
its own. The waiting arguments are taken when the job starts, so a request that arrives
while its capture runs queues a fresh one and nothing is lost.

:meth:`CaptureQueue.drain_session` runs, on the writer thread, every capture of one session
that is still waiting: the compaction brief calls it so that it reads what the PreCompact
capture stored, whatever order the queue holds them in.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from mnemon_daemon.writer import Writer

from mnemon.errors import MnemonError

Args = dict[str, Any]
Key = tuple[str, str]


def merge(older: Args, newer: Args) -> Args:
    """The arguments of one capture standing for two requests of the same (session, path)."""
    out = dict(newer)
    if not newer.get("last_assistant_message") and older.get("last_assistant_message"):
        out["last_assistant_message"] = older["last_assistant_message"]
    return out


class CaptureQueue:
    """Waiting capture arguments per (session_id, transcript_path), each with one writer job.

    ``run(args)`` performs one capture step and returns its summary (a dict whose ``more``
    is true when the transcript has more to read) or None on failure.
    """

    def __init__(
        self, writer: Writer, run: Callable[[Args], Any], *, on_error: Callable[[str, Exception], None]
    ) -> None:
        self._writer = writer
        self._run = run
        self._on_error = on_error
        self._waiting: dict[Key, Args] = {}
        self._lock = threading.Lock()

    @staticmethod
    def key(args: Args) -> Key:
        return (str(args["session_id"]), str(args["transcript_path"]))

    def submit(self, args: Args) -> bool:
        """Queue a capture; False when it was merged into one already waiting."""
        key = self.key(args)
        with self._lock:
            waiting = self._waiting.get(key)
            if waiting is not None:
                self._waiting[key] = merge(waiting, args)
                return False
            self._waiting[key] = dict(args)
        try:
            self._writer.submit(lambda: self._job(key))
        except MnemonError:
            with self._lock:
                self._waiting.pop(key, None)
            raise
        return True

    def waiting(self, session_id: str | None = None) -> list[Args]:
        """Copies of the waiting arguments (of one session, when given)."""
        with self._lock:
            return [dict(a) for k, a in self._waiting.items() if session_id is None or k[0] == session_id]

    def drain_session(self, session_id: str) -> int:
        """Run now, to the end of each transcript, every waiting capture of ``session_id``.

        Only on the writer thread (inside a writer job): nothing else writes meanwhile. The
        queued jobs of the drained captures then find nothing waiting and return at once.
        """
        with self._lock:
            keys = [k for k in self._waiting if k[0] == session_id]
            taken = [self._waiting.pop(k) for k in keys]
        for args in taken:
            while True:
                summary = self._run(args)
                if not (isinstance(summary, dict) and summary.get("more")):
                    break
        return len(taken)

    def _job(self, key: Key) -> Any:
        with self._lock:
            args = self._waiting.pop(key, None)
        if args is None:
            return None
        summary = self._run(args)
        if isinstance(summary, dict) and summary.get("more"):
            self._continue(key, args)
        return summary

    def _continue(self, key: Key, args: Args) -> None:
        """Queue the rest of a long transcript behind the work that arrived meanwhile."""
        with self._lock:
            waiting = self._waiting.get(key)
            if waiting is not None:
                self._waiting[key] = merge(args, waiting)
                return
            self._waiting[key] = args
        try:
            self._writer.submit(lambda: self._job(key))
        except MnemonError as err:
            with self._lock:
                self._waiting.pop(key, None)
            self._on_error(key[0], err)
