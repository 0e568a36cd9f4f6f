"""Session ids as people type them: listings print the first 8 characters of a session's id,
so the CLI's ``--session`` and the viewer's session filter and pages take any unique prefix of
6 or more and expand it here, through the daemon's ``sessions`` op."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mnemon.errors import DaemonError, InvalidInput, NotFound

WHOLE = 36  # a session id is a UUID
SHORTEST = 6


def whole_session(call: Callable[[str, dict[str, Any]], Any], value: str) -> str:
    """The whole id of the one session ``value`` starts with; ``value`` itself when it is whole,
    names no session, is shorter than 6 characters, or the daemon is away. A prefix several
    sessions share is refused, naming them."""
    if len(value) == WHOLE or len(value) < SHORTEST:
        return value
    found: list[str] = []
    try:
        while True:
            page = call("sessions", {"offset": len(found), "limit": 1000})
            found += [str(e["session_id"]) for e in page["items"]]
            if not page["items"] or len(found) >= page["total"]:
                break
    except DaemonError:
        return value
    matches = [sid for sid in found if sid.startswith(value)]
    if value in matches or not matches:
        return value
    if len(matches) > 1:
        raise InvalidInput(f"session {value!r} is ambiguous: it starts {', '.join(matches[:5])}"
                           f"{' and more' if len(matches) > 5 else ''}; give more of it")
    return matches[0]


def known_session(call: Callable[[str, dict[str, Any]], Any], value: str) -> str:
    """The whole id of a session something was captured or injected under, or that is muted (so it
    can be unmuted): a mute stored for an id of no session (a typo, a stale link, a hand-made form)
    would report "muted" and silence nothing, while the session meant goes on being injected.
    Raises NotFound naming the id."""
    sid = whole_session(call, value)
    if call("list", {"session_id": sid, "limit": 1})["total"]:
        return sid
    logged = call("injections", {"session_id": sid, "limit": 1})
    if not logged["entries"] and not logged.get("muted"):
        raise NotFound(f"no session {sid!r}: nothing captured or injected under that id "
                       "(`mnemon log --injections` lists the sessions); nothing was muted")
    return sid
