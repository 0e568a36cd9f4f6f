"""Human-readable output of the CLI: one function per command, each printing an op's result.

These take exactly the dicts the socket carries (the ``--json`` output), so the two views
never disagree; nothing here talks to the daemon or reads files. :class:`Progress` draws the
progress of long commands on stderr.
"""

from __future__ import annotations

import json
import sys
import time
from typing import IO, Any


def one_line(text: str, width: int = 100) -> str:
    flat = " ".join(str(text).split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def insight(d: dict[str, Any]) -> None:
    print(f"{d['id']}  ({d.get('category')}, importance {d.get('importance')}, scope {d.get('scope')})")
    print(f"  {d.get('content')}")
    for key in ("tags", "entities"):
        if d.get(key):
            print(f"  {key}: {', '.join(map(str, d[key]))}")
    meta = [f"source {d.get('source')}", f"created {d.get('created_at')}", f"accessed {d.get('access_count')}x"]
    if "effective_importance" in d:
        meta.append(f"effective importance {d['effective_importance']}")
    if d.get("embedded") is not None:
        meta.append("embedded" if d.get("embedded") else "not embedded")
    print(f"  {', '.join(meta)}")
    if d.get("deleted_at"):
        print(f"  forgotten at {d['deleted_at']}; `mnemon restore {d['id'][:8]}` brings it back")
    if d.get("flags"):
        print(f"  flags: {', '.join(d['flags'])}")
    for sup in d.get("superseded_by") or []:
        print(f"  superseded by {sup[:8]}")
    edges = d.get("edges") or []
    if edges:
        print(f"  edges ({len(edges)}):")
        for e in edges[:30]:
            other = e["target_id"] if e["source_id"] == d["id"] else e["source_id"]
            print(f"    {e['type']:<10} {other[:8]}  weight {e['weight']}")
        if len(edges) > 30:
            print(f"    ... {len(edges) - 30} more (use --json)")


def remember(r: dict[str, Any]) -> None:
    if r["action"] == "skipped":
        print(f"skipped: duplicate of {str(r.get('duplicate_of'))[:8]}")
        return
    line = f"{r['action']} {str(r['id'])[:8]}"
    if r.get("superseded_id"):
        line += f" (supersedes {r['superseded_id'][:8]}, {r['diff_suggestion']})"
    print(line)
    edges = {k: v for k, v in (r.get("edges_created") or {}).items() if v}
    if edges:
        print("  edges: " + ", ".join(f"{k} {v}" for k, v in edges.items()))
    if r.get("redacted"):
        print("  redacted: " + ", ".join(r["redacted"]))
    if r.get("flags"):
        print("  flagged: " + ", ".join(r["flags"]) + " (never injected automatically)")
    for cand in (r.get("semantic_candidates") or [])[:5]:
        print(f"  related? {str(cand.get('id'))[:8]} {one_line(str(cand.get('content', '')), 70)}")


def asked(ins: dict[str, Any]) -> bool:
    """A question someone typed, captured as a trace of its turn: it is kept so that the turn (and
    the answer in it) can be found by its words, and it matches a question about the same thing
    better than the answer does; it is never an answer itself (the injected block never shows one)."""
    tags = ins.get("tags") or ()
    return "claude-code" in tags and "trace" in tags and "question" in tags


def answers_first(hits: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Recall's hits split into what may answer the query and the questions asked before
    (:func:`asked`), each in recall's order: the answers are listed first."""
    return [h for h in hits if not asked(h["insight"])], [h for h in hits if asked(h["insight"])]


def recall(r: dict[str, Any]) -> None:
    hits = r.get("results") or []
    if not hits:
        print(f"nothing relevant found (intent {r.get('intent')})")
        return
    # a memory reached only through the graph has no evidence of its own for the query: it is
    # listed after those that do, as related, whatever its score; a question asked before matches
    # a question best but answers nothing: listed after the answers, under a heading of its own
    direct, questions = answers_first([h for h in hits if (h.get("signals") or {}).get("direct", 1.0) > 0])
    related = [h for h in hits if (h.get("signals") or {}).get("direct", 1.0) <= 0]
    print(f"intent {r.get('intent')}, {len(direct)} result(s)" + (f", {len(questions)} question(s) asked before"
                                                                   if questions else "")
          + (f", {len(related)} related" if related else ""))
    sections = ((None, direct), ("questions asked before (kept to find their answers by):", questions),
                ("related through the graph (no match of their own):", related))
    n = 0
    for heading, part in sections:
        if heading and part:
            print(heading)
        for hit in part:
            n += 1
            _recall_hit(n, hit)


def _recall_hit(n: int, hit: dict[str, Any]) -> None:
    ins = hit["insight"]
    print(f"{n:>2}. [{ins['id'][:8]}] {hit['score']:.3f} {ins['category']:<10} {one_line(ins['content'])}")
    signals = ", ".join(f"{k} {v:.2f}" for k, v in (hit.get("signals") or {}).items() if v)
    print(f"    via {hit.get('via')}{'; ' + signals if signals else ''}")


def status(s: dict[str, Any]) -> None:
    print(f"memories   {s['insights']} ({s['forgotten']} forgotten), prune cap {s.get('prune_cap')}")
    if s.get("by_category"):
        print("categories " + ", ".join(f"{k} {v}" for k, v in s["by_category"].items()))
    if s.get("by_scope"):
        print("scopes     " + ", ".join(f"{k} {v}" for k, v in s["by_scope"].items()))
    print("edges      " + ", ".join(f"{k} {v}" for k, v in (s.get("edges") or {}).items()))
    emb = s.get("embeddings") or {}
    print(f"vectors    {emb.get('embedded', 0)}/{emb.get('active', 0)} (model {emb.get('model') or 'none'})")
    print(f"database   {s.get('path')} ({s.get('db_bytes', 0) / 1e6:.1f} MB)")
    d = s.get("daemon")
    if d:
        emb_kind = (d.get("embedder") or {}).get("model_id") or "none"
        print(f"daemon     pid {d['pid']}, up {d['uptime_s']:.0f} s, {d['requests']} requests, embedder {emb_kind}")
        for key in ("config_error", "embedder_error", "embed_queue_error"):
            if d.get(key):
                print(f"warning    {key.replace('_', ' ')}: {d[key]}")
    else:
        # "unavailable", not "not running": a hung daemon lands here too, while `daemon status` says running
        print("daemon     unavailable (read-only view; the reason is above)")


def log(r: dict[str, Any]) -> None:
    if not r["entries"]:
        print("no operations match (the log records writes: remember, forget, import, ...; see `mnemon log`)")
        return
    for e in r["entries"]:
        who = (e.get("insight_id") or "")[:8]
        detail = json.dumps(e.get("detail") or {}, ensure_ascii=False)
        print(f"{e['seq']:>7} {e['ts']} {e['op']:<14} {who:<8} {one_line(detail, 80)}")


def gc(r: dict[str, Any]) -> None:
    if "kept" in r:
        print(f"kept {r['kept'][:8]}: access count {r['access_count']}, effective importance {r['effective_importance']}")
        return
    cands = r.get("candidates") or []
    print(f"{_plural(len(cands), 'candidate')} below {r['threshold']} among {_plural(r['active'], 'memory', 'memories')} "
          f"(prune cap {r['prune_cap']})")
    for c in cands:
        mark = " immune" if c.get("immune") else ""
        print(f"  {c['id'][:8]} EI {c['effective_importance']:.3f}{mark}  {one_line(c['content'], 80)}")
    if cands:
        print("keep one with `mnemon gc --keep ID`, drop one with `mnemon forget ID`")


def embed(r: dict[str, Any]) -> None:
    mode = "one" if "id" in r else "all" if "stored" in r else "status"
    if mode == "one":
        print(f"embedded {r['id'][:8]}" if r["stored"] else f"{r['id'][:8]}: vector not stored")
        return
    status = r.get("status", r)
    if mode == "all":
        print(f"stored {r['stored']} vector(s)")
    print(f"model {status.get('model') or 'none'}: {status.get('embedded')}/{status.get('active')} memories "
          f"embedded, {status.get('missing')} missing")


def verify(r: dict[str, Any]) -> None:
    if r["ok"]:
        print(f"ok: {r['insights']} memories, {r['edges']} edges, {r['vectors']} vectors; RAM matches disk")
    for p in r.get("problems", []):
        print(f"problem: {p}")


def inject(r: dict[str, Any]) -> None:
    if not r.get("context"):
        print(f"nothing would be injected ({r.get('reason')})")
        return
    print(r["context"])
    print()
    for item in r.get("items", []):
        signals = ", ".join(f"{k} {v:.2f}" for k, v in (item.get("signals") or {}).items() if v)
        print(f"[{item['short_id']}] score {item['score']:.3f}, {item['scope']}; {signals}")


def config(r: dict[str, Any]) -> None:
    print(f"# {r['path']}")
    if r.get("error"):
        print(f"# error: {r['error']}")
    for key, value in r["config"].items():
        print(f"{key} = {json.dumps(value)}")


def path(d: dict[str, str]) -> None:
    width = max(map(len, d))
    for key, value in d.items():
        print(f"{key:<{width}}  {value}")


def doctor(d: dict[str, Any]) -> None:
    for c in d["checks"]:
        print(f"{c['level'].upper():<4}  {c['name']:<9} {c['detail']}")
        if c["fix"] and c["level"] != "ok":
            print(f"{'':<15} fix: {c['fix']}")


def daemon(s: dict[str, Any]) -> None:
    if not s["running"]:
        print("not running")
    elif not s["answering"]:
        print(f"starting or stuck (pid {s['pid']}); see {s['log']}")
    else:
        note = "" if s["current_build"] else " (another build: run `mnemon daemon restart`)"
        print(f"running, pid {s['pid']}, version {s['version']}, socket {s['socket']}{note}")


def link(e: dict[str, Any]) -> None:
    print(f"linked {e['source_id'][:8]} -> {e['target_id'][:8]} ({e['type']}, weight {e['weight']})")


def unlink(r: dict[str, Any]) -> None:
    print(f"removed {r['removed']} edge(s)")


def forget(d: dict[str, Any]) -> None:
    print(f"forgot {d['id'][:8]}: {one_line(d['content'], 80)} (undo: mnemon restore {d['id'][:8]})")


def restored(r: dict[str, Any]) -> None:
    for d in r["items"][:10]:
        print(f"restored {d['id'][:8]}: {one_line(d['content'], 80)}")
    if r["count"] > 10:
        print(f"... and {r['count'] - 10} more restored")


def counts(t: dict[str, Any]) -> None:
    print(", ".join(f"{k} {v}" for k, v in t.items()))


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n:,} {one if n == 1 else (many or one + 's')}"


def import_summary(r: dict[str, Any]) -> None:
    unchanged = r.get("edges_unchanged") or 0
    same = f"; {_plural(unchanged, 'edge')} already in place" if unchanged else ""
    settings = f", {_plural(r['settings'], 'setting')} (mutes, routine wordings)" if r.get("settings") else ""
    print(f"imported {_plural(r['insights'], 'memory', 'memories')} and {_plural(r['edges'], 'edge')}{settings} "
          f"from {r['file']} ({_plural(r['skipped'], 'record')} already there, skipped{same})")
    if r.get("renamed"):
        print(f"{_plural(r['renamed'], 'memory', 'memories')} got a new id (another memory held theirs):")
        for pair in r.get("renamed_ids", [])[:20]:
            print(f"  {pair['old']} -> {pair['new']}")
        if r["renamed"] > 20:
            print(f"  ... {r['renamed'] - 20:,} more (use --json)")
    if r.get("errors"):
        print(f"{_plural(r['errors'], 'record')} refused and skipped:", file=sys.stderr)
        for p in r.get("problems", [])[:50]:
            print(f"  {r['file']}:{p['line']}: {p['error']}", file=sys.stderr)
        if r["errors"] > 50:
            print(f"  ... {r['errors'] - 50:,} more (use --json)", file=sys.stderr)


def transcripts_summary(r: dict[str, Any]) -> None:
    failed = f", {r['failed']:,} failed (see the daemon log)" if r.get("failed") else ""
    print(f"read {r['done']:,} of {_plural(r['files'], 'transcript')}{failed}: {_plural(r['turns'], 'turn')}, "
          f"{_plural(r['added'], 'memory', 'memories')} added, {r['skipped']:,} already stored")
    skipped = [f"{_plural(r['errors'], 'memory', 'memories')} with invalid fields" if r.get("errors") else "",
               _plural(r["unreadable_lines"], "unreadable line") if r.get("unreadable_lines") else ""]
    if any(skipped):
        print(f"skipped {' and '.join(part for part in skipped if part)} (see the daemon log)")
    emb = r.get("embedding") or {}
    pending = int(emb.get("pending") or 0)
    if emb.get("model") and pending:
        eta = emb.get("seconds")
        when = f"about {duration(eta)}" if isinstance(eta, (int, float)) else "a while"
        print(f"embedding {_plural(pending, 'memory', 'memories')} goes on in the background ({when}); "
              "recall works meanwhile, without semantic matches for those. `mnemon embed` shows how far it is")
    elif emb.get("model"):
        print("every memory is embedded")


def duration(seconds: float) -> str:
    """A rough, human duration: "40 seconds", "3 minutes", "2.5 hours"."""
    if seconds < 90:
        return _plural(max(1, round(seconds)), "second")
    if seconds < 90 * 60:
        return _plural(round(seconds / 60), "minute")
    return f"{seconds / 3600:.1f} hours"


class Progress:
    """How far a long command is, on stderr: a bar on a terminal; with ``--json`` one line
    ``{"progress": {...}}`` per update (counts a script can read); nothing otherwise.
    Updates are throttled; :meth:`close` ends the bar's line."""

    def __init__(self, label: str, unit: str, *, json_lines: bool = False, stream: IO[str] | None = None) -> None:
        self.label = label
        self.unit = unit
        self.stream = stream if stream is not None else sys.stderr
        self.json = json_lines
        try:
            self.tty = not json_lines and self.stream.isatty()
        except (AttributeError, ValueError):
            self.tty = False
        self.every = 0.1 if self.tty else 1.0
        self._last = 0.0
        self._drawn = False

    def update(self, done: int, total: int | None, *, force: bool = False, **counts: Any) -> None:
        if not (self.tty or self.json):
            return
        now = time.monotonic()
        if not force and now - self._last < self.every:
            return
        self._last = now
        if self.json:
            data = {"task": self.label, "done": done, "total": total, "unit": self.unit, **counts}
            print(json.dumps({"progress": data}), file=self.stream, flush=True)
            return
        self.stream.write("\r" + self.line(done, total, counts) + "\033[K")
        self.stream.flush()
        self._drawn = True

    def line(self, done: int, total: int | None, counts: dict[str, Any]) -> str:
        extra = "".join(f", {v:,} {k}" for k, v in counts.items() if isinstance(v, int))
        if not total:
            return f"{self.label}  {self._amount(done)}{extra}"
        share = min(max(done / total, 0.0), 1.0)
        filled = int(share * 24)
        bar = "#" * filled + "-" * (24 - filled)
        return f"{self.label} [{bar}] {share:4.0%}  {self._amount(done)} of {self._amount(total)}{extra}"

    def _amount(self, n: int) -> str:
        if self.unit == "bytes":
            return f"{n / 1e6:,.1f} MB"
        return f"{n:,} {self.unit}"

    def close(self) -> None:
        if self._drawn:
            self.stream.write("\n")
            self.stream.flush()
            self._drawn = False


def mute(r: dict[str, Any]) -> None:
    what = f"session {r.get('session_id')}" if r.get("target") == "session" else f"project {r.get('scope')}"
    print(f"injection {'muted' if r.get('muted') else 'unmuted'} for {what}")


def short_scope(scope: str) -> str:
    """A project scope is usually a path: its last part says enough in a listing."""
    if scope.startswith("/") and scope.rstrip("/"):
        return scope.rstrip("/").rsplit("/", 1)[-1]
    return scope


def listing(r: dict[str, Any]) -> None:
    items = r.get("items") or []
    total, offset = r.get("total", 0), r.get("offset", 0)
    if not items and total:  # matches there are, but the page asked for starts after the last of them
        pages = -(-total // max(int(r.get("limit") or 1), 1))
        print(f"{_plural(total, 'memory matches', 'memories match')}, all before this page (offset {offset}); "
              f"the last page is --page {pages}")
        return
    if not items:
        print("no memories match")
        return
    print(f"{_plural(total, 'memory', 'memories')}; showing {offset + 1}-{offset + len(items)}, newest first")
    for d in items:
        marks = [m for m, on in (("pinned", d.get("pinned")), ("flagged", d.get("flags")),
                                 ("superseded", d.get("superseded")), ("forgotten", d.get("deleted_at"))) if on]
        date = str(d.get("created_at") or "")[:10]
        mark = f" [{', '.join(marks)}]" if marks else ""
        print(f"{d['id'][:8]} {date} {d['category']:<10} {short_scope(str(d['scope'])):<14} "
              f"imp {d['importance']}{mark}  {one_line(d['content'], 80)}")
    if offset + len(items) < total:
        page = offset // max(len(items), 1) + 2
        print(f"more: --page {page}" if offset % max(len(items), 1) == 0 else f"more: --offset {offset + len(items)}")


def forgot_many(r: dict[str, Any]) -> None:
    if r.get("dry_run"):
        print(f"would forget {_plural(r['count'], 'memory', 'memories')}")
    elif not r.get("count"):
        print("nothing to forget: no memory matches")
    else:
        print(f"forgot {_plural(r['count'], 'memory', 'memories')}: {', '.join(i[:8] for i in r['ids'][:10])}"
              + (" ..." if r["count"] > 10 else ""))
        print("undo: `mnemon restore ID...`, or `--session ID` / `--project [DIR]` for all of one "
              "(`mnemon list --deleted` includes the forgotten ones)")


def pinned(d: dict[str, Any]) -> None:
    state = "pinned (no decay, never pruned)" if d.get("pinned") else "unpinned"
    print(f"{d['id'][:8]} {state}: {one_line(d['content'], 80)}")


def scoped(d: dict[str, Any]) -> None:
    print(f"{d['id'][:8]} now in scope {d['scope']}: {one_line(d['content'], 80)}")


def injections(r: dict[str, Any], *, context: bool = False, session: str | None = None) -> None:
    entries = r.get("entries") or []
    if not entries and session:  # not "the log is empty": other sessions may fill it
        print(f"nothing logged for session {session} (the injection log records what each prompt and "
              "session start of a Claude Code session got)")
        return
    if not entries:
        print("the injection log is empty (it records what each prompt of a Claude Code session got)")
        return
    for e in entries:
        what = f"prompt {one_line(e['prompt'], 60)!r}" if e["event"] == "prompt" else f"session {e['event']}"
        if e.get("chars"):
            got = f"{_plural(len(e.get('items') or []), 'note')}, {e['chars']} chars, ~{e['tokens']} tokens"
        else:
            got = f"nothing ({e['reason']})"
        print(f"{e['seq']:>6} {e['ts']} {str(e['session_id'])[:8]} {what}: {got}")
        for item in e.get("items") or []:
            signals = ", ".join(f"{k} {v:.2f}" for k, v in (item.get("signals") or {}).items() if v)
            print(f"         [{item.get('short_id')}] {item.get('category')}, score {item.get('score', 0):.3f}"
                  + (f"; {signals}" if signals else ""))
        if context and e.get("context"):
            for line in str(e["context"]).splitlines():
                print(f"         | {line}")
