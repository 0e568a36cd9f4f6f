"""`--help` of every subcommand says what each option does and its default, and is true.

Regression (a new user's first look): `recall --limit`, `link --weight`, `gc --threshold`, `embed --all`,
`export --include-deleted`, `mute --session` and others were listed with no word of what they do or what
they default to; `doctor --help` named five of its eight checks; `mnemon search QUERY`, what a user types
first (the model's tool is `memory_search`, the viewer has a search box), was an invalid choice.
"""

from __future__ import annotations

import argparse

import pytest

from mnemon.cli import build_parser
from tests.cli_harness import cli as run


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_every_option_of_every_subcommand_says_what_it_does() -> None:
    bare = [f"{name} {action.option_strings[0]}" for name, sub in _subparsers().items() for action in sub._actions
            if action.option_strings and action.help in (None, "")]
    assert not bare, f"options without help: {bare}"


def test_an_option_with_a_default_value_says_it() -> None:
    missing = [f"{name} {action.option_strings[0]}" for name, sub in _subparsers().items() for action in sub._actions
               if action.option_strings and isinstance(action.default, (int, float, str))
               and not isinstance(action.default, bool) and action.default not in ("", 0, argparse.SUPPRESS)
               and str(action.default) not in (action.help or "")]
    assert not missing, f"options whose help hides their default: {missing}"


def test_doctor_help_names_the_checks_it_runs(home: object) -> None:
    from mnemon import doctor
    from mnemon.paths import Paths

    said = _subparsers()["doctor"].description or ""
    names = {check.name for check in doctor.run(Paths.resolve(), start=False)}
    assert names and all(name in said.lower() for name in names), (names, said)


def test_search_is_recall(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "search", "--help")
    assert code == 0 and "QUERY" in out and "--limit" in out
