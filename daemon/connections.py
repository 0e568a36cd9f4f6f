"""The daemon's connections: who gets in, how much each may hold, and for how long.

Every limit is answered (an error reply, a closed idle connection, one log line), never a
crash, a stall or a flood:

* **How many.** At most ``connection_limit`` are open at once (:data:`CONNECTION_LIMIT`, and
  never more than the descriptor limit allows less :data:`FD_RESERVE` for the database, the
  logs and the embedder, so ``accept()`` does not run out of descriptors). A newcomer to a
  full table still gets in: the connection idle longest is closed to make room (a client
  notices before its next call and reconnects), else the one that has spent longest, over
  :data:`SLOW_FRAME` seconds, sending a single frame. Only when every connection is in the
  middle of a request is the newcomer refused, with an error reply that says so. Hooks and
  the CLI connect, send one frame at once and wait for its answer, so however many idle or
  slow connections are open they always find a place: that is the owner's reserve.
* **How long.** A frame must arrive whole within ``frame_deadline`` of its first byte (a
  client sending a byte at a time is cut off, slowloris); a client silent for ``client_idle``
  between frames is dropped.
* **How much.** Bytes held in partial frames, summed over all connections, stay near
  ``max_buffered``: past it, a connection whose partial frame holds more than
  :data:`FRAME_ALLOWANCE` is not read until the total drops (its deadline still runs), so a
  hundred nearly complete 8 MiB frames cost the budget, not 800 MiB. Frames up to the
  allowance, such as every hook request, are never held back. Each connection's stream
  buffer is bounded by :data:`STREAM_LIMIT` (asyncio pauses reading past twice that).

Everything here runs on the event loop thread.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from mnemon.wire.protocol import FrameDecoder

CONNECTION_LIMIT = 256
FD_RESERVE = 64  # descriptors kept for SQLite (database, WAL, read pool), logs, the embedder
FRAME_DEADLINE = 10.0  # seconds from a frame's first byte to its last (8 MiB over a Unix socket: milliseconds)
SLOW_FRAME = 1.0  # a frame still arriving after this long may be cut off to admit a newcomer
MAX_BUFFERED = 64 << 20
FRAME_ALLOWANCE = 64 << 10
STREAM_LIMIT = 64 << 10


def fd_limit() -> int:
    """The soft limit on open descriptors, raised to the hard limit first (at most 65,536)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = 65536 if hard == resource.RLIM_INFINITY else min(hard, 65536)
    if soft != resource.RLIM_INFINITY and soft < want:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            soft = want
        except (ValueError, OSError):
            pass
    return 1 << 20 if soft == resource.RLIM_INFINITY else int(soft)


def connection_cap(requested: int = CONNECTION_LIMIT, descriptors: int | None = None) -> int:
    """How many connections may be open: ``requested``, less when descriptors are short."""
    limit = fd_limit() if descriptors is None else descriptors
    return max(8, min(requested, limit - FD_RESERVE))


class Conn:
    """One client connection's state."""

    __slots__ = ("writer", "decoder", "busy", "last_active", "frame_started", "held", "closed")

    def __init__(self) -> None:
        self.writer: asyncio.StreamWriter | None = None
        self.decoder = FrameDecoder()
        self.busy = False  # a request is being served
        self.last_active = time.monotonic()
        self.frame_started = 0.0
        self.held = 0  # bytes of this connection's partial frame counted in the budget
        self.closed = False

    @property
    def partial(self) -> bool:
        return self.decoder.partial

    def close(self) -> None:
        self.closed = True
        if self.writer is not None:
            self.writer.close()


class Connections:
    """The table of open connections and the byte budget they share."""

    def __init__(
        self,
        *,
        connection_limit: int = CONNECTION_LIMIT,
        max_buffered: int = MAX_BUFFERED,
        frame_deadline: float = FRAME_DEADLINE,
    ) -> None:
        self.connection_limit = connection_limit
        self.max_buffered = max_buffered
        self.frame_deadline = frame_deadline
        self.open: set[Conn] = set()
        self.buffered = 0
        self.evicted = 0
        self.refused = 0
        self._freed: asyncio.Event | None = None

    def __len__(self) -> int:
        return len(self.open)

    def admit(self) -> Conn | None:
        """A place for a newcomer (closing an idle or slow connection when the table is full),
        or None when every connection is busy."""
        if len(self.open) >= self.connection_limit:
            victim = self._victim()
            if victim is None:
                self.refused += 1
                return None
            self.evicted += 1
            self.drop(victim)
            victim.close()
        conn = Conn()
        self.open.add(conn)
        return conn

    def _victim(self) -> Conn | None:
        idle = [c for c in self.open if not c.busy and not c.partial]
        if idle:
            return min(idle, key=lambda c: c.last_active)
        now = time.monotonic()
        slow = [c for c in self.open if c.partial and not c.busy and now - c.frame_started > SLOW_FRAME]
        return min(slow, key=lambda c: c.frame_started) if slow else None

    def drop(self, conn: Conn) -> None:
        """Forget a connection (closed, evicted or finished) and give back what it held."""
        self.open.discard(conn)
        self._release(conn, conn.held)
        conn.held = 0

    def feed(self, conn: Conn, data: bytes) -> list[Any]:
        """Decode ``data`` on ``conn``, keeping the frame clock and the byte budget up to date.
        Raises what :meth:`FrameDecoder.feed` raises (the connection must then be closed)."""
        was_partial = conn.partial
        now = time.monotonic()
        conn.last_active = now
        try:
            messages = conn.decoder.feed(data)
        finally:
            held = conn.decoder.pending
            if held > conn.held:
                self.buffered += held - conn.held
            else:
                self._release(conn, conn.held - held)
            conn.held = held
        if conn.partial and (messages or not was_partial):
            conn.frame_started = now
        return messages

    def read_timeout(self, conn: Conn, idle: float) -> float:
        """How long the next read may wait: the idle limit, or what is left of the frame's deadline."""
        if not conn.partial:
            return idle
        return min(idle, conn.frame_started + self.frame_deadline - time.monotonic())

    def over_budget(self, conn: Conn) -> bool:
        return conn.held > FRAME_ALLOWANCE and self.buffered > self.max_buffered

    async def wait_budget(self, conn: Conn, timeout: float) -> bool:
        """Wait until the budget has room for ``conn`` again; False when ``timeout`` passed first."""
        deadline = time.monotonic() + timeout
        while self.over_budget(conn):
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            if self._freed is None:
                self._freed = asyncio.Event()
            try:
                await asyncio.wait_for(self._freed.wait(), left)
            except asyncio.TimeoutError:
                return False
        return True

    def _release(self, conn: Conn, amount: int) -> None:
        if amount <= 0:
            return
        self.buffered -= amount
        if self._freed is not None:
            self._freed.set()
            self._freed = None

    def describe(self) -> dict[str, int]:
        return {
            "connections": len(self.open),
            "connection_limit": self.connection_limit,
            "buffered_bytes": self.buffered,
            "evicted": self.evicted,
            "refused": self.refused,
        }
