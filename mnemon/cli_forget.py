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
    if a.session:
        session = ctx.session(a.session)
        what, args = f"session {session}", {"session_id": session}
    else:
        scope = _project(a.project)
        what, args = f"project {scope}", {"scope": scope}
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


def _confirm(ctx: Context, preview: dict[str, Any], what: str) -> bool:
    """Show what would go and read y/N from stdin (a pipe counts, like `rm -i`); no answer
    at all is an error pointing at --yes, never a yes."""
    shown = preview.get("preview") or []
    print(f"about to forget {preview['count']} memor{'y' if preview['count'] == 1 else 'ies'} of {what}:", file=sys.stderr)
    for item in shown:
        print(f"  {item['id'][:8]} {render.one_line(item['content'], 90)}", file=sys.stderr)
    if preview["count"] > len(shown):
        print(f"  ... and {preview['count'] - len(shown)} more", file=sys.stderr)
    print("forget them? [y/N] ", end="", file=sys.stderr, flush=True)
    answer = sys.stdin.readline()
    if not answer:
        raise InvalidInput(f"no answer on stdin; run again with --yes to forget {preview['count']} memories")
    return answer.strip().lower() in ("y", "yes")


def cmd_restore(ctx: Context) -> int:
    return ctx.answer("restore", {"ids": ctx.args.ids}, render.restored)
