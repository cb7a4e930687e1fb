"""Module boundaries: no module reaches into a private member of another module's class.

`x._name` is allowed when `x` is `self`/`cls`, or when `_name` is defined by a class of
the same module (a method `def _name` or an assignment `self._name = ...` inside a class
there): a module may use its own classes' private members on other instances of them.
Everything else must go through a public name.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "graphmem"
MODULES = sorted(PACKAGE.rglob("*.py"))


def _own_private_names(tree: ast.Module) -> set[str]:
    """Private members defined by the classes of one module."""
    names: set[str] = set()
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        for node in ast.walk(cls):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("_"):
                names.add(node.name)
            elif isinstance(node, ast.AnnAssign | ast.Assign):
                targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
                for t in targets:
                    if isinstance(t, ast.Name) and t.id.startswith("_"):  # a class-level member
                        names.add(t.id)
                    elif (
                        isinstance(t, ast.Attribute)
                        and isinstance(t.value, ast.Name)
                        and t.value.id in ("self", "cls")
                        and t.attr.startswith("_")
                    ):
                        names.add(t.attr)
    return names


def foreign_private_uses(source: str) -> list[tuple[int, str]]:
    """(line, `x._name`) for every use of a private member not defined in this module."""
    tree = ast.parse(source)
    own = _own_private_names(tree)
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        name = node.attr
        if not name.startswith("_") or (name.startswith("__") and name.endswith("__")):
            continue
        if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
            continue
        if name in own:
            continue
        found.append((node.lineno, f"{ast.unparse(node.value)}.{name}"))
    return found


def test_the_check_sees_a_foreign_private_member() -> None:
    # A module that calls another module's private method is caught; its own are not.
    outside = "def migrate(store):\n    return store._read('meta_get', {})\n"
    assert foreign_private_uses(outside) == [(2, "store._read")]
    inside = (
        "class Store:\n    def _read(self):\n        return 1\n"
        "    def copy(self, other):\n        return other._read()\n"
    )
    assert foreign_private_uses(inside) == []
    attribute = "class A:\n    def __init__(self):\n        self._x = 1\n\ndef f(a):\n    return a._x, a._y\n"
    assert foreign_private_uses(attribute) == [(6, "a._y")]


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_private_attribute_of_another_class_is_used(path: Path) -> None:
    uses = foreign_private_uses(path.read_text(encoding="utf-8"))
    assert not uses, f"{path.relative_to(PACKAGE)} uses private members of other modules' classes: {uses}"
