"""The database file deleted or moved aside while the daemon runs.

Regression: after `rm ~/.local/share/mnemon/mnemon.db*` (or moving the file aside before stopping the
daemon, the order `mnemon doctor`'s recovery warns about), the daemon went on acknowledging writes
("added 8f9258eb") into the unlinked file, `status` and `list` showed them, `doctor` said only that the
database "does not exist yet", and the next start lost every one of them. The daemon now stops within
about a second of the file going, and the next client starts one on what is at the path.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from daemon_harness import wait_until

from mnemon.paths import Paths
from mnemon.wire.client import ping
from tests.cli_harness import cli as run
from tests.cli_harness import cli_json as run_json


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.parametrize("how", ["removed", "replaced"])
def test_the_daemon_stops_when_its_database_file_goes(home: Path, capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path, how: str) -> None:
    first = run_json(capsys, "remember", "The staging cluster is called tern")["id"]
    paths = Paths.resolve()
    info = ping(paths, timeout=2)
    assert info is not None
    aside = tmp_path / "aside"
    aside.mkdir()
    for name in ("mnemon.db", "mnemon.db-wal", "mnemon.db-shm"):
        if (paths.root / name).exists():
            shutil.move(str(paths.root / name), aside / name)
    if how == "replaced":  # another store put in its place (a restore from a copy, say)
        for name in ("mnemon.db", "mnemon.db-wal"):
            if (aside / name).exists():
                shutil.copy(aside / name, paths.root / name)
    assert wait_until(lambda: not _alive(info["pid"]), timeout=10), "the daemon went on serving a file that is gone"
    logs = "".join(p.read_text() for p in paths.root.rglob("daemon.log"))
    assert f"was {how} while the daemon ran" in logs
    second = run_json(capsys, "remember", "The prod cluster is called heron")["id"]
    listed = {item["id"] for item in run_json(capsys, "list")["items"]}
    # what was acknowledged is in a file one can open: the new store, or the one moved aside
    assert second in listed and (first in listed) == (how == "replaced")
    code, _, _ = run(capsys, "daemon", "stop")
    assert code == 0
