"""Deterministic stand-ins for tests and benchmarks.

``tests/`` has no ``__init__.py``: pytest (default ``prepend`` import mode) puts this
directory on ``sys.path`` while it collects the suite, so import it as::

    from fakes import FakeEmbedder

(``from tests.fakes import FakeEmbedder`` only works when the repository root happens to be
on ``sys.path``, e.g. under ``python -m pytest`` run from the root; prefer the form above.)
Scripts outside pytest (benchmarks) add the directory first:
``sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))``.
"""

from __future__ import annotations

import hashlib
import re
import socket
import threading
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from mnemon.errors import EmbedderError, InvalidInput

_WORD = re.compile(r"\w+", re.UNICODE)


def _bucket(token: str, dim: int) -> int:
    digest = hashlib.blake2b(token.encode("utf-8", "replace"), digest_size=8).digest()
    return int.from_bytes(digest, "little") % dim


class FakeEmbedder:
    """Hashed bag of words: texts sharing words are similar, and nothing else is learned.

    Each lowercase word token (``\\w+``) adds 1 to the bucket its BLAKE2b hash picks; the
    counts are L2-normalised. A text without words maps to a fixed vector (bucket of the
    empty token). Queries and passages embed the same way. Satisfies
    :class:`mnemon.engine.embedders.Embedder`.

    ``calls`` counts texts embedded (passages and queries); set ``failing = True`` to make
    every call raise EmbedderError, as an unreachable backend would.
    """

    model_id = "fake:bow-64"
    kind = "fake"

    def __init__(self, dim: int = 64) -> None:
        self.dim = dim
        if dim != 64:
            self.model_id = f"fake:bow-{dim}"
        self.calls = 0
        self.failing = False
        self._lock = threading.Lock()

    def vector(self, text: str) -> npt.NDArray[np.float32]:
        if not isinstance(text, str):
            raise InvalidInput(f"an embedder takes strings, got {type(text).__name__}")
        vec = np.zeros(self.dim, dtype=np.float64)
        tokens = _WORD.findall(text.lower()) or [""]
        for token in tokens:
            vec[_bucket(token, self.dim)] += 1.0
        return (vec / np.linalg.norm(vec)).astype(np.float32)

    def embed_passages(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        if isinstance(texts, (str, bytes)):
            raise InvalidInput("embed_passages takes a sequence of strings, not a single string")
        texts = list(texts)
        self._count(len(texts))
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            out[i] = self.vector(text)
        return out

    def embed_query(self, text: str) -> npt.NDArray[np.float32]:
        self._count(1)
        return self.vector(text)

    def close(self) -> None:
        pass

    def _count(self, n: int) -> None:
        with self._lock:
            if self.failing:
                raise EmbedderError("fake embedder set to fail")
            self.calls += n


def stop_listening(listener: socket.socket, acceptor: threading.Thread, timeout: float = 5.0) -> None:
    """Close a listening socket and wait for the thread blocked in its ``accept()`` to end.

    ``close()`` alone does not wake that thread on Linux: the kernel keeps the listener alive
    under the blocked call, which goes on accepting at the socket's path and drops what it takes
    unclosed, so the ResourceWarning surfaces inside some later test. ``shutdown()`` wakes it
    with an error first.
    """
    try:
        listener.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass  # never listened, or already shut
    acceptor.join(timeout)
    listener.close()
    if acceptor.is_alive():
        raise RuntimeError(f"{acceptor.name} still blocked in accept() after {timeout} s")
