"""install.sh, the plugin manifests and the plugin bootstrap, run for real in throwaway
HOMEs. The full install (a new venv, pip, daemon, doctor) is marked slow."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]
from pathlib import Path

import pytest

from mnemon.claude import settings as st

REPO = Path(__file__).resolve().parents[1]
INSTALL = REPO / "install.sh"
BOOTSTRAP = REPO / "hooks" / "bootstrap.sh"


def sh(args: list[str], env: dict[str, str], timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args, env=env, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL
    )


def base_env(home: Path, **extra: str) -> dict[str, str]:
    env = {"PATH": os.environ.get("PATH", os.defpath), "HOME": str(home), "LANG": "C.UTF-8"}
    env.update(extra)
    return env


# -- install.sh: options ---------------------------------------------------------------------


def test_help_lists_every_mode(tmp_path: Path) -> None:
    proc = sh(["bash", str(INSTALL), "--help"], base_env(tmp_path))
    assert proc.returncode == 0
    for word in ("--uninstall", "--purge", "--test", "settings.json", "MNEMON_HOME", "doctor"):
        assert word in proc.stdout


def test_unknown_option_is_refused(tmp_path: Path) -> None:
    proc = sh(["bash", str(INSTALL), "--frobnicate"], base_env(tmp_path))
    assert proc.returncode == 2
    assert "unknown option --frobnicate" in proc.stderr


def test_purge_alone_is_refused(tmp_path: Path) -> None:
    proc = sh(["bash", str(INSTALL), "--purge"], base_env(tmp_path))
    assert proc.returncode == 1
    assert "--uninstall --purge" in proc.stderr
    assert not (tmp_path / ".claude").exists()


def test_script_is_strict_bash() -> None:
    text = INSTALL.read_text()
    assert text.startswith("#!/usr/bin/env bash\n")
    assert "set -euo pipefail" in text
    assert os.access(INSTALL, os.X_OK)
    assert subprocess.run(["bash", "-n", str(INSTALL)]).returncode == 0
    assert subprocess.run(["bash", "-n", str(BOOTSTRAP)]).returncode == 0


def test_uninstall_hint_can_be_pasted_from_a_path_with_a_space(tmp_path: Path) -> None:
    """The closing "Remove it with: ..." line is a command to paste: with the clone in a folder
    whose name has a space, the words a shell makes of it must still name install.sh."""
    line = next(ln for ln in INSTALL.read_text().splitlines() if "Remove it with" in ln)
    repo = tmp_path / "new user" / "mnemon"
    proc = subprocess.run(
        ["bash", "-c", f'REPO="$1"; {line.strip()}', "bash", str(repo)],
        capture_output=True, text=True, check=True,
    )
    pasted = proc.stdout.strip().removeprefix("Remove it with: ")
    assert shlex.split(pasted) == [str(repo / "install.sh"), "--uninstall"], proc.stdout


def test_claude_code_pin_is_one_version_everywhere() -> None:
    pinned = re.search(r'^CLAUDE_CODE_VERSION="([^"]+)"', INSTALL.read_text(), re.M)
    assert pinned and re.fullmatch(r"\d+\.\d+\.\d+", pinned.group(1))
    harness = (REPO / "tests" / "e2e" / "claude_harness.py").read_text()
    assert f'CLAUDE_CODE_VERSION = "{pinned.group(1)}"' in harness


def test_ci_runs_the_test_command() -> None:
    text = (REPO / ".ci" / "run").read_text()
    assert "set -euo pipefail" in text
    assert re.search(r"install\.sh --test", text)


# -- install.sh --uninstall / --purge without a venv (system Python fallback) -------------------


def installed_settings(home: Path) -> Path:
    path = home / ".claude" / "settings.json"
    path.parent.mkdir(parents=True)
    other = {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "other.sh"}]}]}, "theme": "dark"}
    merged = st.merge_hooks(other, st.hook_commands(sys.executable, REPO / "hooks"), REPO / "hooks")
    path.write_text(json.dumps(merged))
    return path


def test_uninstall_without_venv_removes_only_our_hooks_and_keeps_data(tmp_path: Path) -> None:
    home = tmp_path / "my home"
    data = tmp_path / "data"
    data.mkdir()
    (data / "mnemon.db").write_bytes(b"x")
    path = installed_settings(home)
    env = base_env(home, MNEMON_HOME=str(data), MNEMON_VENV=str(tmp_path / "no-venv"))
    proc = sh(["bash", str(INSTALL), "--uninstall"], env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    left = json.loads(path.read_text())
    assert left == {
        "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "other.sh"}]}]},
        "theme": "dark",
    }
    assert (data / "mnemon.db").exists()
    assert "Memories kept" in proc.stdout
    again = sh(["bash", str(INSTALL), "--uninstall"], env)
    assert again.returncode == 0 and "nothing changed" in again.stdout


def test_uninstall_names_the_venv_only_when_it_exists_in_a_command_to_paste(tmp_path: Path) -> None:
    """The rm -rf line is pasted as is: a venv path with a space must stay one word (unquoted,
    it would delete two other paths); and a venv that is not there is not said to be."""
    home = tmp_path / "home"
    installed_settings(home)
    missing = base_env(home, MNEMON_HOME=str(tmp_path / "data"), MNEMON_VENV=str(tmp_path / "no venv"))
    proc = sh(["bash", str(INSTALL), "--uninstall"], missing)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Mnemon is uninstalled" in proc.stdout and "no venv" not in proc.stdout, proc.stdout
    venv = tmp_path / "my venv"
    venv.mkdir()
    env = base_env(home, MNEMON_HOME=str(tmp_path / "data"), MNEMON_VENV=str(venv))
    proc = sh(["bash", str(INSTALL), "--uninstall"], env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    line = next(ln for ln in proc.stdout.splitlines() if "rm -rf" in ln)
    assert shlex.split(line.split("remove it with: ", 1)[1]) == ["rm", "-rf", str(venv)], line


def test_uninstall_purge_deletes_the_data_root(tmp_path: Path) -> None:
    home = tmp_path / "home"
    data = tmp_path / "data"
    (data / "logs").mkdir(parents=True)
    (data / "mnemon.db").write_bytes(b"x")
    installed_settings(home)
    env = base_env(home, MNEMON_HOME=str(data), MNEMON_VENV=str(tmp_path / "no-venv"))
    proc = sh(["bash", str(INSTALL), "--uninstall", "--purge"], env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert not data.exists()
    assert f"Deleted the data directory {data}" in proc.stdout


@pytest.mark.parametrize("where", ["home", "foreign"])
def test_purge_refuses_directories_that_are_not_ours(tmp_path: Path, where: str) -> None:
    home = tmp_path / "home"
    installed_settings(home)
    target = home if where == "home" else tmp_path / "photos"
    target.mkdir(exist_ok=True)
    (target / "keep.jpg").write_bytes(b"precious")
    env = base_env(home, MNEMON_HOME=str(target), MNEMON_VENV=str(tmp_path / "no-venv"))
    proc = sh(["bash", str(INSTALL), "--uninstall", "--purge"], env)
    assert proc.returncode == 1
    assert "refusing to delete" in proc.stderr
    assert (target / "keep.jpg").read_bytes() == b"precious"


def test_uninstall_refuses_invalid_settings_json(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = home / ".claude" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text("{broken")
    env = base_env(home, MNEMON_HOME=str(tmp_path / "d"), MNEMON_VENV=str(tmp_path / "no-venv"))
    proc = sh(["bash", str(INSTALL), "--uninstall"], env)
    assert proc.returncode == 1
    assert "not valid JSON" in proc.stderr
    assert path.read_text() == "{broken"


# -- plugin form -------------------------------------------------------------------------------


def test_plugin_manifest() -> None:
    manifest = json.loads((REPO / ".claude-plugin" / "plugin.json").read_text())
    assert manifest["name"] == "mnemon"
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", manifest["name"])
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    assert manifest["version"] == project["version"]
    for key in ("description", "author", "license", "keywords"):
        assert manifest[key]


def test_marketplace_lists_the_plugin_at_the_root() -> None:
    market = json.loads((REPO / ".claude-plugin" / "marketplace.json").read_text())
    assert market["name"] and market["owner"]["name"]
    assert [p["name"] for p in market["plugins"]] == ["mnemon"]
    assert market["plugins"][0]["source"] == "./"


def test_plugin_hooks_match_the_settings_hooks() -> None:
    doc = json.loads((REPO / "hooks" / "hooks.json").read_text())
    assert set(doc["hooks"]) == {spec.event for spec in st.HOOKS}
    for spec in st.HOOKS:
        [group] = doc["hooks"][spec.event]
        [handler] = group["hooks"]
        assert handler == {
            "type": "command",
            "command": f'bash "${{CLAUDE_PLUGIN_ROOT}}/hooks/bootstrap.sh" {spec.script}',
            "timeout": spec.timeout,
        }
        assert (REPO / "hooks" / f"{spec.script}.py").is_file()


def test_plugin_command_passes_the_data_dir_as_text() -> None:
    """Claude Code substitutes ``${CLAUDE_PLUGIN_ROOT}``/``${CLAUDE_PLUGIN_DATA}`` into a
    command's text but sets neither in its shell, and refuses ``$VARS`` it cannot check."""
    text = (REPO / "commands" / "memory.md").read_text()
    assert text.startswith("---\n") and "description:" in text.split("---")[1]
    [line] = [ln for ln in text.splitlines() if ln.startswith("!`")]
    assert (
        line
        == '!`bash "${CLAUDE_PLUGIN_ROOT}/hooks/bootstrap.sh" --data "${CLAUDE_PLUGIN_DATA}" --cli status`'
    )


def fake_plugin(tmp_path: Path) -> tuple[Path, Path]:
    root = tmp_path / "plugin root"
    (root / "hooks").mkdir(parents=True)
    shutil.copy(BOOTSTRAP, root / "hooks" / "bootstrap.sh")
    (root / "pyproject.toml").write_text('[project]\nname = "x"\nversion = "1"\n')
    (root / "hooks" / "echo_event.py").write_text(
        "import sys\nprint('ran', sys.flags.isolated, sys.stdin.read())\n"
    )
    return root, tmp_path / "plugin data"


def ready_venv(root: Path, data: Path) -> None:
    """A venv the bootstrap accepts: its python and the stamp it computes."""
    venv = data / "venv-test"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").symlink_to(sys.executable)
    digest = subprocess.run(
        ["sha256sum", str(root / "pyproject.toml")], capture_output=True, text=True, check=True
    ).stdout.split()[0]
    (venv / ".mnemon-stamp").write_text(f"{root}\n{digest}\n")
    (data / "venv").symlink_to(venv)


def test_bootstrap_runs_the_hook_when_ready(tmp_path: Path) -> None:
    root, data = fake_plugin(tmp_path)
    ready_venv(root, data)
    env = base_env(tmp_path, CLAUDE_PLUGIN_ROOT=str(root), CLAUDE_PLUGIN_DATA=str(data))
    proc = subprocess.run(
        ["bash", str(root / "hooks" / "bootstrap.sh"), "echo_event"],
        input='{"hook_event_name": "Stop"}',
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == 'ran 1 {"hook_event_name": "Stop"}'


def test_bootstrap_never_blocks_when_not_ready(tmp_path: Path) -> None:
    """Stale stamp, and no Python on PATH: the hook exits 0 at once and silently; the
    background build runs, logs why it failed, and releases its lock."""
    root, data = fake_plugin(tmp_path)
    ready_venv(root, data)
    (root / "pyproject.toml").write_text('[project]\nname = "x"\nversion = "2"\n')
    tools = tmp_path / "bin"
    tools.mkdir()
    for tool in ("bash", "sha256sum", "cat", "mkdir", "rm", "find", "setsid", "date", "dirname"):
        found = shutil.which(tool)
        if found:
            (tools / tool).symlink_to(found)
    env = {
        "PATH": str(tools),
        "HOME": str(tmp_path),
        "CLAUDE_PLUGIN_ROOT": str(root),
        "CLAUDE_PLUGIN_DATA": str(data),
    }
    start = time.monotonic()
    proc = subprocess.run(
        [str(tools / "bash"), str(root / "hooks" / "bootstrap.sh"), "echo_event"],
        input="{}",
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert time.monotonic() - start < 2
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "", "")
    log = data / "bootstrap.log"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not (log.exists() and "not found" in log.read_text()):
        time.sleep(0.05)
    assert "Python 3.10 or newer not found" in log.read_text()
    while time.monotonic() < deadline and (data / "build.lock").exists():
        time.sleep(0.05)
    assert not (data / "build.lock").exists()


def test_bootstrap_ignores_odd_event_names(tmp_path: Path) -> None:
    root, data = fake_plugin(tmp_path)
    ready_venv(root, data)
    env = base_env(tmp_path, CLAUDE_PLUGIN_ROOT=str(root), CLAUDE_PLUGIN_DATA=str(data))
    for name in ("../../etc/passwd", "", "Stop;id"):
        proc = sh(["bash", str(root / "hooks" / "bootstrap.sh"), name], env)
        assert (proc.returncode, proc.stdout) == (0, "")


@pytest.mark.skipif(not Path("/usr/bin/python3").exists(), reason="needs a system Python without our dependencies")
def test_captures_while_the_plugin_environment_builds_are_spooled_and_caught_up(tmp_path: Path) -> None:
    """Issue 11 item 12: the plugin's first session ends before its environment is built (21 s
    on a fresh machine), and its turns were lost. While the build runs, bootstrap.sh hands each
    capture event to the spool with a plain system Python (no msgpack, no venv); the daemon
    drains it once it runs."""
    from daemon_harness import reap, wait_until

    from mnemon.paths import Paths
    from mnemon.wire.client import Client
    from mnemon.wire.launcher import start_daemon, stop_daemon

    probe = subprocess.run(["/usr/bin/python3", "-I", "-c", "import msgpack"], capture_output=True)
    assert probe.returncode != 0, "the system Python must lack msgpack for this test to mean anything"
    root = tmp_path / "plugin root"
    shutil.copytree(REPO / "hooks", root / "hooks", ignore=shutil.ignore_patterns("__pycache__"))
    (root / "mnemon").mkdir()
    for name in ("__init__.py", "paths.py"):
        shutil.copy(REPO / "mnemon" / name, root / "mnemon" / name)
    shutil.copy(REPO / "pyproject.toml", root / "pyproject.toml")
    data = tmp_path / "plugin data"
    (data / "build.lock").mkdir(parents=True)  # a build is under way
    (data / "bootstrap.log").write_bytes(b"pip: no network\n" * 70_000)  # over 1 MiB: rotated
    project = tmp_path / "proj"
    project.mkdir()
    shutil.copy(REPO / "tests" / "data" / "transcripts" / "session_basic.jsonl", project / "t.jsonl")
    env = base_env(tmp_path, CLAUDE_PLUGIN_ROOT=str(root), CLAUDE_PLUGIN_DATA=str(data),
                   MNEMON_HOME=os.environ["MNEMON_HOME"], MNEMON_PYTHON="/usr/bin/python3")
    event = {"session_id": "first-session", "transcript_path": "t.jsonl", "cwd": str(project),
             "hook_event_name": "Stop", "last_assistant_message": "Done."}
    paths = Paths.resolve()
    for script in ("stop", "session_end"):
        start = time.monotonic()
        proc = subprocess.run(["bash", str(root / "hooks" / "bootstrap.sh"), script], input=json.dumps(event),
                              env=env, capture_output=True, text=True, timeout=30, cwd=project)
        assert (proc.returncode, proc.stdout, proc.stderr) == (0, "", ""), proc.stderr
        assert time.monotonic() - start < 2
    spooled = [json.loads(line) for line in paths.spool.read_text().splitlines()]
    assert [(s["session_id"], s["event"]) for s in spooled] == [("first-session", "Stop"),
                                                               ("first-session", "SessionEnd")]
    assert spooled[0]["transcript_path"] == str(project / "t.jsonl")
    assert not (data / "venv").exists()
    assert (data / "bootstrap.log.1").stat().st_size > 1 << 20 and not (data / "bootstrap.log").exists()
    try:
        start_daemon(paths, wait=True, timeout=30)

        def captured() -> int:
            with Client(paths, timeout=5) as client:
                return int(client.call("status", {})["insights"])

        assert wait_until(lambda: captured() >= 5, timeout=20), captured()
        assert not paths.spool.exists()
    finally:
        stop_daemon(paths)
        reap(Path(os.environ["MNEMON_HOME"]))


# -- the real install, into a throwaway HOME (a new venv and pip: slow) -------------------------


@pytest.mark.slow
def test_full_install_reinstall_and_uninstall(tmp_path: Path) -> None:
    """Also issue 11 item 13: ~/.local/bin does not exist yet and is not on PATH; the install
    creates it, links the CLI there and says plainly how to put it on PATH."""
    home = tmp_path / "home with space"
    home.mkdir()
    settings = home / ".claude" / "settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_text(
        json.dumps({"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "keep.sh"}]}]}})
    )
    data = Path(os.environ["MNEMON_HOME"])
    venv = tmp_path / "venv"
    env = base_env(home, MNEMON_HOME=str(data), MNEMON_VENV=str(venv), MNEMON_EMBEDDER="none")
    try:
        proc = sh(["bash", str(INSTALL)], env, timeout=600)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert "Mnemon is installed" in proc.stdout
        installed = json.loads(settings.read_text())
        python = venv / "bin" / "python"
        for spec in st.HOOKS:
            cmds = st.installed_events(installed, REPO / "hooks")[spec.event]
            assert cmds == [f'"{python}" -I "{REPO}/hooks/{spec.script}.py"']
        assert installed["hooks"]["Stop"][0] == {"hooks": [{"type": "command", "command": "keep.sh"}]}
        assert list(settings.parent.glob("settings.json.bak-*"))
        assert (home / ".local" / "bin" / "mnemon").resolve() == (venv / "bin" / "mnemon").resolve()
        assert f"{home}/.local/bin is not on your PATH" in proc.stdout, proc.stdout
        assert """echo 'export PATH="$HOME/.local/bin:$PATH"'""" in proc.stdout
        assert f"run the CLI as {venv}/bin/mnemon" in proc.stdout
        linked = sh(["mnemon", "status", "--json"], {**env, "PATH": f"{home}/.local/bin:{env['PATH']}"})
        assert linked.returncode == 0, linked.stdout + linked.stderr
        assert json.loads((home / ".claude.json").read_text())["mcpServers"]["mnemon"] == st.mcp_entry(python)
        status = sh([str(venv / "bin" / "mnemon"), "status", "--json"], env)
        assert status.returncode == 0, status.stdout + status.stderr

        before = settings.read_bytes()
        again = sh(["bash", str(INSTALL)], env, timeout=600)
        assert again.returncode == 0, again.stdout + again.stderr
        assert "nothing changed" in again.stdout
        assert settings.read_bytes() == before

        gone = sh(["bash", str(INSTALL), "--uninstall"], env, timeout=120)
        assert gone.returncode == 0, gone.stdout + gone.stderr
        assert json.loads(settings.read_text()) == {
            "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "keep.sh"}]}]}
        }
        assert not (home / ".local" / "bin" / "mnemon").exists()
        assert json.loads((home / ".claude.json").read_text()) == {"mcpServers": {}}
        assert data.exists()
    finally:
        if (venv / "bin" / "mnemon").exists():
            sh([str(venv / "bin" / "mnemon"), "daemon", "stop"], env)


def test_bootstrap_data_option(tmp_path: Path) -> None:
    """``--data DIR`` stands in for ${CLAUDE_PLUGIN_DATA}; an empty one (a Claude Code that did
    not substitute it) falls back to the environment."""
    root, data = fake_plugin(tmp_path)
    ready_venv(root, data)
    script = str(root / "hooks" / "bootstrap.sh")
    env = base_env(tmp_path, CLAUDE_PLUGIN_ROOT=str(root))
    run = subprocess.run(
        ["bash", script, "--data", str(data), "echo_event"],
        input="{}",
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.stdout.strip() == "ran 1 {}"
    env["CLAUDE_PLUGIN_DATA"] = str(data)
    run = subprocess.run(
        ["bash", script, "--data", "", "echo_event"], input="{}", env=env, capture_output=True, text=True
    )
    assert run.stdout.strip() == "ran 1 {}"
