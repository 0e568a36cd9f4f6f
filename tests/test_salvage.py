"""A damaged store with no daemon to export from: `mnemon doctor`'s recovery has to work then too.

Regression: with one damaged page in `insights` and the daemon stopped (it then refuses the file at
every start: it reads every row to build its RAM), doctor told the user to run
`mnemon export > mnemon-rescue.jsonl` "(the daemon still holds the memories)", then to move the
file aside and import. The export read the file whole, failed on the damaged page and wrote
nothing (exit 1): following the advice to the letter left an empty rescue file and, after the
move, an empty store. The export now reads what the damaged file still gives, range by range.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import struct
from pathlib import Path

import pytest

from mnemon import doctor
from mnemon.config import load
from mnemon.engine.memory import Memory
from mnemon.engine.salvage import Salvage
from mnemon.errors import StorageError
from mnemon.paths import Paths
from tests.cli_harness import cli as run
from tests.cli_harness import cli_json as run_json

PAGE = 4096


def _store(path: Path, n: int) -> dict[str, str]:
    """A store of ``n`` distinct memories (linked as the engine links them): id -> content."""
    made: dict[str, str] = {}
    with Memory.open(path, config=load(env={}, overrides={"embedder": "none"})) as mem:
        for i in range(n):
            text = f"The worker w{i} listens on port {9000 + i} and writes its log to /var/log/w{i}.log weekly"
            made[mem.remember(text, embed=False).id or ""] = text
        mem.link(next(iter(made)), list(made)[-1], type="causal", weight=0.7)
    for suffix in ("-wal", "-shm"):  # closed cleanly: everything is in the main file
        assert not Path(f"{path}{suffix}").exists() or Path(f"{path}{suffix}").stat().st_size == 0
    Path(f"{path}.state").unlink(missing_ok=True)  # no RAM snapshot to start from: the file alone
    return made


def _leaves(path: Path, table: str) -> list[int]:
    """The page numbers of the leaves under ``table``'s root, read from the b-tree itself (the
    root of a table of a few hundred rows is one interior page over its leaves)."""
    with sqlite3.connect(path) as conn:
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
    data = path.read_bytes()
    page = data[(root - 1) * PAGE: root * PAGE]
    assert page[0] == 0x05, "expected an interior table page at the root"
    cells = struct.unpack(">H", page[3:5])[0]
    offsets = struct.unpack(f">{cells}H", page[12:12 + 2 * cells])
    return [struct.unpack(">I", page[o:o + 4])[0] for o in offsets] + [struct.unpack(">I", page[8:12])[0]]


def _damage(path: Path, page_no: int) -> None:
    with path.open("r+b") as handle:
        handle.seek((page_no - 1) * PAGE)
        handle.write(b"\x5a" * PAGE)


def test_salvage_reads_every_row_but_those_on_the_damaged_page(tmp_path: Path) -> None:
    path = tmp_path / "mnemon.db"
    made = _store(path, 240)
    leaves = _leaves(path, "insights")
    assert len(leaves) >= 4
    _damage(path, leaves[len(leaves) // 2])
    with pytest.raises(StorageError, match="malformed"):
        Memory.open(path, read_only=True).close()  # what the daemon and the old export met
    salvage = Salvage(path)
    records = list(salvage)
    insights = {r["id"]: r for r in records if r["kind"] == "insight"}
    assert 0 < len(made) - len(insights) < 40 and salvage.lost >= len(made) - len(insights)
    assert salvage.memories == len(insights)
    assert all(made[i] == r["content"] and r["kind"] == "insight" for i, r in insights.items())
    edges = [r for r in records if r["kind"] == "edge"]
    assert edges and salvage.edges == len(edges)
    assert all(e["source_id"] in insights and e["target_id"] in insights for e in edges)


def test_a_table_with_nothing_readable_is_refused_not_exported_empty(tmp_path: Path) -> None:
    """An empty export written with `-o` would replace the last good backup with nothing."""
    path = tmp_path / "mnemon.db"
    _store(path, 240)
    with sqlite3.connect(path) as conn:
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'insights'").fetchone()[0]
    _damage(path, root)
    with pytest.raises(StorageError, match="no memory could be read"):
        list(Salvage(path))


def test_doctors_recovery_works_with_the_daemon_stopped(home: Path, capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path) -> None:
    paths = Paths.resolve()
    paths.root.mkdir(parents=True, exist_ok=True)
    made = _store(paths.db, 240)
    leaves = _leaves(paths.db, "insights")
    _damage(paths.db, leaves[1])

    checks = {c.name: c for c in doctor.run(paths, start=True)}  # the daemon refuses the file at its start
    assert checks["daemon"].level == "fail" and "database line below" in checks["daemon"].fix
    fix = checks["database"].fix
    assert checks["database"].level == "fail" and "still holds" not in fix
    assert "`mnemon export -o mnemon-rescue.jsonl`" in fix and "`mnemon import mnemon-rescue.jsonl`" in fix
    assert fix.count("To recover") == 1  # said once, not wrapped in itself

    rescue = tmp_path / "mnemon-rescue.jsonl"
    code, _, err = run(capsys, "export", "-o", str(rescue))
    assert code == 0 and "salvaged" in err, err
    kept = {json.loads(line)["id"] for line in rescue.read_text().splitlines() if '"insight"' in line}
    assert len(made) - 40 < len(kept) < len(made) and kept <= set(made)
    assert run(capsys, "daemon", "stop")[0] == 0
    aside = tmp_path / "aside"
    aside.mkdir()
    for name in ("mnemon.db", "mnemon.db-wal", "mnemon.db-shm"):
        if (paths.root / name).exists():
            shutil.move(str(paths.root / name), aside / name)
    code, _, err = run(capsys, "import", str(rescue))
    assert code == 0, err
    assert run_json(capsys, "status")["insights"] == len(kept)
    some = sorted(kept)[0]
    assert run_json(capsys, "show", some[:8])["content"] == made[some]
