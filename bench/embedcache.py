"""A disk cache in front of an embedder, so repeated benchmark runs skip the model.

The local model is deterministic, so a cached vector is exactly the vector the model would
return: figures do not change, only the time to get them (embedding LoCoMo's 2,760 turns
takes minutes on 2 cores; reading them back takes milliseconds). Entries are keyed by the
model id, the kind (query or passage, which e5 embeds differently) and the text. The cache is
a small SQLite file outside the repository (``~/.cache/mnemon-bench/`` by default).
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np


def default_path() -> Path:
    base = os.environ.get("XDG_CACHE_HOME", "").strip() or str(Path.home() / ".cache")
    return Path(base) / "mnemon-bench" / "embeddings.sqlite"


class CachedEmbedder:
    """Wraps an embedder (same ``model_id`` and ``dim``); misses go to the model, then to disk."""

    def __init__(self, inner: Any, path: Path) -> None:
        self.inner = inner
        self.model_id: str = inner.model_id
        self.dim: int = int(inner.dim)
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False)
        self._db.execute("CREATE TABLE IF NOT EXISTS vectors (key TEXT PRIMARY KEY, vec BLOB NOT NULL)")
        self.hits = self.misses = 0

    def _key(self, kind: str, text: str) -> str:
        return hashlib.sha256(f"{self.model_id}\0{kind}\0{text}".encode("utf-8", "surrogatepass")).hexdigest()

    def _get(self, keys: Sequence[str]) -> dict[str, np.ndarray]:
        found: dict[str, np.ndarray] = {}
        for i in range(0, len(keys), 500):
            part = list(keys[i:i + 500])
            rows = self._db.execute(f"SELECT key, vec FROM vectors WHERE key IN ({','.join('?' * len(part))})", part)
            for key, blob in rows:
                vec = np.frombuffer(blob, dtype="<f4")
                if vec.shape[0] == self.dim:
                    found[key] = vec.astype(np.float32)
        return found

    def _put(self, items: dict[str, np.ndarray]) -> None:
        with self._db:
            self._db.executemany("INSERT OR REPLACE INTO vectors (key, vec) VALUES (?, ?)",
                                 [(k, np.asarray(v, dtype="<f4").tobytes()) for k, v in items.items()])

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        keys = [self._key("passage", t) for t in texts]
        found = self._get(keys)
        todo = [i for i, k in enumerate(keys) if k not in found]
        self.hits += len(texts) - len(todo)
        self.misses += len(todo)
        if todo:
            fresh = self.inner.embed_passages([texts[i] for i in todo])
            new = {keys[i]: fresh[j] for j, i in enumerate(todo)}
            self._put(new)
            found.update(new)
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.ascontiguousarray(np.stack([found[k] for k in keys]), dtype=np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        key = self._key("query", text)
        found = self._get([key])
        if key in found:
            self.hits += 1
            return found[key]
        self.misses += 1
        vec = np.asarray(self.inner.embed_query(text), dtype=np.float32)
        self._put({key: vec})
        return vec

    def close(self) -> None:
        self._db.close()
        closer = getattr(self.inner, "close", None)
        if callable(closer):
            closer()
