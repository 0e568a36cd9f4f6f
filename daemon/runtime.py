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
file left behind is recognised as stale and removed by the next daemon. Only a socket this
daemon bound is removed when it stops, and only while it is still that socket.

Bounded logs: ``daemon.log`` rotates at :data:`LOG_BYTES` (:data:`LOG_BACKUPS` kept); every
other library's warnings go there too rather than to stderr; a warning that can repeat under
load (refused or late connections, accept failures) is written at most
:data:`WARN_BURST` times a minute, with a count of what was left out; ``daemon.stderr`` (what
the interpreter itself prints: tracebacks before logging is up) is rotated by the daemon past
:data:`~mnemon.wire.launcher.STDERR_MAX`.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import logging
import logging.handlers
import os
import shlex
import socket
import stat
import struct
import sys
import time
from pathlib import Path
from typing import Any

from mnemon.errors import DaemonError
from mnemon.paths import Paths

log = logging.getLogger("mnemon.daemon")

LOG_BYTES = 1_000_000
LOG_BACKUPS = 3
WARN_BURST = 5  # lines per key and minute
LISTEN_BACKLOG = 512  # connections the kernel queues before accept (it caps this at somaxconn)


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
            f"check its contents, then `chmod 700 {shlex.quote(str(path))}`"
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


class Burst:
    """At most ``per_minute`` events per key in each minute; counts what was left out."""

    def __init__(self, per_minute: int = WARN_BURST) -> None:
        self.per_minute = per_minute
        self._keys: dict[str, tuple[float, int, int]] = {}  # key -> (window start, allowed, left out)

    def allow(self, key: str) -> tuple[bool, int]:
        """Whether this event may be written, and how many of its kind the last minute left out
        (reported once, with the first event of the new minute)."""
        now = time.monotonic()
        start, allowed, left_out = self._keys.get(key, (now, 0, 0))
        report = 0
        if now - start >= 60.0:
            report, start, allowed, left_out = left_out, now, 0, 0
        if len(self._keys) > 1000:  # keys are message templates: a few dozen in practice
            self._keys.clear()
        if allowed < self.per_minute:
            self._keys[key] = (start, allowed + 1, left_out)
            return True, report
        self._keys[key] = (start, allowed, left_out + 1)
        return False, report


_burst = Burst()


def warn_limited(logger: logging.Logger, key: str, msg: str, *args: Any) -> None:
    """``logger.warning`` at most :data:`WARN_BURST` times a minute per ``key``; the first
    line of the next minute says how many were left out."""
    write, left_out = _burst.allow(key)
    if left_out:
        logger.warning("(%d more like '%s' in the last minute were not logged)", left_out, key)
    if write:
        logger.warning(msg, *args)


class _ForeignBurst(logging.Filter):
    """Other libraries' records, at most :data:`WARN_BURST` a minute per message (asyncio, for
    one, can log a traceback for every failed accept)."""

    def __init__(self) -> None:
        super().__init__()
        self._burst = Burst()

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name.startswith("mnemon"):
            return True
        write, _ = self._burst.allow(f"{record.name}:{record.msg}")
        return write


def descriptors_open() -> int:
    """How many descriptors this process holds (Linux; -1 elsewhere)."""
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return -1


def bound_stderr(paths: Paths) -> bool:
    """Rotate ``daemon.stderr`` when it is this process's stderr and has grown past its
    limit: the file moves to ``daemon.stderr.1`` and a fresh one takes descriptor 2."""
    from mnemon.wire.launcher import STDERR_MAX, rotate_stderr_log

    try:
        st = os.fstat(2)
        if st.st_size <= STDERR_MAX:
            return False
        own = os.stat(paths.daemon_stderr)
    except OSError:
        return False
    if (st.st_dev, st.st_ino) != (own.st_dev, own.st_ino) or not rotate_stderr_log(paths):
        return False
    fd = os.open(paths.daemon_stderr, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        os.dup2(fd, 2)
    finally:
        os.close(fd)
    log.info("daemon.stderr passed %d bytes and was rotated", STDERR_MAX)
    return True


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
    except BaseException:
        sock.close()
        raise
    finally:
        os.umask(old)
    os.chmod(path, 0o600)
    sock.listen(LISTEN_BACKLOG)
    sock.setblocking(False)
    return sock


def socket_identity(path: Path) -> tuple[int, int] | None:
    """(device, inode) of the socket file at ``path``, or None when there is no socket there."""
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino) if stat.S_ISSOCK(st.st_mode) else None


def remove_own_socket(path: Path, identity: tuple[int, int] | None) -> None:
    """Remove the socket this daemon bound (``identity``), never anything else found there."""
    if identity is not None and socket_identity(path) == identity:
        with contextlib.suppress(OSError):
            path.unlink()


def setup_logging(paths: Paths, *, level: str = "info", to_stderr: bool = False) -> None:
    paths.log_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    handler: logging.Handler = logging.handlers.RotatingFileHandler(
        paths.daemon_log, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8"
    )
    fmt = logging.Formatter("%(asctime)s %(levelname)s [%(threadName)s] %(message)s")
    handler.setFormatter(fmt)
    handler.addFilter(_ForeignBurst())
    root = logging.getLogger("mnemon")
    root.handlers[:] = [handler]
    if to_stderr:
        err = logging.StreamHandler(sys.stderr)
        err.setFormatter(fmt)
        root.addHandler(err)
    set_level(level)
    root.propagate = False
    # other libraries' warnings (asyncio, watchfiles, httpx) go to the rotating log, not stderr
    others = logging.getLogger()
    others.handlers[:] = [handler]
    others.setLevel(logging.WARNING)


def set_level(level: str) -> None:
    logging.getLogger("mnemon").setLevel(getattr(logging, level.upper(), logging.INFO))


def code_roots() -> list[str]:
    """The directories of the code a daemon runs: the ``mnemon`` and ``mnemon_daemon`` packages."""
    import mnemon_daemon  # noqa: PLC0415

    import mnemon  # noqa: PLC0415 - the packages themselves, to find where they live

    return [os.path.dirname(os.path.abspath(p.__file__ or "")) for p in (mnemon, mnemon_daemon)]


def code_stamp(roots: list[str] | None = None) -> int:
    """A fingerprint of the code in ``roots`` (default :func:`code_roots`): every ``.py`` file's
    path, size and modification time, hashed.

    Why: clients replace a daemon whose build id differs (:func:`mnemon.wire.client.build_id`: the
    version and where the package lives), but an upgrade in place (``git pull`` in the checkout an
    editable install runs from, or a reinstall of the same version) keeps both, so the daemon went on
    running the old code beside hooks of the new one. The daemon compares this stamp with the one it
    took at start (:func:`mnemon_daemon.background._ticker`): about 1 ms for the whole package."""
    seen: list[tuple[str, int, int]] = []
    for root in roots if roots is not None else code_roots():
        for here, dirs, files in os.walk(root):
            dirs[:] = sorted(n for n in dirs if n != "__pycache__" and not n.startswith("."))
            for name in sorted(files):
                if name.endswith(".py"):
                    path = os.path.join(here, name)
                    with contextlib.suppress(OSError):
                        st = os.stat(path)
                        seen.append((path, st.st_size, st.st_mtime_ns))
    return hash(tuple(seen))
