"""The client side of ``mnemon export`` and ``mnemon import``: backups that are never half-written
and restores of any size.

Export to a file writes a temporary file beside it (mode 0600), fsyncs it and renames it over
the target only once every record is in, so a failed or interrupted export leaves the previous
backup as it was. A target that is not a regular file (a FIFO, ``/dev/stdout``) is written in
place; a symbolic link keeps pointing where it did and its target is replaced.

Import streams the file: lines are read one at a time (an over-long line is skipped in pieces,
never held whole), parsed, checked one by one (JSON, an object, encodable, at most
:data:`MAX_RECORD_BYTES`) and sent in calls of at most :data:`BATCH_RECORDS` records and
:data:`BATCH_BYTES` bytes, far below the frame cap whatever the file's size. A bad record is
reported with its line number and skipped; the rest go on. Ids are kept when free (the daemon
reports what it renamed), and the id changes each call reports are carried into later calls, so
an edge finds its ends wherever they were in the file. Importing the same file again changes
nothing.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

from mnemon.errors import InvalidInput, MnemonError
from mnemon.wire.protocol import encode

BATCH_RECORDS = 100  # one call is one job on the single writer: keep it well under a second
BATCH_BYTES = 1024 * 1024
MAX_RECORD_BYTES = 1024 * 1024
MAX_LISTED = 1000  # problems and renames listed in a summary (the counts stay exact)
_PIECE = 64 * 1024


def write_export(records: Iterable[dict[str, Any]], output: str) -> int:
    """Write ``records`` as JSONL to ``output`` atomically; the number written."""
    if not output.strip():
        raise InvalidInput("the output file name is empty; give one (mnemon export -o backup.jsonl), or - for stdout")
    target = os.path.realpath(output)
    try:
        mode = os.stat(target).st_mode
    except (FileNotFoundError, NotADirectoryError):  # not there yet; the temporary file's creation says why
        mode = None
    if mode is not None and stat.S_ISDIR(mode):
        raise InvalidInput(f"cannot write {output}: it is a directory; name a file in it "
                           f"(mnemon export -o {os.path.join(output, 'backup.jsonl')})")
    if mode is not None and not stat.S_ISREG(mode):
        try:
            out = open(target, "w", encoding="utf-8")
        except OSError as err:
            raise _unwritable(output, err) from None
        with out:
            return _write(records, out)
    directory, name = os.path.split(target)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=directory or ".")
    except OSError as err:  # name what the user gave, not the temporary file they never named
        if err.errno == errno.ENOENT and not os.path.isdir(directory or "."):
            raise InvalidInput(f"cannot write {output}: the directory {directory} does not exist "
                               f"(create it first: mkdir -p {directory})") from None
        raise _unwritable(output, err) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            count = _write(records, out)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):  # the rename itself survives a power cut once the directory is synced
        dir_fd = os.open(directory or ".", os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    return count


def _unwritable(output: str, err: OSError) -> Exception:
    """A path the user named that cannot take the export: bad input (exit 2) when the path is at
    fault (a file where a directory should be, no permission, a read-only file system), else
    the system's error (a full disk), with the name the user gave and not a temporary file's."""
    if err.errno in (errno.ENOTDIR, errno.EACCES, errno.EPERM, errno.EROFS, errno.EISDIR, errno.ENAMETOOLONG):
        return InvalidInput(f"cannot write {output}: {err.strerror.lower() if err.strerror else err}; "
                            "give a path to a file in a directory you can write")
    return OSError(err.errno, f"cannot write {output} ({err.strerror})")


def _write(records: Iterable[dict[str, Any]], out: IO[str]) -> int:
    count = 0
    for record in records:
        out.write(json.dumps(record, ensure_ascii=False) + "\n")
        count += 1
    return count


def read_lines(handle: IO[bytes], max_bytes: int = MAX_RECORD_BYTES) -> Iterator[tuple[int, bytes | None]]:
    """(line number, bytes) of each line; None for a line over ``max_bytes`` (skipped unread)."""
    number = 0
    while True:
        raw = handle.readline(max_bytes + 1)
        if not raw:
            return
        number += 1
        if len(raw) > max_bytes and not raw.endswith(b"\n"):
            while True:
                piece = handle.readline(_PIECE)
                if not piece or piece.endswith(b"\n"):
                    break
            yield number, None
            continue
        yield number, raw


class Importer:
    """One import: feed it lines, then :meth:`finish`; ``send(records, ids)`` is one daemon call."""

    def __init__(self, name: str, send: Callable[[list[dict[str, Any]], dict[str, str]], dict[str, Any]]) -> None:
        self.name = name
        self._send = send
        self.counts = {"insights": 0, "skipped": 0, "edges": 0, "edges_unchanged": 0, "settings": 0, "errors": 0,
                       "renamed": 0}
        self.lines = 0
        self.problems: list[dict[str, Any]] = []
        self.renamed: list[dict[str, str]] = []
        self.ids: dict[str, str] = {}  # old id -> id in the store, where they differ, for the whole import
        self._batch: list[dict[str, Any]] = []
        self._numbers: list[int] = []
        self._bytes = 0
        self.pending_from: int | None = None  # the first line not known to be in (while a call is out)

    def feed(self, number: int, raw: bytes | None) -> None:
        self.lines = number
        if raw is None:
            self._problem(number, f"the line is over {MAX_RECORD_BYTES:,} bytes; no record is that large")
            return
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            self._problem(number, f"not UTF-8 ({err.reason} at byte {err.start})")
            return
        if not text.strip():
            return
        try:
            record = json.loads(text)
        except (ValueError, RecursionError) as err:
            self._problem(number, f"not valid JSON ({err})"[:300])
            return
        if not isinstance(record, dict):
            self._problem(number, f"a record must be a JSON object, not {type(record).__name__}")
            return
        try:
            size = len(encode(record))
        except MnemonError as err:
            self._problem(number, f"the record cannot be sent: {err.message}")
            return
        if size > MAX_RECORD_BYTES:
            self._problem(number, f"the record is {size:,} bytes; the limit is {MAX_RECORD_BYTES:,}")
            return
        if self._batch and (len(self._batch) >= BATCH_RECORDS or self._bytes + size > BATCH_BYTES):
            self.flush()
        self._batch.append(record)
        self._numbers.append(number)
        self._bytes += size

    def flush(self) -> None:
        """Send what is waiting (one call)."""
        if not self._batch:
            return
        batch, numbers = self._batch, self._numbers
        self._batch, self._numbers, self._bytes = [], [], 0
        self.pending_from = numbers[0]
        wanted = {str(r.get(k)) for r in batch if r.get("kind") == "edge" for k in ("source_id", "target_id")}
        reply = self._send(batch, {old: new for old, new in self.ids.items() if old in wanted})
        self.pending_from = None
        for key in ("insights", "skipped", "edges", "edges_unchanged", "settings", "errors"):
            self.counts[key] += int(reply.get(key, 0))
        self.ids.update(reply.get("ids") or {})
        for pair in reply.get("renamed") or []:
            self.counts["renamed"] += 1
            if len(self.renamed) < MAX_LISTED:
                self.renamed.append(pair)
        for problem in reply.get("problems") or []:
            index = problem.get("index")
            line = numbers[index] if isinstance(index, int) and 0 <= index < len(numbers) else None
            if len(self.problems) < MAX_LISTED:
                self.problems.append({"line": line, "error": str(problem.get("error"))})

    def _problem(self, number: int, error: str) -> None:
        self.counts["errors"] += 1
        if len(self.problems) < MAX_LISTED:
            self.problems.append({"line": number, "error": error})

    def summary(self) -> dict[str, Any]:
        problems = sorted(self.problems, key=lambda p: p["line"] if isinstance(p["line"], int) else 0)
        return {**self.counts, "lines": self.lines, "file": self.name, "renamed_ids": list(self.renamed),
                "problems": problems}


def open_input(path: str) -> tuple[IO[bytes], int | None]:
    """The file (or stdin for ``-``) to import, in binary, and its size when it has one."""
    handle: IO[bytes] = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
    try:
        info = os.fstat(handle.fileno())
        size = info.st_size if stat.S_ISREG(info.st_mode) else None
    except (OSError, ValueError):
        size = None
    return handle, size
