"""The daemon's footprint: private directories, the instance lock, pid and socket files, log rotation."""

from __future__ import annotations

import logging
import logging.handlers
import os
import socket
import stat
from pathlib import Path

import pytest
from mnemon_daemon import runtime

from mnemon.errors import DaemonError
from mnemon.paths import Paths


def test_the_chmod_in_the_refusal_can_be_pasted_with_a_space_in_the_path(tmp_path: Path) -> None:
    import re
    import shlex

    shared = tmp_path / "my data"
    shared.mkdir()
    os.chmod(shared, 0o777)
    with pytest.raises(DaemonError) as caught:
        runtime.secure_dir(shared)
    command = re.search(r"`(chmod 700 [^`]*)`", caught.value.message)
    assert command and shlex.split(command.group(1)) == ["chmod", "700", str(shared)], caught.value.message


def test_secure_dir_creates_private_tightens_and_refuses(tmp_path: Path) -> None:
    fresh = tmp_path / "a" / "run"
    runtime.secure_dir(fresh)
    assert stat.S_IMODE(os.stat(fresh).st_mode) == 0o700
    loose = tmp_path / "loose"
    loose.mkdir(mode=0o755)
    os.chmod(loose, 0o755)
    runtime.secure_dir(loose)
    assert stat.S_IMODE(os.stat(loose).st_mode) == 0o700
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o770)
    with pytest.raises(DaemonError, match="writable by other users"):
        runtime.secure_dir(shared)
    link = tmp_path / "link"
    link.symlink_to(fresh)
    with pytest.raises(DaemonError, match="not a plain directory"):
        runtime.secure_dir(link)


def test_instance_lock_is_exclusive_and_released(tmp_path: Path) -> None:
    path = tmp_path / "daemon.lock"
    first = runtime.InstanceLock(path)
    second = runtime.InstanceLock(path)
    assert first.try_acquire()
    assert not second.try_acquire(wait=0.1)
    first.release()
    assert second.try_acquire()
    second.release()


def test_pid_file_is_ours_and_only_ours_is_removed(tmp_path: Path) -> None:
    pid = tmp_path / "daemon.pid"
    runtime.write_pid(pid)
    assert pid.read_text().strip() == str(os.getpid())
    assert stat.S_IMODE(os.stat(pid).st_mode) == 0o600
    runtime.remove_pid(pid)
    assert not pid.exists()
    pid.write_text("1\n")
    runtime.remove_pid(pid)
    assert pid.exists()


def test_stale_socket_is_replaced_but_other_files_are_not(tmp_path: Path) -> None:
    path = tmp_path / "mnemon.sock"
    stale = socket.socket(socket.AF_UNIX)
    stale.bind(str(path))
    stale.close()
    listener = runtime.bind_socket(path)
    try:
        assert stat.S_IMODE(os.lstat(path).st_mode) == 0o600
    finally:
        listener.close()
    path.unlink()
    path.write_text("not a socket")
    with pytest.raises(DaemonError, match="not a socket"):
        runtime.bind_socket(path)


def test_logs_rotate_at_a_bounded_size(mnemon_home: Path) -> None:
    paths = Paths.resolve()
    logger = logging.getLogger("mnemon")
    saved = (logger.level, logger.propagate, list(logger.handlers))
    runtime.setup_logging(paths, level="debug")
    try:
        (handler,) = logger.handlers
        assert isinstance(handler, logging.handlers.RotatingFileHandler)
        assert handler.maxBytes == runtime.LOG_BYTES and handler.backupCount == runtime.LOG_BACKUPS
        line = "x" * 1000
        for _ in range(2500):
            logger.debug(line)
        assert paths.daemon_log.with_name("daemon.log.1").exists()
        assert paths.daemon_log.stat().st_size <= runtime.LOG_BYTES
    finally:
        for h in logger.handlers:
            h.close()
        logger.setLevel(saved[0])
        logger.propagate = saved[1]
        logger.handlers[:] = saved[2]
