"""One run: generate the corpus, feed it to Mnemon the way a user would, probe, score, compare.

In a scratch directory under /tmp (short, for the daemon's socket) with its own ``HOME`` and
``MNEMON_HOME`` and no other ``MNEMON_*`` variable from the caller:

1. :func:`bench.coding.corpus.generate` writes the repositories and transcripts;
   :func:`bench.coding.corpus.validate` must find nothing wrong with them;
2. ``mnemon import-transcripts <HOME>/.claude/projects`` (the CLI, which starts the daemon);
3. with ``--embedder local``, wait until the daemon has embedded every memory (``embed`` status);
4. each probe through the ``inject`` op with the probe's directory as ``cwd``, as
   ``mnemon inject "<prompt>" --cwd <dir>`` sends it: a sample through the real CLI, started from
   inside the repository, timed from process start to exit; the rest through the same socket
   client in-process (:class:`mnemon.wire.client.Client`, the same daemon and op). The sampled probes
   are sent both ways and must get the same block;
5. the BM25 baselines (:mod:`bench.coding.baselines`) answer the same probes;
6. ``mnemon daemon stop``; the scratch directory is removed unless ``keep``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bench.coding import corpus as corpus_mod
from bench.coding import unplanted
from bench.coding.baselines import BM25Baseline, captured_docs
from bench.coding.model import KIND_TITLES, KINDS, Probe
from bench.coding.score import Verdict, judge, percentile, summarise
from mnemon.errors import MnemonError

SYSTEMS = ("mnemon", "bm25", "bm25_context")
SYSTEM_TITLES = {"mnemon": "Mnemon", "bm25": "BM25", "bm25_context": "BM25 + neighbouring turn"}
IMPORT_TIMEOUT = 3600.0
EMBED_TIMEOUT = 4 * 3600.0

Progress = Callable[[str], None]


def mnemon_command() -> list[str]:
    """The ``mnemon`` CLI of the running interpreter's environment."""
    beside = Path(sys.executable).with_name("mnemon")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("mnemon")
    if found:
        return [found]
    return [sys.executable, "-c", "import sys; from mnemon.cli import main; sys.exit(main())"]


class Scratch:
    """The scratch HOME and MNEMON_HOME, and the commands run in them."""

    def __init__(self, root: Path, embedder: str) -> None:
        self.root = root
        self.mnemon_home = root / "m"
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(root / "home"),
            "LANG": "C.UTF-8",
            "MNEMON_HOME": str(self.mnemon_home),
            "MNEMON_EMBEDDER": embedder,
            "MNEMON_IDLE_EXIT_MINUTES": "30",  # a daemon a crashed run leaves behind goes away on its own
        }
        self.cli = mnemon_command()

    def mnemon(self, *args: str, cwd: str | None = None, timeout: float = 120) -> Any:
        """Run the CLI with ``--json`` and return its parsed output."""
        cmd = [*self.cli, *args]
        try:
            proc = subprocess.run(cmd, env=self.env, cwd=cwd or str(self.root), capture_output=True, text=True,
                                  timeout=timeout, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            raise MnemonError(f"`mnemon {' '.join(args[:2])}` did not finish within {timeout:.0f} s") from None
        if proc.returncode != 0:
            raise MnemonError(f"`mnemon {' '.join(args[:2])}` failed (exit {proc.returncode}): "
                              f"{(proc.stderr or proc.stdout).strip()[-600:]}")
        try:
            return json.loads(proc.stdout) if proc.stdout.strip() else None
        except ValueError:
            raise MnemonError(f"`mnemon {' '.join(args[:2])}` printed no JSON: {proc.stdout[-300:]!r}") from None

    def client(self) -> Any:
        from mnemon.paths import Paths
        from mnemon.wire.client import Client

        return Client(Paths.resolve({"MNEMON_HOME": str(self.mnemon_home)}), timeout=60)

    def stop(self) -> None:
        try:
            subprocess.run([*self.cli, "daemon", "stop"], env=self.env, cwd=str(self.root), capture_output=True,
                           timeout=60, stdin=subprocess.DEVNULL)
        except (OSError, subprocess.TimeoutExpired):
            pass


def _sample(probes: Sequence[Probe], size: int) -> set[str]:
    """About ``size`` probes spread evenly over the list (which is grouped by kind)."""
    if size <= 0 or not probes:
        return set()
    step = max(1, len(probes) // size)
    return {p.id for p in probes[::step][:size]}


def run(*, splits: Sequence[str] = ("dev",), embedder: str = "none", cli_sample: int = 30, keep: bool = False,
        progress: Progress | None = None, generate: dict[str, Any] | None = None) -> dict[str, dict[str, Any]]:
    """Run the benchmark; one report per split (see the module docstring)."""
    say = progress or (lambda _m: None)
    started = time.perf_counter()
    root = Path(tempfile.mkdtemp(prefix="mcb-", dir="/tmp"))
    scratch = Scratch(root, embedder)
    timings: dict[str, float] = {}
    try:
        t0 = time.perf_counter()
        corpus = corpus_mod.generate(root, **(generate or {}))
        problems = corpus_mod.validate(corpus)
        if problems:
            raise MnemonError("the generated corpus is unsound: " + "; ".join(problems[:8]))
        stats = corpus.stats()
        timings["generate_s"] = time.perf_counter() - t0
        say(f"corpus: {stats['projects']} projects, {stats['sessions']} sessions, {stats['turns']} turns "
            f"({stats['filler_share']:.0%} filler), {stats['transcript_files']} transcript files under {root}")

        t0 = time.perf_counter()
        imported = scratch.mnemon("import-transcripts", str(corpus.transcripts), "--json", timeout=IMPORT_TIMEOUT)
        timings["import_s"] = time.perf_counter() - t0
        say(f"imported through `mnemon import-transcripts` in {timings['import_s']:.0f} s: {imported}")
        if embedder != "none":
            t0 = time.perf_counter()
            _wait_for_embeddings(scratch, say)
            timings["embed_wait_s"] = time.perf_counter() - t0
        store = scratch.mnemon("status", "--json")

        docs = captured_docs(corpus)
        baselines = [BM25Baseline(docs, with_context=False), BM25Baseline(docs, with_context=True)]
        reports: dict[str, dict[str, Any]] = {}
        with scratch.client() as client:
            stored = _stored_text(client)
            for split in splits:
                t0 = time.perf_counter()
                reports[split] = _probe_split(split, corpus, scratch, client, baselines, cli_sample, stored, say)
                timings[f"probe_{split}_s"] = time.perf_counter() - t0
            unplanted_rows = unplanted_prompts(corpus, client)
        for b in baselines:
            b.close()
    finally:
        scratch.stop()
        if not keep:
            shutil.rmtree(root, ignore_errors=True)
    total = round(time.perf_counter() - started, 1)
    for split, report in reports.items():
        report.update({
            "benchmark": "coding",
            "split": split,
            "embedder": embedder,
            "corpus": dict(stats, seed=corpus_mod.SEED, anchor=corpus.anchor.isoformat(),
                           splits_planted=sorted(corpus.splits)),
            "import": imported,
            "store": {k: store.get(k) for k in ("insights", "by_category", "by_scope", "by_source", "edges",
                                                "vectors") if isinstance(store, dict) and k in store},
            "timings": {k: round(v, 1) for k, v in timings.items()},
            "time_s": total,
            "scratch": str(root) if keep else None,
            "unplanted": unplanted_rows,
        })
    return reports


def unplanted_prompts(corpus: corpus_mod.Corpus, client: Any) -> list[dict[str, Any]]:
    """Each list of :mod:`bench.coding.unplanted` typed round robin at the projects' repository roots:
    how many prompts were left empty, and which got a block."""
    projects = sorted(corpus.repos)
    rows = []
    for plist in unplanted.LISTS:
        got = []
        for n, prompt in enumerate(plist.prompts):
            cwd = str(corpus.repos[projects[n % len(projects)]])
            answer = client.call("inject", {"prompt": prompt, "cwd": cwd, "session_id": "", "dry_run": True})
            if answer.get("items"):
                got.append(prompt)
        rows.append({"list": plist.name, "tuned": plist.tuned, "prompts": len(plist.prompts),
                     "empty": len(plist.prompts) - len(got), "first_empty": plist.first_empty, "got_a_block": got})
    return rows


def format_unplanted(rows: list[dict[str, Any]]) -> str:
    """One line per list: left empty now, and at its first figure."""
    parts = [f"{r['list']} {r['empty']}/{r['prompts']} (first {r['first_empty']}{', tuned on since' if r['tuned'] else ''})"
             for r in rows]
    return "unplanted prompts left empty: " + "; ".join(parts)


def _wait_for_embeddings(scratch: Scratch, say: Progress) -> None:
    deadline = time.monotonic() + EMBED_TIMEOUT
    last = -1.0
    while True:
        status = scratch.mnemon("embed", "--json")
        missing = int(status.get("missing", 0)) if isinstance(status, dict) else 0
        if missing == 0:
            say(f"embedded: {status.get('embedded')} memories ({status.get('model')})")
            return
        if time.monotonic() > deadline:
            raise MnemonError(f"the daemon still had {missing} memories to embed after {EMBED_TIMEOUT:.0f} s")
        if time.monotonic() - last >= 60:
            say(f"waiting for the daemon to embed: {status.get('embedded')} of {status.get('active')} done")
            last = time.monotonic()
        time.sleep(5)


def _stored_text(client: Any) -> str:
    """Every live memory's content, normalised and joined: to tell capture losses from ranking ones."""
    contents = []
    for chunk in client.stream("export", {"include_deleted": False}):
        for record in chunk.get("records", []):
            if record.get("kind", "insight") == "insight" and isinstance(record.get("content"), str):
                contents.append(corpus_mod.norm(record["content"]))
    return "\x00".join(contents)


def _probe_split(split: str, corpus: corpus_mod.Corpus, scratch: Scratch, client: Any,
                 baselines: list[BM25Baseline], cli_sample: int, stored: str, say: Progress) -> dict[str, Any]:
    probes = corpus.probes(split)
    sampled = _sample(probes, cli_sample)
    blocks: dict[str, list[str]] = {name: [] for name in SYSTEMS}
    cli_ms: list[float] = []
    socket_ms: list[float] = []
    mismatches: list[str] = []
    reasons: dict[str, int] = {}
    session_blocks: list[str] = []
    for probe in probes:
        cwd = corpus.cwd(probe)
        args = {"prompt": probe.prompt, "cwd": cwd, "session_id": "", "dry_run": True}
        t0 = time.perf_counter()
        answer = client.call("inject", args)
        socket_ms.append((time.perf_counter() - t0) * 1000)
        block = str(answer.get("context") or "")
        if probe.id in sampled:
            t0 = time.perf_counter()
            through_cli = scratch.mnemon("inject", probe.prompt, "--cwd", cwd, "--json", cwd=cwd)
            cli_ms.append((time.perf_counter() - t0) * 1000)
            if str(through_cli.get("context") or "") != block:
                mismatches.append(probe.id)
        reason = str(answer.get("reason"))
        reasons[reason] = reasons.get(reason, 0) + 1
        blocks["mnemon"].append(block)
        session_blocks.append(_new_session(client, probe, split, cwd))
        for baseline in baselines:
            blocks[baseline.name].append(baseline.block(probe.prompt, probe.project))
    if mismatches:
        raise MnemonError(f"the CLI and the socket client injected different blocks for {', '.join(mismatches)}")
    verdicts = {name: [judge(b, p) for b, p in zip(blocks[name], probes, strict=True)] for name in SYSTEMS}
    session_verdicts = [judge(b, p) for b, p in zip(session_blocks, probes, strict=True)]
    in_store = {p.id: any(corpus_mod.norm(e) in stored for e in p.expect_any) for p in probes if p.expect_any}
    echoes = [s.echo for s in corpus.splits[split].says if s.echo and s.project in corpus.projects]
    echoed = sum(1 for e in echoes if corpus_mod.norm(e)[:100] in stored)
    report: dict[str, Any] = {
        "probes_total": len(probes),
        "expected_in_store": {"probes": len(in_store), "found": sum(in_store.values())},
        "echoes_stored": {"echoes": len(echoes), "stored": echoed},
        "systems": {name: summarise(probes, verdicts[name]) for name in SYSTEMS},
        "latency_ms": {
            "cli": {"n": len(cli_ms), "p50": round(percentile(cli_ms, 50), 1), "p95": round(percentile(cli_ms, 95), 1)},
            "socket": {"n": len(socket_ms), "p50": round(percentile(socket_ms, 50), 2),
                       "p95": round(percentile(socket_ms, 95), 2)},
        },
        "mnemon_reasons": reasons,
        "new_session": summarise(probes, session_verdicts),
        "probes": [_probe_row(p, {name: verdicts[name][i] for name in SYSTEMS}, in_store.get(p.id))
                   for i, p in enumerate(probes)],
    }
    m = report["systems"]["mnemon"]["overall"]
    say(f"{split}: {len(probes)} probes; mnemon hit {m['hit']}, clean {m['clean']}, abstention {m['abstention']}")
    return report


def _new_session(client: Any, probe: Probe, split: str, cwd: str) -> str:
    """What the model sees when the probe opens a real session: the SessionStart brief, then the
    prompt's block (which leaves out what the brief showed, as one session's record)."""
    session = f"bench-{split}-{probe.id}"
    brief = str(client.call("brief", {"session_id": session, "cwd": cwd, "source": "startup"}).get("context") or "")
    block = str(client.call("inject", {"prompt": probe.prompt, "cwd": cwd, "session_id": session,
                                       "dry_run": True}).get("context") or "")
    return "\n".join(b for b in (brief, block) if b)


def _probe_row(probe: Probe, verdicts: dict[str, Verdict], in_store: bool | None) -> dict[str, Any]:
    row: dict[str, Any] = probe.to_dict()
    row["expected_in_store"] = in_store
    row.update({name: v.to_dict() for name, v in verdicts.items()})
    return row


# -- output ------------------------------------------------------------------------------------------

def _cell(values: list[object], digits: int) -> str:
    out = []
    for v in values:
        if v is None:
            out.append("-")
        elif isinstance(v, float) and digits:
            out.append(f"{v:.{digits}f}")
        else:
            out.append(f"{v:,.0f}" if isinstance(v, (int, float)) else str(v))
    return " / ".join(out)


def format_table(report: dict[str, Any]) -> str:
    """One split's figures, Mnemon next to both baselines, per kind."""
    systems = report["systems"]
    c = report["corpus"]
    lat = report["latency_ms"]
    lines = [
        f"Coding memory, {report['split']} split: {report['probes_total']} probes; corpus of {c['projects']} "
        f"projects, {c['sessions']} sessions, {c['turns']:,} turns ({c['filler_share']:.0%} filler); embedder "
        f"{report['embedder']}; commit {report.get('commit')}; {report['time_s']} s",
        "each cell: " + " / ".join(SYSTEM_TITLES[s] for s in SYSTEMS)
        + "; hit = an expected string injected, clean = no forbidden string, both = hit and clean,"
        " empty = nothing injected, chars = characters injected",
    ]
    heads = [("hit", 3), ("clean", 3), ("both", 3), ("empty", 3), ("mean_chars", 0), ("p95_chars", 0)]
    width = 22
    lines.append(f"{'':<26}{'n':>4}  " + "".join(f"{h.replace('_', ' '):>{width}}" for h, _ in heads))
    rows = [(KIND_TITLES[k], k) for k in KINDS if k in systems["mnemon"]["by_kind"]] + [("all", "")]
    for title, kind in rows:
        figs = [systems[s]["by_kind"][kind] if kind else systems[s]["overall"] for s in SYSTEMS]
        cells = [_cell([f.get(h) for f in figs], d) for h, d in heads]
        lines.append(f"{title:<26}{figs[0]['n']:>4}  " + "".join(f"{cell:>{width}}" for cell in cells))
    overall = [systems[s]["overall"] for s in SYSTEMS]
    lines.append("irrelevant prompts that got a planted fact: "
                 + " / ".join(f"{o['irrelevant_with_planted_fact']} of {o['irrelevant']}" for o in overall)
                 + "; abstention (irrelevant prompts left empty): " + _cell([o["abstention"] for o in overall], 3))
    kept = report["expected_in_store"]
    lines.append(f"probes whose expected string is in some stored memory after the import: {kept['found']} of "
                 f"{kept['probes']} (the rest were lost by capture, not by ranking)")
    echo = report["echoes_stored"]
    lines.append(f"assistant restatements of an injected note stored again as new memories: {echo['stored']} of "
                 f"{echo['echoes']}")
    fresh = report.get("new_session")
    if fresh:
        o = fresh["overall"]
        lines.append(f"a new session's whole injection (startup brief, then the prompt's block), Mnemon: hit "
                     f"{o['hit']:.3f}, clean {o['clean']:.3f}, both {o['both']:.3f}, mean {o['mean_chars']:,.0f} chars"
                     f"; global preferences both {fresh['by_kind'].get('global', {}).get('both') or 0:.3f}")
    lines.append(f"inject latency through the CLI (process start to exit): p50 {lat['cli']['p50']:.0f} ms, "
                 f"p95 {lat['cli']['p95']:.0f} ms ({lat['cli']['n']} calls); through the socket: "
                 f"p50 {lat['socket']['p50']:.1f} ms, p95 {lat['socket']['p95']:.1f} ms ({lat['socket']['n']} calls)")
    return "\n".join(lines)


def save(report: dict[str, Any], directory: Path) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"coding_{report['split']}_{report['embedder']}.json"
    path.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
