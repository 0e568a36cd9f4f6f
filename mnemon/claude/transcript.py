"""Defensive reader of Claude Code transcripts (JSONL), by byte-offset deltas.

The transcript format is not a stable API, so this module assumes little and never raises
on content: a missing file is an empty delta; a line that is not valid UTF-8, not JSON, not
an object, too deeply nested or of an unknown ``type`` is counted and skipped; a line longer
than ``max_line`` is skipped without being held in memory (it is read and dropped in small
pieces, within the read's byte budget: a line with no end in sight, such as a 20 GB file
without a newline, is skipped across as many reads as it takes, the cursor marking that it
stands inside it, so no read is ever longer than its budget and no byte is read twice); a last
line without its newline is still being written, so the delta stops before it and the next
read starts there. A file shorter than the cursor, or with another inode,
was truncated or replaced: reading restarts at 0 (``reset``). Each call reads at most
``max_bytes`` of complete lines, so memory stays bounded on huge transcripts. Only regular
files are read (a FIFO or a device could block or never end).

Interpretation (:func:`parse_turns`) follows what Claude Code writes: a *turn* starts at a
user line holding a typed prompt; tool results, meta lines, compaction summaries, command
wrappers, system reminders, attachments (which include our own injected context, type
``hook_additional_context``) and sidechain lines never start a turn nor become text.
Assistant lines carry one content block each and are merged by ``message.id``; thinking
blocks are dropped and tool calls are condensed to what was done.
"""

from __future__ import annotations

import json
import os
import re
import stat
from dataclasses import dataclass, field
from typing import Any

from mnemon.safety.redact import strip_private

MAX_BYTES = 8 * 1024 * 1024
MAX_LINE = 1024 * 1024
_SKIP_PIECE = 64 * 1024

NOISE_PREFIXES = (
    "<command-name>",
    "<command-message>",
    "<command-args>",
    "<local-command-stdout>",
    "<local-command-stderr>",
    "<local-command-caveat>",
    "<system-reminder>",
    "<task-notification>",
    "<user-prompt-submit-hook>",
    "<bash-input>",
    "<bash-stdout>",
    "<bash-stderr>",
    "[Request interrupted by user",
    "Caveat: The messages below",
    "Caveat: messages below",
    "This session is being continued from a previous conversation",
)
_STRIP_SPANS = re.compile(
    r"<(system-reminder|mnemon-notes|user-prompt-submit-hook)\b[^>]{0,200}>.*?(?:</\1\s*>|\Z)",
    re.DOTALL | re.IGNORECASE,
)


@dataclass(frozen=True)
class Cursor:
    """Where the previous read stopped, and the turn that was open there."""

    offset: int = 0
    line: int = 0
    inode: int | None = None
    turn_uuid: str | None = None
    turn: int = 0
    skipping: bool = False  # ``offset`` is inside an over-long line: drop bytes up to its newline

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "offset": self.offset,
            "line": self.line,
            "inode": self.inode,
            "turn_uuid": self.turn_uuid,
            "turn": self.turn,
        }
        if self.skipping:
            out["skipping"] = True
        return out

    @classmethod
    def from_dict(cls, raw: Any) -> Cursor:
        """A cursor from stored JSON; anything malformed reads as the start of the file."""
        if not isinstance(raw, dict):
            return cls()

        def _int(name: str) -> int:
            value = raw.get(name)
            return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0

        inode = raw.get("inode")
        turn_uuid = raw.get("turn_uuid")
        return cls(
            offset=_int("offset"),
            line=_int("line"),
            inode=inode if isinstance(inode, int) and not isinstance(inode, bool) else None,
            turn_uuid=turn_uuid if isinstance(turn_uuid, str) else None,
            turn=_int("turn"),
            skipping=raw.get("skipping") is True,
        )


@dataclass(frozen=True)
class Record:
    """One parsed transcript line: its byte offset, 1-based line number and JSON object."""

    offset: int
    line: int
    data: dict[str, Any]


@dataclass(frozen=True)
class Chunk:
    """The complete lines read in one call, and where the next call starts."""

    records: tuple[Record, ...]
    start: int
    end: int
    end_line: int
    inode: int | None
    eof: bool
    reset: bool = False
    missing: bool = False
    long_at: tuple[int, ...] = ()  # byte offsets of the over-long lines skipped
    bad_at: tuple[int, ...] = ()  # byte offsets of the lines that are not JSON objects
    partial: bool = False  # a last line without its newline was left for later
    skipping: bool = False  # ``end`` is inside an over-long line whose end was not reached yet

    @property
    def long_lines(self) -> int:
        return len(self.long_at)

    @property
    def bad_lines(self) -> int:
        return len(self.bad_at)


def read_chunk(path: str, cursor: Cursor, *, max_bytes: int = MAX_BYTES, max_line: int = MAX_LINE) -> Chunk:
    """Read complete lines after ``cursor``: at most ``max_bytes`` of them (bytes of an
    over-long line being skipped count too)."""
    nothing = Chunk((), cursor.offset, cursor.offset, cursor.line, cursor.inode, eof=True, missing=True)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except (OSError, ValueError):
        return nothing
    try:
        st = os.fstat(fd)
    except OSError:
        os.close(fd)
        return nothing
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)  # a FIFO, device or directory: reading it could block or never end
        return nothing
    with os.fdopen(fd, "rb") as handle:
        offset, line_no, reset, skipping = cursor.offset, cursor.line, False, cursor.skipping
        if offset > st.st_size or (cursor.inode is not None and cursor.inode != st.st_ino):
            offset, line_no, reset, skipping = 0, 0, True, False
        handle.seek(offset)
        start = offset
        records: list[Record] = []
        long_at: list[int] = []
        bad_at: list[int] = []
        eof = partial = False
        if skipping:  # the rest of an over-long line an earlier read began to skip
            skipped, complete, at_end = _skip_rest(handle, max(max_bytes, 1))
            offset += skipped
            if not complete:
                return Chunk((), start, offset, line_no, st.st_ino, eof=at_end, reset=reset, partial=at_end,
                             skipping=True)
            line_no += 1
        while offset - start < max_bytes:
            raw = handle.readline(max_line + 1)
            if not raw:
                eof = True
                break
            if not raw.endswith(b"\n"):
                if len(raw) <= max_line:
                    eof = partial = True
                    break
                long_at.append(offset)
                offset += len(raw)
                skipped, complete, at_end = _skip_rest(handle, max(max_bytes - (offset - start), 1))
                offset += skipped
                if not complete:  # its end is further than this read may go: later reads go on
                    return Chunk(tuple(records), start, offset, line_no, st.st_ino, eof=at_end, reset=reset,
                                 long_at=tuple(long_at), bad_at=tuple(bad_at), partial=at_end, skipping=True)
                line_no += 1
                continue
            line_start = offset
            offset += len(raw)
            line_no += 1
            data = _parse_line(raw)
            if data is None:
                if raw.strip():
                    bad_at.append(line_start)
                continue
            records.append(Record(line_start, line_no, data))
        else:
            eof = handle.read(1) == b""
        return Chunk(
            tuple(records),
            start,
            offset,
            line_no,
            st.st_ino,
            eof=eof,
            reset=reset,
            long_at=tuple(long_at),
            bad_at=tuple(bad_at),
            partial=partial,
        )


def _skip_rest(handle: Any, budget: int) -> tuple[int, bool, bool]:
    """Drop the rest of an over-long line in small pieces, reading at most about ``budget``
    bytes: (bytes skipped, newline found, end of file reached)."""
    skipped = 0
    while skipped < budget:
        piece = handle.readline(min(_SKIP_PIECE, budget - skipped))
        if not piece:
            return skipped, False, True
        skipped += len(piece)
        if piece.endswith(b"\n"):
            return skipped, True, False
    return skipped, False, False


def _parse_line(raw: bytes) -> dict[str, Any] | None:
    text = raw.decode("utf-8", "replace").strip()
    if not text.startswith("{"):
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    if "\\ud" in text or "\\uD" in text:  # an escaped surrogate: maybe half of a pair (an emoji cut in two)
        data = _whole_characters(data)
    return data if isinstance(data, dict) else None


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _whole_characters(value: Any) -> Any:
    """``value`` with every lone surrogate replaced by U+FFFD. json.loads keeps half of a pair
    ("\\ud83d" of an emoji a tool's output cut in two), which no UTF-8 store can encode: kept, it
    failed the capture at that line on every turn, and nothing after it was ever stored."""
    if isinstance(value, str):
        return _LONE_SURROGATE.sub("\ufffd", value)
    if isinstance(value, list):
        return [_whole_characters(v) for v in value]
    if isinstance(value, dict):
        return {_whole_characters(k): _whole_characters(v) for k, v in value.items()}
    return value


# -- interpretation -----------------------------------------------------------------------


@dataclass(frozen=True)
class Reply:
    """One assistant message (lines merged by ``message.id``)."""

    message_id: str
    uuid: str
    line: int
    offset: int
    timestamp: str | None
    text: str
    tools: tuple[str, ...]


@dataclass
class Turn:
    """A user prompt and the assistant messages that answer it.

    ``prompt`` is None for a *continuation*: lines that belong to a turn opened in an
    earlier read (``uuid`` then comes from the cursor).
    """

    uuid: str
    index: int
    offset: int
    line: int
    prompt: str | None
    timestamp: str | None = None
    replies: list[Reply] = field(default_factory=list)
    injected: list[tuple[str, str]] = field(default_factory=list)  # (short id, text) of our notes shown

    @property
    def text(self) -> str:
        return "\n\n".join(r.text for r in self.replies if r.text)

    @property
    def tools(self) -> list[str]:
        return [t for r in self.replies for t in r.tools]


def parse_turns(
    records: tuple[Record, ...] | list[Record],
    *,
    open_turn: str | None = None,
    turn_index: int = 0,
    cwd: str | None = None,
) -> list[Turn]:
    """Group records into turns; lines before the first prompt continue ``open_turn``."""
    turns: list[Turn] = []
    current: Turn | None = None
    if open_turn is not None and records:
        current = Turn(open_turn, turn_index, records[0].offset, records[0].line, None)
    replies: dict[str, dict[str, Any]] = {}

    def close_replies() -> None:
        if current is not None:
            for acc in replies.values():
                current.replies.append(_finish_reply(acc))
        replies.clear()

    # Notes shown to the model: Claude Code writes the prompt hook's context just after the prompt
    # (so it belongs to the open turn) and the session-start brief before the first prompt.
    shown: list[tuple[str, str]] = []
    for rec in records:
        data = rec.data
        kind = data.get("type")
        if data.get("isSidechain") is True:
            continue
        if kind == "attachment":
            (current.injected if current is not None else shown).extend(injected_notes(data))
            continue
        if kind == "user":
            prompt = user_prompt(data)
            if prompt is None:
                continue
            close_replies()
            if current is not None:
                turns.append(current)
            index = (current.index if current is not None else turn_index) + 1
            current = Turn(
                _uuid(data, rec),
                index,
                rec.offset,
                rec.line,
                prompt,
                timestamp=_str(data.get("timestamp")),
                injected=shown,
            )
            shown = []
        elif kind == "assistant":
            if current is None:
                continue
            message = data.get("message")
            if not isinstance(message, dict):
                continue
            mid = message.get("id")
            key = mid if isinstance(mid, str) and mid else f"line:{rec.offset}"
            acc = replies.get(key)
            if acc is None:
                acc = replies[key] = {
                    "id": key,
                    "uuid": _uuid(data, rec),
                    "line": rec.line,
                    "offset": rec.offset,
                    "timestamp": _str(data.get("timestamp")),
                    "text": [],
                    "tools": [],
                }
            line_cwd = data.get("cwd")
            texts, tools = _assistant_blocks(
                message.get("content"), line_cwd if isinstance(line_cwd, str) else cwd
            )
            acc["text"].extend(texts)
            acc["tools"].extend(tools)
    close_replies()
    if current is not None:
        turns.append(current)
    return turns


_NOTE_LINE = re.compile(r"^- \[[^\]]*?\b([0-9a-f]{8})\] (.+)$", re.MULTILINE)


def injected_notes(data: dict[str, Any]) -> list[tuple[str, str]]:
    """(short id, text) of each note in a Mnemon block that Claude Code recorded as a hook's
    additional context (an ``attachment`` line): what the model was shown, so capture can tell
    the assistant restating a note from something new."""
    attachment = data.get("attachment")
    if not isinstance(attachment, dict) or attachment.get("type") != "hook_additional_context":
        return []
    content = attachment.get("content")
    parts = content if isinstance(content, list) else [content]
    out: list[tuple[str, str]] = []
    for part in parts:
        if isinstance(part, str) and "<mnemon-notes>" in part:
            out.extend((m.group(1), m.group(2).strip()) for m in _NOTE_LINE.finditer(part[:MAX_LINE]))
    return out


def user_prompt(data: dict[str, Any]) -> str | None:
    """The typed prompt of a user line, cleaned; None for tool results, meta lines and noise."""
    if (
        data.get("isMeta") is True
        or data.get("isCompactSummary") is True
        or data.get("isVisibleInTranscriptOnly")
    ):
        return None
    message = data.get("message")
    if not isinstance(message, dict):
        return None
    parts: list[str] = []
    for block in content_blocks(message):
        if block.get("type") == "tool_result":
            return None
        if block.get("type") == "text" and isinstance(block.get("text"), str):
            parts.append(block["text"])
    kept = [p for p in (clean_text(p) for p in parts) if p]
    return "\n".join(kept) if kept else None


def content_blocks(message: dict[str, Any]) -> list[dict[str, Any]]:
    """A message's content as blocks: a plain string is one text block; items that are not objects are
    dropped."""
    content = message.get("content")
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    if isinstance(content, list):
        return [block for block in content if isinstance(block, dict)]
    return []


def clean_text(text: str) -> str:
    """Text with noise wrappers, our own notes, reminders and ``<private>`` spans removed."""
    stripped = text.strip()
    if not stripped or stripped.startswith(NOISE_PREFIXES):
        return ""
    stripped = _STRIP_SPANS.sub("", stripped)
    return strip_private(stripped).strip()


def _assistant_blocks(content: Any, cwd: str | None) -> tuple[list[str], list[str]]:
    texts: list[str] = []
    tools: list[str] = []
    blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
    if not isinstance(blocks, list):
        return texts, tools
    for block in blocks:
        if not isinstance(block, dict):
            continue
        kind = block.get("type")
        if kind == "text" and isinstance(block.get("text"), str):
            cleaned = clean_text(block["text"])
            if cleaned:
                texts.append(cleaned)
        elif kind == "tool_use":
            action = tool_action(block.get("name"), block.get("input"), cwd)
            if action:
                tools.append(action)
    return texts, tools


def _finish_reply(acc: dict[str, Any]) -> Reply:
    return Reply(
        acc["id"],
        acc["uuid"],
        acc["line"],
        acc["offset"],
        acc["timestamp"],
        "\n\n".join(acc["text"]),
        tuple(acc["tools"]),
    )


_EDIT_TOOLS = {"Edit": "edited", "MultiEdit": "edited", "NotebookEdit": "edited", "Write": "wrote"}
_READ_TOOLS = {"Read": "read", "Glob": "searched", "Grep": "searched", "LS": "listed"}


def tool_action(name: Any, args: Any, cwd: str | None) -> str | None:
    """A tool call as ``"<verb>\\t<object>"`` (condensed by :func:`summarise_tools`)."""
    if not isinstance(name, str) or not name:
        return None
    args = args if isinstance(args, dict) else {}
    if name in _EDIT_TOOLS:
        target = args.get("file_path") or args.get("notebook_path") or args.get("path")
        return f"{_EDIT_TOOLS[name]}\t{_short_path(target, cwd)}" if isinstance(target, str) else None
    if name == "Bash":
        command = args.get("command")
        if not isinstance(command, str) or not command.strip():
            return None
        first = strip_private(command).strip().splitlines()
        return f"ran\t{_clip(first[0], 120)}" if first else None
    if name in _READ_TOOLS:
        return f"{_READ_TOOLS[name]}\t"
    if name in ("TodoWrite", "ExitPlanMode", "AskUserQuestion"):
        return None
    if name in ("WebFetch", "WebSearch"):
        target = args.get("url") or args.get("query")
        return f"looked up\t{_clip(target, 100)}" if isinstance(target, str) else None
    if name in ("Task", "Agent"):
        what = args.get("description")
        return f"delegated\t{_clip(what, 100)}" if isinstance(what, str) else "delegated\ta subtask"
    return f"used\t{_clip(name, 60)}"


def summarise_tools(actions: list[str]) -> str | None:
    """ "Edited a.py, b.py; ran `pytest -q`; read 3 files." or None when nothing was changed or run."""
    groups: dict[str, list[str]] = {}
    for action in actions:
        verb, _, obj = action.partition("\t")
        groups.setdefault(verb, [])
        if obj and obj not in groups[verb]:
            groups[verb].append(obj)
    if not any(v in groups for v in ("edited", "wrote", "ran", "delegated", "used")):
        return None
    parts: list[str] = []
    for verb in ("edited", "wrote", "ran", "delegated", "used", "looked up"):
        objs = groups.get(verb)
        if not objs:
            continue
        shown = [f"`{o}`" if verb == "ran" else o for o in objs[:6]]
        more = f" and {len(objs) - 6} more" if len(objs) > 6 else ""
        parts.append(f"{verb} {', '.join(shown)}{more}")
    reads = sum(1 for a in actions if a.split("\t", 1)[0] in ("read", "searched", "listed"))
    if reads:
        parts.append(f"read or searched {reads} time{'s' if reads != 1 else ''}")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + "."


def _short_path(path: str, cwd: str | None) -> str:
    if cwd and path.startswith(cwd.rstrip("/") + "/"):
        path = path[len(cwd.rstrip("/")) + 1 :]
    return _clip(path, 160)


def _clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _uuid(data: dict[str, Any], rec: Record) -> str:
    value = data.get("uuid")
    if isinstance(value, str) and value and len(value) <= 128:
        return value
    return f"L{rec.offset}"


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None

