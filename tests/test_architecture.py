"""The layers import downwards only and no modules import each other in a circle (docs/architecture.md)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("sim", "analysis", "reports")
# Lowest first. A module may import its own layer and the layers below it, never one above.
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    ("base", ("sim.errors", "sim.limits")),
    ("cards", ("sim.cards",)),
    ("engine support", ("sim.engine",)),
    ("games", ("sim.games",)),
    ("decks", ("sim.decks",)),
    ("analysis", ("analysis",)),
    ("odds", ("sim.odds",)),
    ("run", ("sim.run",)),
    ("reports", ("reports",)),
    ("workflows", ("sim.workflows", "sim.bench")),
    ("front ends", ("sim.cli", "sim.service")),
]


def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(path: Path, name: str, known: dict[str, Path]) -> set[str]:
    """Project modules `name` imports, at module level or inside functions."""
    out = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name in known}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else []))
            for a in node.names:
                full = f"{base}.{a.name}"
                out.add(full if full in known else base)
    return {m for m in out if m in known and m != name}


def layer_of(module: str) -> int | None:
    for i, (_, prefixes) in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return i
    return None


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(path, name, known) for name, path in known.items()}


def test_every_module_has_a_layer():
    unplaced = [m for m in graph() if m not in PACKAGES and layer_of(m) is None]
    assert not unplaced, f"modules outside every layer: {unplaced}"


def test_layers_import_downwards_only():
    upward = []
    for module, deps in graph().items():
        if module in PACKAGES:  # a package's own __init__ (sim's drops stale numba caches on import)
            continue
        for dep in deps:
            if dep not in PACKAGES and layer_of(dep) > layer_of(module):
                upward.append(f"{module} ({LAYERS[layer_of(module)][0]}) imports {dep} ({LAYERS[layer_of(dep)][0]})")
    assert not upward, "\n".join(sorted(upward))


def test_no_import_cycles():
    g = graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in g[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for v in sorted(g):
        if v not in index:
            visit(v)
    assert not cycles, f"import cycles: {cycles}"


def test_the_checker_sees_an_upward_import_and_a_cycle(monkeypatch):
    """The checks above can fail: a planted upward import and a planted cycle are both found."""
    g = {"sim.cards.model": {"sim.run.runner"}, "sim.run.runner": {"sim.cards.model"}}
    monkeypatch.setattr(sys.modules[__name__], "graph", lambda: g)
    try:
        test_layers_import_downwards_only()
    except AssertionError as exc:
        assert "sim.cards.model (cards) imports sim.run.runner (run)" in str(exc)
    else:
        raise AssertionError("the upward import was not found")
    try:
        test_no_import_cycles()
    except AssertionError as exc:
        assert "sim.cards.model" in str(exc)
    else:
        raise AssertionError("the cycle was not found")
