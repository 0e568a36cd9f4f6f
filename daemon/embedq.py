"""The embedding queue: vectors follow the text.

``remember`` stores text with ``embed=False`` and is acknowledged once the text is committed;
this thread then pulls ``memory.pending_embeddings()``, computes vectors outside every lock
(the slow part: a model or an HTTP call) and hands ``memory.store_vectors`` to the writer.
Pending work lives in SQLite (rows without a vector for the current model), so nothing is
lost when the daemon stops before a vector was computed: the next daemon picks it up.

The embedder is read from the daemon on every batch, so a config reload that swaps it takes
effect at the next batch. Failures (embedder down) are logged and retried with a back-off.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from mnemon_daemon.writer import Writer

from mnemon.errors import MnemonError

if TYPE_CHECKING:
    import numpy as np

    from mnemon.engine.embedders import Embedder
    from mnemon.engine.memory import Memory

log = logging.getLogger("mnemon.daemon.embed")

BATCH = 32
IDLE_WAIT = 30.0
BACKOFF_MAX = 300.0


def embed_batch(memory: Memory, embedder: Embedder | None, writer: Writer, *, batch: int = BATCH) -> int:
    """Embed one batch of pending texts (``mnemon.engine.embedding.embed_batch``), the vectors
    stored by the writer; the number stored."""
    from mnemon.engine.embedding import embed_batch as embed_one_batch

    if embedder is None:
        return 0
    model = embedder.model_id

    def store(pairs: list[tuple[str, np.ndarray]]) -> int | None:
        stored: int | None = writer.submit(lambda: memory.store_vectors(model, pairs)).result()
        return stored

    return embed_one_batch(memory, embedder, batch=batch, store=store)


class EmbedWorker:
    def __init__(self, memory: Memory, embedder: Callable[[], Embedder | None], writer: Writer) -> None:
        self._memory = memory
        self._embedder = embedder
        self._writer = writer
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._busy = threading.Lock()
        self.stored = 0
        self.last_error: str | None = None
        self.rate: float | None = None  # texts embedded per second, a moving average over batches
        self._thread = threading.Thread(target=self._run, name="mnemon-embed", daemon=True)

    def start(self) -> None:
        self._thread.start()
        self._wake.set()

    def wake(self) -> None:
        self._wake.set()

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        self._wake.set()
        self._thread.join(timeout)

    def step(self, wait: float = -1) -> int | None:
        """Embed and store one batch of what is pending; the number stored (0: nothing left, or
        stopping), or None when another batch held the turn for ``wait`` seconds. Batches never
        overlap (``mnemon embed --all`` and this worker's own loop take turns), so nothing is
        embedded twice."""
        if not self._busy.acquire(timeout=wait):
            return None
        try:
            if self._stop.is_set():
                return 0
            started = time.monotonic()
            n = embed_batch(self._memory, self._embedder(), self._writer)
            if n:
                rate = n / max(time.monotonic() - started, 1e-6)
                self.rate = rate if self.rate is None else 0.7 * self.rate + 0.3 * rate
        finally:
            self._busy.release()
        self.stored += n
        return n

    def drain(self) -> int:
        """Embed everything pending now; the number of vectors stored."""
        total = 0
        while True:
            n = self.step()
            if not n:
                return total
            total += n

    def estimate(self, pending: int) -> float | None:
        """Seconds to embed ``pending`` texts at the measured rate (None before any batch)."""
        return None if self.rate is None else pending / self.rate

    def _run(self) -> None:
        backoff = 1.0
        while not self._stop.is_set():
            self._wake.wait(IDLE_WAIT)
            self._wake.clear()
            if self._stop.is_set():
                return
            try:
                self.drain()
                self.last_error = None
                backoff = 1.0
            except (MnemonError, OSError, ValueError) as err:
                self.last_error = str(err)
                log.warning("embedding failed (retry in %.0f s): %s", backoff, err)
                self._stop.wait(backoff)
                backoff = min(backoff * 2, BACKOFF_MAX)
                self._wake.set()
            except Exception:  # a bug must not kill the queue silently: log it and keep serving
                log.exception("embedding queue error")
                self._stop.wait(backoff)
                backoff = min(backoff * 2, BACKOFF_MAX)
