"""The ops that serve Claude Code's hooks: capture (queued on the writer, one bounded step at a
time), inject and the SessionStart brief (read ops: what they hand out is recorded through the
writer, never by the read pool), mute, and the bulk import of transcripts. Each answer of
``inject`` and ``brief`` for a session is recorded in the injection log by a job queued on the
writer after the answer is built. Their requests are in ``mnemon.engine.requests``; their schemas in :data:`mnemon_daemon.ops.OPS`.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import logging
import os
import time
from collections.abc import Iterator
from concurrent.futures import TimeoutError as FutureTimeout
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mnemon.engine.requests import (
    BriefRequest,
    CaptureRequest,
    ImportTranscriptsRequest,
    InjectRequest,
    MuteRequest,
)
from mnemon.errors import DaemonError, InvalidInput, MnemonError, NotFound

if TYPE_CHECKING:
    from mnemon_daemon.server import Daemon

log = logging.getLogger("mnemon.daemon.ops")

COMPACT_BRIEF_WAIT = 0.75  # the SessionStart hook gives up after 1 s, counted from its own start
CAPTURE_SECONDS = 0.5  # one capture step's share of the writer (see capture_once)
CWD_PROBE_BYTES = 1024 * 1024


def op_capture(d: Daemon, r: CaptureRequest) -> dict[str, Any]:
    """Queue the capture; one already waiting for this (session, path) absorbs it (see captures.py)."""
    queued = d.captures.submit(dataclasses.asdict(r))
    return {"queued": True, "coalesced": not queued}


def op_inject(d: Daemon, r: InjectRequest) -> dict[str, Any]:
    """``transcript_path`` is accepted for the hook's convenience; injection does not read it. The
    block is kept as shown only when it is ready before ``until`` (:func:`delivered`)."""
    prompt, session_id, cwd, dry_run = r.prompt, r.session_id, r.cwd, r.dry_run
    d.need_screens()
    from mnemon.claude.inject import build_injection

    started = time.perf_counter()
    out: dict[str, Any] = build_injection(d.memory, prompt=prompt, session_id=session_id, cwd=cwd, config=d.config,
                                          query_vector=d.query_vector(prompt), record=False)
    if not dry_run:
        if session_id and r.transcript_path and d.config.capture:  # off: no catch-up may store it later
            _note_open(d, session_id, r.transcript_path, cwd)
        out = kept_as_shown(d, out, r.until, session_id)
        record_injection(d, out, session_id=session_id, cwd=cwd, event="prompt", prompt=prompt, started=started)
    return out


def kept_as_shown(d: Daemon, out: dict[str, Any], until: float | None, session_id: str) -> dict[str, Any]:
    """A block's notes kept as shown in the session when the hook gets it in time (:func:`delivered`);
    otherwise what the session got: nothing."""
    from mnemon.claude.inject import record_shown

    ids = [item["id"] for item in out.get("items") or []]
    if not (ids and session_id):
        return out
    if delivered(until, session_id):
        record_shown(d.memory, session_id, ids)
        return out
    return {"context": "", "items": [], "reason": "late"}


LATE_MARGIN = 0.05  # seconds: an answer this close to the caller's deadline may reach it too late


def delivered(until: float | None, session_id: str) -> bool:
    """Whether an answer ready now reaches the hook that asked: a hook gives up at its deadline (a
    daemon starting or busy), and the notes of an answer it never read must stay unshown in the
    session, else they are left out of all its later prompts as 'already shown'."""
    if until is None or time.time() < until - LATE_MARGIN:
        return True
    log.info("answer for session %s ready %.2f s after its hook gave up: not kept as shown", session_id,
             time.time() - until)
    return False


OPEN_KEY = "open-transcripts"  # the sessions that typed a prompt, each with its transcript: [sid, path, cwd]
OPEN_KEEP = 50


def _note_open(d: Daemon, session_id: str, path: str, cwd: str) -> None:
    """Remember a session's transcript from its first prompt. A session killed before its first
    Stop (a closed terminal, a crash, kill -9) fires no capture hook at all, and what was typed in
    it was never captured; the next SessionStart catches it up (:func:`_catch_up`)."""
    known = d.memory.kv_get(OPEN_KEY)
    entries = [e for e in known if isinstance(e, list) and len(e) == 3] if isinstance(known, list) else []
    if [session_id, path, cwd] not in entries:
        d.memory.kv_set_deferred(OPEN_KEY, (entries + [[session_id, path, cwd]])[-OPEN_KEEP:])


def _catch_up(d: Daemon, session_id: str) -> None:
    """At a session's start, queue a capture of every other session that typed a prompt since the
    last start: one that ended well finds nothing new past its cursor; one killed before its first
    Stop is captured now. A session still running is noted again at its next prompt."""
    known = d.memory.kv_get(OPEN_KEY)
    entries = [e for e in known if isinstance(e, list) and len(e) == 3] if isinstance(known, list) else []
    others = [e for e in entries if e[0] != session_id]
    if not others:
        return
    d.memory.kv_set_deferred(OPEN_KEY, [e for e in entries if e[0] == session_id])
    for sid, path, cwd in others:
        try:
            d.captures.submit({"session_id": sid, "transcript_path": path, "cwd": cwd, "event": "catch-up",
                               "last_assistant_message": None})
        except MnemonError:
            return  # shutting down: the entries are dropped, as a failed capture would be


def record_injection(d: Daemon, result: dict[str, Any], *, session_id: str, cwd: str, event: str, prompt: str,
                     started: float) -> None:
    """Queue the injection-log entry for one answer (nothing for a call without a session).
    The entry, its redaction included, is built on the writer: the hook is answered first."""
    if not session_id:
        return
    took_ms = (time.perf_counter() - started) * 1000.0

    def job() -> None:
        from mnemon.claude.project import project_scope
        from mnemon.engine.injections import entry_of

        try:
            scope = project_scope(cwd) if cwd else ""
            d.memory.log_injection(entry_of(result, session_id=session_id, scope=scope, event=event, prompt=prompt,
                                            took_ms=took_ms))
        except MnemonError as err:  # the log is a record, never a reason to fail the writer
            log.warning("injection log entry for %s not recorded: %s", session_id, err.message)

    try:
        d.writer.submit(job)
        # what the answer recorded through Memory.kv_set_deferred (injected ids) and its access touches
        d.writer.submit_once("flush", d.memory.flush)
    except DaemonError:
        pass  # shutting down: the answer stands, the record is lost (close() flushes the rest)


def op_brief(d: Daemon, r: BriefRequest) -> dict[str, Any]:
    """The SessionStart brief. After compaction it records state (``compacted:``, a reset of
    ``injected:``) and reads what the PreCompact capture stored, so it runs on the writer,
    after that session's waiting captures; the hook waits at most :data:`COMPACT_BRIEF_WAIT`
    and gets an empty context when the capture is still running (the brief still completes)."""
    session_id, cwd, source = r.session_id, r.cwd, r.source
    d.need_screens()
    from mnemon.claude.inject import build_brief

    started = time.perf_counter()
    event = source if source in ("startup", "resume", "clear", "compact") else "startup"

    def brief() -> dict[str, Any]:
        out: dict[str, Any] = build_brief(d.memory, session_id=session_id, cwd=cwd, source=source, config=d.config,
                                          record=False)
        # (the brief after compaction records no note as shown)
        return out if source == "compact" else kept_as_shown(d, out, r.until, session_id)

    def recorded(out: dict[str, Any]) -> dict[str, Any]:
        record_injection(d, out, session_id=session_id, cwd=cwd, event=event, prompt="", started=started)
        return out

    if source != "compact":
        if session_id:
            _catch_up(d, session_id)
        return recorded(brief())

    def after_captures() -> dict[str, Any]:
        if session_id:
            d.captures.drain_session(session_id)
        return brief()

    fut = d.writer.submit(after_captures)
    try:
        out: dict[str, Any] = fut.result(timeout=COMPACT_BRIEF_WAIT)
    except FutureTimeout:
        log.info("compaction brief for %s still waiting for its capture; answering empty", session_id)
        return recorded({"context": "", "late": True, "reason": "late"})
    return recorded(out)


def op_mute(d: Daemon, r: MuteRequest) -> Any:
    """Mute a session, or a project named by a directory in it (``cwd``) or by its scope."""
    target, session_id, cwd, scope, on = r.target, r.session_id, r.cwd, r.scope, r.on
    from mnemon.claude.inject import mute_key, set_mute

    if target not in ("session", "project"):
        raise InvalidInput(f"mute: target must be 'session' or 'project', got {target!r}")
    if target == "project" and scope is not None and not cwd:
        if not scope.strip() or scope == "global":
            raise InvalidInput("mute: name a project scope (the global scope is not a project)")
        d.memory.kv_set(mute_key("project", scope), {"on": True, "at": time.time()} if on else None)
        return {"target": "project", "scope": scope, "muted": bool(on)}
    return set_mute(d.memory, target=target, session_id=session_id, cwd=cwd, on=on)


def _pass_over_disabled(d: Daemon, args: dict[str, Any]) -> None:
    """Pass over the turns of this session's transcript said while ``MNEMON_DISABLE=1`` was set:
    its capture hooks noted where the transcript ended (hooks/_hooklib.py note_disabled), and
    the session, resumed without the switch, must not have them stored now. The notes of other
    sessions are kept for their own captures."""
    from mnemon.claude.capture import pass_over

    path = d.paths.disabled_path
    if not os.path.exists(path):
        return
    taken = f"{path}.{os.getpid()}"
    try:
        os.replace(path, taken)
        with open(taken, "rb") as fh:
            lines = fh.read(1 << 20).splitlines()
        os.unlink(taken)
    except OSError as err:
        log.warning("cannot read %s: %s", path, err)
        return
    others: list[bytes] = []
    for line in lines:
        try:
            mark = json.loads(line)
            mine = mark["session_id"] == args["session_id"] and mark["transcript_path"] == args["transcript_path"]
            if mine:
                log.info("MNEMON_DISABLE was set: %s passed over up to byte %s: %s", args["session_id"],
                         mark["offset"], pass_over(d.memory, session_id=args["session_id"],
                                                   transcript_path=args["transcript_path"], upto=int(mark["offset"])))
        except (ValueError, KeyError, TypeError):
            continue
        if not mine:
            others.append(line)
    if others:
        with open(path, "ab") as fh:
            fh.write(b"".join(line + b"\n" for line in others))


def capture_once(d: Daemon, args: dict[str, Any]) -> Any:
    """One capture step on the writer thread; a failure is logged (the cursor lets it retry).
    A step lasts about :data:`CAPTURE_SECONDS` at most (``more`` asks for the next), so a huge
    transcript never holds up the writer's other jobs for long."""
    from mnemon.claude.capture import capture_transcript, pass_over

    try:
        if args.get("event") != "import":
            _pass_over_disabled(d, args)
        if not d.config.capture and args.get("event") != "import":  # 'mnemon import-transcripts' is asked for
            summary = pass_over(d.memory, **args)
            log.info("capture is off: %s %s passed over, nothing stored: %s", args.get("event"),
                     args.get("session_id"), summary)
            return summary
        summary = capture_transcript(d.memory, **args, call_seconds=CAPTURE_SECONDS)
    except Exception:  # a capture failure must not stop the writer or the other sessions
        log.exception("capture failed for session %s", args.get("session_id"))
        return None
    log.info("capture %s %s: %s", args.get("event"), args.get("session_id"), summary)
    d.embedder_wake()
    return summary


def _transcript_cwd(path: Path) -> str | None:
    """The working directory recorded in a transcript's first lines (None when absent); at
    most :data:`CWD_PROBE_BYTES` are read. Lines are decoded with replacement, as capture reads
    them: a byte that is not UTF-8 used to drop the line, and the project with it."""
    try:
        with path.open("rb") as fh:
            budget = CWD_PROBE_BYTES
            for _ in range(50):
                line = fh.readline(budget)
                budget -= len(line)
                try:  # a stray byte that is not UTF-8 must not lose the project (capture replaces it too)
                    entry = json.loads(line.decode("utf-8", "replace"))
                except (ValueError, RecursionError):
                    entry = None
                if isinstance(entry, dict) and isinstance(entry.get("cwd"), str):
                    return str(entry["cwd"])
                if not line.endswith(b"\n"):  # the end of the file or of the budget
                    break
    except OSError:
        return None
    return None


# What import_transcripts reports, summed over every capture step: user-facing counts only.
TRANSCRIPT_COUNTS = ("turns", "added", "skipped", "errors")


def op_import_transcripts(d: Daemon, r: ImportTranscriptsRequest) -> Iterator[dict[str, Any]]:
    """Capture every transcript under ``dir``: a ``progress`` chunk after each capture step
    (each at most :data:`CAPTURE_SECONDS` of writer time), and in the last one, ``embedding``:
    how many memories still wait for a vector and about how long the background queue will
    take for them (at its measured rate)."""
    root = Path(os.path.expanduser(r.dir))
    if not root.is_dir():
        raise NotFound(f"{root} is not a directory of Claude Code transcripts")
    files = sorted(p for p in root.rglob("*.jsonl") if p.is_file() and "subagents" not in p.parts)
    totals: dict[str, Any] = {"files": len(files), "done": 0, "failed": 0, **dict.fromkeys(TRANSCRIPT_COUNTS, 0),
                              "unreadable_lines": 0}
    yield {"progress": dict(totals)}
    for path in files:
        args = {
            "session_id": path.stem,
            "transcript_path": str(path),
            "cwd": _transcript_cwd(path) or str(path.parent),
            "last_assistant_message": None,
            "event": "import",
        }
        failed = False
        while True:
            summary = d.writer.submit(functools.partial(capture_once, d, args)).result()
            if not isinstance(summary, dict):
                failed = True
                break
            for key in TRANSCRIPT_COUNTS:
                totals[key] += int(summary.get(key) or 0)
            totals["unreadable_lines"] += int(summary.get("bad_lines") or 0) + int(summary.get("long_lines") or 0)
            if not summary.get("more"):
                break
            yield {"progress": dict(totals), "file": str(path)}
        totals["done"] += 1
        totals["failed"] += int(failed)
        yield {"progress": dict(totals), "file": str(path)}
    yield {"progress": dict(totals), "embedding": _embedding_outlook(d)}


def _embedding_outlook(d: Daemon) -> dict[str, Any]:
    """What is left for the background embedding queue, and about how long it will take."""
    embedder = d.embedder
    if embedder is None:
        return {"model": None, "pending": 0, "seconds": None}
    pending = int(d.memory.embed_status()["missing"])
    if pending and d.embed_worker.rate is None:
        try:  # no batch measured yet: time one (real work, not a probe thrown away)
            d.embed_worker.step()
        except Exception as err:  # an embedder failing here only costs the estimate
            log.info("embedding estimate unavailable: %s", err)
        pending = int(d.memory.embed_status()["missing"])
    eta = d.embed_worker.estimate(pending)
    return {"model": getattr(embedder, "model_id", None), "pending": pending,
            "seconds": None if eta is None else round(eta, 1)}
