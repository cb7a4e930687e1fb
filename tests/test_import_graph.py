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


#: The layers, bottom first (ARCHITECTURE.md draws them): a module may import its own
#: package and the layers below it, never one above. A package not listed here fails the
#: test until it is given a place.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors", "model", "config"),  # pure data and the one exception root
    ("text", "facts"),  # pure functions: terms, dates, concepts; vocabulary, keys, decay
    ("lang",),  # language packs: rule tables and fragments as data, one engine (imports model, errors)
    ("gate",),  # role, noise, secrets, memory control
    ("embedding",),  # text -> vectors
    ("stores",),  # the storage protocol and its backends
    ("extract",),  # statements -> candidate facts (rules or an LLM)
    ("recall", "write"),  # the read path and the write path, side by side
    ("portability", "views"),  # export/import/migrate; graph, HTML, Browser, analyst views
    ("memory", "aio", "__init__"),  # the public entry points
    ("shells",),  # CLI, REST, MCP, LangGraph: thin, over Memory
    ("__main__",),  # `python -m graphmem` runs the CLI
)
_RANK = {unit: rank for rank, units in enumerate(LAYERS) for unit in units}


def _unit(module: str) -> str:
    parts = module.split(".")
    return "__init__" if len(parts) == 1 else parts[1]


def layer_violations(graph: dict[str, set[str]]) -> list[str]:
    bad = []
    for name, targets in graph.items():
        src = _unit(name)
        for target in targets:
            dst = _unit(target)
            if src == dst:
                continue
            if src not in _RANK or dst not in _RANK:
                bad.append(f"{name} -> {target}: {src if src not in _RANK else dst} has no layer")
            elif _RANK[dst] > _RANK[src]:
                bad.append(f"{name} (layer {_RANK[src]}) imports {target} (layer {_RANK[dst]})")
    return sorted(bad)


def test_imports_go_down_the_layers() -> None:
    bad = layer_violations(_graph())
    assert not bad, "\n".join(bad)


def test_every_package_has_a_layer() -> None:
    units = {_unit(n) for n in MODULES}
    assert units <= set(_RANK), sorted(units - set(_RANK))


def test_the_layer_check_finds_an_upward_import() -> None:
    graph = {"graphmem.stores.base": {"graphmem.write.arbitrate"}, "graphmem.write.arbitrate": set()}
    assert layer_violations(graph) == [
        "graphmem.stores.base (layer 5) imports graphmem.write.arbitrate (layer 7)"
    ]
    assert layer_violations({"graphmem.write.arbitrate": {"graphmem.stores.base"}}) == []
