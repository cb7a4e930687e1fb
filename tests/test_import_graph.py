"""The package shows its architecture: no import cycles between graphmem's modules, and no
module importing another module's private names (tests/test_private_members.py checks
private members of other modules' classes)."""

from __future__ import annotations

import ast
from pathlib import Path

PKG = Path(__file__).resolve().parents[1] / "graphmem"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PKG.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in PKG.rglob("*.py")}


def _imports(name: str, path: Path) -> list[tuple[str, list[str]]]:
    """(imported graphmem module, names taken from it) for every import in the file, lazy
    and TYPE_CHECKING ones included: a cycle hidden in a function is still a cycle."""
    is_pkg = path.name == "__init__.py"
    base = name.split(".") if is_pkg else name.split(".")[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(a.name, []) for a in node.names if a.name.split(".")[0] == "graphmem"]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = base[: len(base) - node.level + 1]
                target = ".".join(anchor + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "graphmem":
                continue
            names = [a.name for a in node.names]
            subs = [f"{target}.{n}" for n in names if f"{target}.{n}" in MODULES]
            found += [(s, []) for s in subs]
            if len(subs) < len(names):
                found.append((target, [n for n in names if f"{target}.{n}" not in MODULES]))
    return found


def _graph() -> dict[str, set[str]]:
    return {
        name: {t for t, _ in _imports(name, path) if t in MODULES and t != name}
        for name, path in MODULES.items()
    }


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(n: str) -> list[str] | None:
        state[n] = 1
        stack.append(n)
        for m in sorted(graph[n]):
            if state.get(m) == 1:
                return stack[stack.index(m) :] + [m]
            if m not in state and (found := visit(m)):
                return found
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(graph):
        if n not in state and (found := visit(n)):
            return found
    return None


def test_the_walk_sees_the_package() -> None:
    graph = _graph()
    assert len(graph) > 40
    assert "graphmem.stores.base" in graph["graphmem.memory"] or "graphmem.stores" in graph["graphmem.memory"]


def test_no_import_cycle() -> None:
    cycle = _cycle(_graph())
    assert cycle is None, " -> ".join(cycle or [])


def test_the_cycle_check_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_no_private_name_imported_from_another_module() -> None:
    bad = [
        f"{name} takes {n} from {target}"
        for name, path in MODULES.items()
        for target, names in _imports(name, path)
        for n in names
        if n.startswith("_") and not n.startswith("__")
    ]
    assert not bad, bad
