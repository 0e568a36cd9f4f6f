"""The daemon's warm-up: what a fresh daemon's first prompt would otherwise pay for, done off
the request path as soon as it serves.

A cold process pays twice before its first injection answers: importing the injection, capture
and safety code (the screens compile hundreds of patterns at import), and, on the first
injection itself, the indexes those modules build lazily (the kinds of work instructions
govern, the concept expansions, the patterns compiled on first use). Together about 0.5 to
1.3 s on a 2-core machine, against a prompt hook's deadline of 1 s. :func:`load_screens` runs
in a thread of its own from the moment the daemon serves: it imports that code and then runs
one injection and one session brief that record nothing (no session id, or one no session
has) on the notes of the project most likely to ask first, so every lazy index is built. A
request that needs this code (``inject``, ``brief``) waits for the warm-up to end instead of
starting the same work beside it (:meth:`Daemon.need_screens`, at most :data:`SCREENS_WAIT`),
so the import is done once, by this thread, and a prompt that comes a moment after the daemon
started pays only what is left of it; when a request is already waiting once the code is
imported, the rehearsal is skipped (that request builds the indexes on its way, as it would
have without a warm-up), so a prompt that started the daemon itself is not kept longer. ``screens`` in the status says how far it got.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mnemon_daemon.server import Daemon

log = logging.getLogger("mnemon.daemon")

SCREENS_WAIT = 10.0
"""Seconds a request waits for the warm-up at most; then it loads what it needs itself."""
WARM_SCOPE = "mnemon:warm-up"
"""The session id of the warm-up's brief (never a Claude Code session's id), and the scope it reads
in a store with no project's notes yet (no project has it: only global notes can match)."""
WARM_PROMPT = ("why does the deploy fail since the cache change? fix it, add a regression test, "
               "update the docs and commit")
"""A prompt that takes the injection through its lanes: a cause asked, a malfunction reported
(suspects), kinds of work named (standing instructions), a change to the code."""


def load_screens(d: Daemon) -> None:
    """Import the capture, injection and safety code and run one injection and one brief that
    record nothing; then release the requests waiting for it (see the module docstring)."""
    started = time.monotonic()
    try:
        from mnemon.safety import guard, redact

        guard.scan("warm")
        redact.redact("warm")
        from mnemon.claude import capture, inject  # noqa: F401

        if not d.screens_wanted.is_set():
            _rehearse(d)
    except Exception as err:  # a request that needs the code loads it itself and reports what fails
        d.screens = f"failed: {err}"
        log.warning("warming up the injection and safety code failed (%s); the first request loads it", err)
    else:
        d.screens = "ready"
        log.info("injection and safety code warmed up in %.2f s", time.monotonic() - started)
    finally:
        d.screens_done.set()


def _rehearse(d: Daemon) -> None:
    """One injection and one brief that record nothing, on the notes of the likely project: what they
    build lazily is then ready. Skipped when a request already waits (it builds that on its way)."""
    from mnemon.claude import facets, inject

    for side in facets.SIDES:  # an index a prompt's block needs only when it holds an instruction
        facets.of(WARM_PROMPT, side)
    scope = _likely_project(d)
    inject.build_injection(d.memory, prompt=WARM_PROMPT, session_id="", cwd="", config=d.config,
                           record=False, scope=scope)
    inject.build_brief(d.memory, session_id=WARM_SCOPE, cwd="", source="startup", config=d.config,
                       scope=scope, record=False)


def _likely_project(d: Daemon) -> str:
    """The project of the newest memory not kept for every project: the next prompt most likely
    comes from it, and the warm-up then reads its notes as that prompt will (what is worked out
    per note, such as a note's subject, is kept); else :data:`WARM_SCOPE`."""
    from mnemon.engine.model import GLOBAL_SCOPE

    for item in d.memory.list_insights(limit=20)["items"]:
        if item["scope"] != GLOBAL_SCOPE:
            return str(item["scope"])
    return WARM_SCOPE
