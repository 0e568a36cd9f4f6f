"""The viewer's HTML: one function per page, each taking the dicts the daemon's ops return.

Server-rendered, no script at all: links and plain forms do everything (state changes are
POST forms whose action carries the viewer's token, like every link). Every value from the
store is escaped with :func:`html.escape`; a memory's text is shown as text, never markup.
The neighbourhood graph of a memory is inline SVG drawn here. Styling is one stylesheet
shipped in the package (``static/viewer.css``), served by the viewer itself.

Nothing here talks to the daemon or reads files: :mod:`mnemon.viewer` gathers the data.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any
from urllib.parse import quote, urlencode

from mnemon.engine.model import CATEGORIES, DIRECTED_EDGES, GLOBAL_SCOPE

NAV = (("", "Memories"), ("sessions", "Sessions"), ("injections", "Injection log"), ("projects", "Projects"),
       ("status", "Status"))
EDGE_COLOURS = {"temporal": "#8a8f98", "entity": "#2f7ed8", "causal": "#d9822b", "semantic": "#3aa675",
                "supersedes": "#c0392b"}
REASONS = {
    "ok": "injected",
    "trivial": "a trivial prompt (acknowledgement, slash command)",
    "muted": "injection is muted for this session or project",
    "disabled": "injection is turned off in the configuration",
    "no-match": "nothing matched",
    "filtered": "every match was left out (already injected, flagged, or of another scope)",
    "in-context": "the matches came from this session's own turns, still in context",
    "nothing passed the relevance floor": "nothing passed the relevance floor",
    "below-floor": "no match passed the relevance floor, or every one was left out (already injected in this "
                   "session, flagged, or of another scope)",
    "no keyword, entity or vector match": "no keyword, entity or vector match",
    "empty": "the store is empty",
    "no memory matches the filters": "no memory in scope",
    "nothing-standing": "no standing decisions or preferences to show",
    "all-shown": "every standing decision and preference was shown already in this session",
    "already-shown": "what matched was injected earlier in this session (no note twice in a session)",
    "nothing-established": "nothing established before compaction",
    "late": "the answer was not ready within the hook's deadline: nothing reached the model, and its notes "
            "stay unshown in this session",
}


def memories_n(n: int) -> str:
    """'1 memory', '2 memories' (the pages said '1 memories')."""
    return f"{n} memory" if n == 1 else f"{n} memories"


def e(value: Any) -> str:
    return escape("" if value is None else str(value), quote=True)


def when(iso: str | None) -> str:
    """``2026-11-26T08:05:03Z`` as ``2026-11-26 08:05``."""
    if not iso:
        return ""
    return str(iso).replace("T", " ")[:16]


def short_scope(scope: str | None) -> str:
    text = str(scope or "")
    if text.startswith("/") and text.rstrip("/"):
        return text.rstrip("/").rsplit("/", 1)[-1]
    return text


def first_words(text: str, width: int = 160) -> str:
    flat = " ".join(str(text).split())
    return flat if len(flat) <= width else flat[: width - 1].rsplit(" ", 1)[0] + "…"


def url(base: str, path: str = "", **params: Any) -> str:
    query = {k: v for k, v in params.items() if v not in (None, "", False)}
    return base + path + ("?" + urlencode(query) if query else "")


# -- frame ---------------------------------------------------------------------------------------
def layout(base: str, title: str, body: str, *, active: str = "", notice: str = "") -> str:
    nav = "".join(
        f'<a href="{e(base + path)}"{" class=on" if path == active else ""}>{e(label)}</a>' for path, label in NAV)
    note = f'<p class="notice">{e(notice)}</p>' if notice else ""
    return (
        "<!doctype html>\n<html lang=en><head><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width, initial-scale=1">'
        f'<meta name=referrer content=no-referrer><title>{e(title)} · Mnemon</title>'
        f'<link rel=stylesheet href="{e(base)}static/viewer.css"></head><body>'
        f'<header><a class=brand href="{e(base)}">Mnemon</a><nav>{nav}</nav></header>'
        f"<main><h1>{e(title)}</h1>{note}{body}</main></body></html>\n"
    )


def token_field(token: str) -> str:
    return f'<input type=hidden name=token value="{e(token)}">'


def post_button(base: str, token: str, action: str, label: str, fields: Mapping[str, Any], *,
                danger: bool = False) -> str:
    hidden = "".join(f'<input type=hidden name="{e(k)}" value="{e(v)}">' for k, v in fields.items())
    cls = " class=danger" if danger else ""
    return (f'<form method=post action="{e(base + action)}" class=inline>{token_field(token)}{hidden}'
            f"<button{cls}>{e(label)}</button></form>")


def badges(d: Mapping[str, Any]) -> str:
    out = []
    if d.get("pinned"):
        out.append('<span class="badge pin">pinned</span>')
    if d.get("flags"):
        out.append(f'<span class="badge flag">flagged: {e(", ".join(d["flags"]))}</span>')
    if d.get("superseded") or d.get("superseded_by"):
        out.append('<span class="badge old">superseded</span>')
    if d.get("deleted_at"):
        out.append(f'<span class="badge gone">forgotten {e(when(d["deleted_at"]))}</span>')
    return " ".join(out)


def signals_table(signals: Mapping[str, Any]) -> str:
    shown = [(k, v) for k, v in signals.items() if isinstance(v, (int, float)) and v]
    if not shown:
        return '<span class="muted">—</span>'
    return '<span class=signals>' + " ".join(
        f'<span class=sig>{e(k)} <b>{float(v):.2f}</b></span>' for k, v in shown) + "</span>"


# -- memories ------------------------------------------------------------------------------------
def menu_labels(scopes: Sequence[str]) -> dict[str, str]:
    """Each scope's name in a menu: its folder name, or the whole scope where two share that name
    (~/work/site and ~/play/site were both 'site (N)', with nothing to tell them apart)."""
    short = [short_scope(s) for s in scopes]
    return {s: s if short.count(name) > 1 else name for s, name in zip(scopes, short, strict=True)}


def filters_form(base: str, params: Mapping[str, str], projects: Sequence[Mapping[str, Any]]) -> str:
    def option(value: str, label: str, current: str) -> str:
        sel = " selected" if value == current else ""
        return f'<option value="{e(value)}"{sel}>{e(label)}</option>'

    labels = menu_labels([str(p["scope"]) for p in projects])
    scope_opts = option("", "every project", params.get("project", "")) + "".join(
        option(str(p["scope"]), f"{labels[str(p['scope'])]} ({p['count']})", params.get("project", ""))
        for p in projects)
    kind_opts = option("", "every kind", params.get("kind", "")) + "".join(
        option(c, c, params.get("kind", "")) for c in CATEGORIES)
    checks = "".join(
        f'<label><input type=checkbox name={name} value=1{" checked" if params.get(name) else ""}> {label}</label>'
        for name, label in (("flagged", "flagged"), ("pinned", "pinned"), ("deleted", "with forgotten")))
    return (
        f'<form method=get action="{e(base)}" class=filters>'
        f'<input type=search name=q value="{e(params.get("q", ""))}" placeholder="search (the hooks\' recall)" '
        'size=34 autofocus>'
        f"<select name=project>{scope_opts}</select><select name=kind>{kind_opts}</select>"
        f'<input name=session value="{e(params.get("session", ""))}" placeholder="session id" size=14>'
        f'<input name=since value="{e(params.get("since", ""))}" placeholder="since: 7d, 2026-01-31" size=14>'
        f"{checks}<button>Show</button></form>"
    )


def memory_rows(base: str, items: Iterable[Mapping[str, Any]], *, select: bool = True,
                extra: Mapping[str, str] | None = None) -> str:
    rows = []
    for d in items:
        box = (f'<td><input type=checkbox name=ids value="{e(d["id"])}" aria-label="select {e(d["id"][:8])}"></td>'
               if select else "")
        more = f"<td>{extra[d['id']]}</td>" if extra is not None else ""
        session = d.get("session_id") or ""
        session_link = (f'<a href="{e(base)}s/{e(quote(session, safe=""))}">{e(session[:8])}</a>' if session
                        else '<span class="muted">—</span>')
        rows.append(
            f'<tr class="{"gone" if d.get("deleted_at") else ""}">{box}'
            f'<td class=mono><a href="{e(base)}m/{e(d["id"])}">{e(d["id"][:8])}</a></td>'
            f"<td class=nowrap>{e(when(d.get('created_at')))}</td><td>{e(d.get('category'))}</td>"
            f'<td title="{e(d.get("scope"))}">{e(short_scope(d.get("scope")))}</td><td>{session_link}</td>'
            f"<td class=num>{e(d.get('importance'))}</td>"
            f"<td class=text>{e(first_words(str(d.get('content', ''))))} {badges(d)}</td>{more}</tr>")
    return "".join(rows)


def memories(base: str, token: str, params: Mapping[str, str], page: Mapping[str, Any],
             projects: Sequence[Mapping[str, Any]], *, notice: str = "") -> str:
    total, offset, items = page["total"], page["offset"], page["items"]
    head = ("<tr><th></th><th>id</th><th>created</th><th>kind</th><th>project</th><th>session</th>"
            "<th>imp.</th><th>memory</th></tr>")
    pager = []
    keep = {k: v for k, v in params.items() if k != "page"}
    number = offset // max(page["limit"], 1) + 1
    if offset > 0:
        pager.append(f'<a href="{e(url(base, "", **keep, page=number - 1))}">← newer</a>')
    if offset + len(items) < total:
        pager.append(f'<a href="{e(url(base, "", **keep, page=number + 1))}">older →</a>')
    body = (
        filters_form(base, params, projects)
        + f'<p class=count>{memories_n(total)}{f"; {offset + 1}–{offset + len(items)} shown" if items else ""}, '
        "newest first</p>"
        + f'<form method=post action="{e(base)}forget">{token_field(token)}'
        + f'<table class=list>{head}{memory_rows(base, items)}</table>'
        + ('<p><button class=danger>Forget the selected memories…</button></p>' if items else "")
        + "</form>" + f'<p class=pager>{" ".join(pager)}</p>'
    )
    return layout(base, "Memories", body, active="", notice=notice)


def search(base: str, params: Mapping[str, str], result: Mapping[str, Any],
           projects: Sequence[Mapping[str, Any]]) -> str:
    hits = result.get("results") or []
    rows = []
    for n, hit in enumerate(hits, 1):
        d = hit["insight"]
        rows.append(
            f'<tr><td class=num>{n}</td><td class=mono><a href="{e(base)}m/{e(d["id"])}">{e(d["id"][:8])}</a></td>'
            f"<td class=num>{float(hit.get('score', 0)):.3f}</td><td>{e(hit.get('via'))}</td>"
            f"<td>{e(d.get('category'))}</td><td title=\"{e(d.get('scope'))}\">{e(short_scope(d.get('scope')))}</td>"
            f"<td class=text>{e(first_words(str(d.get('content', '')), 220))} {badges(d)}</td>"
            f"<td>{signals_table(hit.get('signals') or {})}</td></tr>")
    meta = result.get("meta") or {}
    why = f" ({e(meta['reason'])})" if meta.get("reason") and not hits else ""
    body = (
        filters_form(base, params, projects)
        + f'<p class=count>{len(hits)} results for <q>{e(params.get("q"))}</q>, intent '
        f"{e(result.get('intent'))}{why}</p>"
        + ("<table class=list><tr><th>#</th><th>id</th><th>score</th><th>via</th><th>kind</th><th>project</th>"
           f"<th>memory</th><th>signals</th></tr>{''.join(rows)}</table>" if rows else "")
    )
    return layout(base, "Search", body, active="")


# -- one memory ----------------------------------------------------------------------------------
Link = tuple[str, float, str]  # edge type, weight, direction: "out", "in" or "both"


def graph_svg(base: str, center: Mapping[str, Any], neighbours: Sequence[tuple[Mapping[str, Any], Sequence[Link]]],
              size: int = 520) -> str:
    """The memory in the middle, its neighbours on a circle around it, one line per edge
    (several edges to one neighbour are drawn as separate arcs), coloured by type; directed
    edges (causal, supersedes) carry an arrow. Each neighbour is a link to its page."""
    mid = size / 2
    radius = size / 2 - 72
    parts = [f'<svg class=graph viewBox="0 0 {size} {size}" width="{size}" height="{size}" role=img '
             f'aria-label="neighbourhood of {e(center["id"][:8])}">',
             '<defs><marker id=arrow viewBox="0 0 10 10" refX=10 refY=5 markerWidth=7 markerHeight=7 '
             'orient=auto-start-reverse><path d="M0,0 L10,5 L0,10 z" fill="#555"/></marker></defs>']
    count = max(len(neighbours), 1)
    spots = []
    for i, (_d, links) in enumerate(neighbours):
        angle = 2 * math.pi * i / count - math.pi / 2
        x, y = mid + radius * math.cos(angle), mid + radius * math.sin(angle)
        spots.append((x, y))
        dx, dy = x - mid, y - mid
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length, dx / length  # unit normal: arcs bend to either side of the straight line
        for j, (etype, weight, direction) in enumerate(links):
            bend = 26.0 * (j - (len(links) - 1) / 2)
            cx, cy = (mid + x) / 2 + nx * bend, (mid + y) / 2 + ny * bend
            start, end = ((x, y), (mid, mid)) if direction == "in" else ((mid, mid), (x, y))
            marker = " marker-end=url(#arrow)" if direction in ("in", "out") else ""
            stroke = 1 + 3 * max(0.0, min(weight, 1.0))
            parts.append(f'<path d="M{start[0]:.1f},{start[1]:.1f} Q{cx:.1f},{cy:.1f} {end[0]:.1f},{end[1]:.1f}" '
                         f'fill=none stroke="{EDGE_COLOURS.get(etype, "#999")}" stroke-width="{stroke:.1f}"'
                         f"{marker}><title>{e(etype)} {weight:.2f}</title></path>")
    for (d, links), (x, y) in zip(neighbours, spots, strict=True):
        strongest = max(links, key=lambda link: link[1])[0] if links else ""
        label = first_words(str(d.get("content", "")), 28)
        below = 1 if y >= mid - 1 else -1
        parts.append(f'<a href="{e(base)}m/{e(d["id"])}"><circle cx="{x:.1f}" cy="{y:.1f}" r=9 '
                     f'fill="{EDGE_COLOURS.get(strongest, "#999")}"/><text x="{x:.1f}" y="{y + below * 22 + 4:.1f}" '
                     f'text-anchor=middle class=node>{e(d["id"][:8])}</text><text x="{x:.1f}" '
                     f'y="{y + below * 35 + 4:.1f}" text-anchor=middle class=label>{e(label)}</text></a>')
    parts.append(f'<circle cx="{mid}" cy="{mid}" r=14 class=center/><text x="{mid}" y="{mid + 32}" '
                 f'text-anchor=middle class=node><tspan font-weight=bold>{e(center["id"][:8])}</tspan></text>')
    parts.append("</svg>")
    legend = " ".join(f'<span class=sig><i class="dot t-{e(t)}"></i>{e(t)}</span>' for t in EDGE_COLOURS)
    return "".join(parts) + f"<p class=legend>{legend}</p>"


def memory(base: str, token: str, d: Mapping[str, Any], *, neighbours: Sequence[tuple[Mapping[str, Any], Sequence[Link]]],
           around: Mapping[str, Any] | None, source: Mapping[str, Any] | None, scopes: Sequence[str],
           notice: str = "") -> str:
    meta = d.get("metadata") or {}
    facts = [("kind", d.get("category")), ("importance", d.get("importance")),
             ("effective importance", d.get("effective_importance")), ("scope", d.get("scope")),
             ("session", d.get("session_id")), ("source", d.get("source")), ("created", when(d.get("created_at"))),
             ("last used", when(d.get("last_accessed_at"))), ("used", f"{d.get('access_count')} time{'' if d.get('access_count') == 1 else 's'}"),
             ("embedded", "yes" if d.get("embedded") else "no"), ("immune to pruning", "yes" if d.get("immune") else "no"),
             ("tags", ", ".join(d.get("tags") or [])), ("entities", ", ".join(d.get("entities") or []))]
    rows = "".join(f"<tr><th>{e(k)}</th><td>{e(v)}</td></tr>" for k, v in facts if v not in (None, ""))
    if d.get("session_id"):
        rows = rows.replace(f"<td>{e(d['session_id'])}</td>",
                            f'<td><a href="{e(base)}s/{e(quote(str(d["session_id"]), safe=""))}">'
                            f"{e(d['session_id'])}</a></td>")
    src = ""
    if meta.get("transcript"):
        where = f"{meta['transcript']}" + (f", line {meta['line']}" if meta.get("line") else "")
        excerpt = ""
        if source is not None:
            role = f"{source.get('role')}: " if source.get("role") else ""
            excerpt = f'<blockquote class=source>{e(role)}{e(source.get("text", ""))}</blockquote>'
        elif meta.get("line"):
            excerpt = '<p class=muted>(the transcript line is no longer readable)</p>'
        src = f"<h2>Where it came from</h2><p class=mono>{e(where)}</p>{excerpt}"
    links = []
    for sid in d.get("superseded_by") or []:
        links.append(f'superseded by <a href="{e(base)}m/{e(sid)}">{e(sid[:8])}</a> (newer)')
    for edge in d.get("edges") or []:
        if edge["type"] == "supersedes" and edge["source_id"] == d["id"]:
            links.append(f'supersedes <a href="{e(base)}m/{e(edge["target_id"])}">{e(edge["target_id"][:8])}</a>')
    edge_rows = []
    for edge in d.get("edges") or []:
        other = edge["target_id"] if edge["source_id"] == d["id"] else edge["source_id"]
        directed = edge["type"] in DIRECTED_EDGES
        arrow = ("→" if edge["source_id"] == d["id"] else "←") if directed else "—"
        edge_rows.append(f'<tr><td><i class="dot t-{e(edge["type"])}"></i>'
                         f'{e(edge["type"])}</td><td>{arrow}</td><td class=mono><a href="{e(base)}m/{e(other)}">'
                         f'{e(other[:8])}</a></td><td class=num>{float(edge["weight"]):.2f}</td></tr>')
    actions = []
    if not d.get("deleted_at"):
        actions.append(post_button(base, token, "pin", "Unpin" if d.get("pinned") else "Pin (no decay, never pruned)",
                                   {"id": d["id"], "on": "0" if d.get("pinned") else "1"}))
        options = "".join(f'<option value="{e(s)}"{" selected" if s == d.get("scope") else ""}>{e(s)}</option>'
                          for s in dict.fromkeys([GLOBAL_SCOPE, *scopes, str(d.get("scope"))]))
        actions.append(f'<form method=post action="{e(base)}scope" class=inline>{token_field(token)}'
                       f'<input type=hidden name=id value="{e(d["id"])}"><select name=scope>{options}</select>'
                       "<button>Change scope</button></form>")
        actions.append(post_button(base, token, "forget", "Forget…", {"ids": d["id"]}, danger=True))
    else:  # kept until retention purges it: a forget can be undone
        actions.append(post_button(base, token, "restore", "Restore (undo the forget)", {"ids": d["id"]}))
    timeline = ""
    if around is not None:
        line = list(around.get("before") or []) + [around["memory"]] + list(around.get("after") or [])
        along = "its session" if around.get("along") == "session" else "its project's time line"
        timeline = (f"<h2>Around it in {e(along)}</h2><table class=list>"
                    + memory_rows(base, line, select=False).replace(
                        f'<tr class=""><td class=mono><a href="{e(base)}m/{e(d["id"])}">',
                        f'<tr class=here><td class=mono><a href="{e(base)}m/{e(d["id"])}">')
                    + "</table>")
    body = (
        f'<p class=badges>{badges(d)}</p><blockquote class=memory>{e(d.get("content"))}</blockquote>'
        + (f"<p>{' · '.join(links)}</p>" if links else "")
        + f'<div class=actions>{"".join(actions)}</div>'
        + f"<table class=facts>{rows}</table>{src}"
        + f"<h2>Edges ({len(d.get('edges') or [])})</h2>"
        + (graph_svg(base, d, neighbours) if neighbours else "<p class=muted>no edges</p>")
        + (f"<table class=\"list edges\"><tr><th>type</th><th></th><th>memory</th><th>weight</th></tr>"
           f"{''.join(edge_rows)}"
           "</table>" if edge_rows else "")
        + timeline
    )
    return layout(base, f"Memory {d['id'][:8]}", body, notice=notice)


# -- sessions, injections, projects ----------------------------------------------------------------
def mute_button(base: str, token: str, target: str, key: str, value: str, muted: bool) -> str:
    return post_button(base, token, "mute", "Unmute" if muted else "Mute injection",
                       {"target": target, key: value, "on": "0" if muted else "1"})


def sessions(base: str, token: str, page: Mapping[str, Any], *, notice: str = "") -> str:
    rows = []
    for s in page["items"]:
        sid = str(s["session_id"])
        rows.append(
            f'<tr><td class=mono><a href="{e(base)}s/{e(quote(sid, safe=""))}">{e(sid[:8])}</a></td>'
            f'<td title="{e(s.get("scope"))}">{e(short_scope(s.get("scope")))}</td>'
            f"<td class=nowrap>{e(when(s.get('first')))}</td><td class=nowrap>{e(when(s.get('last')))}</td>"
            f"<td class=num>{e(s.get('count'))}</td><td class=num>{e(s.get('injected'))}/{e(s.get('injections'))}</td>"
            f"<td>{'muted' if s.get('muted') else ''}</td>"
            f"<td>{mute_button(base, token, 'session', 'session_id', sid, bool(s.get('muted')))}</td></tr>")
    pager = []
    if page["offset"] > 0:
        pager.append(f'<a href="{e(url(base, "sessions", offset=max(0, page["offset"] - page["limit"])))}">← newer</a>')
    if page["offset"] + len(page["items"]) < page["total"]:
        pager.append(f'<a href="{e(url(base, "sessions", offset=page["offset"] + page["limit"]))}">older →</a>')
    body = (f'<p class=count>{page["total"]} sessions, newest first</p><table class=list><tr><th>session</th>'
            "<th>project</th><th>first</th><th>last</th><th>memories</th><th>prompts injected</th><th></th><th></th>"
            f"</tr>{''.join(rows)}</table><p class=pager>{' '.join(pager)}</p>")
    return layout(base, "Sessions", body, active="sessions", notice=notice)


def injection_entries(base: str, entries: Sequence[Mapping[str, Any]], *, with_session: bool) -> str:
    out = []
    for en in entries:
        sid = str(en.get("session_id") or "")
        what = (f"<q>{e(first_words(str(en.get('prompt') or ''), 200))}</q>" if en.get("event") == "prompt"
                else f"session {e(en.get('event'))}")
        session = (f' · <a class=mono href="{e(base)}s/{e(quote(sid, safe=""))}">{e(sid[:8])}</a>'
                   if with_session else "")
        got = outcome(en)
        detail = ""
        if en.get("chars"):
            lines = note_lines(str(en.get("context") or ""))
            notes = "".join(
                f'<tr><td class=mono><a href="{e(base)}m/{e(it.get("id"))}">{e(it.get("short_id"))}</a></td>'
                f"<td>{e(it.get('category'))}</td><td class=num>{float(it.get('score') or 0):.3f}</td>"
                f"<td>{signals_table(it.get('signals') or {})}</td>"
                f"<td class=text>{e(first_words(lines.get(str(it.get('short_id')), ''), 120))}</td></tr>"
                for it in en.get("items") or [])
            # a block of no notes (what compaction lost: the session's own requests) is shown as it was
            detail = ("<table class=list><tr><th>note</th><th>kind</th><th>score</th><th>signals</th><th>as injected</th>"
                      f"</tr>{notes}</table><details><summary>the block as injected</summary><pre class=block>"
                      f"{e(en.get('context'))}</pre></details>" if notes
                      else f"<pre class=block>{e(en.get('context'))}</pre>")
        took = f" · {float(en['took_ms']):.1f} ms" if en.get("took_ms") is not None else ""
        out.append(f'<section class=entry><p class=when>{e(when(en.get("ts")))}{session}{e(took)}</p>'
                   f"<p>{what} {got}</p>{detail}</section>")
    return "".join(out) or "<p class=muted>nothing logged yet</p>"


def note_lines(context: str) -> dict[str, str]:
    """Each note's text in an injected block, by its short id (``- [date kind 3f2a9c1e] text``)."""
    out = {}
    for line in context.splitlines():
        if line.startswith("- [") and "] " in line:
            label, text = line[3:].split("] ", 1)
            out[label.rsplit(" ", 1)[-1]] = text
    return out


def session(base: str, token: str, sid: str, page: Mapping[str, Any], entries: Sequence[Mapping[str, Any]],
            muted: bool, *, notice: str = "") -> str:
    actions = (mute_button(base, token, "session", "session_id", sid, muted)
               + (post_button(base, token, "forget", f"Forget this session's {memories_n(page['total'])}…",
                              {"session_id": sid}, danger=True) if page["total"] else ""))
    body = (
        f'<p class=mono>{e(sid)}{" · injection muted" if muted else ""}</p><div class=actions>{actions}</div>'
        f"<h2>Injection log ({len(entries)} prompts and starts)</h2>"
        f"{injection_entries(base, entries, with_session=False)}"
        f"<h2>Memories captured ({page['total']})</h2>"
        + (f'<form method=post action="{e(base)}forget">{token_field(token)}<table class=list><tr><th></th><th>id</th>'
           "<th>created</th><th>kind</th><th>project</th><th>session</th><th>imp.</th><th>memory</th></tr>"
           f"{memory_rows(base, page['items'])}</table>"
           '<p><button class=danger>Forget the selected memories…</button></p></form>' if page["items"]
           else "<p class=muted>none (yet: a turn is captured when it ends)</p>")
    )
    return layout(base, f"Session {sid[:8]}", body, active="sessions", notice=notice)


def outcome(en: Mapping[str, Any]) -> str:
    if en.get("chars"):
        count = len(en.get("items") or [])
        return (f'<span class="badge ok">{count} note{"s" if count != 1 else ""} · {e(en["chars"])} characters · '
                f'~{e(en["tokens"])} tokens</span>')
    reason = str(en.get("reason") or "")
    return f'<span class="badge none">nothing: {e(REASONS.get(reason, reason))}</span>'


def injections(base: str, entries: Sequence[Mapping[str, Any]], *, older: int | None) -> str:
    """Every session's log, one line an entry; a session's page has the blocks and signals."""
    rows = []
    for en in entries:
        sid = str(en.get("session_id") or "")
        what = (f"<q>{e(first_words(str(en.get('prompt') or ''), 120))}</q>" if en.get("event") == "prompt"
                else f"session {e(en.get('event'))}")
        notes = " ".join(f'<a class=mono href="{e(base)}m/{e(it.get("id"))}">{e(it.get("short_id"))}</a>'
                         for it in en.get("items") or [])
        rows.append(f"<tr><td class=nowrap>{e(when(en.get('ts')))}</td>"
                    f'<td><a class=mono href="{e(base)}s/{e(quote(sid, safe=""))}">{e(sid[:8])}</a></td>'
                    f"<td class=text>{what}</td><td>{outcome(en)}</td><td>{notes}</td></tr>")
    pager = f'<p class=pager><a href="{e(url(base, "injections", before=older))}">older →</a></p>' if older else ""
    body = ("<p class=count>What each prompt and session start got from Mnemon, newest first; a session's page "
            "shows each block with its notes' signals.</p>"
            + ("<table class=list><tr><th>when</th><th>session</th><th>prompt</th><th>injected</th><th>notes</th></tr>"
               f"{''.join(rows)}</table>" if rows else "<p class=muted>nothing logged yet</p>") + pager)
    return layout(base, "Injection log", body, active="injections")


def projects(base: str, token: str, items: Sequence[Mapping[str, Any]], *, notice: str = "") -> str:
    rows = []
    for p in items:
        scope = str(p["scope"])
        mute = "" if scope == GLOBAL_SCOPE else mute_button(base, token, "project", "scope", scope, bool(p.get("muted")))
        rows.append(
            f'<tr><td><a href="{e(url(base, "", project=scope))}">{e(short_scope(scope))}</a></td>'
            f'<td class=mono>{e(scope)}</td><td class=num>{e(p["count"])}</td>'
            f"<td class=nowrap>{e(when(p.get('last')))}</td><td>{'muted' if p.get('muted') else ''}</td>"
            f"<td>{mute} {post_button(base, token, 'forget', 'Forget all…', {'scope': scope}, danger=True)}</td></tr>")
    body = ("<table class=list><tr><th>project</th><th>scope</th><th>memories</th><th>newest</th><th></th><th></th>"
            f"</tr>{''.join(rows)}</table>")
    return layout(base, "Projects", body, active="projects", notice=notice)


def confirm_forget(base: str, token: str, what: str, selector: Mapping[str, Any], preview: Mapping[str, Any]) -> str:
    """The question before a forget: what would go, and a form that sends the same selection
    back with the digest of what was shown (the daemon refuses if the set changed since)."""
    fields = [(k, v) for k, value in selector.items() for v in (value if isinstance(value, list) else [value])]
    hidden = "".join(f'<input type=hidden name="{e(k)}" value="{e(v)}">' for k, v in fields)
    shown = preview.get("preview") or []
    listing = "".join(f'<li><span class=mono>{e(p["id"][:8])}</span> {e(first_words(p["content"], 140))}</li>'
                      for p in shown)
    count = int(preview.get("count") or 0)
    more = f"<li>… and {count - len(shown)} more</li>" if count > len(shown) else ""
    body = (f"<p>Forget {memories_n(count)} of {e(what)}? They leave recall at once and are purged after "
            f"<code>retention_days</code>.</p><ul class=preview>{listing}{more}</ul>"
            f'<form method=post action="{e(base)}forget">{token_field(token)}{hidden}'
            f'<input type=hidden name=expect value="{e(preview.get("digest"))}">'
            '<input type=hidden name=confirm value=1><button class=danger>Forget them</button> '
            f'<a href="{e(base)}">Cancel</a></form>')
    return layout(base, "Forget?", body)


def status(base: str, st: Mapping[str, Any], config: Mapping[str, Any]) -> str:
    emb = st.get("embeddings") or {}
    daemon = st.get("daemon") or {}
    cats = ", ".join(f"{k} {v}" for k, v in (st.get("by_category") or {}).items())
    edges = ", ".join(f"{k} {v}" for k, v in (st.get("edges") or {}).items())
    rows = [("memories", f"{st.get('insights')} ({st.get('forgotten')} forgotten)"), ("kinds", cats),
            ("edges", edges),
            ("embeddings", f"{emb.get('embedded', 0)}/{emb.get('active', 0)} "
                           f"({100 * float(emb.get('coverage', 0)):.0f}%), model {emb.get('model') or 'none'}"),
            ("database", f"{st.get('path')} ({int(st.get('db_bytes') or 0) / 1e6:.1f} MB)"),
            ("daemon", f"pid {daemon.get('pid')}, version {daemon.get('version')}, up {daemon.get('uptime_s')} s, "
                       f"{daemon.get('requests')} requests, writer queue {daemon.get('writer_queue')}"),
            ("embedder", str((daemon.get("embedder") or {}).get("model_id") or "none"))]
    for key in ("config_error", "embedder_error", "embed_queue_error"):
        if daemon.get(key):
            rows.append((key.replace("_", " "), daemon[key]))
    table = "".join(f"<tr><th>{e(k)}</th><td>{e(v)}</td></tr>" for k, v in rows)
    cfg = "".join(f"<tr><th>{e(k)}</th><td class=mono>{e(v)}</td></tr>"
                  for k, v in (config.get("config") or {}).items())
    body = (f"<table class=facts>{table}</table><h2>Configuration in force</h2>"
            f"<p class=mono>{e(config.get('path'))}</p><table class=facts>{cfg}</table>")
    return layout(base, "Status", body, active="status")


def error(base: str, status_code: int, message: str) -> str:
    return layout(base, f"{status_code}", f"<p>{e(message)}</p>")
