"""The daemon's connection limits, against a real daemon and real sockets (issue 11 item 8):
a thousand idle connections, a hundred nearly complete 8 MiB frames, byte-a-second senders,
descriptors running out, and a daemon.stderr that must not grow without bound."""

from __future__ import annotations

import json
import os
import resource
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from daemon_harness import DaemonProcess, reap, wait_until
from mnemon_daemon.connections import (
    CONNECTION_LIMIT,
    FRAME_DEADLINE,
    MAX_BUFFERED,
    Connections,
    connection_cap,
)

from mnemon.paths import Paths
from mnemon.wire.client import Client
from mnemon.wire.launcher import STDERR_MAX, start_daemon, stop_daemon
from mnemon.wire.protocol import FrameDecoder, encode

HOOKS = Path(__file__).resolve().parent.parent / "hooks"


@pytest.fixture
def home(mnemon_home: Path) -> Iterator[Path]:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < 4096 and (hard == resource.RLIM_INFINITY or hard >= 4096):
        resource.setrlimit(resource.RLIMIT_NOFILE, (4096, hard))  # this test process opens >1,100 sockets
    yield mnemon_home
    reap(mnemon_home)
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def _connect(paths: Paths) -> socket.socket:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(paths.socket_path)  # blocking: waits while the listen backlog is full
    return sock


def _rss_mib(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(status.split("VmRSS:")[1].split()[0]) / 1024


def _fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def _timed_status(paths: Paths, timeout: float = 5.0) -> tuple[dict[str, object], float]:
    started = time.monotonic()
    with Client(paths, timeout=timeout) as client:
        status = client.call("status")
    return status, time.monotonic() - started


def _closed_with(sock: socket.socket, timeout: float) -> list[object]:
    """Replies read until the daemon closes ``sock`` (raises TimeoutError if it stays open)."""
    sock.settimeout(timeout)
    decoder = FrameDecoder()
    replies: list[object] = []
    while True:
        try:
            data = sock.recv(65536)
        except ConnectionResetError:
            return replies
        if not data:
            return replies
        replies.extend(decoder.feed(data))


def _prompt_hook(tmp_path: Path) -> tuple[int, bytes, float]:
    event = {"session_id": "s", "transcript_path": str(tmp_path / "t.jsonl"), "cwd": str(tmp_path),
             "prompt": "what did we decide about retries?", "hook_event_name": "UserPromptSubmit"}
    started = time.monotonic()
    proc = subprocess.run([sys.executable, "-I", str(HOOKS / "user_prompt_submit.py")],
                          input=json.dumps(event).encode(), capture_output=True, timeout=30)
    return proc.returncode, proc.stdout, time.monotonic() - started


def test_the_cap_leaves_descriptors_for_the_daemon_itself() -> None:
    assert connection_cap(256, descriptors=1024) == 256
    assert connection_cap(2000, descriptors=1024) == 1024 - 64
    assert connection_cap(256, descriptors=100) == 36


@pytest.mark.skipif(shutil.which("prlimit") is None, reason="needs prlimit(1)")
def test_1100_idle_connections_leave_room_for_the_owner(home: Path, tmp_path: Path) -> None:
    """With the common limit of 1,024 descriptors, ~1,100 idle connections made `status` take
    28 s, silenced the hooks and flooded daemon.stderr with accept() tracebacks. The daemon
    now closes the connection idle longest to admit each newcomer."""
    daemon = DaemonProcess(home, prefix=("prlimit", "--nofile=1024:1024", "--"))
    socks: list[socket.socket] = []
    try:
        before = daemon.stderr_path.stat().st_size
        for _ in range(1100):
            socks.append(_connect(daemon.paths))
        status, took = _timed_status(daemon.paths)
        assert took < 2.0, took
        info = status["daemon"]
        assert isinstance(info, dict)
        assert info["connections"] <= CONNECTION_LIMIT and info["evicted"] >= 1100 - CONNECTION_LIMIT
        rc, out, hook_took = _prompt_hook(tmp_path)
        assert (rc, out) == (0, b"") and hook_took < 2.0
        hook_log = Paths.resolve().hook_log
        assert not hook_log.exists() or hook_log.read_text() == "", hook_log.read_text()
        assert _fds(daemon.pid) <= CONNECTION_LIMIT + 64
        time.sleep(1.0)
        grown = daemon.stderr_path.stat().st_size - before
        assert grown < 20_000, daemon.stderr()
        assert "Traceback" not in daemon.stderr()
        print(f"\nidle flood: 1100 connections, nofile 1024: status {took * 1000:.0f} ms, prompt hook "
              f"{hook_took * 1000:.0f} ms, daemon fds {_fds(daemon.pid)}, evicted {info['evicted']}, "
              f"stderr +{grown} bytes")
    finally:
        for sock in socks:
            sock.close()
        daemon.stop()


def test_a_hundred_nearly_complete_8_mib_frames_cost_the_budget_not_800_mib(home: Path) -> None:
    """Each connection sends a length of 8 MiB and all but the last byte: the daemon held all of
    it (108 MB to 914 MB). Now the partial frames share a 64 MiB budget, and each is cut off
    at the frame deadline with an error reply."""
    daemon = DaemonProcess(home)
    size = 8 * 1024 * 1024
    body = memoryview(bytes(size - 1))  # one buffer shared by every sender
    socks = [_connect(daemon.paths) for _ in range(100)]
    errors: list[BaseException] = []

    def send(sock: socket.socket) -> None:
        try:
            sock.sendall(size.to_bytes(4, "big"))
            sock.sendall(body)
        except OSError as err:
            errors.append(err)

    try:
        base = _rss_mib(daemon.pid)
        senders = [threading.Thread(target=send, args=(s,), daemon=True) for s in socks]
        started = time.monotonic()
        for thread in senders:
            thread.start()
        time.sleep(2.0)
        status, took = _timed_status(daemon.paths)
        assert took < 2.0, took
        grown = _rss_mib(daemon.pid) - base
        assert grown < MAX_BUFFERED / 2**20 + 100, f"daemon grew {grown:.0f} MiB"
        print(f"\nbig frames: 100 x (8 MiB - 1 byte): RSS {base:.0f} -> {base + grown:.0f} MiB, "
              f"status {took * 1000:.0f} ms")
        info = status["daemon"]
        assert isinstance(info, dict)
        held = int(info["buffered_bytes"])  # type: ignore[call-overload]
        assert MAX_BUFFERED // 2 < held <= MAX_BUFFERED + 100 * 256 * 1024, held
        reply = _closed_with(socks[0], FRAME_DEADLINE + 5)
        assert time.monotonic() - started >= FRAME_DEADLINE - 0.5
        assert reply and "did not arrive whole" in str(reply[-1]), reply
        for sock in socks[1:]:
            _closed_with(sock, FRAME_DEADLINE + 10)
        _, took = _timed_status(daemon.paths)
        assert took < 2.0
    finally:
        for sock in socks:
            sock.close()
        daemon.stop()


def test_byte_at_a_time_senders_are_cut_off_at_the_frame_deadline(home: Path) -> None:
    """Slowloris: a byte every half second kept a connection open for ever (the idle timer
    restarted with each byte). A frame must now arrive whole within the frame deadline."""
    daemon = DaemonProcess(home)
    frame = encode({"v": 1, "id": 1, "op": "ping", "args": {"pad": "x" * 200}})
    socks = [_connect(daemon.paths) for _ in range(40)]
    stop = threading.Event()

    def trickle() -> None:
        for i in range(len(frame) - 1):
            for sock in socks:
                try:
                    sock.send(frame[i : i + 1])
                except OSError:
                    pass
            if stop.wait(0.5):
                return

    sender = threading.Thread(target=trickle, daemon=True)
    started = time.monotonic()
    sender.start()
    try:
        time.sleep(1.0)
        _, took = _timed_status(daemon.paths)
        assert took < 2.0
        for sock in socks:
            replies = _closed_with(sock, FRAME_DEADLINE + 5)
            assert replies and "did not arrive whole" in str(replies[-1]), replies
        cut = time.monotonic() - started
        assert FRAME_DEADLINE - 0.5 <= cut < FRAME_DEADLINE + 5
        print(f"\nslow senders: 40 connections at 2 bytes/s all closed after {cut:.1f} s; status {took * 1000:.0f} ms")
        log = daemon.paths.daemon_log.read_text()
        assert log.count("did not arrive whole") <= 6, "one warning per connection: a flood"
    finally:
        stop.set()
        sender.join(5)
        for sock in socks:
            sock.close()
        daemon.stop()


def test_running_out_of_descriptors_backs_off_without_a_flood(home: Path) -> None:
    """Descriptors exhausted under the daemon (its limit lowered while it runs): accept()
    fails with EMFILE. It used to log a traceback per attempt, with retries piling up (40-230
    MB a minute into daemon.stderr); now it closes idle connections, backs off, and logs a
    few lines a minute."""
    daemon = DaemonProcess(home)
    socks: list[socket.socket] = []
    try:
        limit = _fds(daemon.pid) + 10
        resource.prlimit(daemon.pid, resource.RLIMIT_NOFILE, (limit, limit))
        for _ in range(200):
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.settimeout(2)
            try:
                sock.connect(daemon.paths.socket_path)
            except OSError:
                sock.close()
                break
            socks.append(sock)
        before = daemon.stderr_path.stat().st_size
        time.sleep(3.0)
        _, took = _timed_status(daemon.paths)
        assert took < 3.0, took
        assert daemon.proc.poll() is None
        grown = daemon.stderr_path.stat().st_size - before
        assert grown < 20_000 and "Traceback" not in daemon.stderr(), grown
        log = daemon.paths.daemon_log.read_text()
        assert 1 <= log.count("cannot accept a connection") <= 5, log[-3000:]
        print(f"\nno descriptors: status {took * 1000:.0f} ms, stderr +{grown} bytes, "
              f"{log.count('cannot accept a connection')} warning lines in 3 s")
    finally:
        for sock in socks:
            sock.close()
        daemon.stop()


def _size(path: Path) -> int:
    """The file's size; between the daemon's rename and its reopening there is no file (a large number)."""
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 1 << 62


def test_daemon_stderr_is_rotated_at_spawn_and_while_the_daemon_runs(home: Path) -> None:
    """daemon.stderr was never rotated. The spawner rotates it past STDERR_MAX before a start,
    and the running daemon rotates it when it grows past that (its descriptor 2 follows)."""
    paths = Paths.resolve()
    paths.log_dir.mkdir(parents=True, mode=0o700, exist_ok=True)
    paths.daemon_stderr.write_bytes(b"old start\n" * (STDERR_MAX // 10 + 10))
    start_daemon(paths, wait=True, timeout=30)
    try:
        old = Path(f"{paths.daemon_stderr}.1")
        assert old.read_bytes().startswith(b"old start\n")
        assert paths.daemon_stderr.stat().st_size < 1000
        with open(paths.daemon_stderr, "ab") as fh:
            fh.write(b"x" * (STDERR_MAX + 1))
        assert wait_until(lambda: _size(paths.daemon_stderr) < 1000, timeout=20)
        assert old.stat().st_size > STDERR_MAX
        with Client(paths, timeout=5) as client:
            pid = client.ping()["pid"]
        fd2 = Path(f"/proc/{pid}/fd/2")
        assert os.readlink(fd2) == str(paths.daemon_stderr)
        assert os.stat(fd2).st_ino == paths.daemon_stderr.stat().st_ino
    finally:
        stop_daemon(paths)


def test_eviction_prefers_the_longest_idle_then_the_slowest_frame() -> None:
    conns = Connections(connection_limit=3)
    a, b, c = conns.admit(), conns.admit(), conns.admit()
    assert a and b and c
    for conn, offset in ((a, 5.0), (b, 9.0), (c, 1.0)):
        conn.last_active -= offset
    b.busy = True
    d = conns.admit()
    assert d is not None and a.closed and a not in conns.open and not c.closed
    c.busy = d.busy = True
    assert conns.admit() is None and conns.refused == 1
    c.busy = False
    conns.feed(c, b"\x00\x00\x01\x00partial")
    c.frame_started -= 2.0
    assert conns.admit() is not None and c.closed
    assert conns.buffered == 0  # what the evicted connection held was given back
