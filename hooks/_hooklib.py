"""What every Mnemon hook does: read the event, one daemon request, print only on success.

Claude Code runs each hook as ``<venv python> -I hooks/<event>.py`` with the event as JSON
on stdin. A hook here is a fail-open launcher:

* stdin is read once, capped at :data:`MAX_STDIN` bytes and bounded in time (a caller
  that never closes stdin cannot hang the hook);
* one request to the daemon, with a deadline that covers connecting, sending and
  receiving; when the daemon is not running a detached start is fired. Capture hooks return
  at once (a capture goes to the spool); UserPromptSubmit waits for a daemon that is starting,
  up to :data:`INJECT_START_DEADLINE` from its own start (within its 2 s budget; Claude Code
  allows it 3 s), so the first prompt after a stop still gets its notes, and SessionStart up
  to :data:`BRIEF_START_DEADLINE` (Claude Code allows it 5 s), so the first session after a
  stop still gets its brief; after a start that failed neither waits;
* paths in the request (``transcript_path``, ``cwd``) are made absolute against the hook's
  own working directory before they are sent or spooled (the daemon runs elsewhere);
* stdout carries only what is meant for the model, and only after a well-formed answer:
  ``{"hookSpecificOutput": {"hookEventName": ..., "additionalContext": ...}}``; capture
  hooks print nothing at all (Stop output would make Claude continue);
* every failure becomes one line in ``hooks.log`` (rotated by size) and exit code 0:
  never 2, which would erase the user's prompt on UserPromptSubmit;
* ``MNEMON_DISABLE=1`` turns every hook into a silent no-op, but for one file append: a capture
  hook notes how far the transcript went (:func:`note_disabled`), so the turns said while it was
  set are passed over when the session is captured again without it.

Only the standard library and ``mnemon.wire.client`` (with ``mnemon.errors``, ``mnemon.paths``
and ``mnemon.wire.protocol``) are imported: this runs on every prompt, so not even ``typing``,
and not the ``json`` package either (about 1.5 ms): the event is read and the answer written
with its C accelerator ``_json``, which is what ``json.loads`` and ``json.dumps`` run for these
values (:func:`loads`, :func:`dump_output`); ``json`` itself is imported only to spool a capture or to note one under the kill switch.
"""

from __future__ import annotations

import os
import select
import sys
import time

TYPE_CHECKING = False  # typing is not imported at run time: hooks start on every prompt
if TYPE_CHECKING:
    from collections.abc import Callable

MAX_STDIN = 1024 * 1024
STDIN_TIMEOUT = 0.3
LOG_MAX = 512 * 1024
CAPTURE_DEADLINE = 0.5
SPOOL_MAX = 1 << 20  # bytes: a daemon down for days must not fill the disk
SPOOL_LINE_MAX = 64 << 10
INJECT_DEADLINE = 1.0
INJECT_START_DEADLINE = 1.5  # a starting daemon is waited for this long from the hook's start (budget: 2 s)
BRIEF_DEADLINE = 1.0
BRIEF_START_DEADLINE = 3.0  # a starting daemon is waited for this long from the hook's start (Claude Code allows 5 s)

_STARTED = time.monotonic()

_WHITESPACE = " \t\n\r"  # what JSON allows around a value


class _Decoding:
    """What ``_json.make_scanner`` reads from a ``json.JSONDecoder``: its defaults."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = {"-Infinity": float("-inf"), "Infinity": float("inf"), "NaN": float("nan")}.__getitem__


def loads(text: str) -> object:
    """``json.loads(text)`` for a str, through the C scanner ``json.loads`` uses; ValueError
    (``json.JSONDecodeError`` is one) for text that is not one JSON value."""
    try:
        import _json
    except ImportError:  # an interpreter without the accelerator
        import json

        return json.loads(text)
    start = len(text) - len(text.lstrip(_WHITESPACE))
    try:
        value, end = _json.make_scanner(_Decoding())(text, start)  # type: ignore[arg-type]  # typeshed wants a scanner
    except StopIteration as err:
        raise ValueError(f"no JSON value at character {err.value}") from None
    if text[end:].strip(_WHITESPACE):
        raise ValueError(f"extra data after the JSON value at character {end}")
    return value


def dump_output(event_name: str, context: str) -> str:
    """``json.dumps({"hookSpecificOutput": {"hookEventName": ..., "additionalContext": ...}})``,
    byte for byte: the strings are escaped by the function json.dumps uses (``ensure_ascii``)."""
    try:
        from _json import encode_basestring_ascii as quote
    except ImportError:  # an interpreter without the accelerator
        import json

        return json.dumps({"hookSpecificOutput": {"hookEventName": event_name, "additionalContext": context}})
    return f'{{"hookSpecificOutput": {{"hookEventName": {quote(event_name)}, "additionalContext": {quote(context)}}}}}'


def read_event(limit: int = MAX_STDIN, timeout: float = STDIN_TIMEOUT) -> dict[str, object] | None:
    """The event JSON from stdin, or None when it is missing, oversized, late or malformed."""
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, ValueError, OSError):
        return None
    chunks: list[bytes] = []
    size = 0
    deadline = time.monotonic() + timeout
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError("stdin was not closed in time")
        ready, _, _ = select.select([fd], [], [], remaining)
        if not ready:
            continue
        piece = os.read(fd, 65536)
        if not piece:
            break
        size += len(piece)
        if size > limit:
            raise ValueError(f"event on stdin is larger than {limit} bytes")
        chunks.append(piece)
    text = b"".join(chunks).decode("utf-8", "replace")
    data = loads(text)
    if "\\ud" in text or "\\uD" in text:  # an escaped surrogate: maybe half of a pair (an emoji cut in two)
        data = whole_characters(data)
    return data if isinstance(data, dict) else None


def whole_characters(value: object) -> object:
    """``value`` with every lone surrogate replaced by U+FFFD: JSON carries half of a pair as
    "\\ud83d", json keeps it, and no frame (UTF-8) can: the prompt got no notes and a Stop's
    hand-over was dropped."""
    if isinstance(value, str):
        return value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    if isinstance(value, list):
        return [whole_characters(v) for v in value]
    if isinstance(value, dict):
        return {k: whole_characters(v) for k, v in value.items()}
    return value


def text_field(event: dict[str, object], name: str, default: str = "") -> str:
    value = event.get(name)
    return value if isinstance(value, str) else default


def log_failure(event_name: str, what: str) -> None:
    """One line in hooks.log; a log that cannot be written is given up on silently."""
    try:
        from mnemon.paths import Paths

        path = Paths.resolve().hook_log
        os.makedirs(path.parent, mode=0o700, exist_ok=True)
        try:
            if os.stat(path).st_size > LOG_MAX:
                os.replace(path, str(path) + ".1")
        except FileNotFoundError:
            pass
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        line = f"{stamp} {event_name} pid={os.getpid()} {what}".replace("\n", " ")[:2000] + "\n"
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            os.write(fd, line.encode("utf-8", "replace"))
        finally:
            os.close(fd)
    except Exception:  # noqa: BLE001 - logging must never turn a fail-open hook into a failure
        pass


def remaining(total: float) -> float:
    """What is left of a hook's total budget, measured from interpreter start-up."""
    return max(0.05, total - (time.monotonic() - _STARTED))


def call_daemon(op: str, args: dict[str, object], deadline: float, start_deadline: float = 0.0,
                until: str | None = None) -> object:
    """One request; a daemon that is down is started in the background, and waited for only
    until ``start_deadline`` (seconds from the hook's start; 0: not at all). ``until``: the
    argument that tells the daemon when this hook stops waiting (see ``Client.call``)."""
    from mnemon.errors import InvalidInput
    from mnemon.wire.client import Client

    wait = remaining(start_deadline) if start_deadline > 0 else 0.0
    with Client(timeout=deadline, autostart="background", start_wait=wait, light=True) as client:
        try:
            return client.call(op, args, timeout=remaining(deadline), until=until)
        except InvalidInput as err:
            if not until or f"unknown argument(s) {until}" not in err.message:
                raise
            # a daemon of the code before ``until`` (an upgrade in place, until it hands over): ask as it knows
            return client.call(op, args, timeout=remaining(deadline))


def event_path(event: dict[str, object], name: str) -> str:
    """A path field of the event, made absolute against this process's working directory."""
    from mnemon.paths import client_path

    return client_path(text_field(event, name))


def emit_context(event_name: str, result: object) -> None:
    """Print the hook output for a non-empty ``context``; print nothing otherwise."""
    if not isinstance(result, dict):
        if result is not None:
            raise TypeError(f"daemon answered {type(result).__name__}, expected a map")
        return
    context = result.get("context")
    if not isinstance(context, str) or not context.strip():
        return
    out = dump_output(event_name, context)
    sys.stdout.write(out + "\n")
    sys.stdout.flush()


def finish(code: int) -> None:
    """Flush and leave without interpreter teardown (a few milliseconds on every prompt)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:  # noqa: BLE001 - a closed stdout must not change the exit code
            pass
    os._exit(code)


def run_hook(event_name: str, handle: Callable[[dict[str, object]], str | None],
             disabled: Callable[[dict[str, object]], None] | None = None) -> int:
    """The shape every hook shares: the kill switch, one event read from stdin, the handler, and
    failing open. ``handle`` returns a reason to log when it declines the event, else None.
    Under the kill switch only ``disabled`` runs (silently, no daemon, nothing logged)."""
    if os.environ.get("MNEMON_DISABLE", "").strip() == "1":
        if disabled is not None:
            try:
                event = read_event()
                if event is not None:
                    disabled(event)
            except BaseException:  # noqa: BLE001, S110 - the kill switch stays silent
                pass
        return 0
    try:
        event = read_event()
        reason = "no event object on stdin" if event is None else handle(event)
        if reason:
            log_failure(event_name, reason)
    except BaseException as err:  # noqa: BLE001 - fail open: never block, erase or loop a prompt
        log_failure(event_name, f"{type(err).__name__}: {err}")
    return 0


def capture_args(event: dict[str, object], event_name: str) -> dict[str, object] | str:
    """The ``capture`` request for a capture event, or why the event cannot be captured."""
    session_id = text_field(event, "session_id")
    path = event_path(event, "transcript_path")
    if not session_id or not path:
        return "event lacks session_id or transcript_path"
    args: dict[str, object] = {"session_id": session_id, "transcript_path": path,
                               "cwd": event_path(event, "cwd") or os.getcwd(), "event": event_name}
    last = event.get("last_assistant_message")
    if isinstance(last, str) and last.strip():
        args["last_assistant_message"] = last
    return args


def capture(event_name: str) -> int:
    """Stop, SessionEnd, PreCompact, PostCompact: hand the transcript to the daemon; print nothing."""

    def handle(event: dict[str, object]) -> str | None:
        args = capture_args(event, event_name)
        if isinstance(args, str):
            return args
        try:
            call_daemon("capture", args, CAPTURE_DEADLINE)
        except Exception as err:
            from mnemon.errors import DaemonError

            if isinstance(err, DaemonError):
                spool(args)  # the daemon catches up on it when it runs: a turn is not lost
            raise
        return None

    return run_hook(event_name, handle, note_disabled_event(event_name))


def note_disabled_event(event_name: str) -> Callable[[dict[str, object]], None]:
    def disabled(event: dict[str, object]) -> None:
        args = capture_args(event, event_name)
        if not isinstance(args, str):
            note_disabled(str(args["session_id"]), str(args["transcript_path"]))
    return disabled


def note_disabled(session_id: str, transcript_path: str) -> None:
    """With ``MNEMON_DISABLE=1``: append where the transcript ends now, so a later capture of the
    session (the kill switch unset, the session resumed) passes over what was said meanwhile."""
    import json

    from mnemon.paths import Paths

    path = Paths.resolve().disabled_path
    line = json.dumps({"session_id": session_id, "transcript_path": transcript_path,
                       "offset": os.path.getsize(transcript_path)}) + "\n"
    os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        os.write(fd, line.encode("utf-8", "replace"))
    finally:
        os.close(fd)


def spool_capture(event_name: str) -> int:
    """A capture event straight to the spool, without the daemon: the plugin form runs this
    (hooks/spool_capture.py) while its environment is still being built."""

    def handle(event: dict[str, object]) -> str | None:
        args = capture_args(event, event_name)
        if isinstance(args, str):
            return args
        spool(args)
        return None

    return run_hook(event_name, handle, note_disabled_event(event_name))


def spool(args: dict[str, object]) -> None:
    """Append a capture the daemon could not take to the spool (bounded; best effort)."""
    import json

    from mnemon.paths import Paths

    path = Paths.resolve().spool_path
    line = (json.dumps(args, ensure_ascii=False) + "\n").encode("utf-8", "replace")
    if len(line) > SPOOL_LINE_MAX:
        args = {k: v for k, v in args.items() if k != "last_assistant_message"}
        line = (json.dumps(args, ensure_ascii=False) + "\n").encode("utf-8", "replace")
    try:
        if os.path.getsize(path) > SPOOL_MAX:
            return
    except OSError:
        pass
    os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        os.write(fd, line)
    finally:
        os.close(fd)


def inject(event_name: str = "UserPromptSubmit") -> int:
    """UserPromptSubmit: ask for context and print it as additionalContext."""

    def handle(event: dict[str, object]) -> str | None:
        prompt = text_field(event, "prompt")
        if not prompt.strip():
            return None
        args: dict[str, object] = {"prompt": prompt, "session_id": text_field(event, "session_id"),
                                   "cwd": event_path(event, "cwd") or os.getcwd()}
        path = event.get("transcript_path")
        if isinstance(path, str):
            args["transcript_path"] = event_path(event, "transcript_path")
        emit_context(event_name, call_daemon("inject", args, INJECT_DEADLINE, INJECT_START_DEADLINE, until="until"))
        return None

    return run_hook(event_name, handle)


def brief(event_name: str = "SessionStart") -> int:
    """SessionStart: start the daemon when needed, print the brief for this source."""

    def handle(event: dict[str, object]) -> str | None:
        args: dict[str, object] = {"session_id": text_field(event, "session_id"),
                                   "cwd": event_path(event, "cwd") or os.getcwd(),
                                   "source": text_field(event, "source", "startup") or "startup"}
        if not args["session_id"]:
            return "event lacks session_id"
        emit_context(event_name, call_daemon("brief", args, BRIEF_DEADLINE, BRIEF_START_DEADLINE, until="until"))
        return None

    return run_hook(event_name, handle)
