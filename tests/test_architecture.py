"""The dependency direction is the architecture, and the file tree shows it:

* base modules ``mnemon.errors``, ``mnemon.config``, ``mnemon.paths``: import no other part;
* ``mnemon.safety`` (redaction, the guard): the base only;
* ``mnemon.engine`` (the store, recall, lifecycle): safety and the base;
* ``mnemon.claude`` (transcripts, capture, injection): the engine, safety and the base;
* ``mnemon.wire`` (protocol, client, launcher): the base only, and stays light;
* the applications on top (``mnemon.cli``, ``doctor``, ``viewer``, ``mcp_server``, ...), then
  the daemon and the hooks; nothing under ``mnemon/`` imports the daemon or the hooks, and
  hooks and the client stay light (no numpy, sqlite3, platformdirs, httpx)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIGHT = ("numpy", "sqlite3", "platformdirs", "httpx", "watchfiles")


BASE = ("errors", "config", "paths")
LAYERS = {  # package -> the packages it may import besides itself and the base modules
    "safety": (),
    "engine": ("safety",),
    "claude": ("engine", "safety"),
    "wire": (),
}


def _imports(path: Path, *, names: bool = False) -> set[str]:
    """The modules ``path`` imports (anywhere, lazily too); with ``names``, also ``M.name``
    for each ``from M import name`` (which may be a module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            if names:
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def _part(module: str) -> str | None:
    """The part of mnemon a module belongs to: a layer package, a base module, or the top."""
    bits = module.split(".")
    if bits[0] != "mnemon" or len(bits) < 2 or bits[1].startswith("__"):
        return None
    return bits[1] if bits[1] in LAYERS or bits[1] in BASE else "top"


def test_core_does_not_import_daemon_or_hooks() -> None:
    for path in (ROOT / "mnemon").rglob("*.py"):
        bad = {n for n in _imports(path) if n.split(".")[0] in ("daemon", "mnemon_daemon", "hooks")}
        assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_layers_import_downward_only() -> None:
    """Each layer package imports only the layers below it and the base; base modules import
    no layer and nothing on top; nothing but the top imports the top."""
    checked = 0
    for path in sorted((ROOT / "mnemon").rglob("*.py")):
        rel = path.relative_to(ROOT)
        here = rel.parts[1] if len(rel.parts) > 2 else path.stem
        allowed = set(BASE) | ({here, *LAYERS[here]} if here in LAYERS else set())
        if here in BASE:
            allowed = set(BASE)
        elif here not in LAYERS:
            continue  # the top may import anything below it
        for name in _imports(path, names=True):
            part = _part(name)
            if part is None or part in allowed:
                continue
            raise AssertionError(f"{rel} (layer {here}) imports {name} ({part})")
        checked += 1
    assert checked > 30


def test_hooks_import_only_light_modules() -> None:
    for path in (ROOT / "hooks").glob("*.py"):
        heavy = {n for n in _imports(path) if n.split(".")[0] in LIGHT}
        assert not heavy, f"{path.name} imports {heavy}"
        for name in _imports(path):
            if name.startswith("mnemon."):
                assert name in ("mnemon.wire.client", "mnemon.errors", "mnemon.paths", "mnemon.wire.protocol"), name


def test_client_import_stays_light() -> None:
    code = ("import sys, mnemon.wire.client, mnemon.wire.protocol, mnemon.paths, mnemon.errors; "
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


# -- size limits (issue 13): a module fits in a few hundred lines, a function on a screen --------------------------

MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 80
SIZED = ("mnemon", "daemon", "hooks")
DATA_TABLES: dict[str, str] = {}
"""Functions allowed past MAX_FUNCTION_LINES because they are data tables (``"path:function"`` -> why); keep it
small, and drop an entry once its function fits."""


def _sized_files() -> list[Path]:
    return sorted(p for top in SIZED for p in (ROOT / top).rglob("*.py"))


def _function_lengths() -> dict[str, int]:
    """``"path:qualified.name"`` -> lines, for every function and method (nested ones too), decorators excluded."""
    found: dict[str, int] = {}

    def visit(node: ast.AST, path: str, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                if not isinstance(child, ast.ClassDef):
                    found[f"{path}:{name}"] = (child.end_lineno or child.lineno) - child.lineno + 1
                visit(child, path, name + ".")
            else:
                visit(child, path, prefix)

    for path in _sized_files():
        visit(ast.parse(path.read_text(encoding="utf-8")), str(path.relative_to(ROOT)), "")
    return found


def test_no_module_is_over_the_line_limit() -> None:
    sizes = {str(p.relative_to(ROOT)): len(p.read_text(encoding="utf-8").splitlines()) for p in _sized_files()}
    assert len(sizes) > 50
    over = {path: n for path, n in sizes.items() if n > MAX_MODULE_LINES}
    assert not over, f"modules over {MAX_MODULE_LINES} lines (split them by concern): {over}"


def test_no_function_is_over_the_line_limit() -> None:
    lengths = _function_lengths()
    assert lengths["daemon/ops.py:Op.validate"] > 10  # methods are measured, by their qualified names
    over = {name: n for name, n in lengths.items() if n > MAX_FUNCTION_LINES and name not in DATA_TABLES}
    assert not over, f"functions over {MAX_FUNCTION_LINES} lines (give their stages functions of their own): {over}"
    stale = {name for name in DATA_TABLES if lengths.get(name, 0) <= MAX_FUNCTION_LINES}
    assert not stale, f"DATA_TABLES entries that fit now or are gone (remove them): {stale}"
