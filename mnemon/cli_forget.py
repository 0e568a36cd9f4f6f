"""``mnemon forget`` and ``mnemon restore``: forgetting is a soft delete (out of recall at once,
kept on disk until ``retention_days`` purges it), and ``restore`` undoes it until then. The
parsers are in ``mnemon.cli``.
"""

from __future__ import annotations

import sys
from typing import Any

from mnemon import render
from mnemon.cli import Context, _project
from mnemon.errors import InvalidInput


def cmd_forget(ctx: Context) -> int:
    a = ctx.args
    chosen = [bool(a.ids), bool(a.session), a.project is not None]
    if sum(chosen) != 1:
        raise InvalidInput("give memory ids, or --session ID, or --project [DIR] (one of them)")
    if len(a.ids) == 1:
        return ctx.answer("forget", {"id": a.ids[0]}, render.forget)
    if a.ids:
        return ctx.answer("forget_many", {"ids": a.ids}, render.forgot_many)
    what, args = _many(ctx)
    preview = ctx.call("forget_many", {**args, "dry_run": True})
    if not preview["count"]:  # not "would forget 0": nothing was held back
        ctx.out(preview, lambda _: print(f"nothing to forget: no memories of {what}"))
        return 0
    if not a.yes and not _confirm(ctx, preview, what):
        print("nothing forgotten", file=sys.stderr)
        return 1
    result = ctx.call("forget_many", {**args, "expect": preview["digest"]})
    ctx.out(result, render.forgot_many)
    return 0


def _many(ctx: Context) -> tuple[str, dict[str, Any]]:
    """What ``--session ID`` or ``--project [DIR]`` names, in words and as the daemon's arguments."""
    a = ctx.args
    if a.session:
        session = ctx.session(a.session)
        return f"session {session}", {"session_id": session}
    scope = _project(a.project)
    return f"project {scope}", {"scope": scope}


def _confirm(ctx: Context, preview: dict[str, Any], what: str, verb: str = "forget") -> bool:
    """Show what would go (or come back) and read y/N from stdin (a pipe counts, like `rm -i`); no
    answer at all is an error pointing at --yes, never a yes."""
    shown = preview.get("preview") or []
    print(f"about to {verb} {preview['count']} memor{'y' if preview['count'] == 1 else 'ies'} of {what}:",
          file=sys.stderr)
    for item in shown:
        print(f"  {item['id'][:8]} {render.one_line(item['content'], 90)}", file=sys.stderr)
    if preview["count"] > len(shown):
        print(f"  ... and {preview['count'] - len(shown)} more", file=sys.stderr)
    print(f"{verb} them? [y/N] ", end="", file=sys.stderr, flush=True)
    answer = sys.stdin.readline()
    if not answer:
        raise InvalidInput(f"no answer on stdin; run again with --yes to {verb} {preview['count']} memories")
    return answer.strip().lower() in ("y", "yes")


def cmd_restore(ctx: Context) -> int:
    """By ids, or every forgotten memory of a session or a project: the undo of `forget --session` or
    `--project`, which may have forgotten more memories than anyone would type the ids of."""
    a = ctx.args
    if sum([bool(a.ids), bool(a.session), a.project is not None]) != 1:
        raise InvalidInput("give memory ids, or --session ID, or --project [DIR] (one of them)")
    if a.ids:
        return ctx.answer("restore", {"ids": a.ids}, render.restored)
    what, args = _many(ctx)
    gone = _forgotten(ctx, args)
    if not gone:
        ctx.out({"count": 0, "items": []}, lambda _: print(f"nothing to restore: no forgotten memories of {what}"))
        return 0
    if not a.yes and not _confirm(ctx, {"count": len(gone), "preview": gone[:5]}, what, "restore"):
        print("nothing restored", file=sys.stderr)
        return 1
    return ctx.answer("restore", {"ids": [item["id"] for item in gone]}, render.restored)


def _forgotten(ctx: Context, filters: dict[str, Any]) -> list[dict[str, Any]]:
    """The forgotten (not yet purged) memories matching ``filters``, newest first."""
    gone: list[dict[str, Any]] = []
    offset = 0
    while True:
        page = ctx.call("list", {**filters, "include_deleted": True, "offset": offset, "limit": PAGE})
        items = page.get("items") or []
        gone.extend(item for item in items if item.get("deleted_at"))
        offset += len(items)
        if not items or offset >= page.get("total", 0):
            return gone


PAGE = 1000
