"""What a damaged database file still gives: its memories and edges, read in small ranges of
``seq`` so that one unreadable page costs the rows on it, not the whole export.

``Memory.open`` reads every row at once (to build RAM), so one damaged page makes the store
unreadable as a whole, and a daemon that cannot open it cannot start. The daemon that was
running when the damage happened holds every memory in RAM and exports them; when no daemon
runs (stopped, crashed, or refusing the file at every start), this is the export: the same
records as :func:`mnemon.engine.reports.export`, from the rows SQLite can still read.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mnemon.engine.db import connect
from mnemon.engine.model import EDGE_TYPES
from mnemon.engine.rows import INSIGHT_COLUMNS
from mnemon.engine.state import insight_from_row
from mnemon.errors import StorageError

CHUNK = 64  # seqs per read; a range that fails is read again one seq at a time
GAP = 100_000  # past the last row read, this many absent seqs in a row end the search (when max(seq) is unreadable)


class Salvage:
    """Iterate to get the records; then ``memories``, ``edges`` and ``lost`` (seqs or edge
    sources SQLite could not read) say what came out."""

    def __init__(self, path: Path | str, *, include_deleted: bool = False) -> None:
        self.path = Path(path)
        self.include_deleted = include_deleted
        self.memories = 0
        self.edges = 0
        self.lost = 0
        self._failed: list[int] = []

    def __iter__(self) -> Iterator[dict[str, Any]]:
        conn = connect(self.path, read_only=True)
        try:
            ids: dict[int, tuple[str, bool]] = {}  # seq -> (id, forgotten)
            for seq, rec in self._insights(conn):
                ids[seq] = (rec["id"], rec["deleted_at"] is not None)
                if rec["deleted_at"] is None or self.include_deleted:
                    self.memories += 1
                    yield rec
            if not ids:  # an empty export would replace the last good backup (`export -o`) with nothing
                raise StorageError(f"no memory could be read from {self.path}: the damage reaches the table "
                                   "itself; restore the last export or backup you have with `mnemon import`")
            for src, dst, code, weight, meta in self._rows(conn, "SELECT src, dst, type, weight, metadata "
                                                           "FROM graph_edges WHERE src BETWEEN ? AND ?", sorted(ids)):
                if dst not in ids or src not in ids or code >= len(EDGE_TYPES):
                    continue
                (a, a_gone), (b, b_gone) = ids[src], ids[dst]
                if (a_gone or b_gone) and not self.include_deleted:
                    continue
                self.edges += 1
                yield {"kind": "edge", "source_id": a, "target_id": b, "type": EDGE_TYPES[code], "weight": weight,
                       "metadata": _json(meta)}
        finally:
            conn.close()

    def _insights(self, conn: sqlite3.Connection) -> Iterator[tuple[int, dict[str, Any]]]:
        try:
            top = conn.execute("SELECT max(seq) FROM insights").fetchone()[0] or 0
        except sqlite3.DatabaseError:
            top = None
        sql = f"SELECT {INSIGHT_COLUMNS} FROM insights WHERE seq BETWEEN ? AND ?"
        last = 0
        start = 1
        while top is not None and start <= top or top is None and start <= last + GAP:
            for row in self._range(conn, sql, start, start + CHUNK - 1):
                try:
                    ins = insight_from_row(row)
                except (ValueError, TypeError):  # a row whose values came back garbled
                    self.lost += 1
                    continue
                last = max(last, row[0])
                rec = ins.to_dict()
                rec["kind"] = "insight"
                rec["created_ts"] = ins.created_at
                if row[16]:
                    rec["origin"] = row[16]
                yield row[0], rec
            start += CHUNK
        # seqs past the last readable row, when max(seq) itself is unreadable, are the search's end, not losses
        self.lost += sum(1 for seq in self._failed if seq <= max(last, top or 0))
        self._failed.clear()

    def _rows(self, conn: sqlite3.Connection, sql: str, keys: list[int]) -> Iterator[tuple[Any, ...]]:
        """The rows of ``sql`` (a range of one key) for each run of ``keys``, in chunks."""
        for i in range(0, len(keys), CHUNK):
            part = keys[i:i + CHUNK]
            yield from self._range(conn, sql, part[0], part[-1], part)
        self.lost += len(self._failed)
        self._failed.clear()

    def _range(self, conn: sqlite3.Connection, sql: str, lo: int, hi: int,
               keys: list[int] | None = None) -> list[tuple[Any, ...]]:
        """The rows of ``sql`` for keys ``lo`` to ``hi``; when that range cannot be read, each key
        (of ``keys`` when given: the range may be sparse) on its own."""
        try:
            return conn.execute(sql, (lo, hi)).fetchall()
        except sqlite3.DatabaseError:
            pass
        rows: list[tuple[Any, ...]] = []
        for key in keys if keys is not None else range(lo, hi + 1):
            try:
                rows.extend(conn.execute(sql, (key, key)).fetchall())
            except sqlite3.DatabaseError:
                self._failed.append(key)
        return rows


def _json(raw: Any) -> dict[str, Any]:
    try:
        value = json.loads(raw) if isinstance(raw, str) else {}
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}
