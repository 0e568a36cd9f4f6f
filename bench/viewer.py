"""Viewer benchmark: how fast ``mnemon ui`` answers each page on a store of a given size.

A synthetic store (:mod:`bench.synth`, built through ``remember`` like ``bench speed``) gets a
real daemon; prompts of a few sessions go through the daemon's ``inject`` op so the injection
log holds real entries; then the viewer runs as its own process (``mnemon ui --no-open``) and
every page kind is fetched over HTTP, one request at a time as a person browsing would, each
timed from the request to the last byte (a new connection each time: the slower case):

- ``memories``: the first page of the listing, and a page deep in it;
- ``search``: the hooks' recall with its signals;
- ``memory``: one memory with its edges, neighbourhood graph and time line (random memories);
- ``sessions``, ``session`` (one session's memories and injection log), ``injections``,
  ``projects``, ``status``.

Every child process is stopped by its own pid before the run returns.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench import speed, synth
from mnemon.errors import MnemonError

TARGET_P95_MS = 200.0
WARMUP = 3
PROMPTS = 300
SESSIONS = 20


def _fetch(url: str) -> tuple[float, int, int]:
    t0 = time.perf_counter()
    with urllib.request.urlopen(url, timeout=30) as response:
        body = response.read()
        status = response.status
    return time.perf_counter() - t0, status, len(body)


def _injections(daemon: speed.Daemon, project: Path) -> int:
    """Prompts of a few sessions through the daemon's inject op (each recorded in the log)."""
    prompts = [q for q, _ in synth.queries(PROMPTS)]
    with daemon.client(timeout=30) as client:
        for i, prompt in enumerate(prompts):
            client.call("inject", {"prompt": prompt, "session_id": f"bench-session-{i % SESSIONS}",
                                   "cwd": str(project)})
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            logged = len(client.call("injections", {"limit": 1000})["entries"])
            if logged >= len(prompts):
                return logged
            time.sleep(0.1)
    raise MnemonError("the injection log did not reach the prompts sent")


def run_size(n: int, *, rounds: int, progress: Callable[[str], None]) -> dict[str, Any]:
    root = Path(tempfile.mkdtemp(prefix="mnb-"))
    home, project = root / "m", root / "project"
    home.mkdir()
    project.mkdir()
    (project / ".git").mkdir()
    daemon = speed.Daemon(home)
    viewer: subprocess.Popen[str] | None = None
    try:
        progress(f"building {n} memories")
        built = speed.build(home, project, n, progress)
        daemon.start()
        progress(f"sending {PROMPTS} prompts through inject")
        logged = _injections(daemon, project)
        viewer = subprocess.Popen([sys.executable, "-m", "mnemon.cli", "ui", "--no-open"], env=daemon.env,
                                  cwd=speed.REPO, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)
        assert viewer.stdout is not None
        base = viewer.stdout.readline().strip()
        if not base.startswith("http://127.0.0.1:"):
            raise MnemonError(f"the viewer did not print its address: {base!r}")
        with daemon.client(timeout=30) as client:
            listing = client.call("list", {"limit": 1000, "offset": 0})
        rng = random.Random(5)
        ids = [d["id"] for d in listing["items"]]
        queries = [q for q, _ in synth.queries(rounds, seed=23)]
        deep = max(1, listing["total"] // 50 // 2)
        pages: dict[str, Callable[[int], str]] = {
            "memories": lambda i: base,
            "memories, a deep page": lambda i: f"{base}?page={deep}",
            "search": lambda i: f"{base}?q={urllib.parse.quote(queries[i % len(queries)])}",
            "memory": lambda i: f"{base}m/{rng.choice(ids)}",
            "sessions": lambda i: f"{base}sessions",
            "session": lambda i: f"{base}s/bench-session-{i % SESSIONS}",
            "injections": lambda i: f"{base}injections",
            "projects": lambda i: f"{base}projects",
            "status": lambda i: f"{base}status",
        }
        timings: dict[str, list[float]] = {name: [] for name in pages}
        load_at_start = round(os.getloadavg()[0], 2)  # other jobs on the machine weigh on every figure
        sizes: dict[str, int] = {}
        progress(f"fetching {len(pages)} page kinds x {rounds} rounds")
        for make in pages.values():
            for i in range(WARMUP):
                _fetch(make(i))
        for i in range(rounds):
            for name, make in pages.items():  # interleaved: load on the machine weighs on each alike
                seconds, status, size = _fetch(make(i))
                if status != 200:
                    raise MnemonError(f"{name} answered {status}")
                timings[name].append(seconds)
                sizes[name] = max(sizes.get(name, 0), size)
        every = [t for samples in timings.values() for t in samples]
        report = {
            "load_average_1m": {"start": load_at_start, "end": round(os.getloadavg()[0], 2)},
            "memories": n, "injection_log_entries": logged, "rounds": rounds, "build_s": built["build_s"],
            "pages": {name: {**speed.percentiles(samples, 50, 95), "max_ms": round(max(samples) * 1000, 3),
                             "bytes": sizes[name]} for name, samples in timings.items()},
            "all_pages": {**speed.percentiles(every, 50, 95), "max_ms": round(max(every) * 1000, 3)},
            "target_p95_ms": TARGET_P95_MS,
        }
        report["met"] = all(p["p95"] <= TARGET_P95_MS for p in report["pages"].values())
        return report
    finally:
        if viewer is not None:
            viewer.terminate()
            try:
                viewer.wait(10)
            except subprocess.TimeoutExpired:
                viewer.kill()
                viewer.wait(5)
            if viewer.stdout is not None:
                viewer.stdout.close()
        daemon.stop()
        shutil.rmtree(root, ignore_errors=True)


def run(sizes: list[int], *, rounds: int = 60, progress: Callable[[str], None]) -> dict[str, Any]:
    import platform

    return {"python": platform.python_version(), "machine": platform.machine(),
            "sizes": {str(n): run_size(n, rounds=rounds, progress=progress) for n in sizes}}


def format_table(report: dict[str, Any]) -> str:
    lines = []
    for size, r in report["sizes"].items():
        load = r.get("load_average_1m") or {}
        lines.append(f"viewer pages at {int(size):,} memories ({r['injection_log_entries']} injection-log entries, "
                     f"{r['rounds']} rounds, load average {load.get('start')} to {load.get('end')}), "
                     f"ms: p50 / p95 / max  (target p95 <= {r['target_p95_ms']:.0f})")
        for name, p in r["pages"].items():
            lines.append(f"  {name:<22} {p['p50']:>8.1f} {p['p95']:>8.1f} {p['max_ms']:>8.1f}   {p['bytes']:>7} bytes")
        a = r["all_pages"]
        lines.append(f"  {'every page':<22} {a['p50']:>8.1f} {a['p95']:>8.1f} {a['max_ms']:>8.1f}   "
                     f"{'met' if r['met'] else 'MISSED'}")
    if report.get("commit"):
        lines.append(f"commit {report['commit']}")
    return "\n".join(lines)

