"""Where the MCP server is declared: the plugin's .mcp.json (through bootstrap.sh --mcp) and,
for settings installs, Claude Code's global config, which install.sh edits and --uninstall
restores."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mnemon.claude import settings as st
from mnemon.errors import ConfigError

REPO = Path(__file__).resolve().parents[1]
INSTALL = REPO / "install.sh"
BOOTSTRAP = REPO / "hooks" / "bootstrap.sh"


def base_env(home: Path, **extra: str) -> dict[str, str]:
    env = {"PATH": os.environ["PATH"], "HOME": str(home), "LANG": "C.UTF-8"}
    env.update(extra)
    return env


def test_global_config_path_follows_claude_config_dir(tmp_path: Path) -> None:
    assert st.global_config_path({"HOME": str(tmp_path)}) == tmp_path / ".claude.json"
    assert st.global_config_path({"HOME": "/x", "CLAUDE_CONFIG_DIR": str(tmp_path / "cc")}) == \
        tmp_path / "cc" / ".claude.json"


def test_install_and_uninstall_keep_everything_else(tmp_path: Path) -> None:
    path = tmp_path / ".claude.json"
    other = {"numStartups": 3, "mcpServers": {"github": {"type": "stdio", "command": "gh-mcp", "args": []}},
             "projects": {"/x": {"allowedTools": []}}}
    path.write_text(json.dumps(other))
    first = st.install_mcp(path, "/venv/bin/python")
    assert first.changed and first.backup is not None and json.loads(first.backup.read_text()) == other
    data = json.loads(path.read_text())
    assert data["mcpServers"]["mnemon"] == {"type": "stdio", "command": "/venv/bin/python",
                                            "args": ["-I", "-m", "mnemon.mcp_server"], "env": {}}
    assert data["mcpServers"]["github"] == other["mcpServers"]["github"] and data["numStartups"] == 3
    assert not st.install_mcp(path, "/venv/bin/python").changed, "idempotent"
    assert st.install_mcp(path, "/other/venv/bin/python").changed, "a moved venv is updated"
    gone = st.uninstall_mcp(path)
    assert gone.changed and json.loads(path.read_text()) == other
    assert not st.uninstall_mcp(path).changed


def test_a_foreign_entry_of_our_name_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / ".claude.json"
    theirs = {"mcpServers": {"mnemon": {"type": "stdio", "command": "someone-elses-server"}}}
    path.write_text(json.dumps(theirs))
    with pytest.raises(ConfigError, match="not ours"):
        st.install_mcp(path, "/venv/bin/python")
    assert not st.uninstall_mcp(path).changed
    assert json.loads(path.read_text()) == theirs
    path.write_text("{broken")
    with pytest.raises(ConfigError, match="not valid JSON"):
        st.install_mcp(path, "/venv/bin/python")
    assert path.read_text() == "{broken"


def test_a_new_config_file_is_private(tmp_path: Path) -> None:
    path = tmp_path / "cc" / ".claude.json"
    assert st.install_mcp(path, sys.executable).changed
    assert path.stat().st_mode & 0o777 == 0o600


def test_uninstall_without_venv_removes_the_mcp_server(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    config = home / ".claude.json"
    config.write_text(json.dumps({"theme": "dark", "mcpServers": {
        "mnemon": st.mcp_entry("/gone/venv/bin/python"), "other": {"command": "x"}}}))
    env = base_env(home, MNEMON_HOME=str(tmp_path / "d"), MNEMON_VENV=str(tmp_path / "no-venv"))
    proc = subprocess.run(["bash", str(INSTALL), "--uninstall"], env=env, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert json.loads(config.read_text()) == {"theme": "dark", "mcpServers": {"other": {"command": "x"}}}
    assert "removed from" in proc.stdout


def test_the_plugin_declares_the_server_through_bootstrap() -> None:
    declared = json.loads((REPO / ".mcp.json").read_text())
    assert declared == {"mcpServers": {"mnemon": {
        "command": "bash", "args": ["${CLAUDE_PLUGIN_ROOT}/hooks/bootstrap.sh", "--mcp"]}}}


def test_bootstrap_mcp_runs_the_server_when_ready_and_fails_softly_when_not(tmp_path: Path) -> None:
    root = tmp_path / "plugin root"
    (root / "hooks").mkdir(parents=True)
    (root / "hooks" / "bootstrap.sh").write_bytes(BOOTSTRAP.read_bytes())
    (root / "pyproject.toml").write_text('[project]\nname = "x"\nversion = "1"\n')
    data = tmp_path / "data"
    venv = data / "venv-test"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").write_text('#!/bin/sh\necho "python $*"\n')
    (venv / "bin" / "python").chmod(0o755)
    digest = subprocess.run(["sha256sum", str(root / "pyproject.toml")], capture_output=True, text=True,
                            check=True).stdout.split()[0]
    (venv / ".mnemon-stamp").write_text(f"{root}\n{digest}\n")
    (data / "venv").symlink_to(venv)
    env = base_env(tmp_path, CLAUDE_PLUGIN_ROOT=str(root), CLAUDE_PLUGIN_DATA=str(data))
    ran = subprocess.run(["bash", str(root / "hooks" / "bootstrap.sh"), "--mcp"], env=env, capture_output=True,
                         text=True, timeout=30)
    assert (ran.returncode, ran.stdout.strip()) == (0, "python -I -m mnemon.mcp_server")
    (root / "pyproject.toml").write_text('[project]\nname = "x"\nversion = "2"\n')  # stale: not ready
    (root / "hooks" / "mcp_pending.py").write_bytes((REPO / "hooks" / "mcp_pending.py").read_bytes())
    (root / "hooks" / "bootstrap.sh").write_text(  # the background build must not run here
        (root / "hooks" / "bootstrap.sh").read_text().replace("    start_build\n            py=", "    py="))
    requests = [{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18"}},
                {"jsonrpc": "2.0", "method": "notifications/initialized"},
                {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
                {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "memory_search"}}]
    late = subprocess.run(["bash", str(root / "hooks" / "bootstrap.sh"), "--mcp"], env=env, text=True,
                          input="".join(json.dumps(r) + "\n" for r in requests), capture_output=True, timeout=30)
    assert late.returncode == 0, late.stderr
    init, listed, refused = (json.loads(line) for line in late.stdout.splitlines())
    assert init["id"] == 1 and init["result"]["protocolVersion"] == "2025-06-18"
    assert "next session" in init["result"]["instructions"]
    assert listed == {"jsonrpc": "2.0", "id": 2, "result": {"tools": []}}
    assert refused["id"] == 3 and refused["error"]["code"] == -32601
