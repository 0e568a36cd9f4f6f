"""The client: a light import, deadlines, errors re-raised as the engine's types."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from daemon_harness import DaemonProcess, daemon_pids, reap

from mnemon.client import Client, build_id, daemon_running, stop_daemon
from mnemon.errors import DaemonTimeout, DaemonUnavailable, LimitExceeded, ProtocolError
from mnemon.paths import Paths


@pytest.fixture
def home(mnemon_home: Path) -> Iterator[Path]:
    yield mnemon_home
    reap(mnemon_home)


class FakeDaemon:
    """A listener on the daemon's socket that misbehaves on purpose."""

    def __init__(self, paths: Paths, behaviour: str) -> None:
        paths.socket_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.server.bind(str(paths.socket))
        self.server.listen(8)
        self.behaviour = behaviour
        self.conns: list[socket.socket] = []
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            self.conns.append(conn)
            if self.behaviour == "close":
                conn.close()
            elif self.behaviour == "garbage":
                conn.recv(65536)
                conn.sendall(b"\x00\x00\x00\x03\xc1\xc1\xc1")

    def close(self) -> None:
        self.server.close()
        for conn in self.conns:
            conn.close()


def test_importing_the_client_loads_no_numpy_sqlite_or_platformdirs() -> None:
    code = (
        "import sys, mnemon.client, mnemon.protocol, mnemon.errors, mnemon.paths\n"
        "print(sorted(m for m in ('numpy', 'sqlite3', 'platformdirs', 'subprocess', 'asyncio') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_no_daemon_and_no_autostart_raises_at_once(home: Path) -> None:
    with pytest.raises(DaemonUnavailable, match="mnemon daemon start"):
        Client(timeout=1).ping()
    assert not daemon_pids(home)
    assert stop_daemon(Paths.resolve()) is None


def test_a_silent_daemon_hits_the_deadline_and_the_connection_is_dropped(home: Path) -> None:
    fake = FakeDaemon(Paths.resolve(), "silent")
    try:
        client = Client(timeout=0.3)
        with pytest.raises(DaemonTimeout, match="no answer"):
            client.ping()
        assert client._sock is None
        with pytest.raises(DaemonTimeout):
            client.call("status", timeout=0.2)
    finally:
        fake.close()


def test_a_daemon_that_hangs_up_or_talks_garbage_is_reported(home: Path) -> None:
    paths = Paths.resolve()
    fake = FakeDaemon(paths, "close")
    try:
        with pytest.raises(DaemonUnavailable):
            Client(timeout=2).ping()
    finally:
        fake.close()
    paths.socket.unlink()
    fake = FakeDaemon(paths, "garbage")
    try:
        with pytest.raises(ProtocolError, match="malformed frame"):
            Client(timeout=2).ping()
    finally:
        fake.close()


def test_oversized_requests_are_refused_before_sending(home: Path) -> None:
    daemon = DaemonProcess(home)
    try:
        with daemon.client() as client:
            with pytest.raises(LimitExceeded):
                client.call("remember", {"content": "x" * (9 * 1024 * 1024)})
            assert client.call("status")["insights"] == 0
    finally:
        daemon.stop()


def test_autostart_wait_starts_one_daemon_and_stop_ends_it(home: Path) -> None:
    paths = Paths.resolve()
    with Client(timeout=5, autostart="wait") as client:
        info = client.ping()
        assert info["build"] == build_id()
    assert daemon_running(paths)
    assert stop_daemon(paths) == info["pid"]
    assert not daemon_running(paths)
    assert not paths.socket.exists()


def test_build_id_is_stable_and_overridable() -> None:
    assert build_id() == build_id()
    assert len(build_id()) == 16
    assert build_id({"MNEMON_BUILD_ID": "x1"}) == "x1"


def test_a_fresh_root_is_created_private(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os
    import stat

    root = home / "fresh" / "root"
    monkeypatch.setenv("MNEMON_HOME", str(root))
    try:
        with Client(timeout=5, autostart="wait") as client:
            client.call("remember", {"content": "private by default"})
        for path in (root, root / "run", root / "logs"):
            assert stat.S_IMODE(os.stat(path).st_mode) == 0o700, path
    finally:
        stop_daemon(Paths.resolve())


def test_build_id_is_the_sha256_of_version_and_location(monkeypatch: pytest.MonkeyPatch) -> None:
    import hashlib
    import os

    import mnemon

    monkeypatch.delenv("MNEMON_BUILD_ID", raising=False)
    where = os.path.dirname(os.path.abspath(mnemon.__file__))
    assert build_id() == hashlib.sha256(f"{mnemon.__version__}\0{where}".encode()).hexdigest()[:16]


def test_stop_while_a_spawned_daemon_is_still_starting_stops_it(home: Path) -> None:
    import time

    from daemon_harness import wait_until

    from mnemon.client import ping, spawn_daemon

    paths = Paths.resolve()
    spawn_daemon(paths)
    started = time.monotonic()
    pid = stop_daemon(paths, timeout=20)
    assert pid is not None
    assert time.monotonic() - started < 15
    assert wait_until(lambda: not daemon_pids(home), timeout=1.0), daemon_pids(home)
    time.sleep(1.0)
    assert not daemon_pids(home) and ping(paths) is None
    assert stop_daemon(paths) is None


def test_background_spawns_50_ms_apart_start_exactly_one_daemon_and_none_linger(home: Path) -> None:
    import time

    from daemon_harness import wait_until

    from mnemon.client import ping, start_daemon, starting_pids

    paths = Paths.resolve()
    seen: set[int] = set()
    most = 0

    def sample() -> None:
        nonlocal most
        pids = daemon_pids(home)
        seen.update(pids)
        most = max(most, len(pids))

    for _ in range(6):
        start_daemon(paths, wait=False)
        sample()
        time.sleep(0.05)
    assert wait_until(lambda: (sample(), ping(paths))[1] is not None, timeout=30)
    up = ping(paths)
    assert up is not None
    end = time.monotonic() + 1.0
    while time.monotonic() < end:
        sample()
        time.sleep(0.02)
    assert daemon_pids(home) == [up["pid"]]
    assert seen == {up["pid"]} and most == 1
    assert starting_pids(paths) == [up["pid"]]
    assert stop_daemon(paths) == up["pid"]
    assert not daemon_pids(home)


def test_a_background_client_sends_its_build_check_with_the_first_request(home: Path) -> None:
    """The fake answers nothing until it holds two frames: a client that waited for the ping's
    answer before sending its request would time out here."""
    from mnemon.protocol import FrameDecoder, encode

    paths = Paths.resolve()
    paths.socket_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(paths.socket))
    server.listen(1)
    seen: list[dict[str, object]] = []

    def serve() -> None:
        conn, _ = server.accept()
        decoder = FrameDecoder()
        while len(seen) < 2:
            data = conn.recv(65536)
            if not data:
                return
            seen.extend(decoder.feed(data))
        for msg in seen:
            result = {"build": build_id(), "pid": 1} if msg["op"] == "ping" else {"echo": msg["args"]}
            conn.sendall(encode({"v": 1, "id": msg["id"], "ok": True, "result": result}))
        conn.recv(1)
        conn.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        with Client(timeout=2.0, autostart="background") as client:
            assert client.call("inject", {"prompt": "p"}) == {"echo": {"prompt": "p"}}
            assert client.daemon_info == {"build": build_id(), "pid": 1}
        assert [m["op"] for m in seen] == ["ping", "inject"]
    finally:
        server.close()
        thread.join(5)


def test_the_hook_import_path_loads_no_heavy_standard_modules() -> None:
    """Hooks pay for every module on every prompt: these are what made ``import mnemon.client``
    cost ~20 ms over a bare start (``dataclasses`` pulls in ``inspect``; ``socket`` builds enums)."""
    heavy = ("dataclasses", "inspect", "typing", "hashlib", "socket", "selectors", "subprocess", "asyncio",
             "platformdirs", "pathlib")
    code = (
        "import sys; before = set(sys.modules); import mnemon.client, mnemon.protocol, mnemon.errors, mnemon.paths; "
        "p = mnemon.paths.Paths.resolve(); p.socket_path; mnemon.client.build_id(); "
        f"print(sorted(m for m in {heavy!r} if m in sys.modules and m not in before))"
    )
    out = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_is_our_daemon_tells_daemons_from_zombies_and_strangers() -> None:
    import os
    import subprocess
    import sys
    import time

    from mnemon.client import is_our_daemon

    # a process whose command line names the daemon module (an argument is enough for the check)
    ours = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)", "mnemon_daemon"])
    stranger = subprocess.Popen(["sleep", "30"])
    zombie = subprocess.Popen([sys.executable, "-c", "pass", "mnemon_daemon"])
    try:
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and zombie.poll() is None:
            time.sleep(0.01)  # poll() reaps: make a real zombie below instead
        assert is_our_daemon(ours.pid)
        assert not is_our_daemon(stranger.pid)
        assert not is_our_daemon(zombie.pid)  # reaped: no such process
        child = os.fork()
        if child == 0:
            os._exit(0)
        time.sleep(0.2)  # exited, not yet reaped: a zombie with an empty command line
        assert not is_our_daemon(child)
        os.waitpid(child, 0)
    finally:
        for proc in (ours, stranger):
            proc.kill()
            proc.wait()
