"""Where every file lives.

Everything sits under one root: ``$MNEMON_HOME`` when set, else the user data directory
that platformdirs chooses (``~/.local/share/mnemon`` on Linux). The socket lives in
``<root>/run/`` (mode 0700) unless that path would exceed the ~100-byte limit of Unix
socket addresses; then it falls back to ``$XDG_RUNTIME_DIR/mnemon-<hash>/`` or
``/tmp/mnemon-<uid>-<hash>/``, where the hash is of the root so two roots never share a
socket.

This module is imported by hooks on every prompt, so resolving is plain string work with
``os.path``: no dataclasses (which pull in ``inspect``), no ``pathlib`` until a caller asks
for a :class:`~pathlib.Path`, and no platformdirs (~30 ms) on Linux, where its answer is
reproduced directly (a test pins the two together). The hook path reads only
:attr:`Paths.socket_path`; the daemon and the CLI get ``Path`` objects from the properties.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # typing costs milliseconds on every hook start
if TYPE_CHECKING:
    from pathlib import Path

    Env = dict[str, str] | os._Environ[str]

APP = "mnemon"
SOCKET_PATH_MAX = 100
SOCKET_NAME = "mnemon.sock"
PATH_MAX = 4096  # bytes in a whole path (Linux's PATH_MAX)
NAME_MAX = 255  # bytes in one component

# Request arguments that name files or directories, per op: a client makes them absolute
# against its own working directory before sending (the daemon runs elsewhere), and the
# daemon refuses any that are still relative.
PATH_ARGS: dict[str, tuple[str, ...]] = {
    "capture": ("transcript_path", "cwd"),
    "inject": ("transcript_path", "cwd"),
    "brief": ("cwd",),
    "mute": ("cwd",),
    "import_transcripts": ("dir",),
}


def _path(text: str) -> Path:
    from pathlib import Path  # noqa: PLC0415 - deferred: the hook path never builds a Path

    return Path(text)


def _default_root_str(env: Env) -> str:
    if sys.platform.startswith("linux"):
        xdg = env.get("XDG_DATA_HOME", "").strip()
        base = xdg if xdg else os.path.join(env.get("HOME") or os.path.expanduser("~"), ".local", "share")
        return os.path.join(base, APP)
    import platformdirs  # noqa: PLC0415 - slow import, only off Linux

    return str(platformdirs.user_data_dir(APP, appauthor=False))


def _root_str(env: Env) -> str:
    home = env.get("MNEMON_HOME", "").strip()
    if not home:
        return _default_root_str(env)
    return os.path.abspath(os.path.expanduser(home))


def default_root(env: Env | None = None) -> Path:
    """The data root when ``MNEMON_HOME`` is not set."""
    return _path(_default_root_str(os.environ if env is None else env))


def root(env: Env | None = None) -> Path:
    return _path(_root_str(os.environ if env is None else env))


class Paths:
    """Every location Mnemon uses, derived from one root.

    Immutable: the root and the socket directory are fixed at construction (as strings);
    every location is derived from them on demand.
    """

    __slots__ = ("_root", "_socket_dir")
    _root: str
    _socket_dir: str

    def __init__(self, root: str | os.PathLike[str], socket_dir: str | os.PathLike[str]) -> None:
        object.__setattr__(self, "_root", os.fspath(root))
        object.__setattr__(self, "_socket_dir", os.fspath(socket_dir))

    @classmethod
    def resolve(cls, env: Env | None = None) -> Paths:
        env = os.environ if env is None else env
        base = _root_str(env)
        return cls(base, _socket_dir(base, env))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Paths is immutable; cannot set {name!r}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Paths):
            return NotImplemented
        return (self._root, self._socket_dir) == (other._root, other._socket_dir)

    def __hash__(self) -> int:
        return hash((self._root, self._socket_dir))

    def __repr__(self) -> str:
        return f"Paths(root={self._root!r}, socket_dir={self._socket_dir!r})"

    @property
    def socket_path(self) -> str:
        """The socket address as a string: all a hook needs, without building a Path."""
        return os.path.join(self._socket_dir, SOCKET_NAME)

    @property
    def root(self) -> Path:
        return _path(self._root)

    @property
    def socket_dir(self) -> Path:
        return _path(self._socket_dir)

    @property
    def db(self) -> Path:
        return _path(os.path.join(self._root, "mnemon.db"))

    @property
    def snapshot(self) -> Path:
        """The saved RAM state (``mnemon.engine.snapshot``): a cache, safe to delete."""
        return _path(os.path.join(self._root, "mnemon.db.state"))

    @property
    def config(self) -> Path:
        return _path(os.path.join(self._root, "config.toml"))

    @property
    def socket(self) -> Path:
        return _path(self.socket_path)

    @property
    def pid(self) -> Path:
        return _path(os.path.join(self._root, "run", "daemon.pid"))

    @property
    def lock(self) -> Path:
        return _path(os.path.join(self._root, "run", "daemon.lock"))

    @property
    def spawn_lock(self) -> Path:
        return _path(os.path.join(self._root, "run", "spawn.lock"))

    @property
    def spool_path(self) -> str:
        """Captures a hook could not hand over (daemon down): one JSON object a line, drained
        by the daemon when it runs. A string, for the hook path."""
        return os.path.join(self._root, "run", "capture.spool")

    @property
    def spool(self) -> Path:
        return _path(self.spool_path)

    @property
    def disabled_path(self) -> str:
        """Where transcripts stood when a capture hook ran with ``MNEMON_DISABLE=1``: one JSON object
        a line (session, transcript, size), read by the next capture of that session, which passes
        over those turns. A string, for the hook path."""
        return os.path.join(self._root, "run", "disabled.spool")

    @property
    def spawn_pids(self) -> Path:
        """Pids of daemons spawned by clients, one a line: a daemon still starting holds no lock yet."""
        return _path(os.path.join(self._root, "run", "spawn.pids"))

    @property
    def log_dir(self) -> Path:
        return _path(os.path.join(self._root, "logs"))

    @property
    def daemon_log(self) -> Path:
        return _path(os.path.join(self._root, "logs", "daemon.log"))

    @property
    def daemon_stderr(self) -> Path:
        return _path(os.path.join(self._root, "logs", "daemon.stderr"))

    @property
    def hook_log(self) -> Path:
        return _path(os.path.join(self._root, "logs", "hooks.log"))

    def as_dict(self) -> dict[str, str]:
        return {
            "root": str(self.root),
            "database": str(self.db),
            "snapshot": str(self.snapshot),
            "config": str(self.config),
            "socket": str(self.socket),
            "pid": str(self.pid),
            "lock": str(self.lock),
            "spawn_lock": str(self.spawn_lock),
            "daemon_log": str(self.daemon_log),
            "daemon_stderr": str(self.daemon_stderr),
            "hook_log": str(self.hook_log),
        }


def client_path(value: str) -> str:
    """``value`` as an absolute path, resolved against this process's working directory and
    home: the client's, never the daemon's. Empty stays empty (it means "not given")."""
    if not value:
        return value
    return os.path.abspath(os.path.expanduser(value))


def absolute_args(op: str, args: dict[str, object]) -> dict[str, object]:
    """``args`` with every path argument of ``op`` made absolute by :func:`client_path`."""
    names = PATH_ARGS.get(op)
    if not names:
        return args
    out = dict(args)
    for name in names:
        value = out.get(name)
        if isinstance(value, str) and value and not value.startswith("/"):
            out[name] = client_path(value)
    return out


def path_problem(value: str) -> str | None:
    """Why ``value`` cannot be used as an absolute path by the daemon, or None when it can."""
    if "\x00" in value:
        return "contains a NUL character"
    size = len(value.encode("utf-8", "surrogatepass"))
    if size > PATH_MAX:
        return f"is {size:,} bytes long; a path may have at most {PATH_MAX:,}"
    longest = max((len(part.encode("utf-8", "surrogatepass")) for part in value.split("/")), default=0)
    if longest > NAME_MAX:
        return f"has a component of {longest:,} bytes; a file or directory name may have at most {NAME_MAX}"
    if not value.startswith("/"):
        return (f"is relative ({value[:200]!r}); send an absolute path (clients resolve it against their own "
                "working directory, the daemon runs elsewhere)")
    return None


def _socket_dir(base: str, env: Env) -> str:
    preferred = os.path.join(base, "run")
    if len(os.path.join(preferred, SOCKET_NAME).encode()) <= SOCKET_PATH_MAX:
        return preferred
    import hashlib  # noqa: PLC0415 - only the fallback needs it; hooks import this module on every prompt

    tag = hashlib.sha256(base.encode()).hexdigest()[:12]
    runtime = env.get("XDG_RUNTIME_DIR", "").strip()
    if runtime and len(runtime) < 60 and os.path.isdir(runtime):
        return os.path.join(runtime, f"mnemon-{tag}")
    return os.path.join("/tmp", f"mnemon-{os.getuid()}-{tag}")
