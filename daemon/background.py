"""The daemon's background work, bound as methods of ``Daemon``: the ticker (flushes, idle exit,
the capture spool, periodic maintenance), maintenance and re-screening on the writer, and
config reloads (a file watch, then the new settings handed to the engine through the writer).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import sys
import time
from typing import TYPE_CHECKING, Any

from mnemon_daemon import runtime
from mnemon_daemon.ops import OPS

from mnemon import config as config_mod
from mnemon.config import Config
from mnemon.errors import ConfigError, MnemonError

if TYPE_CHECKING:
    from mnemon_daemon.server import Daemon

    from mnemon.engine.embedders import Embedder

log = logging.getLogger("mnemon.daemon")

FLUSH_EVERY = 1.0
MAINTAIN_EVERY = 6 * 3600.0  # seconds between retention passes (the first runs at start)
CODE_CHECK_EVERY = 5.0  # seconds between looks at the code on disk (runtime.code_stamp, about 1 ms)
UPGRADE_IDLE = 1.0  # after an upgrade in place, the daemon exits once no request came for this long


def reload_config(d: Daemon) -> bool:
    """Re-read the config file; a bad file keeps the running config. True when it changed."""
    try:
        return _reload_config(d)
    except Exception:  # a failed reload must not end the watcher: the running config stays
        log.exception("config reload failed; keeping the running configuration")
        return False


def _reload_config(d: Daemon) -> bool:
    with d._reload_lock:
        try:
            new = config_mod.load(d.paths.config)
        except ConfigError as err:
            if err.message != d.config_error:
                log.error("config not reloaded, keeping the running one: %s", err.message)
            d.config_error = err.message
            return False
        d.config_error = None
        old = d.config
        if new == old:
            return False
        changed = {k: v for k, v in new.as_dict().items() if old.as_dict()[k] != v}
        log.info("config reloaded: %s", changed)
        runtime.set_level(new.log_level)
        if (new.embedder, new.ollama_url, new.ollama_model) != (old.embedder, old.ollama_url, old.ollama_model):
            from mnemon_daemon.server import make_embedder  # noqa: PLC0415 - it imports this module

            embedder, error = make_embedder(new)
            if error is None:
                previous, d.embedder = d.embedder, embedder
                d.embedder_error = None
                _apply(d, new, embedder)
                from mnemon.engine.embedders import close

                close(previous)
                log.info("embedder now %s", d.describe_embedder())
            else:
                d.embedder_error = error
                log.error("embedder %r unavailable, keeping the previous one: %s", new.embedder, error)
                _apply(d, new, d.embedder)
        else:
            _apply(d, new, d.embedder)
        d.config = new
        d.embedder_wake()
        return True


EMBEDDER_RETRY = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0, 60.0)  # seconds between tries; then every minute


def retry_embedder(d: Daemon) -> None:
    """An Ollama embedder that could not be reached at start (the server not up yet, a probe cut
    short on a busy machine) is tried again in the background, less and less often, until it
    answers or the embedder settings change; until then recall goes on without vectors."""
    wanted = (d.config.embedder, d.config.ollama_url, d.config.ollama_model)
    waits = iter(EMBEDDER_RETRY)
    while d.embedder is None and d.embedder_error and wanted[0] == "ollama":
        time.sleep(next(waits, EMBEDDER_RETRY[-1]))
        with d._reload_lock:
            cfg = d.config
            if d.embedder is not None or (cfg.embedder, cfg.ollama_url, cfg.ollama_model) != wanted:
                return  # a reload took over
            from mnemon_daemon.server import make_embedder  # noqa: PLC0415 - it imports this module

            embedder, error = make_embedder(cfg)
            if error is not None or embedder is None:
                d.embedder_error = error
                continue
            try:
                _apply(d, cfg, embedder)
            except Exception:  # the writer is gone: the daemon is stopping
                from mnemon.engine.embedders import close

                close(embedder)
                return
            d.embedder, d.embedder_error = embedder, None
            log.info("embedder now %s", d.describe_embedder())
        d.embedder_wake()
        return


def _apply(d: Daemon, cfg: Config, embedder: Embedder | None) -> None:
    """Hand the new settings (prune cap, embedder) to the engine, through the writer."""
    memory = d.memory

    def job() -> None:
        memory.set_config(cfg)
        if embedder is not memory.embedder:
            memory.set_embedder(embedder)

    d.writer.submit(job).result()


def _reload_soon(d: Daemon) -> None:
    assert d._loop is not None
    d._loop.run_in_executor(None, d.reload_config)


def _idle_for(d: Daemon, seconds: float) -> bool:
    """No connection open, nothing queued on the writer, and no request for ``seconds``."""
    return not len(d.conns) and d.writer.depth == 0 and time.monotonic() - d.last_activity > seconds


def _upgraded(d: Daemon) -> bool:
    """Whether the code on disk changed since this daemon started and has settled (the same at two
    looks CODE_CHECK_EVERY s apart: a pull or an install in progress is waited for)."""
    if d.code_stamp is None or d.upgraded:
        return bool(d.upgraded)
    if time.monotonic() >= d._next_code_check:
        d._next_code_check = time.monotonic() + CODE_CHECK_EVERY
        now = runtime.code_stamp()
        d.upgraded = now != d.code_stamp and now == d._code_seen
        d._code_seen = now
    return bool(d.upgraded)


def _uninstalled() -> bool:
    """Whether the interpreter this daemon runs is gone from disk (one stat a tick)."""
    return bool(sys.executable) and not os.path.exists(sys.executable)


def _file_id(path: os.PathLike[str] | str) -> tuple[int, int] | None:
    """The device and inode of ``path``, None when nothing is there (other errors: unknown, "")."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError:
        return (-1, -1)
    return (st.st_dev, st.st_ino)


async def _ticker(d: Daemon) -> None:
    store = _file_id(d.memory.path)
    while True:
        await asyncio.sleep(FLUSH_EVERY)
        now = _file_id(d.memory.path)
        if store not in (None, (-1, -1)) and now != (-1, -1) and now != store:
            # deleted or moved aside under a running daemon: every write from now on would go to a file no
            # one can open again (acknowledged, then lost at the next start); the next client starts a
            # daemon on what is at the path now
            log.error("the database file %s was %s while the daemon ran: stopping, so that no write goes "
                      "to the old file", d.memory.path, "removed" if now is None else "replaced")
            assert d._stop is not None
            d._stop.set()
            return
        idle_limit = d.config.idle_exit_minutes * 60
        runtime.bound_stderr(d.paths)
        if idle_limit > 0 and _idle_for(d, idle_limit):
            log.info("idle for %.1f minutes: exiting", d.config.idle_exit_minutes)
            assert d._stop is not None
            d._stop.set()
            return
        if _uninstalled():
            # its environment was deleted under it (the plugin uninstalled, its venv removed): no hook will
            # call it again and no successor can start from there, so it stops instead of idling forever
            log.info("the environment this daemon runs from is gone (%s was removed: an uninstall): exiting",
                     sys.executable)
            assert d._stop is not None
            d._stop.set()
            return
        if _upgraded(d) and _idle_for(d, UPGRADE_IDLE):
            # an upgrade in place: the daemon's main starts one of the new code once this one is closed
            # (a hook meanwhile spools its capture, and the prompt hook waits for the start)
            log.info("the code on disk changed since this daemon started (an upgrade): exiting between "
                     "requests, and starting a daemon of the new code")
            assert d._stop is not None
            d.handing_over = True
            d._stop.set()
            return
        with contextlib.suppress(MnemonError):
            d.writer.submit_once("flush", d.memory.flush)
        if os.path.exists(d.paths.spool_path):
            _drain_spool(d)
        if time.monotonic() >= d._next_maintenance:
            d._next_maintenance = time.monotonic() + MAINTAIN_EVERY
            with contextlib.suppress(MnemonError):
                d.writer.submit_once("maintain", d._maintain)


def _drain_spool(d: Daemon) -> None:
    """Queue the captures hooks spooled while the daemon was down (see hooks/_hooklib.py).
    The file is renamed first, so a hook appending meanwhile starts a new one."""

    path = d.paths.spool_path
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
        d.captures.submit(args)
        queued += 1
    log.info("capture spool: %d captures queued, %d bad lines skipped", queued, bad)


def _maintain(d: Daemon) -> None:
    """Retention and VACUUM (Memory.maintain), on the writer: at start, then every few hours."""
    try:
        report = d.memory.maintain()
    except MnemonError as err:
        log.warning("maintenance failed: %s", err)
        return
    if report["purged"] or report["vacuumed"]:
        log.info("maintenance: %s", report)
    _rescreen(d)


def _rescreen(d: Daemon) -> None:
    """One batch of memories stored under older secret or injection rules screened again (``mnemon.engine.rescreen``),
    on the writer; the next batch is queued behind whatever arrived meanwhile."""
    try:
        report = d.memory.rescreen()
    except MnemonError as err:
        log.warning("re-screening failed: %s", err)
        return
    if report["redacted"] or report["flagged"] or report["unflagged"]:
        log.info("re-screened %d memories: %s", report["screened"], report)
    if report["more"]:
        with contextlib.suppress(MnemonError):
            d.writer.submit_once("rescreen", d._rescreen)


async def _watch_config(d: Daemon) -> None:
    """Reload the config file when it changes (watchfiles; a 2 s mtime poll without it)."""
    assert d._loop is not None
    target = str(d.paths.config)
    try:
        import watchfiles
    except ImportError:
        watchfiles = None  # type: ignore[assignment]
    if watchfiles is not None:
        try:
            async for _ in watchfiles.awatch(
                d.paths.config.parent,
                watch_filter=lambda _change, path: path == target,
                recursive=False,
                debounce=200,
                step=50,
            ):
                await d._loop.run_in_executor(None, d.reload_config)
            return
        except (OSError, RuntimeError) as err:
            log.warning("watchfiles unavailable (%s); polling the config file", err)
    last = _mtime(d.paths.config)
    while True:
        await asyncio.sleep(2.0)
        now = _mtime(d.paths.config)
        if now != last:
            last = now
            await d._loop.run_in_executor(None, d.reload_config)


def _mtime(path: Any) -> float | None:
    try:
        return float(os.stat(path).st_mtime_ns)
    except OSError:
        return None
