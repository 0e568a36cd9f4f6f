"""Claude Code turns -> memories, idempotently, from a per-session byte-offset cursor.

Each call reads the transcript delta after the cursor stored in the engine's key-value
table (``cursor:<session_id>:<path hash>``), turns it into memories and moves the cursor
past what it consumed. Per turn (a typed user prompt and the assistant messages that
answer it) at most three memories are written, each with an idempotency *origin*
``cc:<session_id>:<uuid of the turn's user line>:<part>``:

* ``user``: what the user asked or stated, condensed to ~1,200 characters. Decisions,
  preferences and corrections get importance 4; a preference the user states about
  themselves ("I prefer tabs", "my name is ...") goes to the ``global`` scope, everything
  else to the project scope. Trivial acknowledgements are not stored.
* ``assistant``: what the assistant concluded: the text of the turn's replies (thinking
  dropped), condensed to its first and last sentences within ~1,200 characters;
  importance 2, or 3 with a decision cue. A bare acknowledgement ("OK.", "Done.") is not
  stored.
* ``tools``: what was done ("Edited src/app.py; ran `pytest -q`."), importance 2, only
  when something was edited, written, run or delegated.

The same line never becomes two memories: re-reading a delta (a crash before the cursor
was saved, a truncated file read again from 0) hits the same origins and is skipped.
Stop can fire before the last assistant block is on disk: ``last_assistant_message``
then stands in for the reply under the same ``assistant`` origin, so the late flush is a
skipped duplicate. Without it, the reply flushed later is read as the continuation of the
turn the cursor left open (the cursor remembers that turn's uuid and where its prompt is): the
turn is read again from its prompt and written whole, so the notes of its later part are
stored as one capture of the turn stores them. A turn's trace is recorded once: text flushed
after its ``assistant`` memory was written is not added to it.

Memory stays bounded: each chunk is at most :data:`CHUNK_BYTES` of complete lines (the
cursor never splits a turn across chunks unless one turn alone exceeds a chunk) and one
call reads at most :data:`CALL_BYTES`, returning ``more: True`` when it stopped early. Time
is bounded too when ``call_seconds`` is given (the daemon's single writer passes it): the
call stops at the first chunk end or turn boundary after it, with ``more: True``. Stopping
inside a chunk means reading it again on the next call, so that happens only once writing
has taken at least twice as long as reading and parsing the chunk did: however slow the
machine, at most a third of the work is spent on reading twice.

Where the steps fall does not change what is stored: the state a turn needs from the turns
before it (the text before it, the prompt of a turn read on in a later step, the notes shown
that the store does not hold) is kept with the cursor, so a session captured Stop by Stop, or
imported in time-bounded steps, gives the store one capture of the whole transcript gives.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import logging
import os
import re
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mnemon.claude.cues import condense, is_trivial
from mnemon.claude.inject import INJECTED_KEEP, injected_ids, injected_key
from mnemon.claude.notes import Note, acknowledged, pattern, pattern_key, read_turn
from mnemon.claude.project import project_scope
from mnemon.claude.sentences import sentences
from mnemon.claude.transcript import (
    MAX_LINE,
    Chunk,
    Cursor,
    Turn,
    parse_turns,
    read_chunk,
    summarise_tools,
    user_prompt,
)
from mnemon.engine import text as text_mod
from mnemon.engine.model import GLOBAL_SCOPE
from mnemon.errors import InvalidInput, MnemonError
from mnemon.safety.redact import redact, strip_private

if TYPE_CHECKING:
    from mnemon.engine.memory import Memory

log = logging.getLogger("mnemon.capture")

CHUNK_BYTES = 8 * 1024 * 1024
CALL_BYTES = 64 * 1024 * 1024
STEP_CHUNK_BYTES = 64 * 1024  # the first read of a time-bounded call (see _read)
CONTEXT_LIMIT = 600  # characters of the neighbouring turn kept as a memory's search context
TEXT_LIMIT = 1200
ECHO_SHARE = 0.7  # share of a sentence's words found in its prompt or an injected note: a restatement
ACK_ECHO_SHARE = 0.4  # the same share after "Noted: ...": an acknowledgement says back what was just said
CARRY_LIMIT = 8000  # characters of a text carried to the next capture step (see _Writer.carried)
CARRY_SHOWN = 100  # notes shown that the store does not hold, carried to the next step
ECHO_WORDS, ECHO_NOTE_SHARE = 4, 0.5  # a restatement repeats 4 of the note's words, or half of a shorter note's
ECHO_NEW_SHARE = 0.5  # a sentence whose words are more than half new to the note it shares a value with adds to it
ECHO_HINTED = 0.3  # the share that suffices when the sentence shares a value with the note or cites it


def cursor_key(session_id: str, transcript_path: str) -> str:
    digest = hashlib.sha1(transcript_path.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    return f"cursor:{session_id}:{digest}"


def pass_over(memory: Memory, *, session_id: str, transcript_path: str, upto: int | None = None,
              **_: Any) -> dict[str, Any]:
    """With capture turned off (``capture = false``): move the session's cursor past what its
    transcript holds now (or up to byte ``upto``: where it stood when a hook ran with the kill
    switch set), storing nothing. A hook that only skipped its capture left the cursor behind,
    and the next capture once it was on again stored every turn said while it was off. A line
    still being written is passed over to its end too (the cursor's ``skipping``)."""
    key = cursor_key(session_id, transcript_path)
    cursor = Cursor.from_dict(memory.kv_get(key))
    try:
        with open(transcript_path, "rb") as fh:
            st = os.fstat(fh.fileno())
            end = st.st_size if upto is None else min(upto, st.st_size)
            same = cursor.inode in (None, st.st_ino) and cursor.offset <= st.st_size
            start, lines = (cursor.offset, cursor.line) if same else (0, 0)
            if start >= end:
                return {"off": True, "passed_bytes": 0, "offset": start, "more": False}
            fh.seek(start)
            tail = b"\n"
            while (want := end - fh.tell()) > 0 and (block := fh.read(min(want, 1 << 20))):
                lines += block.count(b"\n")
                tail = block[-1:]
    except OSError:
        return {"off": True, "missing": True, "more": False}
    moved = Cursor(offset=end, line=lines, inode=st.st_ino, turn=cursor.turn, skipping=tail != b"\n")
    memory.kv_set(key, moved.to_dict())
    return {"off": True, "passed_bytes": end - start, "offset": end, "more": False}


def capture_transcript(
    memory: Memory,
    *,
    session_id: str,
    transcript_path: str,
    cwd: str,
    event: str = "Stop",
    last_assistant_message: str | None = None,
    scope: str | None = None,
    now: float | None = None,
    chunk_bytes: int = CHUNK_BYTES,
    call_bytes: int = CALL_BYTES,
    call_seconds: float | None = None,
) -> dict[str, Any]:
    """Capture the transcript delta of one session; see the module docstring."""
    if not isinstance(session_id, str) or not session_id.strip() or len(session_id) > 200:
        raise InvalidInput("session_id must be a non-empty string of at most 200 characters")
    if not isinstance(transcript_path, str) or not transcript_path.strip() or "\x00" in transcript_path:
        raise InvalidInput("transcript_path must be a non-empty path")
    project = scope or project_scope(cwd)
    key = cursor_key(session_id, transcript_path)
    stored = memory.kv_get(key)
    cursor = Cursor.from_dict(stored)
    writer = _Writer(memory, session_id, transcript_path, project, cwd, event, now)
    writer.resume(stored)
    if call_seconds is not None:
        writer.deadline = time.monotonic() + call_seconds
    summary: dict[str, Any] = {**dict.fromkeys(("lines", "turns", "added", "skipped", "errors", "long_lines",
                                                 "bad_lines"), 0),
                               "reset": False, "missing": False, "more": False, "start": cursor.offset}
    consumed = 0
    while True:
        writer.chunk_started = time.monotonic()
        chunk = _read(transcript_path, cursor, chunk_bytes, small=call_seconds is not None)
        if chunk.missing:
            summary["missing"] = True
            break
        if chunk.reset:
            log.info("transcript %s shrank or was replaced; reading it again from the start", transcript_path)
            summary["reset"] = True
            cursor = Cursor(inode=chunk.inode)
        before = cursor.line
        cursor = _consume(writer, chunk, cursor, last_assistant_message if chunk.eof else None)
        memory.kv_set(key, {**cursor.to_dict(), **writer.carried(cursor.turn_uuid)})
        summary["lines"] += cursor.line - before
        long_lines = sum(1 for at in chunk.long_at if at < cursor.offset)  # the rest is read again
        summary["long_lines"] += long_lines
        summary["bad_lines"] += sum(1 for at in chunk.bad_at if at < cursor.offset)
        consumed += chunk.end - chunk.start
        if long_lines:
            log.warning("skipped %d transcript line(s) over %d bytes in %s", long_lines, MAX_LINE, transcript_path)
        if writer.stopped:
            summary["more"] = True
            break
        if chunk.eof or cursor.offset <= chunk.start:
            break
        if consumed >= call_bytes or writer.out_of_time(at_chunk_end=True):
            summary["more"] = True
            break
    summary.update(
        turns=writer.turns,
        added=writer.added,
        skipped=writer.skipped,
        errors=writer.errors,
        echoes=writer.echoes,
        offset=cursor.offset,
        scope=project,
    )
    return summary


def _read(path: str, cursor: Cursor, chunk_bytes: int, *, small: bool) -> Chunk:
    """The next chunk. A time-bounded call (``small``) writes only a few turns before its time
    is up, so it reads :data:`STEP_CHUNK_BYTES` first, and more (up to ``chunk_bytes``) only
    while that holds no turn boundary: a turn is still never split below ``chunk_bytes``."""
    size = min(chunk_bytes, STEP_CHUNK_BYTES) if small else chunk_bytes
    while True:
        chunk = read_chunk(path, cursor, max_bytes=size, max_line=MAX_LINE)
        if chunk.eof or chunk.skipping or size >= chunk_bytes or _turn_starts_inside(chunk):
            return chunk
        size = min(size * 4, chunk_bytes)


def _turn_starts_inside(chunk: Chunk) -> bool:
    return any(r.offset > chunk.start and r.data.get("type") == "user" and r.data.get("isSidechain") is not True
               and user_prompt(r.data) is not None for r in chunk.records)


def _consume(writer: _Writer, chunk: Chunk, cursor: Cursor, late_reply: str | None) -> Cursor:
    """Write the memories of one chunk and return the cursor after what was consumed."""
    turns = parse_turns(chunk.records, open_turn=cursor.turn_uuid, turn_index=cursor.turn, cwd=writer.cwd)
    turns = _with_its_start(writer, chunk, cursor, turns)
    writer.read_seconds = time.monotonic() - writer.chunk_started
    end, end_line = chunk.end, chunk.end_line
    if turns and turns[-1].prompt is not None and turns[-1].offset > chunk.start:
        if not chunk.eof:
            last = turns.pop()
            end, end_line = last.offset, last.line - 1
    if late_reply and late_reply.strip():
        if turns:
            target = turns[-1]
        elif cursor.turn_uuid is not None:
            target = Turn(cursor.turn_uuid, cursor.turn, chunk.end, chunk.end_line, None)
            turns.append(target)
        else:
            target = None
        if target is not None:
            writer.late_reply = (target.uuid, late_reply)
    for i, turn in enumerate(turns):
        # stop at this turn's start, the next call going on from it; never where this call began
        # (behind an empty continuation of the turn before): that step would make no progress
        if i and turn.offset > chunk.start and writer.out_of_time():
            writer.stopped = True
            return Cursor(turn.offset, turn.line - 1, chunk.inode, turns[i - 1].uuid, turns[i - 1].index)
        writer.write_turn(turn)
    skipping = chunk.skipping and end == chunk.end
    if turns:
        return Cursor(end, end_line, chunk.inode, turns[-1].uuid, turns[-1].index, skipping)
    return Cursor(end, end_line, chunk.inode, cursor.turn_uuid, cursor.turn, skipping)


def _with_its_start(writer: _Writer, chunk: Chunk, cursor: Cursor, turns: list[Turn]) -> list[Turn]:
    """``turns`` with a continuation (the rest of a turn begun in an earlier step: a PreCompact in
    the middle of a tool loop, a block flushed after its Stop) read again from the turn's prompt,
    so the turn is written whole as one capture writes it. Written alone, its replies were numbered
    from the start again and their notes took the origins of the first part's: lost. What was
    written before is found by its origins and skipped. Only within :data:`CHUNK_BYTES`."""
    if not turns or turns[0].prompt is not None or not turns[0].replies:
        return turns
    uuid, offset, line = writer.turn_at
    if uuid != cursor.turn_uuid or not 0 <= offset < chunk.start or chunk.start - offset > CHUNK_BYTES:
        return turns
    earlier = read_chunk(writer.path, Cursor(offset, max(line - 1, 0), chunk.inode), max_bytes=chunk.start - offset,
                         max_line=MAX_LINE)
    records = [r for r in earlier.records if r.offset < chunk.start]
    if earlier.reset or earlier.missing or not records or records[0].offset != offset:
        return turns
    again = parse_turns(records + list(chunk.records), turn_index=max(cursor.turn - 1, 0), cwd=writer.cwd)
    if not again or again[0].uuid != uuid or again[0].prompt is None:
        return turns
    writer.replayed = uuid
    return again


class _Writer:
    """Turns to ``remember`` calls, counting what happened.

    Per turn: the notes :func:`mnemon.claude.notes.read_turn` finds in the prompt and in the reply
    (each a memory of its own kind, injectable), and *traces* of the turn (the prompt, the
    condensed reply, what was done: category ``context``, tag ``trace``) that are searched and
    linked but never injected on their own. A reply's sentence that repeats its own prompt
    ("Noted: ...") or a note injected earlier in this session is not stored again: the
    injected memory is reinforced instead."""

    def __init__(
        self, memory: Memory, session_id: str, path: str, scope: str, cwd: str, event: str, now: float | None
    ) -> None:
        self.memory = memory
        self.session_id = session_id
        self.path = path
        self.scope = scope
        self.cwd = cwd
        self.event = event
        self.now = now
        self.turns = self.added = self.skipped = self.errors = self.echoes = 0
        self.late_reply: tuple[str, str] | None = None
        self.previous = ""  # the last text written: context for the next memory
        self.prompt: tuple[str, str] = ("", "")  # the last turn's (uuid, prompt): a reply read in a later step
        self.unknown_shown: list[str] = []  # notes shown in the session that the store does not hold
        self.turn_at: tuple[str, int, int] = ("", -1, 0)  # the last turn's (uuid, offset, line) of its prompt
        self.replayed = ""  # a turn read again from its prompt (see _with_its_start): counted already
        self.replaying = False  # writing that turn now: its restatements were reinforced the first time
        self._carried: tuple[tuple[Any, ...], dict[str, Any]] | None = None
        self._injected: list[tuple[str, frozenset[str], frozenset[str]]] | None = None
        self.deadline: float | None = None  # monotonic time after which the call stops early
        self.stopped = False
        self.chunk_started = 0.0  # when the current chunk's read began
        self.read_seconds = 0.0  # how long reading and parsing it took

    def resume(self, stored: Any) -> None:
        """Take up the session's state where the previous capture step left it (see :meth:`carried`)."""
        if not isinstance(stored, dict):
            return
        previous, prompt, shown = stored.get("previous"), stored.get("prompt"), stored.get("shown")
        turn_at = stored.get("turn_at")
        if (isinstance(turn_at, list) and len(turn_at) == 3 and isinstance(turn_at[0], str)
                and all(isinstance(v, int) and not isinstance(v, bool) for v in turn_at[1:])):
            self.turn_at = (turn_at[0], turn_at[1], turn_at[2])
        if isinstance(previous, str):
            self.previous = previous
        if isinstance(prompt, list) and len(prompt) == 2 and all(isinstance(p, str) for p in prompt):
            self.prompt = (prompt[0], prompt[1])
        if isinstance(shown, list):
            self.unknown_shown = [s for s in shown if isinstance(s, str)][-CARRY_SHOWN:]

    def carried(self, open_turn: str | None) -> dict[str, Any]:
        """What the next step of this session needs from the turns before it, kept with the cursor:
        the text before its first turn (that turn's context), the prompt of the turn it may go on
        with, and the notes shown that the store does not hold (a reply restating one is no new
        note). Without it each step began blank, and the store depended on where steps fell. The
        texts are redacted (the cursor is a row of the database file) and bounded."""
        prompt = self.prompt[1] if self.prompt[0] and self.prompt[0] == open_turn else ""
        memo = (self.previous, prompt, tuple(self.unknown_shown), self.turn_at, open_turn)
        if self._carried is not None and self._carried[0] == memo:
            return self._carried[1]
        out: dict[str, Any] = {}
        if self.previous:
            out["previous"] = _kept(self.previous)
        if prompt:
            out["prompt"] = [self.prompt[0], _kept(prompt)]
        if self.unknown_shown:
            out["shown"] = self.unknown_shown[-CARRY_SHOWN:]
        if self.turn_at[0] and self.turn_at[0] == open_turn:
            out["turn_at"] = list(self.turn_at)
        self._carried = (memo, out)
        return out

    def out_of_time(self, *, at_chunk_end: bool = False) -> bool:
        """Past the deadline, and (inside a chunk) writing has taken twice as long as reading."""
        if self.deadline is None:
            return False
        now = time.monotonic()
        return now >= self.deadline and (at_chunk_end or now - self.chunk_started >= 3 * self.read_seconds)

    def write_turn(self, turn: Turn) -> None:
        self.replaying = turn.uuid == self.replayed
        if turn.prompt is not None:
            self.turn_at = (turn.uuid, turn.offset, turn.line)
            if not self.replaying:
                self.turns += 1
        for short_id, shown in turn.injected:
            self._shown(short_id, shown)
        base = {"transcript": self.path, "session": self.session_id, "turn": turn.index, "event": self.event}
        prompt = strip_private(turn.prompt).strip() if turn.prompt is not None else ""
        if turn.prompt is not None:
            self.prompt = (turn.uuid, prompt)
        said = prompt if turn.prompt is not None or self.prompt[0] != turn.uuid else self.prompt[1]
        if prompt and not is_trivial(prompt):
            meta = dict(base, uuid=turn.uuid, line=turn.line, offset=turn.offset)
            reading = read_turn(prompt, "user")
            whole = _whole(reading.notes, prompt)
            for i, note in enumerate(reading.notes):
                self._note(note, "user", f"{turn.uuid}:user" if whole else f"{turn.uuid}:user-note{i}",
                           turn.timestamp, meta, GLOBAL_SCOPE if note.scope_global else self.scope,
                           f"{_rest(prompt, note.text)} {self.previous}".strip())
            if not whole:
                self._remember(condense(prompt, TEXT_LIMIT), "context", 2, ("trace", reading.shape), "user",
                               f"{turn.uuid}:user", turn.timestamp, meta, self.scope, context=self.previous)
            self.previous = prompt
        reply = turn.text
        late = self.late_reply[1] if self.late_reply and self.late_reply[0] == turn.uuid else None
        if late:
            late = strip_private(late).strip()
            if late and " ".join(late.split()) not in " ".join(reply.split()):
                reply = f"{reply}\n\n{late}" if reply else late
        last = turn.replies[-1] if turn.replies else None
        stamp = last.timestamp if last is not None else None
        if reply.strip() and not is_trivial(reply):
            first = turn.replies[0] if turn.replies else None
            meta = dict(base, uuid=first.uuid if first else turn.uuid)
            if first is not None:
                meta.update(line=first.line, offset=first.offset, last_line=last.line if last else first.line)
            parts = sentences(reply)
            restated = [self._restates_shown(part) for part in parts]
            if any(restated):  # the restatement is not stored at all: not as a note, not in the trace
                reply = "\n\n".join(part for part, again in zip(parts, restated, strict=True) if not again)
            asked = frozenset(text_mod.tokens(said))
            reading = read_turn(reply, "assistant")
            notes = [n for n in reading.notes if not _restates(n.text, asked)]
            whole = _whole(notes, reply)
            for i, note in enumerate(notes):
                self._note(note, "assistant", f"{turn.uuid}:assistant" if whole else f"{turn.uuid}:assistant-note{i}",
                           stamp, meta, GLOBAL_SCOPE if note.scope_global else self.scope, said or self.previous)
            condensed = condense(reply, TEXT_LIMIT)
            if reading.shape == "chatter" or whole:
                # "Understood." says nothing to find later; a reply that is one note needs no trace
                self.previous = condensed
                return self._tools(turn, base, stamp)
            self._remember(condensed, "context", 2, ("trace", "reply"), "assistant", f"{turn.uuid}:assistant",
                           stamp, meta, self.scope, context=self.previous)
            self.previous = condensed
        self._tools(turn, base, stamp)

    def _tools(self, turn: Turn, base: dict[str, Any], stamp: str | None) -> None:
        summary = summarise_tools(turn.tools)
        if summary:
            meta = dict(base, uuid=turn.uuid)
            if turn.replies:
                meta.update(line=turn.replies[0].line, last_line=turn.replies[-1].line)
            self._remember(summary, "context", 2, ("trace", "tools"), "tool", f"{turn.uuid}:tools", stamp, meta,
                           self.scope, context=self.previous)

    def _note(self, note: Note, source: str, part: str, stamp: str | None, meta: dict[str, Any], scope: str,
              context: str) -> None:
        """Store one note, and count its wording pattern: a pattern stored three times or more
        (with other values each time) is routine, and injection passes over it."""
        shape = pattern(note.text)
        stored = self._remember(note.text, note.category, note.importance, ("note", note.kind), source, part, stamp,
                                dict(meta, pattern=shape), scope, context=context)
        if stored is not None:
            key = pattern_key(shape)
            count = self.memory.kv_get(key)
            self.memory.kv_set(key, (count if isinstance(count, int) else 0) + 1)

    def _restates_shown(self, sentence: str) -> bool:
        """True when an assistant sentence restates a note shown to the model in this session:
        it repeats most of the note's words, or one of its values (a port, a name in backticks)
        or a citation of "the note" with some of its words, or both. That memory is
        reinforced (it was used) instead of being stored again."""
        toks = set(text_mod.tokens(sentence))
        if not toks:
            return False
        values = text_mod.subject_and_values(sentence)[1]
        cites = _CITES.search(sentence) is not None
        for insight_id, known, known_values in self._injected_notes():
            if not known:
                continue
            shared = len(toks & known)
            share = shared / min(len(toks), len(known))
            shared_value = bool(values & known_values)
            # a short sentence holding a few words of a long note does not restate it ("It lacked an index on
            # the slug; added." after a long request that mentioned that index): it must repeat half the note's words
            restates = share >= ECHO_SHARE and shared >= min(ECHO_WORDS, ECHO_NOTE_SHARE * len(known))
            # a sentence sharing a value but saying mostly new things builds on the note ("runs older than 60 days
            # were thinned ..., so the bends render as chords"): the effect it reports is news
            builds_on = len(toks - known) > ECHO_NEW_SHARE * len(toks)
            if restates or share >= ECHO_HINTED and (cites or shared_value and not builds_on) or cites and shared_value:
                if insight_id and not self.replaying:  # a turn read again was reinforced the first time
                    self.memory.reinforce([insight_id])
                self.echoes += 1
                return True
        return False

    def _injected_notes(self) -> list[tuple[str, frozenset[str], frozenset[str]]]:
        """The notes shown to the model in this session, as (id, tokens, values): recorded by the
        daemon when it injected them, and read back from the transcript's own record of the
        hook's output."""
        if self._injected is None:
            self._injected = []
            for insight_id in injected_ids(self.memory, self.session_id):
                try:
                    ins = self.memory.get(insight_id)
                except MnemonError:
                    continue
                self._injected.append(_shown_note(ins.id, ins.content))
            self._injected.extend(_shown_note("", shown) for shown in self.unknown_shown)
        return self._injected

    def _shown(self, short_id: str, shown: str) -> None:
        notes = self._injected_notes()
        try:
            insight_id = self.memory.get(short_id).id
        except MnemonError:
            insight_id = ""  # a note since forgotten: its words still mark a restatement
        if not insight_id or all(known_id != insight_id for known_id, _, _ in notes):
            notes.append(_shown_note(insight_id, shown))
            if not insight_id:  # carried to the next step in the cursor (see carried)
                kept = _kept(shown)
                if kept not in self.unknown_shown:
                    self.unknown_shown = self.unknown_shown[-(CARRY_SHOWN - 1):] + [kept]
            if insight_id:  # kept with the session's record: the next capture step starts past this line
                known = injected_ids(self.memory, self.session_id)
                if insight_id not in known:
                    self.memory.kv_set(injected_key(self.session_id), (known + [insight_id])[-INJECTED_KEEP:])

    def _remember(
        self,
        content: str,
        category: str,
        importance: int,
        tags: tuple[str, ...],
        source: str,
        part: str,
        stamp: str | None,
        meta: dict[str, Any],
        scope: str,
        *,
        context: str = "",
    ) -> str | None:
        if not content.strip():
            return None
        try:
            result = self.memory.remember(
                content,
                category=category,
                importance=importance,
                tags=(text_mod.CAPTURE_TAG,) + tags,
                source=source,
                scope=scope,
                session_id=self.session_id,
                metadata=meta,
                origin=f"cc:{self.session_id}:{part}",
                created_at=_epoch(stamp) or self.now,
                embed=False,
                context=condense(context, CONTEXT_LIMIT) if context else "",
            )
        except InvalidInput as err:
            log.warning("capture skipped a memory of session %s (%s): %s", self.session_id, part, err)
            self.errors += 1
            return None
        if result.action == "skipped":
            self.skipped += 1
            return None
        self.added += 1
        return result.id


def _shown_note(insight_id: str, content: str) -> tuple[str, frozenset[str], frozenset[str]]:
    return insight_id, frozenset(text_mod.tokens(content)), text_mod.subject_and_values(content)[1]


# the assistant pointing at what Mnemon showed it ("as the earlier note says", "per the notes")
_CITES = re.compile(r"\b(?:the|an|that|this|your|my|our)\s+(?:earlier |previous |injected |stored |saved |old )?"
                    r"(?:note|notes|memory|memories)\b|\bas (?:noted|recorded|remembered)\b", re.IGNORECASE)


def _restates(sentence: str, asked: frozenset[str]) -> bool:
    """An assistant sentence that mostly repeats the prompt it answers, or that acknowledges it and says it
    back in its own words ("Noted: the orders service stays on Postgres rather than MongoDB" after the
    user's "keep orders on postgres, not mongo, we need the transactions"): stored, that paraphrase
    was a second note of the user's decision, and as the newer one it superseded the user's own."""
    toks = set(text_mod.tokens(sentence))
    if not toks:
        return True
    if not asked:
        return False
    rest = acknowledged(sentence)
    share = ECHO_SHARE if rest is None else ACK_ECHO_SHARE
    if rest is not None:
        toks = set(text_mod.tokens(rest)) or toks
    return len(toks & asked) >= share * len(toks)


def _whole(notes: Sequence[Note], body: str) -> bool:
    """True when a message is one note and nothing else (it is then stored once, as that note)."""
    return len(notes) == 1 and " ".join(notes[0].text.split()) == " ".join(body.split())


def _kept(text: str) -> str:
    """A text carried in the cursor: bounded (its first and last sentences, which are all a
    context of :data:`CONTEXT_LIMIT` characters draws on) and redacted."""
    return redact(condense(text, CARRY_LIMIT) if len(text) > CARRY_LIMIT else text)[0]


def _rest(prompt: str, note: str) -> str:
    """The prompt without the note's own sentence: the note's search context."""
    return " ".join(prompt.replace(note, " ").split())


def _epoch(stamp: str | None) -> float | None:
    if not stamp:
        return None
    text = stamp.strip()
    if text.endswith(("Z", "z")):
        text = text[:-1] + "+00:00"
    try:
        parsed = _dt.datetime.fromisoformat(text)
    except ValueError:
        return None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=_dt.timezone.utc)
    try:
        return parsed.timestamp()
    except (OverflowError, OSError, ValueError):
        return None
