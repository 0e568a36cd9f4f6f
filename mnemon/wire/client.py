"""The socket client used by hooks and the CLI (the daemon's start and stop: ``mnemon.wire.launcher``).

Hooks import this module on every prompt, so it loads only the standard library, msgpack
(not even that for a ``light`` client, the hooks': :mod:`mnemon.wire.lightpack`) and the small ``mnemon.errors`` / ``mnemon.paths`` / ``mnemon.wire.protocol`` modules (a test
asserts numpy, sqlite3 and platformdirs stay out of ``sys.modules``), and of the standard
library only what is cheap: sockets come from the C module ``_socket`` (the ``socket``
wrapper builds enums and imports ``selectors``: ~3 ms), the build fingerprint uses the
builtin SHA-256 rather than ``hashlib`` (whose OpenSSL start-up costs ~2 ms) and is
computed once, ``pathlib`` is used only on the start/stop paths, and ``subprocess`` is not
used at all: the daemon is spawned with ``os.posix_spawn``.

Deadlines: every :meth:`Client.call` has one deadline that covers connecting, sending and
receiving; when it passes the connection is dropped (its reply stream is out of step) and
:class:`~mnemon.errors.DaemonTimeout` is raised. Calls are never retried: a write may have
been applied.

Starting the daemon (``autostart``, through :mod:`mnemon.wire.launcher`, imported only when a
start is needed):

* ``"no"``: raise :class:`~mnemon.errors.DaemonUnavailable` when nothing listens.
* ``"background"`` (hooks): fire a detached spawn and raise at once, or, with ``start_wait``
  (the prompt hook), wait that long for a daemon that is starting, unless its last start
  failed (then the reason, the tail of ``daemon.stderr``, is in the error).
* ``"wait"`` (the CLI): spawn and wait until the daemon answers ``ping``.

Trust: before a byte is sent, the socket directory must be a real directory owned by this
user and writable by nobody else (:func:`check_socket_dir`), and the process serving the
socket must run as this user (:func:`check_peer`, ``SO_PEERCRED``). Either failing raises
:class:`~mnemon.errors.DaemonError`, which starts nothing. Path arguments are made absolute
against this process's working directory (:func:`mnemon.paths.absolute_args`): the daemon
runs in its data root.

Exactly one daemon results however many clients race (see :mod:`mnemon.wire.launcher`). A
daemon whose build fingerprint differs from this client's is replaced: a fresh daemon is spawned with ``--replace``, asks the old one to shut down and
takes over once its instance lock is free. A background client (a hook) does not spend a
round trip on that check: the ``ping`` rides in the same write as its first request and
its answer is read first. When the build differs, that request may already have been served
by the old daemon (hook requests are safe to serve twice: captures are idempotent), and the
call raises :class:`~mnemon.errors.DaemonUnavailable` while the replacement starts.
"""

from __future__ import annotations

import os
import stat
import sys
import time

try:
    import _socket as socket
except ImportError:  # an interpreter without CPython's C module: the wrapper has the same names
    import socket  # type: ignore[no-redef]

import mnemon
from mnemon.errors import (
    DaemonError,
    DaemonTimeout,
    DaemonUnavailable,
    InvalidInput,
    ProtocolError,
    VersionMismatch,
)
from mnemon.paths import Paths, absolute_args
from mnemon.wire.protocol import FrameDecoder, Reply, Request, encode, parse_reply

TYPE_CHECKING = False  # typing costs milliseconds on every hook start
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any

DEFAULT_TIMEOUT = 5.0
START_TIMEOUT = 15.0
# how long a client that found a daemon listening waits for its answer to the build check: the daemon answers a
# ping on its event loop at once, so a daemon silent this long is hung (stopped, wedged), and a command should say so
# (or fall back to reading the database) instead of waiting out its own, much longer, deadline
BUILD_CHECK_DEADLINE = 10.0
AUTOSTART_MODES = ("no", "background", "wait")
_RECV = 256 * 1024
_PEERCRED_SIZE = 12  # struct ucred: pid, uid, gid (three C ints)


def build_id(env: dict[str, str] | os._Environ[str] | None = None) -> str:
    """This install's fingerprint: the version and where the package lives.

    ``MNEMON_BUILD_ID`` overrides it (tests use it to stand up a daemon "from another build").
    """
    env = os.environ if env is None else env
    override = env.get("MNEMON_BUILD_ID", "").strip()
    if override:
        return override
    global _BUILD_ID
    if _BUILD_ID is None:
        where = os.path.dirname(os.path.abspath(mnemon.__file__))
        _BUILD_ID = _sha256_hex(f"{mnemon.__version__}\0{where}".encode())[:16]
    return _BUILD_ID


_BUILD_ID: str | None = None


def _sha256_hex(data: bytes) -> str:
    try:
        from _sha256 import sha256  # noqa: PLC0415 - CPython 3.11's builtin: no OpenSSL start-up
    except ImportError:
        try:
            from _sha2 import sha256  # type: ignore[import-not-found,no-redef,unused-ignore]  # noqa: PLC0415 - 3.12+
        except ImportError:
            from hashlib import sha256  # noqa: PLC0415
    return str(sha256(data).hexdigest())


class Client:
    """A connection to the daemon; reused across calls, reopened when the daemon dropped it.

    Not thread-safe: give each thread its own Client.
    """

    def __init__(
        self,
        paths: Paths | None = None,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        autostart: str = "no",
        start_timeout: float = START_TIMEOUT,
        start_wait: float = 0.0,
        light: bool = False,
    ) -> None:
        """``light``: frames packed and unpacked in Python (:mod:`mnemon.wire.lightpack`), so this
        process never imports msgpack: for the hooks, whose frames are small."""
        if autostart not in AUTOSTART_MODES:
            raise ValueError(f"autostart must be one of {AUTOSTART_MODES}")
        self.paths = paths if paths is not None else Paths.resolve()
        self.timeout = timeout
        self.autostart = autostart
        self.start_timeout = start_timeout
        self.start_wait = start_wait
        self.light = light
        self.daemon_info: dict[str, Any] | None = None
        self._sock: socket.socket | None = None
        self._decoder = FrameDecoder(light=light)
        self._inbox: list[Any] = []
        self._next_id = 1
        self._unverified = False

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection; the next call reconnects (and re-checks the build)."""
        if self._sock is not None:
            try:
                self._sock.close()
            finally:
                self._sock = None
                self._decoder = FrameDecoder(light=self.light)
                self._inbox = []
                self.daemon_info = None
                self._unverified = False

    # -- calls ----------------------------------------------------------------------------
    def call(self, op: str, args: dict[str, Any] | None = None, *, timeout: float | None = None,
             until: str | None = None) -> Any:
        """Send one request and return its result; the daemon's errors are re-raised. ``until``
        names an argument to set to the moment (epoch seconds) this call stops waiting for the
        answer, known only once connected (a start waited for renews the deadline): the daemon
        then knows an answer ready later is never read (``inject`` and ``brief`` keep it unshown)."""
        chunks = list(self._exchange(op, args, timeout, stream=False, until=until))
        return chunks[-1]

    def stream(
        self, op: str, args: dict[str, Any] | None = None, *, timeout: float | None = None
    ) -> Iterator[Any]:
        """Send one request and yield each chunk of a streamed answer.

        ``timeout`` bounds the wait for each chunk, not the whole stream.
        """
        yield from self._exchange(op, args, timeout, stream=True)

    def ping(self, *, timeout: float | None = None) -> dict[str, Any]:
        info = self.call("ping", {}, timeout=timeout)
        if not isinstance(info, dict):
            raise ProtocolError("malformed ping reply")
        return info

    def _exchange(
        self, op: str, args: dict[str, Any] | None, timeout: float | None, *, stream: bool, until: str | None = None
    ) -> Iterator[Any]:
        budget = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + budget
        args = absolute_args(op, args) if args else args
        _check_ints(args, "")
        sock, deadline = self._connected(deadline)
        if until:
            args = {**(args or {}), until: time.time() + deadline - time.monotonic()}
        check = None
        frame = b""
        if self._unverified:
            check = self._next_id
            self._next_id += 1
            frame = encode(Request(id=check, op="ping").to_wire(), light=self.light)
        rid = self._next_id
        self._next_id += 1
        frame += encode(Request(id=rid, op=op, args=dict(args or {})).to_wire(), light=self.light)
        in_step = False
        try:
            self._send(sock, frame, deadline, op)
            if check is not None:
                self._check_pipelined(sock, deadline, op, check)
            while True:
                reply = self._receive(sock, deadline, op)
                if reply.id is not None and reply.id != rid:
                    raise ProtocolError(f"reply for request {reply.id} while waiting for {rid}")
                if not reply.ok:
                    in_step = reply.id == rid
                    reply.unwrap()
                if reply.more:
                    if stream:
                        yield reply.result
                        deadline = time.monotonic() + budget
                    continue
                in_step = True
                yield reply.result
                return
        except BaseException:
            if not in_step:
                self.close()
            raise

    def _send(self, sock: socket.socket, frame: bytes, deadline: float, op: str) -> None:
        sock.settimeout(max(deadline - time.monotonic(), 0.001))
        try:
            sock.sendall(frame)
        except TimeoutError:
            self.close()
            raise DaemonTimeout(f"the daemon did not take the '{op}' request within the deadline") from None
        except OSError as err:
            self.close()
            raise DaemonUnavailable(f"connection to the daemon failed: {err.strerror or err}") from None

    def _receive(self, sock: socket.socket, deadline: float, op: str) -> Reply:
        while True:
            if self._inbox:
                return parse_reply(self._inbox.pop(0))
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self.close()
                raise DaemonTimeout(f"no answer from the daemon to '{op}' within the deadline")
            sock.settimeout(remaining)
            try:
                data = sock.recv(_RECV)
            except TimeoutError:
                self.close()
                raise DaemonTimeout(
                    f"no answer from the daemon to '{op}' within the deadline; "
                    "check `mnemon daemon status` and the daemon log (`mnemon path`)"
                ) from None
            except OSError as err:
                self.close()
                raise DaemonUnavailable(f"connection to the daemon failed: {err.strerror or err}") from None
            if not data:
                self.close()
                raise DaemonUnavailable(f"the daemon closed the connection during '{op}'")
            self._inbox.extend(self._decoder.feed(data))

    # -- connection -----------------------------------------------------------------------
    def _connected(self, deadline: float) -> tuple[socket.socket, float]:
        """An open connection, and the call's deadline (renewed after waiting for a start)."""
        if self._sock is not None and not _is_stale(self._sock):
            return self._sock, deadline
        self.close()
        try:
            sock = self._connect(deadline)
        except DaemonUnavailable as err:
            if self.autostart == "no":
                raise
            if self.autostart == "background":
                sock, deadline = self._start_in_background(deadline, err)
            else:
                from mnemon.wire.launcher import start_daemon  # noqa: PLC0415 - only when starting

                start_daemon(self.paths, wait=True, timeout=self.start_timeout)
                deadline = max(deadline, time.monotonic() + self.timeout)
                sock = self._connect(deadline)
        self._sock = sock
        if self.autostart == "background" and self.daemon_info is None:
            self._unverified = True
        elif self.autostart != "no" and self.daemon_info is None:
            self._check_build(min(deadline, time.monotonic() + BUILD_CHECK_DEADLINE))
            deadline = max(deadline, time.monotonic() + self.timeout) if self.autostart == "wait" else deadline
        assert self._sock is not None
        return self._sock, deadline

    def _start_in_background(self, deadline: float, err: DaemonUnavailable) -> tuple[socket.socket, float]:
        """Fire a detached start (or find one under way). Without ``start_wait`` raise at once;
        with it, wait that long for the daemon to serve, and give up as soon as no daemon is
        starting any more (it failed: its stderr says why). Only a daemon that is not listening
        yet is waited for, not a socket that refuses us (``err`` is raised); and after a start that
        failed, the next one is fired but not waited for: a daemon that cannot start must not
        slow every prompt down."""
        from mnemon.wire import launcher  # noqa: PLC0415 - only when starting

        failed = None if launcher.someone_starting(self.paths) else launcher.last_start_failure(self.paths)
        launcher.start_daemon(self.paths, wait=False)
        if not isinstance(err, _NotListening):
            raise err
        if self.start_wait <= 0 or failed:
            why = f"; its last start failed: {failed}" if failed else "; a start was fired in the background"
            raise DaemonUnavailable(f"the mnemon daemon is not running{why}")
        began = time.monotonic()
        until = began + self.start_wait
        since = launcher.file_size(self.paths.daemon_stderr)
        while True:
            time.sleep(0.02)
            try:
                sock = self._connect(until)
            except _NotListening:
                pass
            else:
                return sock, max(deadline, min(until, time.monotonic() + self.timeout))
            now = time.monotonic()
            if now >= until:
                raise DaemonUnavailable(f"the daemon was starting and did not serve within {self.start_wait:.1f} s")
            # a start that failed meanwhile has said why (another may be on its way: not waited for)
            grew = launcher.file_size(self.paths.daemon_stderr) > since
            failed = launcher.last_start_failure(self.paths, since=since) if grew else None
            # a spawner holding the spawn lock records its daemon's pid within moments
            if failed or (now - began > 0.25 and not launcher.someone_starting(self.paths)):
                failed = failed or launcher.last_start_failure(self.paths)
                raise DaemonUnavailable(f"the daemon did not start: {failed or 'it exited without a word'}; "
                                        f"see {self.paths.daemon_stderr}")

    def _connect(self, deadline: float) -> socket.socket:
        check_socket_dir(self.paths)
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        pause = 0.002
        try:
            while True:
                sock.settimeout(max(deadline - time.monotonic(), 0.001))
                try:
                    sock.connect(self.paths.socket_path)
                    break
                except BlockingIOError:  # the listen backlog is full: a Unix socket says so at once
                    if time.monotonic() + pause >= deadline:
                        raise TimeoutError from None
                    time.sleep(pause)
                    pause = min(pause * 2, 0.05)
        except (FileNotFoundError, ConnectionRefusedError):
            sock.close()
            raise _NotListening(
                "the mnemon daemon is not running; start it with `mnemon daemon start`"
            ) from None
        except TimeoutError:
            sock.close()
            raise DaemonTimeout("connecting to the daemon timed out") from None
        except OSError as err:
            sock.close()
            raise DaemonUnavailable(
                f"cannot connect to the daemon at {self.paths.socket}: {err.strerror or err}"
            ) from None
        try:
            check_peer(sock, self.paths.socket_path)
        except BaseException:
            sock.close()
            raise
        return sock

    def _check_build(self, deadline: float) -> None:
        """Replace a daemon from another build and wait for the new one (background clients
        check with :meth:`_check_pipelined` instead).

        A daemon that speaks another protocol version is from another build too.
        """
        try:
            info = self._ping_unchecked(deadline)
        except VersionMismatch:
            info = {}
        if info.get("build") == build_id():
            self.daemon_info = info
            return
        self.close()
        from mnemon.wire.launcher import start_daemon  # noqa: PLC0415 - only when replacing

        start_daemon(self.paths, wait=True, timeout=self.start_timeout, replace=True)
        self._sock = self._connect(time.monotonic() + self.timeout)
        info = self._ping_unchecked(time.monotonic() + self.timeout)
        if info.get("build") != build_id():
            self.close()
            raise DaemonUnavailable(
                f"the daemon at {self.paths.socket} is from another build ({info.get('build')}) "
                "and did not give way; run `mnemon daemon restart`"
            )
        self.daemon_info = info

    def _check_pipelined(self, sock: socket.socket, deadline: float, op: str, check: int) -> None:
        """Read the answer to the build-check ping sent ahead of ``op``; replace another build."""
        try:
            reply = self._receive(sock, deadline, op)
            info = reply.unwrap() if reply.id == check else None
        except VersionMismatch:
            info = None
        if isinstance(info, dict) and info.get("build") == build_id():
            self.daemon_info = info
            self._unverified = False
            return
        self.close()
        from mnemon.wire.launcher import spawn_daemon  # noqa: PLC0415 - only when replacing

        spawn_daemon(self.paths, replace=True)
        raise DaemonUnavailable("a daemon from another build was running; it is being replaced")

    def _ping_unchecked(self, deadline: float) -> dict[str, Any]:
        """Ping on the open connection without the build check (which is what calls it)."""
        self.daemon_info = {}
        try:
            return self.ping(timeout=max(deadline - time.monotonic(), 0.001))
        finally:
            self.daemon_info = None


def _check_ints(value: Any, name: str) -> None:
    """Refuse, naming it, an integer a frame cannot carry (msgpack holds 64 bits): a page number
    or a limit typed with 25 digits is the user's input to fix, not a failure of the connection."""
    if isinstance(value, int) and not isinstance(value, bool):
        if not -(2**63) <= value < 2**64:
            raise InvalidInput(f"{name or 'a number'} is out of range: {str(value)[:24]}... has "
                               f"{len(str(abs(value)))} digits; give a smaller number")
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_ints(item, str(key))
    elif isinstance(value, (list, tuple)):
        for item in value:
            _check_ints(item, name)


class _NotListening(DaemonUnavailable):
    """Nothing listens on the socket (yet): no file, or a file nobody accepts on."""


def check_socket_dir(paths: Paths) -> None:
    """Refuse a socket directory that someone else could have made or can write to.

    It must be a real directory (not a symbolic link) owned by this user and writable by
    nobody else; other read or search bits are taken away (the daemon keeps it 0700). A
    directory that does not exist yet passes: connecting then fails, and the daemon creates
    it privately. Raises :class:`~mnemon.errors.DaemonError`, not ``DaemonUnavailable``:
    starting a daemon cannot fix it.
    """
    directory = os.path.dirname(paths.socket_path)
    try:
        st = os.lstat(directory)
    except FileNotFoundError:
        return
    except OSError as err:
        raise DaemonError(f"cannot check the socket directory {directory}: {err.strerror or err}") from None
    uid = os.getuid()
    problem = None
    if stat.S_ISLNK(st.st_mode):
        problem = "is a symbolic link"
    elif not stat.S_ISDIR(st.st_mode):
        problem = "is not a directory"
    elif st.st_uid != uid:
        problem = f"belongs to uid {st.st_uid}, not to you (uid {uid})"
    elif st.st_mode & 0o022:
        problem = f"is writable by other users (mode {stat.S_IMODE(st.st_mode):o})"
    if problem is not None:
        import shlex  # only on this rare path: the hooks import this module

        raise DaemonError(
            f"refusing the daemon's socket: {directory} {problem}, so another user could be posing as the "
            f"daemon; nothing was sent. Check it, remove it (`rm -r {shlex.quote(directory)}`), "
            "then `mnemon daemon start`"
        )
    if st.st_mode & 0o077:
        try:
            os.chmod(directory, 0o700)
        except OSError as err:
            raise DaemonError(f"cannot make the socket directory {directory} private: {err.strerror or err}") from None


def check_peer(sock: socket.socket, where: str) -> None:
    """Refuse a daemon that runs as another user (``SO_PEERCRED``), before anything is sent.
    Where the platform cannot tell, the socket directory's check is the only gate."""
    option = getattr(socket, "SO_PEERCRED", None)
    if option is None:
        return
    try:
        raw = sock.getsockopt(socket.SOL_SOCKET, option, _PEERCRED_SIZE)
    except OSError as err:
        raise DaemonError(f"cannot tell who serves {where}: {err.strerror or err}; nothing was sent") from None
    uid = int.from_bytes(raw[4:8], sys.byteorder, signed=True)
    if uid != os.getuid():
        raise DaemonError(
            f"refusing the process serving {where}: it runs as uid {uid}, not as you (uid {os.getuid()}), so it "
            "is not your daemon; nothing was sent. Stop it or remove the socket, then `mnemon daemon start`"
        )


def _is_stale(sock: socket.socket) -> bool:
    """True when the daemon closed this idle connection (or sent something unasked)."""
    sock.settimeout(0.0)
    try:
        sock.recv(1, socket.MSG_PEEK)
    except (BlockingIOError, InterruptedError):
        return False
    except OSError:
        return True
    return True


# -- asking the daemon, without starting it ------------------------------------------------
def ping(paths: Paths | None = None, *, timeout: float = 1.0) -> dict[str, Any] | None:
    """The daemon's ping answer, or None when it does not answer."""
    from mnemon.errors import MnemonError

    try:
        with Client(paths, timeout=timeout) as client:
            return client.ping()
    except MnemonError:
        return None
