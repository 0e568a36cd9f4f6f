"""Configuration precedence: override > environment > file > default; bad values are errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from mnemon.config import Config, load
from mnemon.errors import ConfigError


def test_defaults() -> None:
    assert load(env={}) == Config()


def test_precedence(tmp_path: Path) -> None:
    f = tmp_path / "config.toml"
    f.write_text('inject_budget = 700\nembedder = "none"\nprune_cap = 5000\n')
    cfg = load(f, env={"MNEMON_INJECT_BUDGET": "600"}, overrides={"prune_cap": 9000})
    assert (cfg.inject_budget, cfg.embedder, cfg.prune_cap) == (600, "none", 9000)


@pytest.mark.parametrize(
    "body",
    ['inject_budget = "lots"', "inject_budget = 10", 'embedder = "gpu"', "unknown_key = 1", "not toml [",
     "prune_cap = 5"],
)
def test_bad_file_values(tmp_path: Path, body: str) -> None:
    f = tmp_path / "config.toml"
    f.write_text(body)
    with pytest.raises(ConfigError) as info:
        load(f, env={})
    assert str(info.value)


def test_bad_env_value() -> None:
    with pytest.raises(ConfigError):
        load(env={"MNEMON_CAPTURE": "maybe"})
