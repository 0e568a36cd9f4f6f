"""Measured reliability: hooks fail open under every fault, nothing acknowledged is lost when
the daemon is SIGKILLed mid-storm, concurrent sessions stay consistent and in scope, and the
daemon's memory and open files stay flat over a long capture run.

Fast variants run in the normal suite; the full counts are ``slow`` (``--run-slow``). Every
test prints a one-line summary (``pytest -s``) that the README figures are copied from.

What counts as a trial:

* fault: one real hook process (``python -I hooks/<event>.py``, a well-formed event on stdin)
  run against the fault; the six hooks are taken in rotation, three processes at a time. Each
  trial must exit 0, print nothing, finish within 2 s (the UserPromptSubmit budget; every hook
  is held to it), and, where the hook itself saw the failure, leave its own line in hooks.log
  (matched by the pid the hook writes there) naming the error.
* kill: one round of concurrent writers (three remember threads, two transcripts appended to
  and captured) during which the daemon is SIGKILLed at a random moment (0.2-1.2 s in), then
  restarted: every remember acknowledged in the round is shown with its content, ``verify``
  (SQLite integrity, keyword index, RAM against disk) is ok. After the last round every
  transcript is captured twice more: each turn is stored exactly once.

The faults (each hook run with a valid event; a hook's background daemon start is left to
happen, so the fault must survive it):

* down: no socket; the spawned daemon refuses the data root (made writable by others), so
  the daemon stays down for every trial.
* hung: a listener that accepts and never answers (holding the instance lock, as a hung daemon
  does).
* garbage: each connection gets the next protocol-level garbage of tests/test_hooks.GARBAGE
  (random bytes, a huge length, non-msgpack, a non-map, a wrong id, a wrong version, an error).
* stale_socket: a socket file nobody listens on; spawned daemons fail as for ``down``.
* forbidden_socket: a live socket of mode 000; as root the hook runs without
  CAP_DAC_OVERRIDE/CAP_DAC_READ_SEARCH (``setpriv``), so the mode bits apply.
* full_disk: the data root on a 4 MiB tmpfs filled to the last byte under a running daemon;
  capture hooks are answered (the write fails later, on the daemon), so ``after`` checks the
  daemon: it answers remember with StorageError, stays up, and works again once space is back.
* read_only_db: mnemon.db bind-mounted read-only before the daemon starts; it must refuse to
  start or refuse writes with StorageError (it starts and refuses writes).
* corrupt_db: half of mnemon.db overwritten with random bytes; the daemon must refuse to start
  (it does) or refuse writes.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import random
import shutil
import signal
import socket
import sqlite3
import subprocess
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from daemon_harness import DaemonProcess, reap, wait_until
from reliability_harness import (
    CONTEXT_HOOKS,
    EVENT_NAMES,
    PROMPT_BUDGET,
    FaultReport,
    Transcript,
    event_for,
    hook_log_lines,
    logged_reason,
    open_fds,
    rss_kib,
    run_trials,
)
from test_hooks import FAKE_ENV, GARBAGE, FakeDaemon

from mnemon.engine.memory import MAX_IDLE_READERS
from mnemon.errors import MnemonError, StorageError
from mnemon.paths import Paths
from mnemon.wire.client import Client

ALL_HOOKS = tuple(EVENT_NAMES)
DATA = Path(__file__).parent / "data" / "transcripts"
FAST_TRIALS = 6
SLOW_TRIALS = 102
PROTOCOL_GARBAGE = ("random bytes", "huge length", "not msgpack", "ping garbage", "wrong id", "wrong version",
                    "error reply")


@pytest.fixture
def home(mnemon_home: Path) -> Iterator[Path]:
    yield mnemon_home
    reap(mnemon_home)


@contextlib.contextmanager
def held_lock(path: Path) -> Iterator[None]:
    """Hold ``path``'s flock as a running daemon holds its instance lock."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


# -- faults ----------------------------------------------------------------------------------


@dataclass
class Fault:
    """A fault in place: how hooks are run against it and what a trial must leave behind.

    ``logs`` is the error name each trial's hooks.log line must contain (None when the hook
    cannot see the failure: the daemon took the capture and fails on its side, which
    ``after`` then checks on the daemon).
    """

    name: str
    logs: tuple[str, ...] | None
    prefix: tuple[str, ...] = ()
    env: dict[str, str] = field(default_factory=dict)
    context_allowed: bool = False
    after: Callable[[], None] | None = None


def _no_daemon_can_start(home: Path) -> None:
    """The background start each hook fires fails at once (the daemon refuses a data root
    writable by others), so every trial meets a daemon that is down."""
    os.chmod(home, 0o777)


def _seed_database(home: Path, count: int = 30) -> None:
    proc = DaemonProcess(home)
    try:
        with proc.client(timeout=10) as client:
            for i in range(count):
                client.call("remember", {"content": f"Order store fact {i}: SQLite in WAL mode, "
                                                    f"retries {i} times", "category": "decision"})
    finally:
        proc.stop()


@contextlib.contextmanager
def fault_down(home: Path, tmp: Path) -> Iterator[Fault]:
    _no_daemon_can_start(home)
    yield Fault("down", ("DaemonUnavailable",))


@contextlib.contextmanager
def fault_hung(home: Path, tmp: Path) -> Iterator[Fault]:
    paths = Paths.resolve()
    with held_lock(paths.lock):
        fake = FakeDaemon(lambda msg: None)
        try:
            yield Fault("hung", ("DaemonTimeout",), env=dict(FAKE_ENV))
        finally:
            fake.close()


@contextlib.contextmanager
def fault_garbage(home: Path, tmp: Path) -> Iterator[Fault]:
    """Each connection gets the next kind of garbage from test_hooks.GARBAGE's protocol-level set."""
    paths = Paths.resolve()
    turn = iter(range(10**9))
    lock = threading.Lock()
    served: dict[int, str] = {}

    def answer(msg: dict[str, Any]) -> bytes | None:
        with lock:
            kind = PROTOCOL_GARBAGE[next(turn) % len(PROTOCOL_GARBAGE)] if msg.get("op") == "ping" else None
            if kind is not None:
                served[threading.get_ident()] = kind
            kind = served.get(threading.get_ident(), "random bytes")
        return GARBAGE[kind](msg)

    with held_lock(paths.lock):
        fake = FakeDaemon(answer)
        try:
            yield Fault("garbage", ("ProtocolError", "VersionMismatch", "LimitExceeded", "StorageError",
                                     "DaemonUnavailable"),
                        env=dict(FAKE_ENV))
        finally:
            fake.close()


@contextlib.contextmanager
def fault_stale(home: Path, tmp: Path) -> Iterator[Fault]:
    paths = Paths.resolve()
    paths.socket_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    dead.bind(str(paths.socket))
    dead.close()
    _no_daemon_can_start(home)
    yield Fault("stale_socket", ("DaemonUnavailable",))
    assert paths.socket.exists(), "the stale socket went away: the fault was not in place for every trial"


@contextlib.contextmanager
def fault_forbidden(home: Path, tmp: Path) -> Iterator[Fault]:
    """A live (hung) daemon's socket, mode 000, that the hook may not open. Root ignores file
    modes, so as root each hook runs without CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH
    (``setpriv``): the kernel then checks the socket's mode bits as for anyone else."""
    prefix: tuple[str, ...] = ()
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("root without setpriv(1): cannot make a socket unopenable")
        prefix = ("setpriv", "--bounding-set=-dac_override,-dac_read_search", "--")
    paths = Paths.resolve()
    with held_lock(paths.lock):
        fake = FakeDaemon(lambda msg: None)
        os.chmod(paths.socket, 0)
        try:
            yield Fault("forbidden_socket", ("DaemonUnavailable",), prefix=prefix)
        finally:
            fake.close()
        assert not fake.requests, "a hook reached the forbidden socket: the fault was not in place"


@contextlib.contextmanager
def _tmpfs(where: Path, size: str) -> Iterator[Path]:
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("needs root and mount(8) for a small tmpfs")
    where.mkdir(mode=0o700)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0700", "tmpfs", str(where)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield where
    finally:
        reap(where)
        subprocess.run(["umount", "-l", str(where)], check=False)
        with contextlib.suppress(OSError):
            where.rmdir()


def _fill(root: Path) -> Path:
    filler = root / "filler"
    with open(filler, "wb", buffering=0) as fh:  # unbuffered: nothing left over to fail at close
        for size in (65536, 4096, 512, 1):
            block = b"\0" * size
            with contextlib.suppress(OSError):
                while fh.write(block):
                    pass
    return filler


@contextlib.contextmanager
def fault_full_disk(home: Path, tmp: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Fault]:
    """The data root on a 4 MiB tmpfs, filled to the last byte while the daemon runs."""
    with _tmpfs(Path(f"{home}-fs"), "4m") as root:
        monkeypatch.setenv("MNEMON_HOME", str(root))
        _seed_database(root)
        proc = DaemonProcess(root)
        paths = Paths.resolve()
        with proc.client(timeout=5) as client:
            client.call("remember", {"content": "Before the disk filled: the cache holds ten items."})
        filler = _fill(root)

        def after() -> None:
            with proc.client(timeout=10) as client:
                with pytest.raises(StorageError) as caught:
                    _remember_until_refused(client)
                print(f"fault=full_disk daemon answered remember with {type(caught.value).__name__}: "
                      f"{caught.value}")
                assert proc.proc.poll() is None and client.ping()["pid"] == proc.pid
                filler.unlink()
                client.call("remember", {"content": "After space came back: the cache holds twenty items."})
                assert client.call("verify", {})["ok"]
            assert paths.socket.exists()

        try:
            yield Fault("full_disk", None, context_allowed=True, after=after)
        finally:
            proc.stop(timeout=20)


def _remember_until_refused(client: Client, acked: dict[str, str] | None = None) -> None:
    """Remember ever larger-than-the-disk content until the daemon refuses; the acknowledged
    ones are recorded in ``acked``."""
    for i in range(200):
        content = f"While full {i} {_random_words()} " + "x" * 4000
        result = client.call("remember", {"content": content})
        if acked is not None:
            acked[result["id"]] = content


@contextlib.contextmanager
def fault_read_only_db(home: Path, tmp: Path) -> Iterator[Fault]:
    """mnemon.db bind-mounted read-only onto itself (root ignores file modes) before the
    daemon starts: it must refuse to start or refuse writes; hooks see a daemon that is down."""
    if os.geteuid() != 0:
        pytest.skip("needs root for a read-only bind mount")
    _seed_database(home)
    db = Paths.resolve().db
    for cmd in (["mount", "--bind", str(db), str(db)], ["mount", "-o", "remount,bind,ro", str(db)]):
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            subprocess.run(["umount", str(db)], check=False, capture_output=True)
            pytest.skip(f"cannot bind-mount read-only here: {done.stderr.strip()}")
    try:
        with pytest.raises(OSError):
            with open(db, "r+b"):
                pass
        yield from _started_or_refused(home, "read_only_db")
    finally:
        reap(home)
        subprocess.run(["umount", str(db)], check=False)


@contextlib.contextmanager
def fault_corrupt_db(home: Path, tmp: Path) -> Iterator[Fault]:
    """The middle of mnemon.db overwritten with junk before the daemon starts."""
    _seed_database(home, count=200)
    db = Paths.resolve().db
    size = db.stat().st_size
    rng = random.Random(7)
    with open(db, "r+b") as fh:
        fh.seek(size // 4)
        fh.write(bytes(rng.randrange(256) for _ in range(size // 2)))
    for suffix in ("-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    yield from _started_or_refused(home, "corrupt_db")


def _started_or_refused(home: Path, name: str) -> Iterator[Fault]:
    paths = Paths.resolve()
    try:
        proc = DaemonProcess(home)
    except RuntimeError as err:
        print(f"fault={name} the daemon refused to start: {str(err).splitlines()[0][:200]}")
        yield Fault(name, ("DaemonUnavailable",))
        assert not paths.socket.exists() or not wait_until(lambda: _pings(paths), 0.5)
        return

    def after() -> None:
        with proc.client(timeout=10) as client:
            with pytest.raises(StorageError):
                client.call("remember", {"content": f"A write to a broken store {uuid.uuid4()}"})
            assert client.ping()["pid"] == proc.pid

    try:
        yield Fault(name, None, context_allowed=True, after=after)
    finally:
        proc.stop()


def _pings(paths: Paths) -> bool:
    try:
        with Client(paths, timeout=0.5) as client:
            client.ping()
        return True
    except MnemonError:
        return False


FAULTS: dict[str, Callable[..., Any]] = {
    "down": fault_down,
    "hung": fault_hung,
    "garbage": fault_garbage,
    "stale_socket": fault_stale,
    "forbidden_socket": fault_forbidden,
    "full_disk": fault_full_disk,
    "read_only_db": fault_read_only_db,
    "corrupt_db": fault_corrupt_db,
}


def _open_fault(name: str, home: Path, tmp: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    maker = FAULTS[name]
    return maker(home, tmp, monkeypatch) if name == "full_disk" else maker(home, tmp)


def _fault_trials(name: str, count: int, home: Path, tmp: Path, monkeypatch: pytest.MonkeyPatch) -> FaultReport:
    project = tmp / "shop"
    project.mkdir()
    transcript = tmp / "t.jsonl"
    shutil.copy(DATA / "session_basic.jsonl", transcript)
    os.chmod(tmp, 0o755)
    os.chmod(transcript, 0o644)
    with _open_fault(name, home, tmp, monkeypatch) as fault:
        report = run_trials(name, count, lambda hook: event_for(hook, transcript, project), ALL_HOOKS,
                            env=fault.env, prefix=fault.prefix)
        lines = hook_log_lines()
        print(report.line())
        for trial in report.trials:
            assert trial.rc == 0, (trial, fault.name)
            assert trial.seconds < PROMPT_BUDGET, (trial, fault.name)
            if fault.context_allowed and trial.hook in CONTEXT_HOOKS and trial.stdout:
                assert trial.stdout.startswith(b'{"hookSpecificOutput"'), trial
            else:
                assert trial.stdout == b"", (trial, fault.name)
            if fault.logs is not None:
                why = logged_reason(trial, lines)
                assert why is not None, f"{trial.hook} pid {trial.pid} logged nothing under {name}"
                assert any(word in why for word in fault.logs), (why, fault.logs)
        if fault.after is not None:
            fault.after()
    return report


@pytest.mark.parametrize("name", list(FAULTS))
def test_hooks_fail_open_under_each_fault(name: str, home: Path, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    report = _fault_trials(name, FAST_TRIALS, home, tmp_path, monkeypatch)
    assert len(report.trials) == FAST_TRIALS


@pytest.mark.slow
@pytest.mark.parametrize("name", list(FAULTS))
def test_hooks_fail_open_under_each_fault_full_count(name: str, home: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    report = _fault_trials(name, SLOW_TRIALS, home, tmp_path, monkeypatch)
    assert len(report.trials) >= 100


def test_full_disk_write_is_a_storage_error_and_loses_nothing(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: SQLite rolls back by itself on SQLITE_FULL; a second ROLLBACK used to turn
    the clear StorageError into an internal error."""
    with _tmpfs(Path(f"{home}-fs"), "4m") as root:
        monkeypatch.setenv("MNEMON_HOME", str(root))
        proc = DaemonProcess(root)
        try:
            acked: dict[str, str] = {}
            with proc.client(timeout=10) as client:
                for i in range(5):
                    content = f"Before the disk filled {i}: {_random_words()}"
                    acked[client.call("remember", {"content": content})["id"]] = content
                filler = _fill(root)
                with pytest.raises(MnemonError) as caught:
                    _remember_until_refused(client, acked)
                filler.unlink()
                assert client.call("verify", {})["ok"]
                for insight_id, content in acked.items():
                    assert client.call("show", {"id": insight_id})["content"] == content
            assert isinstance(caught.value, StorageError), repr(caught.value)
            assert "disk is full" in str(caught.value)
        finally:
            proc.stop(timeout=20)


# -- nothing lost: SIGKILL during a storm of writers -------------------------------------------


def _random_words(n: int = 5) -> str:
    return " ".join(uuid.uuid4().hex[:10] for _ in range(n))


def _ro(db: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10)


def _captured_user_turns(db: Path) -> list[str]:
    with contextlib.closing(_ro(db)) as conn:
        return [row[0] for row in conn.execute(
            "SELECT content FROM insights WHERE deleted_at IS NULL AND origin LIKE 'cc:%:user'")]


def _marker(text: str) -> str:
    """The unique word of a turn written by Transcript.add_turn ("We decided the <marker> ...")."""
    words = text.split()
    return words[3] if len(words) > 3 else ""


def _turn_counts(db: Path, transcripts: list[Transcript]) -> dict[str, int]:
    """How many live user memories hold each turn's marker (every turn should have exactly one)."""
    stored = Counter(_marker(content) for content in _captured_user_turns(db))
    return {_marker(text): stored.get(_marker(text), 0) for t in transcripts for text in t.turns}


def _explain_missing(db: Path, transcripts: list[Transcript], counts: dict[str, int]) -> list[str]:
    """For each turn not stored once: where it sits in its transcript and what the database
    holds under its origins."""
    out = []
    with contextlib.closing(_ro(db)) as conn:
        for t in transcripts:
            for index, (text, line_uuid) in enumerate(zip(t.turns, t.uuids, strict=True)):
                if counts.get(_marker(text)) != 1:
                    rows = conn.execute("SELECT origin, deleted_at IS NOT NULL FROM insights WHERE origin LIKE ?",
                                        (f"cc:{t.session_id}:{line_uuid}:%",)).fetchall()
                    out.append(f"{t.session_id} turn {index + 1}/{len(t.turns)} x{counts.get(_marker(text))} "
                               f"origins={rows}")
    return out


def _recapture_all(paths: Paths, transcripts: list[Transcript], timeout: float = 120.0) -> dict[str, int]:
    """Send every transcript again and wait until the daemon has caught up with all of them."""
    with Client(paths, timeout=10) as client:
        for transcript in transcripts:
            client.call("capture", transcript.capture_args())
    wait_until(lambda: all(c >= 1 for c in _turn_counts(paths.db, transcripts).values()), timeout, step=0.2)
    time.sleep(0.5)
    return _turn_counts(paths.db, transcripts)


@dataclass
class Storm:
    """Writers that outlive daemons: remembers (acknowledged ids recorded) and captures."""

    paths: Paths
    transcripts: list[Transcript]
    acked: dict[str, str] = field(default_factory=dict)
    failures: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def remember_loop(self, stop: threading.Event) -> None:
        with Client(self.paths, timeout=2.0) as client:
            while not stop.is_set():
                content = f"Storm fact about {_random_words()} noted for later"
                try:
                    result = client.call("remember", {"content": content, "category": "fact"})
                except MnemonError:
                    with self.lock:
                        self.failures += 1
                    time.sleep(0.01)
                    continue
                with self.lock:
                    self.acked[result["id"]] = content

    def capture_loop(self, stop: threading.Event, transcript: Transcript) -> None:
        with Client(self.paths, timeout=2.0) as client:
            while not stop.is_set():
                transcript.add_turn("t" + uuid.uuid4().hex[:12])
                try:
                    client.call("capture", transcript.capture_args())
                except MnemonError:
                    with self.lock:
                        self.failures += 1
                time.sleep(0.01)


def _kill_trial(home: Path, storm: Storm, rng: random.Random) -> tuple[int, float]:
    """One storm; the daemon SIGKILLed at a random moment; restart; every acknowledged write
    of the trial is shown; verify and SQLite's integrity check pass."""
    daemon = DaemonProcess(home)
    before = set(storm.acked)
    stop = threading.Event()
    threads = [threading.Thread(target=storm.remember_loop, args=(stop,)) for _ in range(3)]
    threads += [threading.Thread(target=storm.capture_loop, args=(stop, t)) for t in storm.transcripts]
    for thread in threads:
        thread.start()
    at = rng.uniform(0.2, 1.2)
    try:
        time.sleep(at)
        os.kill(daemon.pid, signal.SIGKILL)
        daemon.proc.wait(10)
        time.sleep(0.05)
    finally:
        stop.set()
        for thread in threads:
            thread.join(30)
    daemon = DaemonProcess(home)
    try:
        fresh = {k: v for k, v in storm.acked.items() if k not in before}
        with daemon.client(timeout=10) as client:
            for insight_id, content in fresh.items():
                assert client.call("show", {"id": insight_id})["content"] == content
            report = client.call("verify", {})
            assert report["ok"], report["problems"]
        with contextlib.closing(_ro(storm.paths.db)) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        daemon.stop()
    return len(fresh), at


def _kill_storm(home: Path, tmp: Path, trials: int) -> None:
    paths = Paths.resolve()
    project = tmp / "proj"
    project.mkdir()
    transcripts = [Transcript(tmp / f"s{i}.jsonl", f"storm-{i}", project) for i in range(2)]
    storm = Storm(paths, transcripts)
    rng = random.Random(int.from_bytes(os.urandom(4), "big"))
    acked_per_trial = []
    for _ in range(trials):
        acked, _ = _kill_trial(home, storm, rng)
        acked_per_trial.append(acked)
    daemon = DaemonProcess(home)
    try:
        counts = _recapture_all(paths, transcripts)
        again = _recapture_all(paths, transcripts)
        with daemon.client(timeout=10) as client:
            assert client.call("verify", {})["ok"]
    finally:
        daemon.stop()
    with contextlib.closing(_ro(paths.db)) as conn:
        live = {row[0] for row in conn.execute("SELECT id FROM insights WHERE deleted_at IS NULL")}
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    lost = set(storm.acked) - live
    turns = sum(len(t.turns) for t in transcripts)
    print(f"kill storm: sigkills={trials} acknowledged_remembers={len(storm.acked)} "
          f"(min/max per trial {min(acked_per_trial)}/{max(acked_per_trial)}) refused_while_down={storm.failures} "
          f"lost={len(lost)} turns={turns} turns_missing={sum(1 for c in counts.values() if c == 0)} "
          f"turns_duplicated={sum(1 for c in again.values() if c > 1)}")
    assert not lost
    assert all(c == 1 for c in counts.values()), _explain_missing(paths.db, transcripts, counts)[:20]
    assert again == counts
    assert len(_captured_user_turns(paths.db)) == turns


def test_sigkill_during_a_write_storm_loses_nothing_acknowledged(home: Path, tmp_path: Path) -> None:
    _kill_storm(home, tmp_path, trials=3)


@pytest.mark.slow
def test_sigkill_during_a_write_storm_loses_nothing_acknowledged_full_count(home: Path, tmp_path: Path) -> None:
    _kill_storm(home, tmp_path, trials=50)


# -- concurrency: eight sessions in two projects ---------------------------------------------


def _sessions(home: Path, tmp: Path, turns: int) -> None:
    """Eight sessions (threads, a client each), four per project, capture and inject at once.

    Each turn injects twice: for a turn of the *other* project (a scope leak would surface
    that project's memory) and for one of its own (so the check is not vacuous)."""
    paths = Paths.resolve()
    projects = {name: tmp / name for name in ("alpha", "beta")}
    for path in projects.values():
        path.mkdir()
    sessions = [Transcript(tmp / f"c{i}.jsonl", f"conc-{i}", projects["alpha" if i % 2 else "beta"])
                for i in range(8)]
    project_of = {t.session_id: ("alpha" if i % 2 else "beta") for i, t in enumerate(sessions)}
    errors: list[str] = []
    injected: dict[str, list[str]] = {"alpha": [], "beta": []}
    lock = threading.Lock()
    barrier = threading.Barrier(len(sessions))

    def recent(name: str) -> str:
        with lock:
            pool = [text for t in sessions if project_of[t.session_id] == name for text in t.turns[-3:]]
        return random.choice(pool) if pool else ""

    def run(transcript: Transcript) -> None:
        mine = project_of[transcript.session_id]
        other = "beta" if mine == "alpha" else "alpha"
        with Client(paths, timeout=10) as client:
            barrier.wait()
            for _ in range(turns):
                transcript.add_turn("c" + uuid.uuid4().hex[:12])
                try:
                    client.call("capture", transcript.capture_args())
                    results = [client.call("inject", {"prompt": prompt, "session_id": transcript.session_id,
                                                      "cwd": str(transcript.cwd)})
                               for prompt in (recent(other), recent(mine))]
                except MnemonError as err:
                    with lock:
                        errors.append(f"{type(err).__name__}: {err}")
                    continue
                with lock:
                    injected[mine].extend(item["id"] for result in results for item in result["items"])

    daemon = DaemonProcess(home)
    try:
        with ThreadPoolExecutor(max_workers=len(sessions)) as pool:
            list(pool.map(run, sessions))
        counts = _recapture_all(paths, sessions)
        with contextlib.closing(_ro(paths.db)) as conn:
            scope_of = dict(conn.execute("SELECT id, scope FROM insights"))
            session_scope = {sid: scope for sid, scope in conn.execute(
                "SELECT session_id, scope FROM insights WHERE origin LIKE 'cc:%:user'")}
        with daemon.client(timeout=10) as client:
            assert client.call("verify", {})["ok"]
        log_text = paths.daemon_log.read_text(errors="replace")
    finally:
        daemon.stop()
    scopes = {name: {session_scope[t.session_id] for t in sessions if project_of[t.session_id] == name}
              for name in projects}
    leaks = {name: [i for i in ids if scope_of.get(i) not in scopes[name] | {"global"}]
             for name, ids in injected.items()}
    print(f"concurrency: sessions=8 projects=2 turns={sum(len(t.turns) for t in sessions)} "
          f"injected_items={sum(len(v) for v in injected.values())} client_errors={len(errors)} "
          f"missing={sum(1 for c in counts.values() if c == 0)} duplicated={sum(1 for c in counts.values() if c > 1)} "
          f"scope_leaks={sum(len(v) for v in leaks.values())}")
    assert all(len(s) == 1 for s in scopes.values()) and scopes["alpha"] != scopes["beta"], scopes
    assert not [e for e in errors if "locked" in e], errors[:5]
    assert not errors, (errors[:5], log_text[log_text.find("Traceback"):][:3000])
    assert "database is locked" not in log_text
    assert all(c == 1 for c in counts.values()), _explain_missing(paths.db, sessions, counts)[:20]
    assert all(injected.values()), "no inject returned anything: the scope check would be vacuous"
    assert not any(leaks.values()), leaks


def test_eight_sessions_in_two_projects(home: Path, tmp_path: Path) -> None:
    _sessions(home, tmp_path, turns=12)


@pytest.mark.slow
def test_eight_sessions_in_two_projects_long(home: Path, tmp_path: Path) -> None:
    _sessions(home, tmp_path, turns=120)


# -- bounded resources: the daemon's memory and open files over a long capture run -------------


def _user_turns_stored(db: Path) -> int:
    with contextlib.closing(_ro(db)) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM insights WHERE origin LIKE 'cc:%:user'").fetchone()[0])


def _footprint(home: Path, tmp: Path, transcripts: int, turns: int, rounds: int, per_memory_kib: float,
               steady_bound_mib: float) -> None:
    """Two phases against one daemon, sampling VmRSS and the open fd count.

    Grow: ``turns`` turns round-robin across ``transcripts`` sessions (append, then capture,
    as the Stop hook does), waiting for the daemon to catch up at each sample point. RSS may
    grow with the data (the RAM state is the point), by at most ``per_memory_kib`` per
    memory stored; open fds may not grow once the read connections are open.

    Steady: ``rounds`` rounds in which every session reconnects (a new client, as each hook
    is), re-captures (nothing new: idempotent), injects and recalls. No data is added, so
    after two warm-up rounds RSS may grow by at most ``steady_bound_mib`` and open fds by 2.
    """
    paths = Paths.resolve()
    project = tmp / "long"
    project.mkdir()
    sessions = [Transcript(tmp / f"l{i}.jsonl", f"long-{i}", project) for i in range(transcripts)]
    daemon = DaemonProcess(home)
    grow: list[tuple[int, int, int, int]] = []
    steady: list[tuple[int, int, int]] = []
    every = max(1, turns // 10)
    try:
        with daemon.client(timeout=30) as client:
            base = (rss_kib(daemon.pid), open_fds(daemon.pid), 0)
            for n in range(1, turns + 1):
                session = sessions[n % transcripts]
                session.add_turn("f" + uuid.uuid4().hex[:12])
                client.call("capture", session.capture_args())
                if n % every == 0:
                    assert wait_until(lambda n=n: _user_turns_stored(paths.db) >= n, 120, step=0.1), n
                    memories = int(client.call("status", {})["insights"])
                    grow.append((n, memories, rss_kib(daemon.pid), open_fds(daemon.pid)))
        for r in range(rounds):
            for session in sessions:
                with daemon.client(timeout=30) as client:
                    client.call("capture", session.capture_args())
                    prompt = random.choice(session.turns)
                    client.call("inject", {"prompt": prompt, "session_id": session.session_id,
                                           "cwd": str(project)})
                    client.call("recall", {"query": prompt, "limit": 10})
            steady.append((r, rss_kib(daemon.pid), open_fds(daemon.pid)))
        with daemon.client(timeout=30) as client:
            assert client.call("verify", {})["ok"]
            assert _user_turns_stored(paths.db) == turns
    finally:
        daemon.stop()
    memories = grow[-1][1]
    per_memory = (grow[-1][2] - base[0]) / memories
    warm = steady[min(2, len(steady) - 1)]
    steady_growth = (max(p[1] for p in steady) - warm[1]) / 1024
    print(f"footprint grow: transcripts={transcripts} turns={turns} memories={memories} "
          f"start={base[0] // 1024}MiB/{base[1]}fd samples(turns:rss/fds)="
          + " ".join(f"{n}:{rss // 1024}MiB/{fds}fd" for n, _, rss, fds in grow)
          + f" rss_per_memory={per_memory:.1f}KiB")
    print(f"footprint steady: rounds={rounds} sessions={transcripts} samples(rss/fds)="
          + " ".join(f"{rss // 1024}MiB/{fds}fd" for _, rss, fds in steady)
          + f" rss_growth_after_warmup={steady_growth:.1f}MiB")
    # the store's pooled read connections (3 fds each: database, WAL, shared memory) open on
    # first use; after that the count may not grow
    assert grow[0][3] <= base[1] + 3 * MAX_IDLE_READERS + 2, (base, grow)
    assert all(fds <= grow[0][3] + 2 for *_, fds in grow), grow
    assert per_memory < per_memory_kib, grow
    assert all(abs(fds - warm[2]) <= 2 for _, _, fds in steady), steady
    assert steady_growth < steady_bound_mib, steady


def test_daemon_memory_and_open_files_stay_flat(home: Path, tmp_path: Path) -> None:
    _footprint(home, tmp_path, transcripts=10, turns=300, rounds=8, per_memory_kib=48, steady_bound_mib=6)


@pytest.mark.slow
def test_daemon_memory_and_open_files_stay_flat_long(home: Path, tmp_path: Path) -> None:
    _footprint(home, tmp_path, transcripts=50, turns=3000, rounds=30, per_memory_kib=48, steady_bound_mib=10)
