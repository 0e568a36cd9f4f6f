"""What a scope typed on the command line means (``--scope`` of remember, recall and list, and
``mnemon scope ID SCOPE``).

A scope is ``global``, a project's scope (its main working tree's path, or the name its
``.mnemon-project`` file gives) or a name of the user's own. Taken literally, what people type
for a project missed it: ``mnemon scope ID ../app`` stored the scope ``../app``, a trailing slash
made ``/src/app/`` a scope of its own, and the folder name ``app`` made a new scope that listings
show as ``app``, exactly like the project, while no session of the project ever read it. So:

1. ``global`` and ``project`` (the project of ``cwd``) mean what they say;
2. a scope memories already hold is taken as it is;
3. a path (it starts with ``/``, ``~`` or ``.``, or holds a ``/``) names the project of that
   directory, which must exist;
4. a bare name that is the folder name of exactly one stored project means that project (as
   the MCP tools read a ``project`` argument); one several projects share is refused;
5. any other name is a new scope of its own, as before: :func:`new_scope_note` says so.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence

from mnemon.errors import InvalidInput

GLOBAL = "global"


def given_scope(value: str | None, cwd: str | None, known: Callable[[], Sequence[str]], *,
                note: bool = False) -> str | None:
    """:func:`resolve_scope` for an option that may be absent; ``note``: a write to a name no
    memory held says so on stderr (:func:`new_scope_note`); a read of such a name says so too."""
    if value is None:
        return None
    asked: list[Sequence[str]] = []

    def once() -> Sequence[str]:  # one question to the daemon (or one read of the file) per command
        if not asked:
            asked.append(known())
        return asked[0]

    scope = resolve_scope(value, cwd, once)
    if value in (GLOBAL, "project"):
        return scope
    said = new_scope_note(scope, once()) if note else _empty_scope_note(scope, once())
    if said:
        print(said, file=sys.stderr)
    return scope


def _empty_scope_note(scope: str, known: Sequence[str]) -> str | None:
    """For a read (``recall`` and ``list --scope``): a scope no memory is in finds nothing, which
    said only "no memories match" hid the typo."""
    if scope in known:
        return None
    held = ", ".join(sorted(known)[:8]) or "none yet"
    return f"note: no memory is in scope {scope!r} (scopes held: {held}{', ...' if len(known) > 8 else ''})"


def resolve_scope(value: str, cwd: str | None, known: Callable[[], Sequence[str]]) -> str:
    """The stored scope ``value`` names; ``known`` lists the scopes memories hold (asked only
    when ``value`` is neither ``global`` nor ``project``)."""
    from mnemon.claude.project import project_scope

    if not value.strip():
        raise InvalidInput("--scope must not be empty: give global, project or a scope's name")
    if value == GLOBAL:
        return GLOBAL
    if value == "project":
        return project_scope(cwd or os.getcwd())
    scopes = list(known())
    if value in scopes:
        return value
    if _is_path(value):
        return _path_scope(value, scopes)
    return _folder_scope(value, scopes)


def new_scope_note(scope: str, known: Sequence[str]) -> str | None:
    """A line for stderr when ``scope`` is a name no memory held before: nothing reads it until
    a project's ``.mnemon-project`` names it, which a typo would otherwise hide."""
    if scope == GLOBAL or scope in known or scope.startswith("/"):
        return None
    return (f"note: no memory was in scope {scope!r} before; sessions read it only in a project whose "
            ".mnemon-project file names it (for a project's memories give its directory, or 'project')")


def _is_path(value: str) -> bool:
    return value.startswith(("/", "~", ".")) or os.sep in value


def _path_scope(value: str, scopes: Sequence[str]) -> str:
    """A directory's project; a path that is no directory only when memories hold it (a moved
    repository's old path), else refused as the typo it usually is."""
    from mnemon.claude.project import project_scope

    directory = os.path.abspath(os.path.expanduser(value))
    if os.path.isdir(directory):
        return project_scope(directory)
    if directory in scopes:
        return directory
    raise InvalidInput(f"{directory} is not a directory, and no memory is in a scope of that name; "
                       "give a project's directory, project, global or a scope's name")


def _folder_scope(name: str, scopes: Sequence[str]) -> str:
    matches = [s for s in scopes if s.startswith("/") and s.rstrip("/").rsplit("/", 1)[-1] == name]
    if len(matches) > 1:
        raise InvalidInput(f"{name!r} is the folder of {len(matches)} projects ({', '.join(matches)}): "
                           "give the project's directory")
    return matches[0] if matches else name
