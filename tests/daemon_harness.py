"""A real daemon on the per-test MNEMON_HOME, started as a subprocess and always cleaned up.

Daemons that clients spawn on demand are found by their environment (``MNEMON_HOME`` of
this test) and stopped at teardown, so no test leaves a process behind.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from mnemon.paths import Paths
from mnemon.wire.client import Client, ping
from mnemon.wire.protocol import FrameDecoder, encode


def daemon_pids(home: Path) -> list[int]:
    """Live (non-zombie) mnemon_daemon processes whose MNEMON_HOME is ``home``."""
    marker = f"MNEMON_HOME={home}".encode()
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if b"mnemon_daemon" not in (entry / "cmdline").read_bytes():
                continue
            if marker not in (entry / "environ").read_bytes().split(b"\0"):
                continue
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            pids.append(int(entry.name))
    return sorted(pids)


def wait_until(predicate: Any, timeout: float = 10.0, step: float = 0.02) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return bool(predicate())


class DaemonProcess:
    """One daemon subprocess for a test."""

    def __init__(self, home: Path, *args: str, env: dict[str, str] | None = None,
                 unset: tuple[str, ...] = (), prefix: tuple[str, ...] = ()) -> None:
        self.home = home
        self.paths = Paths.resolve()
        full_env = dict(os.environ)
        full_env.update(env or {})
        for name in unset:
            full_env.pop(name, None)
        self.stderr_path = home / "test-daemon.stderr"
        with open(self.stderr_path, "ab") as err:
            self.proc = subprocess.Popen(
                [*prefix, sys.executable, "-m", "mnemon_daemon", "--foreground", *args],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=err,
                env=full_env,
            )
        if not wait_until(lambda: self.proc.poll() is not None or ping(self.paths, timeout=1.0) is not None,
                          timeout=30):
            raise RuntimeError(f"daemon did not start: {self.stderr()}")
        if self.proc.poll() is not None:
            raise RuntimeError(f"daemon exited with {self.proc.returncode}: {self.stderr()}")

    @property
    def pid(self) -> int:
        return self.proc.pid

    def stderr(self) -> str:
        return self.stderr_path.read_text(errors="replace")[-3000:]

    def client(self, **kw: Any) -> Client:
        return Client(self.paths, **kw)

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 15.0) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)
            raise AssertionError(f"daemon ignored signal {sig}: {self.stderr()}") from None


def reap(home: Path) -> None:
    """Stop every daemon of this test's home (started by a test or spawned by a client)."""
    for pid in daemon_pids(home):
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            continue
    if not wait_until(lambda: not daemon_pids(home), timeout=10):
        for pid in daemon_pids(home):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def raw_connect(paths: Paths, timeout: float = 5.0) -> socket.socket:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    sock.connect(str(paths.socket))
    return sock


def raw_request(op: str, args: dict[str, Any] | None = None, rid: int = 1, v: int = 1) -> bytes:
    return encode({"v": v, "id": rid, "op": op, "args": args or {}})


def read_replies(sock: socket.socket, count: int = 1) -> list[Any]:
    """Read ``count`` replies (fewer if the daemon closes first)."""
    decoder = FrameDecoder()
    out: list[Any] = []
    while len(out) < count:
        data = sock.recv(65536)
        if not data:
            break
        out.extend(decoder.feed(data))
    return out


def at_eof(sock: socket.socket) -> bool:
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True
