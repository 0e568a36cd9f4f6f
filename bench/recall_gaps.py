"""Why a coding-bench probe's expected note is not in its block: where along the inject path it is lost.

    .venv/bin/python -m bench.recall_gaps --store /tmp/kept-NAME --orig /tmp/mcb-ORIG [--splits training|dev,...]
        [--kinds decision,rule,...] [--show N] [--json out.json]

Opens a COPY of a kept coding-bench store in this process (this checkout's engine, no daemon, no
embedder), builds each probe's block as ``mnemon inject --dry-run`` would, and for every probe of the
chosen kinds whose block misses all of its ``expect_any`` values, finds the live memories holding one
of them and follows the one that got farthest through the path:

    not-stored      no live memory holds an expected value (capture never kept it)
    not-injectable  only traces / context / routine notes hold it (inject never shows them alone)
    out-of-scope    it is stored under another scope than the probe's project (or global)
    no-shared-word  it shares no query token, even through concept groups (synonym-only if mates do)
    budget-dropped  it shares tokens, but only those the postings budget (KEYWORD_POSTINGS) leaves out of the search
    common-words    it shares searched tokens, but the keyword search's best KEYWORD_FETCH rows leave it out
    beyond-pool     among the fused signals, but past the DIRECT_POOL scored for direct evidence
    no-direct       in the pool, but its direct evidence scores 0
    past-anchors    in the pool with direct evidence, but neither among the ANCHORS best nor reached by the
                    beam: the re-rank never sees it
    floor           reached, but dropped by recall's relevance floor
    limit           passed the floor, but past the RECALL_LIMIT inject asks for (ranks overall and among
                    the rows with direct evidence: graph-only rows, which inject never shows, fill the limit)
    inject-floor    recalled, but inject's own floors (relevance, one shared word, graph-only) drop it
    outranked       an inject candidate not chosen (relative cut, MAX_NOTES, conflicts)
    packed-out      chosen, but its value did not survive packing (shortened)

Held-out splits heldout18/19/20 are refused. Prints the counts per class and (``--show``) examples.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

HIDDEN = {"heldout18", "heldout19", "heldout20"}
KINDS = ("decision", "rule", "correction", "causal", "bugfix", "fact")
ORDER = ("not-stored", "not-injectable", "out-of-scope", "no-shared-word", "synonym-only", "budget-dropped", "common-words",
         "beyond-pool", "no-direct", "past-anchors", "floor", "limit", "inject-floor", "outranked", "packed-out")


def _probes(store: Path) -> dict[str, list[dict[str, Any]]]:
    """Each split's probes with the directory each is typed in (under ``store``), cached in
    ``store/probes.json``: the corpus is regenerated with the store's anchor date to list them."""
    cache = store / "probes.json"
    if cache.exists():
        return json.loads(cache.read_text())
    import datetime as dt
    import shutil
    import tempfile

    from bench.coding import corpus as cm

    meta = store / "anchor.txt"
    anchor = dt.date.fromisoformat(meta.read_text().strip()) if meta.exists() else None
    tmp = Path(tempfile.mkdtemp(prefix="mcbp-"))
    try:
        c = cm.generate(tmp, anchor=anchor)
        out: dict[str, list[dict[str, Any]]] = {}
        for split in c.splits:
            rows = []
            for p in c.probes(split):
                d = p.to_dict()
                d["cwd"] = c.cwd(p).replace(str(tmp), str(store), 1)
                rows.append(d)
            out[split] = rows
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    cache.write_text(json.dumps(out))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--store", required=True)
    ap.add_argument("--orig", required=True)
    ap.add_argument("--splits", default="training")
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("--show", type=int, default=0)
    ap.add_argument("--json", default="")
    a = ap.parse_args(argv)
    store, orig = Path(a.store).resolve(), str(Path(a.orig).resolve())
    allp = _probes(store)
    splits = [s for s in allp if s not in HIDDEN] if a.splits == "training" else a.splits.split(",")
    if HIDDEN & set(splits):
        sys.exit("refused: held-out splits")
    kinds = set(a.kinds.split(","))
    os.environ["MNEMON_EMBEDDER"] = "none"

    from bench.coding.score import norm
    from mnemon.claude import inject as inj
    from mnemon.claude.inject import NOTE_CATEGORIES, RECALL_LIMIT, build_injection, is_note
    from mnemon.claude.project import project_scope
    from mnemon.claude.relevance import relevance
    from mnemon.config import Config
    from mnemon.engine import concepts, text
    from mnemon.engine import recall as rc
    from mnemon.engine.memory import Memory
    from mnemon.engine.model import GLOBAL_SCOPE

    config = Config()
    memory = Memory.open(store / "m" / "mnemon.db", config=config)
    st = memory._st
    contents = [(row, norm(ins.content)) for row, ins in enumerate(st.insights) if st.active[row]]

    seen: dict[str, Any] = {}
    real_choose = inj._choose

    def spy(m, candidates, lanes, query):  # type: ignore[no-untyped-def]
        out = real_choose(m, candidates, lanes, query)
        seen["cands"] = {c[0].id: c[1] for c in candidates}
        seen["chosen"] = [c[0].id for c in out]
        return out

    inj._choose = spy
    counts: Counter[str] = Counter()
    by_kind: dict[str, Counter[str]] = defaultdict(Counter)
    rows_out: list[dict[str, Any]] = []
    for split in splits:
        for p in allp[split]:
            if p["kind"] not in kinds or not p["expect_any"]:
                continue
            cwd = p["cwd"].replace(str(store), orig, 1)
            seen.clear()
            out = build_injection(memory, prompt=p["prompt"], session_id="", cwd=cwd, config=config, record=False)
            block = norm(out["context"])
            if any(norm(e) in block for e in p["expect_any"]):
                continue
            want = [norm(e) for e in p["expect_any"]]
            holders = [row for row, c in contents if any(w in c for w in want)]
            project = project_scope(cwd)
            query = inj._within_reach(p["prompt"].strip())[0]
            qtok = text.query_tokens(query)
            mates = set().union(*concepts.expand(qtok).mates.values()) if qtok else set()
            f = rc.filters(query[:4000], limit=RECALL_LIMIT, intent=None, scopes=[project, GLOBAL_SCOPE],
                           categories=NOTE_CATEGORIES, sources=None, since=None, until=None, exclude_ids=())
            mask = f.mask(st)
            kw = rc.keyword_hits(memory._conn, st, f.query, mask, f.scopes, index=memory._keywords())
            kw_rows = {r for r, _ in kw}
            mates_words = concepts.expand(qtok).words
            searched = set(text.fts_terms(f.query + " " + " ".join(mates_words), max_terms=32 + len(mates_words),
                                          freq=lambda t: st.token_df.get(t, 0), budget=rc.KEYWORD_POSTINGS))
            q = rc.prepare(st, f.query, None, None)
            sig = rc.signals(st, q, kw, mask)
            an = rc.anchors(st, q, sig)
            kept_all: dict[int, int] = {}
            graph: dict[int, float] = {}
            if an is not None:
                graph, via, _ = rc.beam(st, q, an, sig.allowed)
                if hasattr(rc, "past_anchors"):  # the rows past the anchors that join the re-rank
                    rc.past_anchors(an, graph)
                direct_rank: dict[int, int] = {}
                for i, s in enumerate(rc.rerank(st, an, graph, via, 10**6)):
                    kept_all[s.row] = i
                    if s.signals.get("direct", 0) > 0:
                        direct_rank[s.row] = len(direct_rank)
            whole = memory.recall(f.query, limit=RECALL_LIMIT, scopes=[project, GLOBAL_SCOPE],
                                  categories=NOTE_CATEGORIES, touch=False).hits
            recalled = {h.insight.id for h in whole}
            best, best_row, detail = -1, None, ""
            for row in holders:
                ins = st.insights[row]
                toks = set(st.token_sets[row]) | set(st.context_tokens[row])
                shared = qtok & toks
                cands = seen.get("cands", {})
                if ins.id in cands:
                    stage = 14 if ins.id in seen.get("chosen", []) else 13
                    why = f"rel={cands[ins.id]:.3f} best={max(cands.values()):.3f}"
                elif not is_note(ins) or ins.category == "context":
                    stage, why = 1, f"{ins.category}/{','.join(t for t in ins.tags if t != text.CAPTURE_TAG)}"
                elif ins.scope not in (project, GLOBAL_SCOPE):
                    stage, why = 2, ins.scope
                elif not shared:
                    stage = 4 if mates & toks else 3
                    why = "mates " + ",".join(sorted(mates & toks)) if stage == 4 else ""
                elif row not in kw_rows and row not in (an.fused if an else {}):
                    dfs = {t: st.token_df.get(t, 0) for t in shared}
                    stage = 6 if shared & searched else 5
                    why = " ".join(f"{t}:{n}" for t, n in sorted(dfs.items(), key=lambda x: x[1]))
                elif an is None or row not in an.direct and row not in kept_all:
                    stage, why = 7, ""
                elif row in an.direct and an.direct[row] <= 0 and row not in kept_all:
                    stage, why = 8, ""
                elif row not in kept_all and row not in graph:
                    stage, why = 9, f"direct={an.direct.get(row, 0):.3f}"
                elif row not in kept_all:
                    stage, why = 10, f"direct={an.direct.get(row, 0):.3f}"
                elif ins.id not in recalled:
                    stage, why = 11, f"rank {kept_all[row]}, {direct_rank.get(row)} among direct"
                else:
                    h = {x.insight.id: x for x in whole}.get(ins.id)
                    stage, why = 12, f"rel={relevance(ins, dict(h.signals)):.3f} direct={h.signals.get('direct', 0):.3f}" if h else ""
                if stage > best:
                    best, best_row, detail = stage, row, why
            cls = ORDER[max(best, 0)]
            counts[cls] += 1
            by_kind[p["kind"]][cls] += 1
            ins = st.insights[best_row] if best_row is not None else None
            rows_out.append({"id": p["id"], "split": split, "kind": p["kind"], "class": cls, "prompt": p["prompt"],
                             "expect": p["expect_any"][:2], "note": ins.content if ins else "",
                             "note_scope": ins.scope if ins else "", "project": project, "detail": detail,
                             "note_category": ins.category if ins else "", "empty": not block.strip()})
    memory.close()
    total = sum(counts.values())
    print(f"failing (hit missed) probes of kinds {sorted(kinds)}: {total}")
    for cls in ORDER:
        if counts[cls]:
            per = " ".join(f"{k}={c[cls]}" for k, c in sorted(by_kind.items()) if c[cls])
            print(f"  {cls:15s} {counts[cls]:4d}   {per}")
    if a.show:
        for cls in ORDER:
            for r in [r for r in rows_out if r["class"] == cls][: a.show]:
                print(f"\n[{cls}] {r['id']} ({r['kind']}) {r['detail']}\n  prompt: {r['prompt'][:200]!r}"
                      f"\n  note:   {r['note'][:240]!r}")
    if a.json:
        Path(a.json).write_text(json.dumps(rows_out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
