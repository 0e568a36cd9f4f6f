"""A saved copy of the RAM state beside the database, so a restart need not rebuild it.

SQLite stays canonical. Rebuilding ``State`` from it costs tens of microseconds a memory
(seconds at 100k); loading this file costs a few. The file names the database generation it
reflects: a counter that triggers advance on every change to insights, edges and vectors, in
the same transaction as the change (migration m004). A snapshot is used only when its
generation, memory count, highest sequence number, vector model and code layout all still
match; anything else (a crash after writes, another Mnemon version, a damaged or foreign file)
means a rebuild from SQLite, never a wrong state. ``Memory.close()`` writes it.

Format: a magic line, one JSON header line, the pickled Python part of the state, then the
numpy columns as raw little-endian bytes (read straight into arrays with spare capacity).
Unpickling is restricted to the handful of classes a ``State`` is made of, and the file must be
owned by this user and writable by no one else (it lives in the private data directory).
"""

from __future__ import annotations

import copy
import functools
import gc
import hashlib
import io
import json
import os
import pickle
import sqlite3
import sys
from dataclasses import fields
from pathlib import Path
from typing import Any

import numpy as np

from mnemon import __version__
from mnemon.engine import model, text
from mnemon.engine import state as state_mod
from mnemon.engine.model import CATEGORIES, EDGE_TYPES
from mnemon.engine.state import State, effective_model

MAGIC = b"MNEMON-STATE\n"
FORMAT = 1
# numpy columns stored raw; their first axis is the row (capacity is restored on load)
ARRAYS = ("active", "created", "scope_code", "cat_code", "source_code", "importance", "access", "last_access",
          "flagged", "pinned", "degree", "has_vec", "matrix")
_ALLOWED = {
    ("mnemon.engine.state", "State"), ("mnemon.engine.model", "Insight"), ("collections", "defaultdict"), ("array", "array"),
    ("array", "_array_reconstructor"), ("builtins", "set"), ("builtins", "frozenset"), ("builtins", "list"),
    ("builtins", "dict"), ("builtins", "tuple"),
}


def path_for(db: Path) -> Path:
    return db.with_name(db.name + ".state")


@functools.cache  # the code cannot change under a running process: read its source once
def layout() -> str:
    """Everything the file's meaning depends on besides the data: a change invalidates it.
    That includes the source of the modules that define and derive the state, so any edit
    to them costs one rebuild rather than risking a state built by other code."""
    parts: list[Any] = [FORMAT, __version__, text.TOKENS_VERSION, EDGE_TYPES, CATEGORIES, sys.version_info[:2],
                        sys.byteorder, np.__version__, [(f.name, str(f.type)) for f in fields(State)]]
    digest = hashlib.sha256(json.dumps(parts, default=str).encode())
    for module in (model, state_mod, text, sys.modules[__name__]):
        try:
            digest.update(Path(module.__file__ or "").read_bytes())
        except OSError:
            digest.update(b"?")
    return digest.hexdigest()[:16]


def stamp(conn: sqlite3.Connection) -> dict[str, int]:
    """Where the database is now: generation, memory count, highest sequence number."""
    gen = conn.execute("SELECT n FROM generation WHERE id = 1").fetchone()
    count, top = conn.execute("SELECT COUNT(*), COALESCE(MAX(seq), 0) FROM insights").fetchone()
    return {"generation": int(gen[0]) if gen else -1, "insights": int(count), "max_seq": int(top)}


def save(path: Path, state: State, at: dict[str, int]) -> None:
    """Write atomically (temporary file, fsync, rename), mode 0600."""
    n = len(state)
    if state.stale_tokens or n != at["insights"]:
        return
    body = copy.copy(state)
    arrays: list[tuple[str, np.ndarray]] = []
    for name in ARRAYS:
        if name != "matrix" or state.dim:
            arrays.append((name, np.ascontiguousarray(getattr(state, name)[:n])))
        setattr(body, name, None)
    payload = pickle.dumps(body, protocol=5)
    header = {"format": FORMAT, "layout": layout(), "stamp": at, "model_id": state.model_id, "dim": state.dim,
              "pickle_bytes": len(payload),
              "arrays": [[name, arr.dtype.str, list(arr.shape), arr.nbytes] for name, arr in arrays]}
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(MAGIC)
            f.write(json.dumps(header).encode() + b"\n")
            f.write(payload)
            for _name, arr in arrays:
                f.write(arr.reshape(-1).view(np.uint8).data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


class _Unpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if (module, name) not in _ALLOWED:
            raise pickle.UnpicklingError(f"{module}.{name} is not part of a state snapshot")
        return super().find_class(module, name)


def load(path: Path, conn: sqlite3.Connection, at: dict[str, int], model_id: str | None) -> State | None:
    """The saved state if it is exactly what ``State.load(conn, model_id)`` would build, else None."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    if info.st_uid != os.geteuid() or info.st_mode & 0o022:
        return None
    try:
        with open(path, "rb") as f:
            if f.read(len(MAGIC)) != MAGIC:
                return None
            header = json.loads(f.readline(1 << 20))
            if header.get("format") != FORMAT or header.get("layout") != layout() or header.get("stamp") != at:
                return None
            if not _same_vectors(conn, header.get("model_id"), model_id):
                return None
            arrays = header["arrays"]
            start = f.tell()
            if info.st_size != start + header["pickle_bytes"] + sum(a[3] for a in arrays):
                return None
            payload = f.read(header["pickle_bytes"])
            enabled = gc.isenabled()
            gc.disable()
            try:
                state = _Unpickler(io.BytesIO(payload)).load()
            finally:
                if enabled:
                    gc.enable()
            del payload
            if type(state) is not State:
                return None
            n = len(state.insights)
            cap = n + max(n // 4, 1024)
            for name, dtype, shape, nbytes in arrays:
                if name not in ARRAYS or not shape or shape[0] != n:
                    return None
                arr = np.zeros([cap] + list(shape[1:]), dtype=np.dtype(dtype))
                if arr[:n].nbytes != nbytes or f.readinto(arr.reshape(-1).view(np.uint8).data[:nbytes]) != nbytes:
                    return None
                setattr(state, name, arr)
    except (OSError, ValueError, KeyError, TypeError, IndexError, EOFError, AttributeError, pickle.UnpicklingError):
        return None
    if state.dim == 0:
        state.matrix = np.zeros((0, 0), np.float32)
    elif state.matrix is None or state.matrix.shape[1] != state.dim:
        return None
    if any(getattr(state, name) is None for name in ARRAYS):
        return None
    return state


def _same_vectors(conn: sqlite3.Connection, saved: object, wanted: str | None) -> bool:
    """Whether the saved state holds the vectors a rebuild for ``wanted`` would load."""
    effective = effective_model(conn, wanted)
    if saved == effective:
        return True
    if saved is None and effective is not None:  # saved without vectors: right if there are none
        return conn.execute("SELECT 1 FROM embeddings WHERE model = ? LIMIT 1", (effective,)).fetchone() is None
    return False
