"""Configuration: one frozen :class:`Config`, built in one place.

Precedence, highest first: explicit overrides passed to :func:`load` > environment
variables (``MNEMON_<FIELD>`` in upper case, e.g. ``MNEMON_INJECT_BUDGET=600``) > the TOML file
``<root>/config.toml`` > the defaults below. Unknown keys in the file are reported, not ignored
silently. Nothing else in the code reads ``os.environ`` for settings.

The daemon reloads the file when it changes (watchfiles), so ``inject_budget``,
``embedder`` and ``prune_cap`` take effect without a restart.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from mnemon.errors import ConfigError

EMBEDDERS = ("auto", "local", "ollama", "none")


@dataclass(frozen=True)
class Config:
    # Embeddings. "auto" uses the local embedder when installed, else none.
    embedder: str = "auto"
    ollama_url: str = "http://127.0.0.1:11434"
    ollama_model: str = "nomic-embed-text"
    # Injection into Claude Code prompts.
    inject_budget: int = 1000  # tokens (about 4 characters each)
    inject_max_chars: int = 6000  # hard cap, far below Claude Code's 10,000-character limit
    brief_budget: int = 400  # tokens for the SessionStart brief
    inject_limit: int = 32  # most notes in one injected block (they are short: the token budget binds first)
    capture: bool = True
    inject: bool = True
    # Lifecycle. Captured turns are numerous: a year of daily use is tens of thousands of
    # memories, which recall serves in milliseconds. The cap bounds growth, not usefulness.
    prune_cap: int = 50000
    prune_batch: int = 50
    prune_min_age_days: float = 30.0
    # Forgotten and pruned memories are kept this many days (for `show` and audit), then purged;
    # the database is vacuumed when much of it is free space.
    retention_days: float = 90.0
    # Retention of the operation log (rows).
    oplog_keep: int = 20000
    # Entries of the injection log (what each prompt got, and why) kept; older ones rotate out.
    injection_log_keep: int = 5000
    # Daemon.
    idle_exit_minutes: float = 0.0  # 0 = never exit when idle
    log_level: str = "info"

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


_FIELDS = {f.name: f for f in fields(Config)}


def _coerce(name: str, value: Any, source: str) -> Any:
    default = getattr(Config(), name)
    try:
        if isinstance(default, bool):
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise ValueError(value)
        if isinstance(default, int):
            if isinstance(value, bool):
                raise ValueError(value)
            return int(value)
        if isinstance(default, float):
            return float(value)
        return str(value)
    except (TypeError, ValueError):
        raise ConfigError(
            f"{source}: {name} = {value!r} is not a valid {type(default).__name__}; fix or remove it"
        ) from None


def _validate(cfg: Config) -> Config:
    if cfg.embedder not in EMBEDDERS:
        raise ConfigError(f"embedder = {cfg.embedder!r}: choose one of {', '.join(EMBEDDERS)}")
    if not 50 <= cfg.inject_budget <= 2400:
        raise ConfigError(f"inject_budget = {cfg.inject_budget}: choose between 50 and 2400 tokens")
    if not 500 <= cfg.inject_max_chars <= 9000:
        raise ConfigError(f"inject_max_chars = {cfg.inject_max_chars}: choose between 500 and 9000")
    if cfg.prune_cap < 100:
        raise ConfigError(f"prune_cap = {cfg.prune_cap}: must be at least 100")
    if cfg.retention_days < 0:
        raise ConfigError("retention_days must not be negative")
    if cfg.injection_log_keep < 10:
        raise ConfigError(f"injection_log_keep = {cfg.injection_log_keep}: keep at least 10 entries")
    if cfg.prune_min_age_days < 0:
        raise ConfigError("prune_min_age_days must not be negative")
    return cfg


def read_bytes(path: Path) -> bytes:
    """A settings file's bytes; empty when it does not exist; :class:`ConfigError` when it cannot be read."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return b""
    except OSError as err:
        raise ConfigError(f"cannot read {path}: {err.strerror}") from None


def read_file(path: Path) -> dict[str, Any]:
    """The settings in a TOML file (empty when the file does not exist)."""
    raw = read_bytes(path)
    if not raw:
        return {}
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib  # type: ignore[no-redef]
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        raise ConfigError(f"{path} is not valid TOML ({err}); fix it or delete it to use defaults") from None
    unknown = sorted(set(data) - set(_FIELDS))
    if unknown:
        raise ConfigError(f"{path}: unknown setting(s) {', '.join(unknown)}; known: {', '.join(_FIELDS)}")
    return {k: _coerce(k, v, str(path)) for k, v in data.items()}


def load(
    path: Path | None = None,
    env: Mapping[str, str] | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> Config:
    """Build the configuration: overrides > environment > file > defaults."""
    env = os.environ if env is None else env
    values: dict[str, Any] = {}
    if path is not None:
        values.update(read_file(path))
    for name in _FIELDS:
        key = f"MNEMON_{name.upper()}"
        if key in env and env[key].strip():
            values[name] = _coerce(name, env[key], f"environment {key}")
    for name, value in (overrides or {}).items():
        if name not in _FIELDS:
            raise ConfigError(f"unknown setting {name!r}")
        values[name] = _coerce(name, value, "override")
    return _validate(replace(Config(), **values))
