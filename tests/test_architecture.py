"""The dependency direction is the architecture: core never imports the daemon or hooks;
hooks and the client stay light (no numpy, sqlite3, platformdirs, httpx)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIGHT = ("numpy", "sqlite3", "platformdirs", "httpx", "watchfiles")


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_core_does_not_import_daemon_or_hooks() -> None:
    for path in (ROOT / "mnemon").glob("*.py"):
        bad = {n for n in _imports(path) if n.split(".")[0] in ("daemon", "mnemon_daemon", "hooks")}
        assert not bad, f"{path.name} imports {bad}"


def test_hooks_import_only_light_modules() -> None:
    for path in (ROOT / "hooks").glob("*.py"):
        heavy = {n for n in _imports(path) if n.split(".")[0] in LIGHT}
        assert not heavy, f"{path.name} imports {heavy}"
        for name in _imports(path):
            if name.startswith("mnemon."):
                assert name in ("mnemon.client", "mnemon.errors", "mnemon.paths", "mnemon.protocol"), name


def test_client_import_stays_light() -> None:
    code = ("import sys, mnemon.client, mnemon.protocol, mnemon.paths, mnemon.errors; "
            f"print([m for m in {LIGHT!r} if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"


def test_paths_matches_platformdirs_on_linux(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import platformdirs

    from mnemon import paths

    if not sys.platform.startswith("linux"):
        return
    for xdg in ("", "/tmp/xdg-data"):
        env = {"HOME": str(Path.home())}
        if xdg:
            env["XDG_DATA_HOME"] = xdg
            monkeypatch.setenv("XDG_DATA_HOME", xdg)
        else:
            monkeypatch.delenv("XDG_DATA_HOME", raising=False)
        assert paths.default_root(env) == Path(platformdirs.user_data_dir("mnemon", appauthor=False))


def test_socket_path_stays_short(tmp_path: Path) -> None:
    from mnemon.paths import Paths

    deep = tmp_path / ("x" * 120)
    p = Paths.resolve({"MNEMON_HOME": str(deep)})
    assert len(str(p.socket).encode()) <= 100
    assert p.db == deep / "mnemon.db"
    other = Paths.resolve({"MNEMON_HOME": str(deep) + "y"})
    assert other.socket != p.socket
