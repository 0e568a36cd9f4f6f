"""The daemon's lifecycle as clients see it: spawning it, the spawn record, the locks, stopping it.

Exactly one daemon results however many clients race: spawners serialise on
``run/spawn.lock`` and skip the spawn when the daemon's instance lock (``paths.lock``, held
for the daemon's whole life) is taken; a daemon that still loses the race finds the
instance lock held and exits. A spawned daemon's pid goes into ``paths.spawn_pids`` before
the spawn returns (:func:`starting_pids` is how others see a daemon that is still
importing), and its stderr into ``daemon.stderr`` after a start mark, so
:func:`last_start_failure` can tell why a start failed.

:func:`stop_daemon` asks with the ``shutdown`` op and signals a daemon that does not answer,
after :func:`is_our_daemon` checked the pid is a Mnemon daemon (``/proc`` on Linux, ``ps``
elsewhere). The socket client (:mod:`mnemon.wire.client`) imports this module only when it has
to start or replace a daemon, so a hook talking to a running daemon never loads it.
"""

from __future__ import annotations

import errno
import fcntl
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from mnemon.errors import DaemonTimeout, DaemonUnavailable, MnemonError
from mnemon.paths import Paths
from mnemon.wire.client import START_TIMEOUT, Client, build_id, ping

SPAWN_GRACE = 3.0
STDERR_MAX = 1 << 20  # daemon.stderr is rotated (one old copy kept) past this size
START_MARK = "mnemon: starting the daemon"
PROC = "/proc"  # where the process table is a file system (Linux); elsewhere ``ps`` is asked


def stderr_log(paths: Paths) -> Path:
    """Where a spawned daemon's stderr goes (errors before its logging is set up)."""
    return paths.daemon_stderr


def spawn_lock(paths: Paths) -> Path:
    return paths.spawn_lock


def make_private_dirs(paths: Paths) -> None:
    """Create the root, run and log directories with mode 0700 when missing (the root
    first: ``mkdir(parents=True)`` would give it the default mode)."""
    for path in (paths.root, paths.lock.parent, paths.log_dir):
        path.mkdir(mode=0o700, parents=True, exist_ok=True)



UNWRITABLE = "cannot be written"  # doctor knows the start failed before any daemon ran


def _open_for_start(paths: Paths, path: Path, flags: int) -> int:
    """Open a file a start needs (the spawn lock, the daemon's stderr log), creating the private
    directories first. A data directory that cannot be written (a file system remounted
    read-only after disk errors, a full disk, another owner) is a daemon that cannot start:
    said as :class:`DaemonUnavailable`, so the CLI reads the store read-only and doctor reports
    it, instead of every command dying on the bare OSError."""
    try:
        make_private_dirs(paths)
        return os.open(path, flags, 0o600)
    except OSError as err:
        where = err.filename or path
        raise DaemonUnavailable(
            f"cannot start the daemon: {where} {UNWRITABLE} ({err.strerror or err}); the daemon needs "
            f"its data directory {paths.root} writable (a read-only mount, a full disk, another owner?)"
        ) from None


def daemon_running(paths: Paths) -> bool:
    """True while a daemon (running or starting) holds the instance lock."""
    try:
        fd = os.open(paths.lock, os.O_RDONLY)
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError as err:
        if err.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
            return True
        raise
    finally:
        os.close(fd)
    return False


def read_pid(paths: Paths) -> int | None:
    try:
        text = paths.pid.read_text().strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None


def spawn_daemon(paths: Paths, *, replace: bool = False, extra_args: tuple[str, ...] = ()) -> int:
    """Start ``python -I -m mnemon_daemon`` in the data root, fully detached (its own session,
    no zombie left).

    Isolated (``-I``: no script directory, current directory, user site or ``PYTHON*``
    variables on its path) and started from the data root, so a ``mnemon/`` folder or a
    checkout of this repository in the caller's working directory can never shadow the
    installed package. Its stderr goes to ``daemon.stderr``, after a line marking this start
    (:func:`last_start_failure` reads what follows); the file is rotated past
    :data:`STDERR_MAX`.

    A short-lived ``/bin/sh`` backgrounds the daemon, appends its pid to ``paths.spawn_pids``
    and exits, so the daemon is re-parented to init and this process reaps only the shell.
    The pid is on record before this returns: a daemon that is still importing holds no
    instance lock yet, and :func:`starting_pids` is how others see it. Returns the offset in
    ``daemon.stderr`` where this daemon's own output begins.

    The daemon is told the root as an absolute ``MNEMON_HOME``: a relative one (``relstore``)
    names a directory under the caller's working directory, and read again from the data root
    the daemon starts in, it named ``relstore/relstore``, where the daemon served unseen while
    the caller reported that it did not start.
    """
    record = str(paths.spawn_pids)
    argv = [sys.executable, "-I", "-m", "mnemon_daemon", *(("--replace",) if replace else ()), *extra_args]
    rotate_stderr_log(paths)
    err_fd = _open_for_start(paths, stderr_log(paths), os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    try:
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        os.write(err_fd, f"{stamp} {START_MARK} (spawned by pid {os.getpid()})\n".encode())
        since = os.lseek(err_fd, 0, os.SEEK_CUR)
        actions = [
            (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
            (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
            (os.POSIX_SPAWN_DUP2, err_fd, 2),
        ]
        script = 'f=$1; cd -- "$2" || exit 1; shift 2; "$@" & echo $! >> "$f"'
        pid = os.posix_spawn(
            "/bin/sh",
            ["/bin/sh", "-c", script, "mnemon-spawn", record, str(paths.root), *argv],
            {**os.environ, "MNEMON_HOME": str(paths.root)},
            file_actions=actions,
            setsid=True,
        )
    except OSError as err:
        raise DaemonUnavailable(f"cannot start the daemon: {err.strerror or err}") from None
    finally:
        os.close(err_fd)
    os.waitpid(pid, 0)
    return since


def rotate_stderr_log(paths: Paths, limit: int = STDERR_MAX) -> bool:
    """Move ``daemon.stderr`` to ``daemon.stderr.1`` once it is over ``limit`` bytes (one old
    copy kept). A process writing to it keeps writing to the old copy until it reopens."""
    path = str(stderr_log(paths))
    try:
        if os.stat(path).st_size <= limit:
            return False
        os.replace(path, path + ".1")
    except OSError:
        return False
    return True


def last_start_failure(paths: Paths, *, since: int | None = None, lines: int = 4) -> str | None:
    """The last words in ``daemon.stderr`` of the daemon started last (after its start mark,
    or after byte ``since``): when no daemon runs or starts, why it is gone. None when it
    wrote nothing. Lines are joined with " | " (hooks.log keeps one line per event)."""
    try:
        with open(stderr_log(paths), "rb") as fh:
            size = fh.seek(0, os.SEEK_END)
            if since is not None and since > size:  # rotated meanwhile: this start's mark is in the new file
                since = None
            start = max(size - 32768, since or 0)
            fh.seek(start)
            text = fh.read().decode("utf-8", "replace")
    except OSError:
        return None
    if since is None:
        mark = text.rfind(START_MARK)
        if mark >= 0:
            text = text[mark:].partition("\n")[2]
    words = [line.strip() for line in text.splitlines() if line.strip(" ^~\t")]
    words = [w for w in words if START_MARK not in w]
    if not words:
        return None
    return " | ".join(words[-lines:])[:1000]


def someone_starting(paths: Paths) -> bool:
    """Whether a daemon runs or a spawned one is still starting."""
    return daemon_running(paths) or bool(starting_pids(paths))


def _prune_spawn_record(paths: Paths) -> None:
    """Keep only live daemons in the spawn record (under the spawn lock)."""
    live = starting_pids(paths)
    fd = os.open(paths.spawn_pids, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.write(fd, "".join(f"{pid}\n" for pid in live).encode())
    finally:
        os.close(fd)


def starting_pids(paths: Paths) -> list[int]:
    """Live daemons that clients spawned for this root (starting, running, or about to exit)."""
    try:
        with open(paths.spawn_pids, "rb") as fh:
            words = fh.read(65536).split()
    except OSError:
        return []
    return [int(w) for w in dict.fromkeys(words) if w.isdigit() and is_our_daemon(int(w))]


def start_daemon(paths: Paths, *, wait: bool, timeout: float = START_TIMEOUT, replace: bool = False) -> None:
    """Make sure a daemon runs (or is starting); with ``wait``, until it answers ping.

    Without ``wait`` this returns at once, after firing a spawn when one is needed.
    """
    deadline = time.monotonic() + timeout
    fd = _open_for_start(paths, spawn_lock(paths), os.O_RDWR | os.O_CREAT)
    try:
        if not _lock(fd, deadline if wait else None):
            return
        since = file_size(stderr_log(paths))
        _prune_spawn_record(paths)
        if replace:
            since = spawn_daemon(paths, replace=True)
        elif ping(paths, timeout=0.5) is None and not daemon_running(paths):
            if wait:
                _settle(paths, deadline)
                since = file_size(stderr_log(paths))
            if not daemon_running(paths) and not starting_pids(paths):
                since = spawn_daemon(paths)
        if wait:
            _wait_for_daemon(paths, deadline, expect_build=build_id() if replace else None, since=since)
    finally:
        os.close(fd)


def _lock(fd: int, deadline: float | None) -> bool:
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if deadline is None or time.monotonic() >= deadline:
                if deadline is not None:
                    raise DaemonTimeout("another process is starting the daemon and has not finished") from None
                return False
            time.sleep(0.02)


def _wait_for_daemon(paths: Paths, deadline: float, *, expect_build: str | None, since: int = 0) -> None:
    """Wait for ping; give up early when no daemon holds the instance lock after a grace period
    (it exited on an error, which its stderr log tells)."""
    grace = time.monotonic() + SPAWN_GRACE
    while time.monotonic() < deadline:
        info = ping(paths, timeout=0.5)
        if info is not None and (expect_build is None or info.get("build") == expect_build):
            return
        if (time.monotonic() > grace or file_size(stderr_log(paths)) > since) and not daemon_running(paths):
            break
        time.sleep(0.03)
    words = last_start_failure(paths, since=since)
    tail = f"; its last words: {words}" if words else ""
    raise DaemonUnavailable(
        f"the daemon did not start{tail}; see {paths.daemon_stderr} and {paths.daemon_log}, "
        "and run `mnemon doctor`"
    )


def stop_daemon(paths: Paths, *, timeout: float = 10.0) -> int | None:
    """Stop the daemon and wait until it has exited; its pid, or None when none was running.

    A daemon a client has just spawned may still be importing, without its instance lock or
    pid file: stop waits (within ``timeout``) until it holds the lock or has given up. A
    running daemon is asked with the ``shutdown`` op (a clean drain); one that does not
    answer (still opening the store, or stuck) gets SIGTERM by the pid in its pid file,
    checked to be a Mnemon daemon.
    """
    deadline = time.monotonic() + timeout
    if not _await_starting(paths, deadline):
        return None
    pid = read_pid(paths)
    asked = signalled = False
    while daemon_running(paths):
        now = time.monotonic()
        if now >= deadline:
            raise DaemonTimeout(
                f"the daemon (pid {pid}) did not stop within {timeout:.0f} s, even on SIGTERM; stop it with "
                f"`kill -9 {pid}` (every acknowledged write is on disk), then `mnemon daemon start`"
            )
        if not asked:
            try:
                with Client(paths, timeout=min(2.0, max(deadline - now, 0.05))) as client:
                    info = client.call("shutdown", {})
                asked = True
                if isinstance(info, dict) and isinstance(info.get("pid"), int):
                    pid = info["pid"]
            except MnemonError:
                pass
        if not signalled and (not asked or now >= deadline - timeout / 2):
            pid = read_pid(paths) or pid
            if pid is not None and is_our_daemon(pid):
                os.kill(pid, signal.SIGTERM)
                signalled = True
        time.sleep(0.03)
    while pid is not None and is_our_daemon(pid) and time.monotonic() < deadline:
        time.sleep(0.01)
    return pid


def _await_starting(paths: Paths, deadline: float) -> bool:
    """Wait until a daemon holds the instance lock (True) or none is starting (False).

    A spawn in flight is waited for briefly on the spawn lock, so its pid is on record.
    """
    if daemon_running(paths):
        return True
    try:
        fd = os.open(spawn_lock(paths), os.O_RDWR)
    except OSError:
        fd = -1
    if fd >= 0:
        try:
            _lock(fd, min(deadline, time.monotonic() + 0.5))
        except DaemonTimeout:
            pass
        finally:
            os.close(fd)
    return _settle(paths, deadline)


def _settle(paths: Paths, deadline: float) -> bool:
    """Wait until a daemon holds the instance lock (True) or no spawned one is alive (False)."""
    while not daemon_running(paths):
        if not starting_pids(paths):
            return daemon_running(paths)
        if time.monotonic() >= deadline:
            raise DaemonTimeout(
                "a daemon is starting and did not take its instance lock in time; "
                f"see {paths.daemon_stderr}"
            )
        time.sleep(0.02)
    return True


def file_size(path: Path) -> int:
    """The size of ``path``, 0 when it cannot be read."""
    try:
        return path.stat().st_size
    except OSError:
        return 0


def is_our_daemon(pid: int) -> bool:
    """Whether ``pid`` is a live ``mnemon_daemon`` process: from ``/proc`` where there is one
    (Linux), else from ``ps`` (macOS and the BSDs), so ``stop`` signals a daemon there too."""
    if os.path.isdir(os.path.join(PROC, "self")):
        return _proc_says(pid)
    return _ps_says(pid)


def _proc_says(pid: int) -> bool:
    """A process in the middle of its exec shows an empty command line for a moment: look
    again rather than miss a daemon that is just starting (zombies show one too, and are not
    running)."""
    for _ in range(100):
        try:
            with open(os.path.join(PROC, str(pid), "cmdline"), "rb") as fh:
                cmdline = fh.read()
            if cmdline:
                return b"mnemon_daemon" in cmdline
            with open(os.path.join(PROC, str(pid), "stat"), "rb") as fh:
                state = fh.read().rpartition(b")")[2].split()[:1]
        except OSError:
            return False
        if state in ([b"Z"], [b"X"]):
            return False
        time.sleep(0.001)
    return False


def _ps_says(pid: int) -> bool:
    """``ps -ww -o stat= -o command= -p PID`` (full width): a state and a command line, or
    nothing for no such process. A zombie (state ``Z``) is not running."""
    if pid <= 0:
        return False
    try:
        out = subprocess.run(["ps", "-ww", "-o", "stat=", "-o", "command=", "-p", str(pid)], capture_output=True,
                             timeout=5, check=False).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    state, _, command = out.strip().partition(b" ")
    return bool(state) and not state.startswith(b"Z") and b"mnemon_daemon" in command
