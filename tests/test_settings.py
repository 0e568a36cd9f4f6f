"""mnemon.claude.settings against real files: idempotent merge, other hooks kept, backups, bad JSON
left untouched, paths with spaces that a real shell runs."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from mnemon.claude import settings as st
from mnemon.errors import ConfigError

EVENT_SCRIPTS = [spec.script for spec in st.HOOKS]

OTHER_HOOK = {"type": "command", "command": "/usr/local/bin/other-tool notify", "timeout": 7}


def make_hooks_dir(base: Path, scripts: list[str] = EVENT_SCRIPTS) -> Path:
    hooks = base / "repo with space" / "hooks"
    hooks.mkdir(parents=True)
    for name in scripts:
        (hooks / f"{name}.py").write_text("import sys\nprint(sys.argv[0])\n")
    return hooks


def user_settings() -> dict:
    return {
        "permissions": {"allow": ["Bash(ls:*)"]},
        "model": "opus",
        "hooks": {
            "UserPromptSubmit": [{"hooks": [OTHER_HOOK]}],
            "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard.sh"}]}],
        },
        "zzz_unknown": [1, 2, 3],
    }


@pytest.fixture
def env(tmp_path: Path) -> tuple[Path, Path, Path]:
    hooks = make_hooks_dir(tmp_path)
    path = tmp_path / "claude" / "settings.json"
    path.parent.mkdir()
    path.write_text(json.dumps(user_settings(), indent=2))
    return path, hooks, Path(sys.executable)


def backups(path: Path) -> list[Path]:
    return sorted(path.parent.glob("settings.json.bak-*"))


def test_install_adds_one_handler_per_event_with_timeouts(env: tuple[Path, Path, Path]) -> None:
    path, hooks, python = env
    change = st.install(path, python, hooks)
    assert change.changed
    data = json.loads(path.read_text())
    for spec in st.HOOKS:
        ours = [
            h for g in data["hooks"][spec.event] for h in g["hooks"] if f"/{spec.script}.py" in h["command"]
        ]
        assert len(ours) == 1
        assert ours[0]["type"] == "command"
        assert ours[0]["timeout"] == spec.timeout
        assert ours[0]["command"] == f'"{python}" -I "{hooks}/{spec.script}.py"'
    assert data["hooks"]["UserPromptSubmit"][0] == {"hooks": [OTHER_HOOK]}


def test_install_keeps_every_other_key_and_hook(env: tuple[Path, Path, Path]) -> None:
    path, hooks, python = env
    st.install(path, python, hooks)
    data = json.loads(path.read_text())
    original = user_settings()
    for key in ("permissions", "model", "zzz_unknown"):
        assert data[key] == original[key]
    assert list(data)[:2] == ["permissions", "model"]
    assert data["hooks"]["PreToolUse"] == original["hooks"]["PreToolUse"]
    assert st.remove_hooks(data, hooks) == original


def test_install_twice_changes_nothing(env: tuple[Path, Path, Path]) -> None:
    path, hooks, python = env
    st.install(path, python, hooks)
    first = path.read_bytes()
    assert len(backups(path)) == 1
    change = st.install(path, python, hooks)
    assert not change.changed
    assert path.read_bytes() == first
    assert len(backups(path)) == 1


def test_reinstall_keeps_position_when_user_added_hooks_after_ours(env: tuple[Path, Path, Path]) -> None:
    path, hooks, python = env
    st.install(path, python, hooks)
    data = json.loads(path.read_text())
    data["hooks"]["Stop"].append({"hooks": [{"type": "command", "command": "later.sh"}]})
    path.write_text(json.dumps(data))
    assert not st.install(path, python, hooks).changed
    assert json.loads(path.read_text())["hooks"]["Stop"][-1]["hooks"][0]["command"] == "later.sh"


def test_new_interpreter_replaces_our_entry_without_duplicates(
    env: tuple[Path, Path, Path], tmp_path: Path
) -> None:
    path, hooks, python = env
    st.install(path, python, hooks)
    other_python = tmp_path / "venv two" / "bin" / "python"
    assert st.install(path, other_python, hooks).changed
    found = st.installed_events(json.loads(path.read_text()), hooks)
    assert all(len(cmds) == 1 and str(other_python) in cmds[0] for cmds in found.values())
    assert set(found) == {spec.event for spec in st.HOOKS}


def test_backup_holds_the_previous_bytes(env: tuple[Path, Path, Path]) -> None:
    path, hooks, python = env
    before = path.read_bytes()
    change = st.install(path, python, hooks)
    assert change.backup is not None and change.backup.read_bytes() == before
    assert backups(path) == [change.backup]


def test_missing_file_is_created_without_backup(tmp_path: Path) -> None:
    hooks = make_hooks_dir(tmp_path)
    path = tmp_path / "fresh" / ".claude" / "settings.json"
    change = st.install(path, sys.executable, hooks)
    assert change.changed and change.backup is None
    assert set(json.loads(path.read_text())["hooks"]) == {spec.event for spec in st.HOOKS}
    assert path.stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize(
    "text", ["{not json", '{"hooks": ', "[1, 2]", '{"hooks": []}', '{"hooks": {"Stop": {}}}']
)
def test_invalid_file_is_refused_and_left_untouched(tmp_path: Path, text: str) -> None:
    hooks = make_hooks_dir(tmp_path)
    path = tmp_path / "settings.json"
    path.write_text(text)
    with pytest.raises(ConfigError, match="settings.json"):
        st.install(path, sys.executable, hooks)
    assert path.read_text() == text
    assert backups(path) == []
    assert list(tmp_path.glob(".settings.json.*")) == []


def test_cli_reports_invalid_json_with_exit_2(tmp_path: Path) -> None:
    hooks = make_hooks_dir(tmp_path)
    path = tmp_path / "settings.json"
    path.write_text("{oops")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "mnemon.claude.settings",
            "install",
            "--python",
            sys.executable,
            "--hooks-dir",
            str(hooks),
            "--settings",
            str(path),
        ],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2
    assert "not valid JSON" in proc.stderr and "not modified" in proc.stderr
    assert path.read_text() == "{oops"


def test_only_events_with_scripts_are_installed(tmp_path: Path) -> None:
    hooks = make_hooks_dir(tmp_path, ["user_prompt_submit", "stop"])
    path = tmp_path / "settings.json"
    change = st.install(path, sys.executable, hooks)
    assert set(change.events) == {"UserPromptSubmit", "Stop"}
    assert set(json.loads(path.read_text())["hooks"]) == {"UserPromptSubmit", "Stop"}


def test_no_scripts_is_an_error(tmp_path: Path) -> None:
    empty = tmp_path / "hooks"
    empty.mkdir()
    with pytest.raises(ConfigError, match="no hook scripts"):
        st.install(tmp_path / "settings.json", sys.executable, empty)


def test_uninstall_leaves_other_hooks_and_keys(env: tuple[Path, Path, Path]) -> None:
    path, hooks, python = env
    st.install(path, python, hooks)
    change = st.uninstall(path, hooks)
    assert change.changed and set(change.events) == {spec.event for spec in st.HOOKS}
    assert json.loads(path.read_text()) == user_settings()
    assert not st.uninstall(path, hooks).changed


def test_uninstall_removes_hooks_key_it_emptied(tmp_path: Path) -> None:
    hooks = make_hooks_dir(tmp_path)
    path = tmp_path / "settings.json"
    path.write_text('{"theme": "dark"}')
    st.install(path, sys.executable, hooks)
    st.uninstall(path, hooks)
    assert json.loads(path.read_text()) == {"theme": "dark"}


def test_other_checkout_entries_are_not_ours(env: tuple[Path, Path, Path], tmp_path: Path) -> None:
    path, hooks, python = env
    other = tmp_path / "elsewhere" / "hooks"
    other.mkdir(parents=True)
    for name in EVENT_SCRIPTS:
        (other / f"{name}.py").write_text("")
    st.install(path, python, other)
    st.install(path, python, hooks)
    data = json.loads(path.read_text())
    assert set(st.installed_events(data, other)) == set(st.installed_events(data, hooks))
    st.uninstall(path, hooks)
    data = json.loads(path.read_text())
    assert st.installed_events(data, hooks) == {}
    assert len(st.installed_events(data, other)) == len(st.HOOKS)


def test_symlinked_settings_is_followed(env: tuple[Path, Path, Path], tmp_path: Path) -> None:
    path, hooks, python = env
    real = tmp_path / "dotfiles" / "settings.json"
    real.parent.mkdir()
    path.rename(real)
    path.symlink_to(real)
    st.install(path, python, hooks)
    assert path.is_symlink()
    assert "UserPromptSubmit" in st.installed_events(json.loads(real.read_text()), hooks)


def test_commands_run_under_a_real_shell_with_spaces_and_dollars(tmp_path: Path) -> None:
    base = tmp_path / 'home $USER `x` "q"'
    base.mkdir()
    hooks = make_hooks_dir(base)
    cmd = st.hook_commands(sys.executable, hooks)["Stop"]
    proc = subprocess.run(["/bin/sh", "-c", cmd], capture_output=True, text=True, env={"PATH": os.defpath})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == str(hooks / "stop.py")
    assert shlex.split(cmd)[1] == "-I"


def test_check_reports_health(env: tuple[Path, Path, Path], tmp_path: Path) -> None:
    path, hooks, python = env
    assert st.check(path, hooks)["problems"]
    st.install(path, python, hooks)
    report = st.check(path, hooks)
    assert report["problems"] == []
    assert all(report["events"][spec.event] for spec in st.HOOKS)
    st.install(path, tmp_path / "gone" / "python", hooks)
    assert any("does not exist" in p for p in st.check(path, hooks)["problems"])


def test_check_cli_exit_codes(env: tuple[Path, Path, Path]) -> None:
    path, hooks, python = env
    base = [sys.executable, "-m", "mnemon.claude.settings"]
    where = ["--hooks-dir", str(hooks), "--settings", str(path)]
    assert subprocess.run([*base, "check", *where], capture_output=True).returncode == 1
    assert (
        subprocess.run([*base, "install", "--python", str(python), *where], capture_output=True).returncode
        == 0
    )
    proc = subprocess.run([*base, "check", "--json", *where], capture_output=True, text=True)
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["problems"] == []


def test_default_path_honours_claude_config_dir(tmp_path: Path) -> None:
    assert st.default_settings_path({"HOME": "/h"}) == Path("/h/.claude/settings.json")
    assert (
        st.default_settings_path({"HOME": "/h", "CLAUDE_CONFIG_DIR": str(tmp_path)})
        == tmp_path / "settings.json"
    )


def test_reinstall_from_a_moved_checkout_drops_the_dead_entries(tmp_path: Path) -> None:
    old = make_hooks_dir(tmp_path / "old")
    path = tmp_path / "settings.json"
    foreign = {"type": "command", "command": f'node "{tmp_path}/gone/hooks/stop.py"'}
    path.write_text(json.dumps({"hooks": {"Stop": [{"hooks": [foreign]}]}}))
    st.install(path, sys.executable, old)
    for script in old.iterdir():
        script.unlink()
    old.rmdir()
    new = make_hooks_dir(tmp_path / "new")
    st.install(path, sys.executable, new)
    data = json.loads(path.read_text())
    assert st.installed_events(data, old) == {}
    assert all(len(cmds) == 1 for cmds in st.installed_events(data, new).values())
    assert data["hooks"]["Stop"][0] == {"hooks": [foreign]}
    assert set(st.our_form_scripts(data).values()) == {str(new)}
