"""Where every file lives.

Everything sits under one root: ``$MNEMON_HOME`` when set, else the user data directory
that platformdirs chooses (``~/.local/share/mnemon`` on Linux). The socket lives in
``<root>/run/`` (mode 0700) unless that path would exceed the ~100-byte limit of Unix
socket addresses; then it falls back to ``$XDG_RUNTIME_DIR/mnemon-<hash>/`` or
``/tmp/mnemon-<uid>-<hash>/``, where the hash is of the root so two roots never share a
socket.

This module is imported by hooks on every prompt, so it avoids importing platformdirs
(~30 ms) on Linux, where it reproduces platformdirs' answer directly; a test pins the two
together. On other platforms it defers to platformdirs.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

APP = "mnemon"
SOCKET_PATH_MAX = 100


def default_root(env: dict[str, str] | os._Environ[str] | None = None) -> Path:
    """The data root when ``MNEMON_HOME`` is not set."""
    env = os.environ if env is None else env
    if sys.platform.startswith("linux"):
        xdg = env.get("XDG_DATA_HOME", "").strip()
        base = Path(xdg) if xdg else Path(env.get("HOME") or os.path.expanduser("~")) / ".local" / "share"
        return base / APP
    import platformdirs  # noqa: PLC0415 - slow import, only off Linux

    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def root(env: dict[str, str] | os._Environ[str] | None = None) -> Path:
    env = os.environ if env is None else env
    home = env.get("MNEMON_HOME", "").strip()
    return Path(home).expanduser().absolute() if home else default_root(env)


@dataclass(frozen=True)
class Paths:
    """Every location Mnemon uses, derived from one root."""

    root: Path
    socket_dir: Path

    @classmethod
    def resolve(cls, env: dict[str, str] | os._Environ[str] | None = None) -> Paths:
        env = os.environ if env is None else env
        base = root(env)
        return cls(root=base, socket_dir=_socket_dir(base, env))

    @property
    def db(self) -> Path:
        return self.root / "mnemon.db"

    @property
    def config(self) -> Path:
        return self.root / "config.toml"

    @property
    def socket(self) -> Path:
        return self.socket_dir / "mnemon.sock"

    @property
    def pid(self) -> Path:
        return self.root / "run" / "daemon.pid"

    @property
    def lock(self) -> Path:
        return self.root / "run" / "daemon.lock"

    @property
    def spawn_lock(self) -> Path:
        return self.root / "run" / "spawn.lock"

    @property
    def log_dir(self) -> Path:
        return self.root / "logs"

    @property
    def daemon_log(self) -> Path:
        return self.log_dir / "daemon.log"

    @property
    def daemon_stderr(self) -> Path:
        return self.log_dir / "daemon.stderr"

    @property
    def hook_log(self) -> Path:
        return self.log_dir / "hooks.log"

    def as_dict(self) -> dict[str, str]:
        return {
            "root": str(self.root),
            "database": str(self.db),
            "config": str(self.config),
            "socket": str(self.socket),
            "pid": str(self.pid),
            "lock": str(self.lock),
            "spawn_lock": str(self.spawn_lock),
            "daemon_log": str(self.daemon_log),
            "daemon_stderr": str(self.daemon_stderr),
            "hook_log": str(self.hook_log),
        }


def _socket_dir(base: Path, env: dict[str, str] | os._Environ[str]) -> Path:
    preferred = base / "run"
    if len(str(preferred / "mnemon.sock").encode()) <= SOCKET_PATH_MAX:
        return preferred
    import hashlib  # only the fallback needs it; hooks import this module on every prompt

    tag = hashlib.sha256(str(base).encode()).hexdigest()[:12]
    runtime = env.get("XDG_RUNTIME_DIR", "").strip()
    if runtime and len(runtime) < 60 and os.path.isdir(runtime):
        return Path(runtime) / f"mnemon-{tag}"
    return Path("/tmp") / f"mnemon-{os.getuid()}-{tag}"
