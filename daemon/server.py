"""The resident daemon: one asyncio Unix-socket server in front of one Memory.

Consistency model. SQLite is canonical; Memory's RAM state (matrix, graph, indexes) is
derived from it and rebuilt at start. There is one owner of state, this process, and one
writer, the :class:`~mnemon_daemon.writer.Writer` thread: every mutation runs there, and a
write is acknowledged only after its transaction committed (then RAM is updated). Reads run
in a small thread pool (recall's FTS5 search runs outside the engine's lock, see
docs/design.md), so the event loop only accepts connections, decodes frames and routes them;
a slow op never blocks anyone else's ping. Vectors follow the text:
``remember`` commits text without a vector and the embed queue adds it later, persisting
it through the writer. Access-count touches from recall are flushed every few seconds.

Shutdown (SIGTERM, SIGINT, the ``shutdown`` op, or the idle timer): stop accepting, stop
the embed queue, run every job already queued on the writer plus a final flush, let the
reads in flight finish, close the database, remove the socket and the pid file, exit 0.
After ``kill -9`` nothing acknowledged is lost (it was committed); the next daemon removes
the stale socket and pid file.

Every connection is checked for the peer's uid, bounded in frame size, given a deadline for
each whole frame, and dropped after ``client_idle`` seconds without a byte; a malformed,
oversized or late frame gets one error reply (id null) and the connection is closed, because
its frame boundaries are lost. Other clients are unaffected. How many connections may be
open, how many bytes they may hold and who makes room for whom is
:mod:`mnemon_daemon.connections`; connections are accepted by the daemon's own loop, which
backs off (and logs a few lines a minute) when descriptors run out instead of spinning.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import functools
import logging
import os
import queue
import signal
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mnemon_daemon import background, runtime
from mnemon_daemon.captures import CaptureQueue
from mnemon_daemon.connections import (
    CONNECTION_LIMIT,
    FRAME_DEADLINE,
    MAX_BUFFERED,
    STREAM_LIMIT,
    Conn,
    Connections,
)
from mnemon_daemon.embedq import EmbedWorker
from mnemon_daemon.hookops import capture_once
from mnemon_daemon.ops import OPS, Op
from mnemon_daemon.screens import SCREENS_WAIT, load_screens
from mnemon_daemon.writer import Writer

import mnemon
from mnemon import config as config_mod
from mnemon.config import Config
from mnemon.errors import ConfigError, DaemonError, EmbedderError, MnemonError, ProtocolError, StorageError
from mnemon.paths import Paths
from mnemon.wire.protocol import PROTOCOL_VERSION, encode, error_reply, ok_reply, parse_request, request_id_of

if TYPE_CHECKING:
    import numpy as np

    from mnemon.engine.embedders import Embedder
    from mnemon.engine.memory import Memory

log = logging.getLogger("mnemon.daemon")
_timeout = getattr(asyncio, "timeout", None)  # Python 3.11+

READ_THREADS = 2  # one per core: recall's FTS5 search overlaps, its Python part holds the GIL anyway
RECV = STREAM_LIMIT
_OUT_OF_DESCRIPTORS = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


def load_config(paths: Paths) -> tuple[Config, str | None]:
    """The effective config, and the error that made us fall back (None when the file is fine)."""
    try:
        return config_mod.load(paths.config), None
    except ConfigError as err:
        try:
            return config_mod.load(None), err.message
        except ConfigError as env_err:
            return Config(), f"{err.message}; {env_err.message}"


def make_embedder(cfg: Config) -> tuple[Any, str | None]:
    """The configured embedder (or None) and the error that left us without one."""
    from mnemon.engine.embedders import make_embedder as make

    try:
        return make(cfg), None
    except (EmbedderError, ConfigError) as err:
        return None, err.message


def _capture_left(session_id: str, err: Exception) -> None:
    log.info("capture of %s left for the next event: %s", session_id, err)


def unreadable(err: sqlite3.DatabaseError, db: Path) -> StorageError:
    from mnemon.engine.db import damaged

    return StorageError(damaged(db, err) or f"the database could not be read ({err}); `mnemon doctor` checks it")


class Daemon:
    def __init__(
        self,
        paths: Paths,
        *,
        build: str,
        memory: Memory,
        config: Config,
        config_error: str | None,
        embedder: Embedder | None,
        embedder_error: str | None,
        client_idle: float = 30.0,
        connection_limit: int = CONNECTION_LIMIT,
        frame_deadline: float = FRAME_DEADLINE,
        max_buffered: int = MAX_BUFFERED,
    ) -> None:
        self.paths = paths
        self.build = build
        self.memory = memory
        self.config = config
        self.config_error = config_error
        self.embedder = embedder
        self.embedder_error = embedder_error
        self.client_idle = client_idle
        self.started_at = time.time()
        self.requests = 0
        self.last_activity = time.monotonic()
        self._next_maintenance = time.monotonic() + 5.0  # first pass shortly after start
        # the stamp of the code at start (runtime.code_stamp), set by the daemon's main: None (a daemon
        # run inside another program) never checks; True once the files changed (an upgrade in place)
        self.code_stamp: int | None = None
        self._code_seen: int | None = None
        self.upgraded = False
        self.handing_over = False  # stopping for the upgrade (then main starts the successor), not asked to stop
        self._next_code_check = 0.0
        self.writer = Writer()
        memory.bind_writer(self.writer.thread)  # from now on a write off the writer raises
        self.captures = CaptureQueue(self.writer, lambda args: capture_once(self, args), on_error=_capture_left)
        self.reads = ThreadPoolExecutor(READ_THREADS, thread_name_prefix="mnemon-read")
        self.embed_worker = EmbedWorker(memory, lambda: self.embedder, self.writer)
        self.conns = Connections(
            connection_limit=connection_limit, max_buffered=max_buffered, frame_deadline=frame_deadline
        )
        self._handlers: set[asyncio.Task[Any]] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._stopping = False
        self._reload_lock = threading.Lock()
        self.screens = "loading"  # the injection, capture and safety code, warmed up once serving starts
        self.screens_done = threading.Event()  # set when the warm-up ended; set now when nothing will run it
        self.screens_done.set()
        self.screens_wanted = threading.Event()  # a request waits for the warm-up: it skips its rehearsal

    # -- facts ---------------------------------------------------------------------------
    def identity(self) -> dict[str, Any]:
        return {
            "version": mnemon.__version__,
            "build": self.build,
            "protocol": PROTOCOL_VERSION,
            "pid": os.getpid(),
        }

    def info(self) -> dict[str, Any]:
        info = self.identity()
        info.update(
            {
                "uptime_s": round(time.time() - self.started_at, 1),
                "socket": str(self.paths.socket),
                **self.conns.describe(),
                "requests": self.requests,
                "writer_queue": self.writer.depth,
                "embedder": self.describe_embedder(),
                "embedder_error": self.embedder_error,
                "embed_queue_error": self.embed_worker.last_error,
                "config_error": self.config_error,
                "screens": self.screens,
            }
        )
        return info

    def describe_embedder(self) -> dict[str, Any]:
        from mnemon.engine.embedders import describe

        return describe(self.embedder)

    # -- services for ops -------------------------------------------------------------------
    def embedder_wake(self) -> None:
        self.embed_worker.wake()

    def query_vector(self, text: str) -> np.ndarray | None:
        embedder = self.embedder
        if embedder is None or not text.strip():
            return None
        try:
            return embedder.embed_query(text)
        except EmbedderError as err:
            log.warning("query embedding failed, recalling without it: %s", err)
            return None

    def request_stop(self) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)




    # -- serving --------------------------------------------------------------------------
    async def serve(self, listener: Any) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        for sig in (signal.SIGTERM, signal.SIGINT):
            self._loop.add_signal_handler(sig, self._stop.set)
        self._loop.add_signal_handler(signal.SIGHUP, self._reload_soon)
        self.embed_worker.start()
        self.writer.submit(self.memory.warm)  # on the writer: the first ping is not kept waiting
        self.screens_done.clear()
        threading.Thread(target=load_screens, args=(self,), name="load-screens", daemon=True).start()
        if self.embedder is None and self.embedder_error:
            from mnemon_daemon.background import retry_embedder

            threading.Thread(target=retry_embedder, args=(self,), name="retry-embedder", daemon=True).start()
        accepting = asyncio.create_task(self._accept(listener), name="accept")
        background = [
            asyncio.create_task(self._ticker(), name="ticker"),
            asyncio.create_task(self._watch_config(), name="config-watch"),
        ]
        log.info("serving on %s (pid %d, build %s, at most %d connections)", self.paths.socket, os.getpid(),
                 self.build, self.conns.connection_limit)
        await self._stop.wait()
        log.info("stopping")
        self._stopping = True
        accepting.cancel()
        await asyncio.gather(accepting, return_exceptions=True)
        listener.close()
        for task in background:
            task.cancel()
        await asyncio.gather(*background, return_exceptions=True)
        await self._loop.run_in_executor(None, self._drain)
        for conn in list(self.conns.open):
            conn.close()
        if self._handlers:
            await asyncio.wait(list(self._handlers), timeout=2.0)

    async def _accept(self, listener: Any) -> None:
        """Accept connections for as long as the daemon serves. Out of descriptors, close the
        idle connections and back off: a few warnings a minute, never a spin."""
        assert self._loop is not None
        while True:
            try:
                sock, _ = await self._loop.sock_accept(listener)
            except asyncio.CancelledError:
                raise
            except OSError as err:
                if err.errno in _OUT_OF_DESCRIPTORS:
                    runtime.warn_limited(
                        log, "accept", "cannot accept a connection: %s (%d open, %d connections); closing idle "
                        "ones and retrying", err.strerror, runtime.descriptors_open(), len(self.conns))
                    self._close_idle()
                    await asyncio.sleep(0.1)
                    continue
                runtime.warn_limited(log, "accept-error", "accept failed: %s", err)
                await asyncio.sleep(0.05)
                continue
            self._admit(sock)
            await asyncio.sleep(0)  # let the connection set itself up before the next accept

    def _admit(self, sock: Any) -> None:
        try:
            uid = runtime.peer_uid(sock)
        except OSError:
            uid = -1
        if not runtime.peer_allowed(uid, os.getuid()):
            runtime.warn_limited(log, "peer", "refused a connection from uid %s (this daemon serves uid %d only)",
                                 uid, os.getuid())
            sock.close()
            return
        conn = self.conns.admit()
        if conn is None:
            runtime.warn_limited(log, "full", "refused a connection: all %d connections are busy",
                                 self.conns.connection_limit)
            refusal = encode(error_reply(None, DaemonError(
                f"the daemon is serving its limit of {self.conns.connection_limit} connections, all busy; "
                "try again in a moment")))
            with contextlib.suppress(OSError):
                sock.setblocking(False)
                sock.send(refusal)
            sock.close()
            return
        task = asyncio.create_task(self._connection(sock, conn))
        self._handlers.add(task)
        task.add_done_callback(self._handlers.discard)

    def _close_idle(self) -> None:
        for conn in list(self.conns.open):
            if not conn.busy and not conn.partial:
                self.conns.drop(conn)
                conn.close()

    def stop_writer(self) -> None:
        """Run every job queued on the writer and end it, then lift the writer-only rule so
        that closing the store may write from the calling thread. Idempotent."""
        self.writer.stop()
        self.memory.bind_writer(None)

    def _drain(self) -> None:
        self.embed_worker.stop()
        with contextlib.suppress(MnemonError):
            self.writer.submit(self.memory.flush)
        self.reads.shutdown(wait=True)
        self.stop_writer()
        log.info("writer drained (%d jobs run)", self.writer.done)

    async def _connection(self, sock: Any, conn: Conn) -> None:
        writer: asyncio.StreamWriter | None = None
        try:
            reader, writer = await asyncio.open_unix_connection(sock=sock, limit=STREAM_LIMIT)
            if conn.closed:  # evicted before it was set up
                return
            conn.writer = writer
            await self._handle(reader, writer, conn)
        except (ConnectionError, OSError, asyncio.TimeoutError):
            pass
        finally:
            self.conns.drop(conn)
            if writer is None:
                sock.close()
            else:
                writer.close()
                with contextlib.suppress(Exception):
                    await writer.wait_closed()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, conn: Conn) -> None:
        while not self._stopping and not conn.closed:
            wait = self.conns.read_timeout(conn, self.client_idle)
            if self.conns.over_budget(conn) and not await self.conns.wait_budget(conn, max(wait, 0.0)):
                wait = 0.0
            if wait <= 0 and conn.partial:
                runtime.warn_limited(log, "late-frame", "a frame did not arrive whole within %.0f s; closing "
                                     "the connection", self.conns.frame_deadline)
                await self._send(writer, error_reply(None, ProtocolError(
                    f"a frame did not arrive whole within {self.conns.frame_deadline:.0f} s; "
                    "send each request in one go")))
                return
            try:
                data = await self._read(reader, wait)
            except asyncio.TimeoutError:
                if wait < self.client_idle:
                    continue  # the frame's deadline passed: answered at the top of the loop
                log.info("dropping a client idle for %.0f s", self.client_idle)
                return
            if not data:
                return
            self.last_activity = time.monotonic()
            try:
                messages = self.conns.feed(conn, data)
            except MnemonError as err:
                runtime.warn_limited(log, "bad-frame", "bad frame, closing the connection: %s", err.message)
                await self._send(writer, error_reply(None, err))
                return
            if not messages:
                continue
            conn.busy = True
            try:
                for msg in messages:
                    await self._serve(msg, writer)
            finally:
                conn.busy = False
                conn.last_active = time.monotonic()

    async def _read(self, reader: asyncio.StreamReader, wait: float) -> bytes:
        """The next bytes from a client; asyncio.TimeoutError after ``wait`` s of silence."""
        if _timeout is not None:  # Python 3.11+: a timer per read, where wait_for made a task
            async with _timeout(max(wait, 0.0)):
                return await reader.read(RECV)
        return await asyncio.wait_for(reader.read(RECV), max(wait, 0.0))

    async def _send(self, writer: asyncio.StreamWriter, reply: dict[str, Any]) -> None:
        try:
            frame = encode(reply)
        except MnemonError as err:
            frame = encode(error_reply(reply.get("id"), err))
        writer.write(frame)
        if writer.transport.get_write_buffer_size():  # only a client slow to read leaves bytes queued
            await asyncio.wait_for(writer.drain(), self.client_idle)

    async def _serve(self, msg: Any, writer: asyncio.StreamWriter) -> None:
        rid = request_id_of(msg)
        self.requests += 1
        name = "?"
        try:
            request = parse_request(msg)
            name = request.op
            op = OPS.get(request.op)
            if op is None:
                raise ProtocolError(f"unknown op {request.op!r}; known ops: {', '.join(sorted(OPS))}")
            args = op.validate(request.args)
            if op.kind == "stream":
                if self._stopping:
                    raise DaemonError("the daemon is shutting down; try again in a moment")
                await self._serve_stream(op, args, rid, writer)
                return
            result = await self._run(op, args)
        except MnemonError as err:
            await self._send(writer, error_reply(rid, err))
            return
        except sqlite3.DatabaseError as err:  # a damaged file shows on first use, not at open
            log.error("op %s: the database could not be read: %s", name, err)
            await self._send(writer, error_reply(rid, unreadable(err, self.paths.db)))
            return
        except Exception as err:  # a bug in one op must not take the daemon down: report and go on
            log.exception("op %s failed", name)
            await self._send(
                writer, error_reply(rid, MnemonError(f"internal error in '{name}': {err}; see the daemon log"))
            )
            return
        await self._send(writer, ok_reply(rid, result))

    async def _run(self, op: Op, args: dict[str, Any]) -> Any:
        call = op.bind(self, args)
        if op.kind == "loop":
            return call()
        if self._stopping:
            raise DaemonError("the daemon is shutting down; try again in a moment")
        if op.kind == "read":
            assert self._loop is not None
            return await self._loop.run_in_executor(self.reads, call)
        if op.kind == "write":
            return await asyncio.wrap_future(self.writer.submit(call))
        raise ProtocolError(f"op {op.name} has an unknown kind {op.kind}")

    async def _serve_stream(self, op: Op, args: dict[str, Any], rid: int | None, writer: Any) -> None:
        """Run a generator op in its own thread; each chunk is sent as a ``more`` frame."""
        assert self._loop is not None
        chunks: queue.Queue[tuple[str, Any]] = queue.Queue(maxsize=4)
        cancelled = threading.Event()

        def put(item: tuple[str, Any]) -> None:
            while not cancelled.is_set():
                try:
                    chunks.put(item, timeout=0.2)
                    return
                except queue.Full:
                    continue

        def produce() -> None:
            try:
                for chunk in op.bind(self, args)():
                    put(("chunk", chunk))
                    if cancelled.is_set():
                        return
                put(("end", None))
            except BaseException as err:  # handed to the loop, which replies with it
                put(("error", err))

        threading.Thread(target=produce, name=f"mnemon-{op.name}", daemon=True).start()
        count = 0
        try:
            while True:
                try:
                    kind, value = await self._loop.run_in_executor(None, functools.partial(chunks.get, timeout=1.0))
                except queue.Empty:
                    continue
                if kind == "chunk":
                    count += 1
                    await self._send(writer, ok_reply(rid, value, more=True))
                elif kind == "end":
                    await self._send(writer, ok_reply(rid, {"done": True, "chunks": count}))
                    return
                else:
                    if isinstance(value, sqlite3.DatabaseError):
                        value = unreadable(value, self.paths.db)
                    if isinstance(value, MnemonError):
                        await self._send(writer, error_reply(rid, value))
                    else:
                        log.error("stream %s failed", op.name, exc_info=value)
                        await self._send(writer, error_reply(rid, MnemonError(f"internal error in '{op.name}': {value}")))
                    return
        finally:
            cancelled.set()

    # -- background work and config reloads (mnemon_daemon.background) -------------------------
    reload_config = background.reload_config
    _reload_config = background._reload_config
    _apply = background._apply
    _reload_soon = background._reload_soon
    _ticker = background._ticker
    _drain_spool = background._drain_spool
    _maintain = background._maintain
    _rescreen = background._rescreen
    _watch_config = background._watch_config

    def need_screens(self) -> None:
        """Wait for the warm-up (``mnemon_daemon.screens``) before a request that needs the injection and
        safety code, at most SCREENS_WAIT: the import is then done once, off the request path."""
        if not self.screens_done.is_set():
            self.screens_wanted.set()
            self.screens_done.wait(SCREENS_WAIT)
