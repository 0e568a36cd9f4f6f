"""``python -m mnemon_daemon``: start the daemon (clients normally do this on demand).

Start-up order: private directories, and the data root as the working directory (clients
send absolute paths; nothing here depends on where it was started); the instance lock (a
second daemon exits here, quietly, so racing spawns leave exactly one) and the pid file;
logging and config; the embedder; the engine (RAM from the saved state snapshot, or rebuilt
from SQLite); only then the socket, so a daemon that answers ``ping`` is ready to serve.
``--replace`` takes over from a daemon of another build: it asks that one to shut down and
waits for its lock. Clients start it as ``python -I -m mnemon_daemon`` from the data root
(see :func:`mnemon.wire.launcher.spawn_daemon`).
"""

from __future__ import annotations

import os

# One BLAS thread: the daemon's matrix products are small (a few ms at 100k memories), and a
# thread pool spinning against Claude Code and the user's builds on a laptop costs far more
# than it saves (measured 7x slower at 10k memories on a loaded 2-core machine). Must be set
# before numpy is first imported.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse
import asyncio
import gc
import logging
import signal
import sys
import time
from typing import Any

from mnemon_daemon import runtime
from mnemon_daemon.connections import CONNECTION_LIMIT, FRAME_DEADLINE, connection_cap
from mnemon_daemon.server import Daemon, load_config, make_embedder

from mnemon.errors import MnemonError, VersionMismatch
from mnemon.paths import Paths
from mnemon.wire.client import Client, build_id
from mnemon.wire.launcher import is_our_daemon, read_pid, spawn_daemon

log = logging.getLogger("mnemon.daemon")

REPLACE_WAIT = 15.0
UPGRADED = -1  # _run: the daemon stopped for an upgrade in place (main then starts its successor)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m mnemon_daemon",
        description="The Mnemon daemon: serves the memory over a Unix socket (see `mnemon path`).",
        epilog="example: mnemon daemon start   (the usual way; clients also start it on demand)",
    )
    parser.add_argument("--foreground", action="store_true", help="also log to stderr")
    parser.add_argument("--replace", action="store_true", help="take over from a daemon of another build")
    parser.add_argument(
        "--client-idle", type=float, default=30.0, metavar="S", help="drop clients silent for S seconds"
    )
    parser.add_argument(
        "--frame-deadline", type=float, default=FRAME_DEADLINE, metavar="S",
        help="close a connection whose frame has not arrived whole S seconds after its first byte",
    )
    parser.add_argument(
        "--connection-limit", type=int, default=CONNECTION_LIMIT, metavar="N",
        help="connections open at once (fewer when file descriptors are short)",
    )
    return parser


def _probe(paths: Paths) -> dict[str, Any] | None:
    """The running daemon's ping; ``{}`` when it speaks another protocol; None when silent."""
    try:
        with Client(paths, timeout=1.0) as client:
            return client.ping()
    except VersionMismatch:
        return {}
    except MnemonError:
        return None


def _ask_to_stop(paths: Paths) -> None:
    try:
        with Client(paths, timeout=2.0) as client:
            client.call("shutdown", {})
    except VersionMismatch:
        pid = read_pid(paths)
        if pid is not None and is_our_daemon(pid):
            os.kill(pid, signal.SIGTERM)
    except MnemonError:
        pass


def _acquire(lock: runtime.InstanceLock, paths: Paths, build: str, replace: bool) -> bool:
    if lock.try_acquire(wait=0.5):
        return True
    if not replace:
        return False
    deadline = time.monotonic() + REPLACE_WAIT
    asked = False
    while time.monotonic() < deadline:
        info = _probe(paths)
        if info is not None and info.get("build") == build:
            return False
        if info is not None and not asked:
            _ask_to_stop(paths)
            asked = True
        if lock.try_acquire(wait=0.2):
            return True
    return False


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    os.umask(0o077)
    paths = Paths.resolve()
    build = build_id()
    try:
        runtime.secure_dir(paths.root)
        runtime.secure_dir(paths.lock.parent)
        runtime.secure_dir(paths.socket_dir)
        os.chdir(paths.root)
    except (MnemonError, OSError) as err:
        print(f"mnemon-daemon: {err}", file=sys.stderr)
        return 1
    lock = runtime.InstanceLock(paths.lock)
    if not _acquire(lock, paths, build, args.replace):
        return 0
    runtime.write_pid(paths.pid)
    try:
        code = _run(paths, build, args)
    finally:
        runtime.remove_pid(paths.pid)
        lock.release()
    if code == UPGRADED:
        _start_successor(paths)
        return 0
    return code


def _start_successor(paths: Paths) -> None:
    """After an upgrade in place, a daemon of the new code, started once this one let its lock go, so
    that it is up before the next prompt instead of being started (and waited for) by that prompt."""
    try:
        spawn_daemon(paths)
    except MnemonError as err:  # the next client starts it
        log.warning("could not start a daemon of the new code: %s", err)


def _run(paths: Paths, build: str, args: argparse.Namespace) -> int:
    stamp = runtime.code_stamp()  # the code this process imports from now on (see background._upgraded)
    config, config_error = load_config(paths)
    runtime.setup_logging(paths, level=config.log_level, to_stderr=args.foreground)
    log.info("starting mnemon daemon (build %s) for %s", build, paths.root)
    if config_error:
        log.error("config error, running with defaults: %s", config_error)
    embedder, embedder_error = make_embedder(config)
    if embedder_error:
        log.error("embedder unavailable, recalling on keywords and the graph: %s", embedder_error)
    from mnemon.engine.memory import Memory

    try:
        memory = Memory.open(paths.db, config=config, embedder=embedder)
    except MnemonError as err:
        log.error("cannot open the database %s: %s", paths.db, err)
        print(f"mnemon-daemon: {err}", file=sys.stderr)
        return 1
    # the loaded state is hundreds of thousands of long-lived objects: keep them out of every
    # later collection, which would otherwise rescan them all and stall requests
    gc.collect()
    gc.freeze()
    log.info("memory open: %d memories (%s)", len(memory), "state snapshot" if memory.from_snapshot else "rebuilt")
    daemon = Daemon(
        paths,
        build=build,
        memory=memory,
        config=config,
        config_error=config_error,
        embedder=embedder,
        embedder_error=embedder_error,
        client_idle=args.client_idle,
        connection_limit=connection_cap(args.connection_limit),
        frame_deadline=args.frame_deadline,
    )
    daemon.code_stamp = stamp
    bound = None
    try:
        listener = runtime.bind_socket(paths.socket)
        bound = runtime.socket_identity(paths.socket)
        asyncio.run(daemon.serve(listener))
    except (MnemonError, OSError) as err:
        log.error("daemon failed: %s", err)
        print(f"mnemon-daemon: {err}", file=sys.stderr)
        return 1
    finally:
        try:
            closing = time.monotonic()
            daemon.stop_writer()  # a daemon that never served still has its writer: end it first
            memory.close()  # flushes, checkpoints and saves the state snapshot for a fast next start
            log.info("database closed in %.2f s", time.monotonic() - closing)
        finally:
            from mnemon.engine.embedders import close

            close(daemon.embedder)
            runtime.remove_own_socket(paths.socket, bound)  # a refused start leaves what it found
            runtime.remove_pid(paths.pid)
            log.info("stopped")
    return UPGRADED if daemon.handing_over else 0  # a daemon asked to stop (SIGTERM, `daemon stop`) stays stopped


if __name__ == "__main__":
    sys.exit(main())
