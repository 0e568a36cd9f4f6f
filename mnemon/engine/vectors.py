"""The one binary format for embedding vectors.

A vector is stored as little-endian float32 bytes, with its model id, dimension and dtype tag
("f4le") in sibling columns, plus the hash of the text it was computed from, so unchanged
text is never re-embedded and vectors of different models are never mixed. Decoding checks
length and finiteness: a corrupt blob raises CorruptData and is never used.
"""

from __future__ import annotations

import hashlib

import numpy as np

from mnemon.errors import CorruptData

DTYPE_TAG = "f4le"
_LE_F32 = np.dtype("<f4")


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def normalise(vec: np.ndarray) -> np.ndarray:
    """A float32 unit vector (zero vectors stay zero)."""
    v = np.asarray(vec, dtype=np.float32).reshape(-1)
    norm = float(np.linalg.norm(v))
    if not np.isfinite(norm):
        raise CorruptData("vector holds NaN or infinite values")
    return v / norm if norm > 0 else v


def similarities(matrix: np.ndarray, vec: np.ndarray) -> np.ndarray:
    """``matrix @ vec`` (each row's dot product with ``vec``), on the calling thread only.

    numpy's ``@`` hands a matrix-vector product to BLAS, which splits it over a thread per
    core: on a busy machine (the daemon's read threads, other processes) those threads wait
    for each other, and a 10,000 x 384 product took 12-20 ms instead of 1.6 ms. ``einsum``
    runs numpy's own loop on this thread."""
    out: np.ndarray = np.einsum("ij,j->i", matrix, vec)
    return out


def encode(vec: np.ndarray) -> bytes:
    return np.ascontiguousarray(vec, dtype=_LE_F32).tobytes()


def decode(blob: bytes, dim: int, dtype: str = DTYPE_TAG) -> np.ndarray:
    if dtype != DTYPE_TAG:
        raise CorruptData(f"vector stored as {dtype!r}, expected {DTYPE_TAG!r}; re-embed with `mnemon embed --all`")
    if not isinstance(blob, (bytes, bytearray, memoryview)) or len(blob) != dim * 4:
        size = len(blob) if isinstance(blob, (bytes, bytearray, memoryview)) else "?"
        raise CorruptData(f"vector blob has {size} bytes, expected {dim * 4} for dimension {dim}")
    vec = np.frombuffer(blob, dtype=_LE_F32).astype(np.float32)
    if not np.all(np.isfinite(vec)):
        raise CorruptData("vector blob holds NaN or infinite values")
    return vec
