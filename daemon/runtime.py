"""The daemon's footprint on the system: private directories, the instance lock, the pid
file, the socket file, peer credentials and the rotating log.

Security invariants: the data root, the run directory and the socket directory are each a
real directory (not a symlink), owned by this user and writable by nobody else (else the
daemon refuses to start and says how to fix it), tightened to 0700; the socket itself is
0600; every connection's peer uid is checked with ``SO_PEERCRED`` and only this user's
processes are served. The daemon runs with umask 077, so the database, its journal and
the logs are readable by this user only. There is no TCP listener anywhere.

Single instance: the daemon holds an exclusive ``flock`` on ``paths.lock`` for its whole
life; the kernel releases it when the process dies, even by ``kill -9``, so a pid or socket
file left behind is recognised as stale and removed by the next daemon.
"""

from __future__ import annotations

import errno
import fcntl
import logging
import logging.handlers
import os
import socket
import stat
import struct
import sys
import time
from pathlib import Path

from mnemon.errors import DaemonError
from mnemon.paths import Paths

log = logging.getLogger("mnemon.daemon")

LOG_BYTES = 1_000_000
LOG_BACKUPS = 3


def secure_dir(path: Path) -> None:
    """Create ``path`` with mode 0700, or check that an existing one is private to this user."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.mkdir(mode=0o700, exist_ok=True)
    st = os.lstat(path)
    if stat.S_ISLNK(st.st_mode) or not stat.S_ISDIR(st.st_mode):
        raise DaemonError(f"{path} is not a plain directory; remove it and start again")
    if st.st_uid != os.getuid():
        raise DaemonError(
            f"{path} belongs to uid {st.st_uid}, not to you (uid {os.getuid()}); "
            f"remove it or set MNEMON_HOME to a directory of your own"
        )
    if st.st_mode & 0o022:
        raise DaemonError(
            f"{path} is writable by other users (mode {stat.S_IMODE(st.st_mode):o}); "
            f"check its contents, then `chmod 700 {path}`"
        )
    if st.st_mode & 0o077:
        os.chmod(path, 0o700)


def peer_uid(sock: socket.socket) -> int | None:
    """The uid of the process at the other end of a Unix socket (None where unsupported)."""
    if hasattr(socket, "SO_PEERCRED"):
        size = struct.calcsize("3i")
        raw = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, size)
        _pid, uid, _gid = struct.unpack("3i", raw)
        return int(uid)
    return None


def peer_allowed(uid: int | None, own_uid: int) -> bool:
    """Serve only our own user. Where the platform cannot tell (None), the 0700 directory
    is the only gate."""
    return uid is None or uid == own_uid


class InstanceLock:
    """The exclusive lock that makes this process the one daemon of its root."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    def try_acquire(self, wait: float = 0.0) -> bool:
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                self._fd = fd
                return True
            except OSError as err:
                if err.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                    os.close(fd)
                    raise
            if time.monotonic() >= deadline:
                os.close(fd)
                return False
            time.sleep(0.02)

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def write_pid(path: Path) -> None:
    """Write our pid atomically (a reader never sees a half-written file)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}")
    tmp.write_text(f"{os.getpid()}\n")
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


def remove_pid(path: Path) -> None:
    try:
        if path.read_text().strip() == str(os.getpid()):
            path.unlink()
    except OSError:
        pass


def remove_stale_socket(path: Path) -> None:
    """Remove a socket file left by a dead daemon (we hold the instance lock, so it is stale)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if not stat.S_ISSOCK(st.st_mode):
        raise DaemonError(f"{path} exists and is not a socket; remove it and start again")
    log.info("removing stale socket %s", path)
    path.unlink()


def bind_socket(path: Path) -> socket.socket:
    """A listening Unix socket at ``path`` with mode 0600."""
    remove_stale_socket(path)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old = os.umask(0o177)
    try:
        sock.bind(str(path))
    finally:
        os.umask(old)
    os.chmod(path, 0o600)
    sock.listen(128)
    sock.setblocking(False)
    return sock


def setup_logging(paths: Paths, *, level: str = "info", to_stderr: bool = False) -> None:
    paths.log_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    handler: logging.Handler = logging.handlers.RotatingFileHandler(
        paths.daemon_log, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8"
    )
    fmt = logging.Formatter("%(asctime)s %(levelname)s [%(threadName)s] %(message)s")
    handler.setFormatter(fmt)
    root = logging.getLogger("mnemon")
    root.handlers[:] = [handler]
    if to_stderr:
        err = logging.StreamHandler(sys.stderr)
        err.setFormatter(fmt)
        root.addHandler(err)
    set_level(level)
    root.propagate = False


def set_level(level: str) -> None:
    logging.getLogger("mnemon").setLevel(getattr(logging, level.upper(), logging.INFO))
