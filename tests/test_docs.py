"""Docs that cannot drift: every command and every flag of `graphmem --help` is in the README."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from graphmem.shells.cli.main import build_parser

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def _flags(parser: argparse.ArgumentParser) -> list[str]:
    return [
        opt
        for action in parser._actions
        for opt in action.option_strings
        if opt.startswith("--") and opt != "--help"
    ]


def test_there_are_commands_to_check() -> None:
    assert len(_commands()) >= 10


@pytest.mark.parametrize("command", sorted(_commands()))
def test_command_is_documented(command: str) -> None:
    assert f"graphmem {command}" in README or f"] {command} " in README, (
        f"README never shows `graphmem {command}`"
    )


@pytest.mark.parametrize(
    ("command", "flag"), sorted((c, f) for c, p in _commands().items() for f in _flags(p))
)
def test_flag_is_documented(command: str, flag: str) -> None:
    assert flag in README, f"README never mentions {flag} (of `graphmem {command}`)"


@pytest.mark.parametrize("flag", _flags(build_parser()))
def test_global_flag_is_documented(flag: str) -> None:
    assert flag in README, f"README never mentions the global flag {flag}"
