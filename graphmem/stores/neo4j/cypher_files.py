"""The Cypher the Neo4j store runs, one named file per operation in `cypher/` beside this
module (`graphmem/stores/neo4j/cypher/`; the repository's top-level `cypher` is a link to it,
for analysts).

The folder ships inside the wheel as package data, so the files are read with
importlib.resources wherever graphmem is installed, and from an uninstalled checkout too.

Files are read once (on first use) and cached. A file holds one statement, except the
`schema_*` files, which hold several statements separated by `;` at the end of a line
(each runs in its own schema transaction). Statements take values only as `$params`;
nothing in them is built from user input, so no name is ever interpolated.
"""

from __future__ import annotations

import re
import threading
from importlib import resources
from importlib.abc import Traversable

from graphmem.errors import StoreError

_NAME = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
_STATEMENT_END = re.compile(r";[ \t]*(?:\n|$)")

PACKAGE = "graphmem.stores.neo4j"
FOLDER = "cypher"

#: Sub-folders with statements of their own: `analyst/` holds the read-only cookbook
#: (graphmem.views.analyst) that analysts can also paste into Neo4j Browser; `browser/` what
#: `graphmem browse` and graphmem's Browser guide run (graphmem.views.browse).
FOLDERS = ("analyst", "browser")

_cache: dict[str, tuple[str, ...]] = {}
_lock = threading.Lock()


def cypher_dir() -> Traversable:
    try:
        folder = resources.files(PACKAGE) / FOLDER
    except ModuleNotFoundError as e:  # a broken install: the package is missing
        raise StoreError(f"the Cypher statements ({PACKAGE}) are not installed with graphmem") from e
    if not folder.is_dir():
        raise StoreError(f"the Cypher statements ({PACKAGE}/{FOLDER}) are not installed with graphmem")
    return folder


def check_name(name: str) -> str:
    """The one identifier check: file (operation) names are lower-case snake case."""
    if not isinstance(name, str) or not _NAME.match(name):
        raise ValueError(f"not a valid Cypher file name: {name!r}")
    return name


def split_statements(text: str) -> tuple[str, ...]:
    parts = (p.strip() for p in _STATEMENT_END.split(text))
    return tuple(p for p in parts if p and not _only_comments(p))


def _only_comments(text: str) -> bool:
    return all(not line.strip() or line.strip().startswith("//") for line in text.splitlines())


def _relative(name: str, folder: str | None) -> str:
    check_name(name)
    if folder is None:
        return f"{name}.cypher"
    if folder not in FOLDERS:
        raise ValueError(f"not a Cypher folder: {folder!r}")
    return f"{folder}/{name}.cypher"


def statements(name: str, folder: str | None = None) -> tuple[str, ...]:
    """Every statement of `cypher/[<folder>/]<name>.cypher`, in order."""
    rel = _relative(name, folder)
    cached = _cache.get(rel)
    if cached is not None:
        return cached
    with _lock:
        if rel not in _cache:
            path = cypher_dir().joinpath(*rel.split("/"))
            try:
                text = path.read_text(encoding="utf-8")
            except OSError as e:  # FileNotFoundError and the like: a file the store needs
                raise StoreError(f"Cypher file cypher/{rel} is missing from the graphmem install") from e
            found = split_statements(text)
            if not found:
                raise ValueError(f"cypher/{rel} holds no Cypher statement")
            _cache[rel] = found
        return _cache[rel]


def query(name: str, folder: str | None = None) -> str:
    """The single statement of `cypher/[<folder>/]<name>.cypher`."""
    found = statements(name, folder)
    if len(found) != 1:
        raise ValueError(f"cypher/{_relative(name, folder)} holds {len(found)} statements; expected one")
    return found[0]


def names(folder: str | None = None) -> list[str]:
    """Every statement name in the cypher folder (or one of its FOLDERS), sorted."""
    base = cypher_dir()
    if folder is not None:
        _relative("x", folder)  # the folder check
        base = base / folder
    return sorted(p.name[: -len(".cypher")] for p in base.iterdir() if p.name.endswith(".cypher"))
