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

Every connection is checked for the peer's uid, bounded in frame size, and dropped after
``client_idle`` seconds without a byte; a malformed or oversized frame gets one error reply
(id null) and the connection is closed, because its frame boundaries are lost. Other
clients are unaffected.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import os
import queue
import signal
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from mnemon_daemon import runtime
from mnemon_daemon.captures import CaptureQueue
from mnemon_daemon.embedq import EmbedWorker
from mnemon_daemon.ops import OPS, Op, capture_once
from mnemon_daemon.writer import Writer

import mnemon
from mnemon import config as config_mod
from mnemon.config import Config
from mnemon.errors import ConfigError, DaemonError, EmbedderError, MnemonError, ProtocolError, StorageError
from mnemon.paths import Paths
from mnemon.protocol import (
    PROTOCOL_VERSION,
    FrameDecoder,
    encode,
    error_reply,
    ok_reply,
    parse_request,
    request_id_of,
)

log = logging.getLogger("mnemon.daemon")
_timeout = getattr(asyncio, "timeout", None)  # Python 3.11+

READ_THREADS = 2  # one per core: recall's FTS5 search overlaps, its Python part holds the GIL anyway
FLUSH_EVERY = 1.0
MAINTAIN_EVERY = 6 * 3600.0  # seconds between retention passes (the first runs at start)
RECV = 256 * 1024


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
    from mnemon.embedders import make_embedder as make

    try:
        return make(cfg), None
    except (EmbedderError, ConfigError) as err:
        return None, err.message


def _capture_left(session_id: str, err: Exception) -> None:
    log.info("capture of %s left for the next event: %s", session_id, err)


def unreadable(err: sqlite3.DatabaseError) -> StorageError:
    return StorageError(f"the database could not be read ({err}); run `mnemon doctor` to check it, and if it is "
                        "damaged restore from `mnemon export` output with `mnemon import`")


class Daemon:
    def __init__(
        self,
        paths: Paths,
        *,
        build: str,
        memory: Any,
        config: Config,
        config_error: str | None,
        embedder: Any,
        embedder_error: str | None,
        client_idle: float = 30.0,
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
        self.writer = Writer()
        self.captures = CaptureQueue(self.writer, lambda args: capture_once(self, args), on_error=_capture_left)
        self.reads = ThreadPoolExecutor(READ_THREADS, thread_name_prefix="mnemon-read")
        self.embed_worker = EmbedWorker(memory, lambda: self.embedder, self.writer)
        self._conns: set[asyncio.StreamWriter] = set()
        self._handlers: set[asyncio.Task[Any]] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._stopping = False
        self._reload_lock = threading.Lock()

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
                "connections": len(self._conns),
                "requests": self.requests,
                "writer_queue": self.writer.depth,
                "embedder": self.describe_embedder(),
                "embedder_error": self.embedder_error,
                "embed_queue_error": self.embed_worker.last_error,
                "config_error": self.config_error,
            }
        )
        return info

    def describe_embedder(self) -> dict[str, Any]:
        from mnemon.embedders import describe

        return describe(self.embedder)

    # -- services for ops -------------------------------------------------------------------
    def embedder_wake(self) -> None:
        self.embed_worker.wake()

    def query_vector(self, text: str) -> Any:
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

    def reload_config(self) -> bool:
        """Re-read the config file; a bad file keeps the running config. True when it changed."""
        try:
            return self._reload_config()
        except Exception:  # a failed reload must not end the watcher: the running config stays
            log.exception("config reload failed; keeping the running configuration")
            return False

    def _reload_config(self) -> bool:
        with self._reload_lock:
            try:
                new = config_mod.load(self.paths.config)
            except ConfigError as err:
                if err.message != self.config_error:
                    log.error("config not reloaded, keeping the running one: %s", err.message)
                self.config_error = err.message
                return False
            self.config_error = None
            old = self.config
            if new == old:
                return False
            changed = {k: v for k, v in new.as_dict().items() if old.as_dict()[k] != v}
            log.info("config reloaded: %s", changed)
            runtime.set_level(new.log_level)
            if (new.embedder, new.ollama_url, new.ollama_model) != (old.embedder, old.ollama_url, old.ollama_model):
                embedder, error = make_embedder(new)
                if error is None:
                    previous, self.embedder = self.embedder, embedder
                    self.embedder_error = None
                    self._apply(new, embedder)
                    from mnemon.embedders import close

                    close(previous)
                    log.info("embedder now %s", self.describe_embedder())
                else:
                    self.embedder_error = error
                    log.error("embedder %r unavailable, keeping the previous one: %s", new.embedder, error)
                    self._apply(new, self.embedder)
            else:
                self._apply(new, self.embedder)
            self.config = new
            self.embedder_wake()
            return True

    def _apply(self, cfg: Config, embedder: Any) -> None:
        """Hand the new settings (prune cap, embedder) to the engine, through the writer."""
        memory = self.memory

        def job() -> None:
            memory.set_config(cfg)
            if embedder is not memory.embedder:
                memory.set_embedder(embedder)

        self.writer.submit(job).result()

    # -- serving --------------------------------------------------------------------------
    async def serve(self, listener: Any) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        for sig in (signal.SIGTERM, signal.SIGINT):
            self._loop.add_signal_handler(sig, self._stop.set)
        self._loop.add_signal_handler(signal.SIGHUP, self._reload_soon)
        self.embed_worker.start()
        server = await asyncio.start_unix_server(self._handle, sock=listener, limit=RECV)
        background = [
            asyncio.create_task(self._ticker(), name="ticker"),
            asyncio.create_task(self._watch_config(), name="config-watch"),
        ]
        log.info("serving on %s (pid %d, build %s)", self.paths.socket, os.getpid(), self.build)
        await self._stop.wait()
        log.info("stopping")
        self._stopping = True
        server.close()
        for task in background:
            task.cancel()
        await asyncio.gather(*background, return_exceptions=True)
        await self._loop.run_in_executor(None, self._drain)
        for conn in list(self._conns):
            conn.close()
        if self._handlers:
            await asyncio.wait(list(self._handlers), timeout=2.0)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(server.wait_closed(), 2.0)

    def _drain(self) -> None:
        self.embed_worker.stop()
        with contextlib.suppress(MnemonError):
            self.writer.submit(self.memory.flush)
        self.writer.stop()
        self.reads.shutdown(wait=True)
        log.info("writer drained (%d jobs run)", self.writer.done)

    def _reload_soon(self) -> None:
        assert self._loop is not None
        self._loop.run_in_executor(None, self.reload_config)

    async def _ticker(self) -> None:
        while True:
            await asyncio.sleep(FLUSH_EVERY)
            idle_limit = self.config.idle_exit_minutes * 60
            if (
                idle_limit > 0
                and not self._conns
                and self.writer.depth == 0
                and time.monotonic() - self.last_activity > idle_limit
            ):
                log.info("idle for %.1f minutes: exiting", self.config.idle_exit_minutes)
                assert self._stop is not None
                self._stop.set()
                return
            with contextlib.suppress(MnemonError):
                self.writer.submit_once("flush", self.memory.flush)
            if os.path.exists(self.paths.spool_path):
                self._drain_spool()
            if time.monotonic() >= self._next_maintenance:
                self._next_maintenance = time.monotonic() + MAINTAIN_EVERY
                with contextlib.suppress(MnemonError):
                    self.writer.submit_once("maintain", self._maintain)

    def _drain_spool(self) -> None:
        """Queue the captures hooks spooled while the daemon was down (see hooks/_hooklib.py).
        The file is renamed first, so a hook appending meanwhile starts a new one."""
        from mnemon_daemon.ops import OPS

        path = self.paths.spool_path
        taken = f"{path}.{os.getpid()}"
        try:
            os.replace(path, taken)
            with open(taken, "rb") as fh:
                raw = fh.read(4 << 20)
        except OSError as err:
            log.warning("cannot read the capture spool %s: %s", path, err)
            return
        finally:
            with contextlib.suppress(OSError):
                os.unlink(taken)
        queued = bad = 0
        for line in raw.splitlines():
            try:
                args = OPS["capture"].validate(json.loads(line))
            except (ValueError, TypeError, MnemonError):
                bad += 1
                continue
            self.captures.submit(args)
            queued += 1
        log.info("capture spool: %d captures queued, %d bad lines skipped", queued, bad)

    def _maintain(self) -> None:
        """Retention and VACUUM (Memory.maintain), on the writer: at start, then every few hours."""
        try:
            report = self.memory.maintain()
        except MnemonError as err:
            log.warning("maintenance failed: %s", err)
            return
        if report["purged"] or report["vacuumed"]:
            log.info("maintenance: %s", report)
        self._rescreen()

    def _rescreen(self) -> None:
        """One batch of memories stored under older secret or injection rules screened again (``mnemon.rescreen``),
        on the writer; the next batch is queued behind whatever arrived meanwhile."""
        try:
            report = self.memory.rescreen()
        except MnemonError as err:
            log.warning("re-screening failed: %s", err)
            return
        if report["redacted"] or report["flagged"] or report["unflagged"]:
            log.info("re-screened %d memories: %s", report["screened"], report)
        if report["more"]:
            with contextlib.suppress(MnemonError):
                self.writer.submit_once("rescreen", self._rescreen)

    async def _watch_config(self) -> None:
        """Reload the config file when it changes (watchfiles; a 2 s mtime poll without it)."""
        assert self._loop is not None
        target = str(self.paths.config)
        try:
            import watchfiles
        except ImportError:
            watchfiles = None  # type: ignore[assignment]
        if watchfiles is not None:
            try:
                async for _ in watchfiles.awatch(
                    self.paths.config.parent,
                    watch_filter=lambda _change, path: path == target,
                    recursive=False,
                    debounce=200,
                    step=50,
                ):
                    await self._loop.run_in_executor(None, self.reload_config)
                return
            except (OSError, RuntimeError) as err:
                log.warning("watchfiles unavailable (%s); polling the config file", err)
        last = _mtime(self.paths.config)
        while True:
            await asyncio.sleep(2.0)
            now = _mtime(self.paths.config)
            if now != last:
                last = now
                await self._loop.run_in_executor(None, self.reload_config)

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        sock = writer.get_extra_info("socket")
        try:
            uid = runtime.peer_uid(sock)
        except OSError:
            uid = -1
        if not runtime.peer_allowed(uid, os.getuid()):
            log.warning("refused a connection from uid %s (this daemon serves uid %d only)", uid, os.getuid())
            writer.close()
            return
        self._conns.add(writer)
        task = asyncio.current_task()
        if task is not None:
            self._handlers.add(task)
            task.add_done_callback(self._handlers.discard)
        decoder = FrameDecoder()
        try:
            while not self._stopping:
                try:
                    data = await self._read(reader)
                except asyncio.TimeoutError:
                    log.info("dropping a client idle for %.0f s", self.client_idle)
                    break
                if not data:
                    break
                self.last_activity = time.monotonic()
                try:
                    messages = decoder.feed(data)
                except MnemonError as err:
                    log.warning("bad frame, closing the connection: %s", err.message)
                    await self._send(writer, error_reply(None, err))
                    break
                for msg in messages:
                    await self._serve(msg, writer)
        except (ConnectionError, OSError, asyncio.TimeoutError):
            pass
        finally:
            self._conns.discard(writer)
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()

    async def _read(self, reader: asyncio.StreamReader) -> bytes:
        """The next bytes from a client; asyncio.TimeoutError after ``client_idle`` s of silence."""
        if _timeout is not None:  # Python 3.11+: a timer per read, where wait_for made a task
            async with _timeout(self.client_idle):
                return await reader.read(RECV)
        return await asyncio.wait_for(reader.read(RECV), self.client_idle)

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
            await self._send(writer, error_reply(rid, unreadable(err)))
            return
        except Exception as err:  # a bug in one op must not take the daemon down: report and go on
            log.exception("op %s failed", name)
            await self._send(
                writer, error_reply(rid, MnemonError(f"internal error in '{name}': {err}; see the daemon log"))
            )
            return
        await self._send(writer, ok_reply(rid, result))

    async def _run(self, op: Op, args: dict[str, Any]) -> Any:
        call = functools.partial(op.fn, self, **args)
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
                for chunk in op.fn(self, **args):
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
                        value = unreadable(value)
                    if isinstance(value, MnemonError):
                        await self._send(writer, error_reply(rid, value))
                    else:
                        log.error("stream %s failed", op.name, exc_info=value)
                        await self._send(writer, error_reply(rid, MnemonError(f"internal error in '{op.name}': {value}")))
                    return
        finally:
            cancelled.set()


def _mtime(path: Any) -> float | None:
    try:
        return float(os.stat(path).st_mtime_ns)
    except OSError:
        return None
