"""Word lists a language pack ships as data, read once: tables of words in
`graphmem/lang/<language>/<name>.toml`, and plain lists one word a line in `<name>.txt`.

A lexicon file holds tables of words (`[org_nicknames]`, `[breeds]`): what a frame's handler
looks a word up in, kept out of the rule patterns so a list grows without touching a rule. A
word list (`words.txt`, `places.txt`) is a set of lower-cased words, "#" lines its header.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import tomllib

from graphmem.lang.engine import RuleTableError

__all__ = ["lexicon", "word_list"]


@cache
def lexicon(language: str, name: str) -> dict[str, Any]:
    """The tables of `graphmem/lang/<language>/<name>.toml`; a file that does not parse is a
    RuleTableError naming it."""
    path = resources.files("graphmem.lang").joinpath(language).joinpath(f"{name}.toml")
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise RuleTableError(f"lang/{language}/{name}.toml: {e}") from e


@cache
def word_list(language: str, name: str) -> frozenset[str]:
    """The words of `graphmem/lang/<language>/<name>.txt`, one a line ("#" lines left out)."""
    path = resources.files("graphmem.lang").joinpath(language).joinpath(f"{name}.txt")
    return frozenset(w for w in path.read_text(encoding="utf-8").split("\n") if w and not w.startswith("#"))
