"""The client: a light import, deadlines, errors re-raised as the engine's types."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from daemon_harness import DaemonProcess, daemon_pids, reap
from fakes import stop_listening

from mnemon.errors import DaemonError, DaemonTimeout, DaemonUnavailable, LimitExceeded, ProtocolError
from mnemon.paths import Paths
from mnemon.wire.client import Client, build_id
from mnemon.wire.launcher import daemon_running, stop_daemon


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
        stop_listening(self.server, self.thread)
        for conn in self.conns:
            conn.close()


@pytest.mark.parametrize("behaviour", ["silent", "close", "garbage"])
def test_a_closed_fake_daemon_accepts_nothing_more(home: Path, behaviour: str) -> None:
    # Its accept() thread once outlived close() and took connections from later tests unclosed.
    paths = Paths.resolve()
    fake = FakeDaemon(paths, behaviour)
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as first:
        first.connect(paths.socket_path)
        with contextlib.suppress(OSError):  # "close" may have hung up already
            first.sendall(b"x")
        fake.close()
    assert not fake.thread.is_alive()
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as late, pytest.raises(ConnectionRefusedError):
        late.connect(paths.socket_path)


def test_importing_the_client_loads_no_numpy_sqlite_or_platformdirs() -> None:
    code = (
        "import sys, mnemon.wire.client, mnemon.wire.protocol, mnemon.errors, mnemon.paths\n"
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


@pytest.fixture(params=["proc", "ps"])
def process_table(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    """Each test twice: processes read from /proc (Linux), and from ``ps`` as on a system
    without /proc (macOS): ``launcher.PROC`` then names a directory that does not exist."""
    from mnemon.wire import launcher

    if request.param == "ps":
        monkeypatch.setattr(launcher, "PROC", str(tmp_path / "no-proc"))
    return str(request.param)


def test_stop_while_a_spawned_daemon_is_still_starting_stops_it(home: Path, process_table: str) -> None:
    import time

    from daemon_harness import wait_until

    from mnemon.wire.client import ping
    from mnemon.wire.launcher import spawn_daemon

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

    from mnemon.wire.client import ping
    from mnemon.wire.launcher import start_daemon, starting_pids

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
    from mnemon.wire.protocol import FrameDecoder, encode

    paths = Paths.resolve()
    paths.socket_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(paths.socket))
    server.listen(1)
    seen: list[dict[str, object]] = []

    def serve() -> None:
        conn, _ = server.accept()
        with conn:
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

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        with Client(timeout=2.0, autostart="background") as client:
            assert client.call("inject", {"prompt": "p"}) == {"echo": {"prompt": "p"}}
            assert client.daemon_info == {"build": build_id(), "pid": 1}
        assert [m["op"] for m in seen] == ["ping", "inject"]
    finally:
        stop_listening(server, thread)


def test_the_hook_import_path_loads_no_heavy_standard_modules() -> None:
    """Hooks pay for every module on every prompt: these are what made ``import mnemon.wire.client``
    cost ~20 ms over a bare start (``dataclasses`` pulls in ``inspect``; ``socket`` builds enums)."""
    heavy = ("dataclasses", "inspect", "typing", "hashlib", "socket", "selectors", "subprocess", "asyncio",
             "platformdirs", "pathlib")
    code = (
        "import sys; before = set(sys.modules); import mnemon.wire.client, mnemon.wire.protocol, mnemon.errors, mnemon.paths; "
        "p = mnemon.paths.Paths.resolve(); p.socket_path; mnemon.wire.client.build_id(); "
        f"print(sorted(m for m in {heavy!r} if m in sys.modules and m not in before))"
    )
    out = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_is_our_daemon_tells_daemons_from_zombies_and_strangers(process_table: str) -> None:
    import os
    import subprocess
    import sys
    import time

    from mnemon.wire.launcher import is_our_daemon

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


# -- issue 11: starts from anywhere, trusts only its owner --------------------------------------

REPO = Path(__file__).resolve().parents[1]


def _daemon_cwd_and_argv(pid: int) -> tuple[str, list[bytes]]:
    import os

    return os.readlink(f"/proc/{pid}/cwd"), Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")


def test_a_mnemon_folder_in_the_working_directory_cannot_shadow_the_daemon(home: Path, tmp_path: Path) -> None:
    """Editable install, command run where a ``mnemon/`` folder sits (a project with a package of
    that name, or a home directory holding a clone): the daemon imported that folder as a
    namespace package, died in build_id, and memory was silently off."""
    import json

    cwd = tmp_path / "project"
    (cwd / "mnemon").mkdir(parents=True)
    (cwd / "mnemon_daemon").mkdir()
    cli = Path(sys.executable).parent / "mnemon"
    proc = subprocess.run([str(cli), "status", "--json"], cwd=cwd, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    daemon = json.loads(proc.stdout)["daemon"]
    assert daemon.get("build") == build_id(), (daemon, proc.stderr)
    where, argv = _daemon_cwd_and_argv(daemon["pid"])
    assert where == str(home) and b"-I" in argv


def test_a_non_editable_install_run_inside_a_checkout_starts_its_own_daemon(home: Path, tmp_path: Path) -> None:
    """``pip install .`` (not editable), then any command inside a checkout of this repository:
    the daemon imported the checkout's ``mnemon``, its build differed from the client's, and
    every command waited 15 s for "the daemon did not start". The install is laid down by hand
    as pip lays it (packages copied into site-packages, a console script), so no network is
    needed; its dependencies come from this test's environment."""
    import json
    import shutil
    import sysconfig
    import time

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=60)
    python = venv / "bin" / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    skip = shutil.ignore_patterns("__pycache__")
    shutil.copytree(REPO / "mnemon", site / "mnemon", ignore=skip)
    shutil.copytree(REPO / "daemon", site / "mnemon_daemon", ignore=skip)
    (site / "zz_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    cli = venv / "bin" / "mnemon"
    cli.write_text(f"#!{python}\nimport sys\nfrom mnemon.cli import main\nsys.exit(main())\n")
    cli.chmod(0o755)
    installed = subprocess.run([str(python), "-I", "-c", "from mnemon.wire.client import build_id; print(build_id())"],
                               capture_output=True, text=True, check=True, cwd=tmp_path).stdout.strip()
    assert installed != build_id()  # the checkout is another build

    started = time.monotonic()
    proc = subprocess.run([str(cli), "status", "--json"], cwd=REPO, capture_output=True, text=True, timeout=60)
    took = time.monotonic() - started
    assert proc.returncode == 0, proc.stderr
    daemon = json.loads(proc.stdout)["daemon"]
    assert daemon.get("build") == installed, (daemon, proc.stderr)
    assert took < 10, took
    assert _daemon_cwd_and_argv(daemon["pid"])[0] == str(home)


ROOT_WITH_SETPRIV = pytest.mark.skipif(
    __import__("os").getuid() != 0 or not Path("/usr/bin/setpriv").exists() or not Path("/usr/bin/python3").exists(),
    reason="needs root, setpriv and /usr/bin/python3 to act as uid 65534",
)

# A daemon impostor run as uid 65534: it records how many bytes each connection sent it.
IMPOSTOR = r"""
import os, socket, sys
where, fd = sys.argv[1], int(sys.argv[2])
if fd < 0:
    os.makedirs(where, mode=0o777, exist_ok=True)
    os.chmod(where, 0o777)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(os.path.join(where, "mnemon.sock"))
    os.chmod(os.path.join(where, "mnemon.sock"), 0o777)
    record = os.path.join(where, "seen")
else:
    server = socket.socket(fileno=fd)
    record = sys.argv[3]
server.listen(16)
open(record, "ab").close()
print("ready", flush=True)
while True:
    conn, _ = server.accept()
    conn.settimeout(3)
    got = 0
    try:
        while True:
            chunk = conn.recv(65536)
            if not chunk:
                break
            got += len(chunk)
    except OSError:
        pass
    with open(record, "a") as fh:
        fh.write(f"connection {got}\n")
    conn.close()
"""


def _impostor(*args: str, pass_fds: tuple[int, ...] = ()) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-I", "-c",
         IMPOSTOR, *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, pass_fds=pass_fds, cwd="/",
    )
    assert proc.stdout is not None
    if proc.stdout.readline().strip() != "ready":
        proc.kill()
        raise AssertionError(f"the impostor did not start: {proc.communicate(timeout=5)[1]}")
    return proc


def _hook(name: str, event: dict[str, object]) -> subprocess.CompletedProcess[bytes]:
    import json

    return subprocess.run([sys.executable, "-I", str(REPO / "hooks" / name)], input=json.dumps(event).encode(),
                          capture_output=True, timeout=30)


@ROOT_WITH_SETPRIV
def test_a_socket_directory_planted_by_another_user_is_refused_before_anything_is_sent(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 11 item 2: with a data root too long for a socket address and no XDG_RUNTIME_DIR,
    the socket goes to the predictable /tmp/mnemon-<uid>-<hash>/. Uid 65534 creates that
    directory first and serves a fake daemon there; hooks and the CLI must not talk to it
    (it could read every prompt and inject anything), must fail open, and must say why."""
    import json
    import shutil
    import time

    root = home / ("deep-" * 20)
    monkeypatch.setenv("MNEMON_HOME", str(root))
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    paths = Paths.resolve()
    assert str(paths.socket_dir).startswith("/tmp/mnemon-0-")
    shutil.rmtree(paths.socket_dir, ignore_errors=True)
    impostor = _impostor(str(paths.socket_dir), "-1")
    seen = paths.socket_dir / "seen"
    try:
        event = {"session_id": "s1", "transcript_path": str(tmp_path / "t.jsonl"), "cwd": str(tmp_path),
                 "prompt": "what did we decide about the deploy keys?", "hook_event_name": "UserPromptSubmit"}
        for name in ("user_prompt_submit.py", "session_start.py", "stop.py"):
            proc = _hook(name, event)
            assert (proc.returncode, proc.stdout) == (0, b""), proc.stderr
        with pytest.raises(DaemonError, match="belongs to uid 65534"):
            Client(timeout=2, autostart="wait").ping()
        cli = subprocess.run([str(Path(sys.executable).parent / "mnemon"), "status"], capture_output=True,
                             text=True, timeout=60)
        assert cli.returncode == 1 and "belongs to uid 65534" in cli.stderr
        time.sleep(0.5)
        assert seen.read_text() == "", "something connected to the impostor"
        log = paths.hook_log.read_text()
        assert log.count("belongs to uid 65534") == 3, log
        assert not daemon_pids(root)
        spooled = [json.loads(line) for line in paths.spool.read_text().splitlines()]
        assert [s["session_id"] for s in spooled] == ["s1"]  # the turn waits for the real daemon
    finally:
        impostor.kill()
        impostor.communicate(timeout=5)
        shutil.rmtree(paths.socket_dir, ignore_errors=True)


@ROOT_WITH_SETPRIV
def test_a_server_of_another_uid_is_refused_before_anything_is_sent(home: Path, tmp_path: Path) -> None:
    """The directory is ours and private, yet the process listening is uid 65534 (it called
    listen() on a socket handed to it): SO_PEERCRED tells, and the client sends nothing."""
    import os
    import shutil
    import tempfile

    paths = Paths.resolve()
    paths.socket_dir.mkdir(parents=True, mode=0o700, exist_ok=True)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(paths.socket_path)
    shared = Path(tempfile.mkdtemp(prefix="mn-impostor-", dir="/tmp"))  # somewhere uid 65534 may write
    os.chmod(shared, 0o777)
    record = shared / "seen"
    impostor = _impostor(paths.socket_path, str(server.fileno()), str(record), pass_fds=(server.fileno(),))
    server.close()
    try:
        with pytest.raises(DaemonError, match="runs as uid 65534"):
            Client(timeout=2).ping()
        event = {"session_id": "s2", "transcript_path": str(tmp_path / "t.jsonl"), "cwd": str(tmp_path),
                 "prompt": "and the release checklist?", "hook_event_name": "UserPromptSubmit"}
        for name in ("user_prompt_submit.py", "stop.py"):
            proc = _hook(name, event)
            assert (proc.returncode, proc.stdout) == (0, b""), proc.stderr
        import time

        time.sleep(0.5)
        lines = record.read_text().splitlines()
        assert lines and set(lines) == {"connection 0"}, lines
        assert paths.hook_log.read_text().count("runs as uid 65534") == 2
    finally:
        impostor.kill()
        impostor.communicate(timeout=5)
        shutil.rmtree(shared, ignore_errors=True)


def test_a_private_socket_directory_left_readable_is_tightened_not_refused(home: Path) -> None:
    import os
    import stat

    daemon = DaemonProcess(home)
    try:
        os.chmod(daemon.paths.socket_dir, 0o755)
        with daemon.client() as client:
            assert client.ping()["pid"] == daemon.pid
        assert stat.S_IMODE(os.stat(daemon.paths.socket_dir).st_mode) == 0o700
        os.chmod(daemon.paths.socket_dir, 0o775)
        with pytest.raises(DaemonError, match="writable by other users"):
            daemon.client(timeout=2).ping()
    finally:
        os.chmod(daemon.paths.socket_dir, 0o700)
        daemon.stop()


def test_the_remove_command_in_the_refusal_can_be_pasted_with_a_space_in_the_path(tmp_path: Path) -> None:
    """The refusal names a `rm -r` to paste: unquoted, a data root with a space in its name would
    make it remove other paths (the part before the space)."""
    import os
    import re
    import shlex

    from mnemon.wire.client import check_socket_dir

    run = tmp_path / "my data" / "run"
    run.mkdir(parents=True)
    os.chmod(run, 0o777)
    with pytest.raises(DaemonError) as caught:
        check_socket_dir(Paths(tmp_path / "my data", run))
    command = re.search(r"`(rm -r [^`]*)`", caught.value.message)
    assert command and shlex.split(command.group(1)) == ["rm", "-r", str(run)], caught.value.message


def test_a_daemon_deaf_to_sigterm_gets_a_stop_command_that_works(home: Path) -> None:
    """stop_daemon has already sent SIGTERM when it gives up: the command it suggests must be
    one that still works on a hung daemon (here stopped with SIGSTOP), not a second SIGTERM."""
    import os
    import signal

    daemon = DaemonProcess(home)
    os.kill(daemon.pid, signal.SIGSTOP)
    try:
        with pytest.raises(DaemonTimeout) as caught:
            stop_daemon(daemon.paths, timeout=1.0)
        assert f"`kill -9 {daemon.pid}`" in caught.value.message, caught.value.message
    finally:
        os.kill(daemon.pid, signal.SIGCONT)
        daemon.stop()


def test_a_hung_daemon_is_named_after_the_build_check_deadline_not_the_call_deadline(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A daemon frozen with SIGSTOP still accepts connections; the CLI (a 60 s call deadline) waited all of it
    on the build check before saying anything, so `mnemon status` sat silent for a minute."""
    from mnemon.wire import client as client_mod

    monkeypatch.setattr(client_mod, "BUILD_CHECK_DEADLINE", 0.5, raising=False)
    fake = FakeDaemon(Paths.resolve(), "silent")
    try:
        client = Client(timeout=20, autostart="wait")
        started = time.monotonic()
        with pytest.raises(DaemonTimeout, match="no answer"):
            client.call("status")
        assert time.monotonic() - started < 10, "the build check waited out the call's deadline"
    finally:
        fake.close()
