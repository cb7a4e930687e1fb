"""Word lists a language pack ships as data (`graphmem/lang/<language>/<name>.toml`), read once.

A lexicon file holds tables of words (`[org_nicknames]`, `[breeds]`): what a frame's handler
looks a word up in, kept out of the rule patterns so a list grows without touching a rule.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import tomllib

from graphmem.lang.engine import RuleTableError

__all__ = ["lexicon"]


@cache
def lexicon(language: str, name: str) -> dict[str, Any]:
    """The tables of `graphmem/lang/<language>/<name>.toml`; a file that does not parse is a
    RuleTableError naming it."""
    path = resources.files("graphmem.lang").joinpath(language).joinpath(f"{name}.toml")
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise RuleTableError(f"lang/{language}/{name}.toml: {e}") from e
