"""A data directory that cannot be written: the file system under it remounted read-only (what
the kernel does after disk errors), with the daemon stopped. The CLI cannot start a daemon there,
and says why; the read commands show the store read-only as they do for a daemon that is down,
and doctor reports each part. Before, every command, doctor too, died with
"mnemon: Read-only file system: .../run/spawn.lock", and the read-only view, once reached, said
the database had no Mnemon schema (SQLite could not make the WAL's -shm file beside it).

Needs root and mount(8), for a read-only bind mount of the data directory (skipped otherwise)."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli_harness import cli as run


@pytest.fixture
def read_only_root(home: Path, capsys: pytest.CaptureFixture[str]) -> Iterator[Path]:
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("needs root and mount(8) for a read-only bind mount")
    for text in ("The ingest API listens on port 8443", "Nightly backups run at 02:30 UTC"):
        assert run(capsys, "remember", text)[0] == 0
    assert run(capsys, "daemon", "stop")[0] == 0
    root = str(home)
    for cmd in (["mount", "--bind", root, root], ["mount", "-o", "remount,bind,ro", root]):
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            subprocess.run(["umount", root], check=False, capture_output=True)
            pytest.skip(f"cannot bind-mount read-only here: {done.stderr.strip()}")
    try:
        yield home
    finally:
        subprocess.run(["umount", root], check=False, capture_output=True)


def test_read_commands_show_the_store_and_say_why_no_daemon(read_only_root: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "status")
    assert code == 0 and "memories   2" in out, (out, err)
    assert "cannot be written (Read-only file system)" in err and "directly (read-only)" in err
    code, out, err = run(capsys, "recall", "which port does the ingest API listen on")
    assert code == 0 and "port 8443" in out, (out, err)
    code, out, err = run(capsys, "export")
    assert code == 0 and out.count('"kind": "insight"') == 2, (out, err)
    code, _, err = run(capsys, "remember", "A write has nowhere to go")
    assert code == 1 and "cannot be written" in err


def test_doctor_reports_the_unwritable_directory_and_a_whole_database(read_only_root: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "doctor")
    lines = out.splitlines()
    daemon = next((i for i, line in enumerate(lines) if line.startswith("FAIL  daemon")), None)
    assert code == 1 and daemon is not None, (out, err)
    assert "cannot be written" in lines[daemon] and "writable again" in lines[daemon + 1]
    assert any(line.startswith("OK    database") and "2 memories" in line for line in lines), out
