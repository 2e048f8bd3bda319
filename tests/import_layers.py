"""The import graph of a package and its layer rules: the checker behind tests/unit/test_architecture.py.

Every import counts, wherever it stands: at the top of a module, inside a function (a "lazy" import)
and under ``if TYPE_CHECKING:``. A lazy import still makes one module depend on another, and an import
kept for type checking still ties their definitions together; hiding either would hide the cycle.

A layer is a list of module-name patterns (``"config"`` is the module or package ``config`` and
everything inside it). An import may point to a lower layer, or sideways within one layer, but never to
a higher one; and the graph may hold no cycle at all.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

Kind = Literal["top", "function", "type-checking"]


@dataclass(frozen=True)
class Edge:
    """``importer`` imports ``imported`` at ``line`` of ``path``."""

    importer: str
    imported: str
    path: Path
    line: int
    kind: Kind

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.importer} -> {self.imported} ({self.kind})"


def modules(src: Path, package: str) -> dict[str, tuple[Path, bool]]:
    """Every module of ``package`` under ``src``: dotted name -> (file, is a package ``__init__``)."""
    found: dict[str, tuple[Path, bool]] = {}
    for path in sorted((src / package).rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _targets(
    node: ast.Import | ast.ImportFrom, name: str, is_package: bool, known: Mapping[str, object]
) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names if alias.name in known]
    if node.level:
        base = name.split(".") if is_package else name.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        module = ".".join([*base, node.module] if node.module else base)
    else:
        module = node.module or ""
    out: list[str] = []
    for alias in node.names:
        if f"{module}.{alias.name}" in known:  # `from pkg import submodule`
            out.append(f"{module}.{alias.name}")
        elif module in known:
            out.append(module)
    return out


def import_edges(src: Path, package: str) -> list[Edge]:
    """Every import from one module of ``package`` to another, with where it stands."""
    known = modules(src, package)
    edges: list[Edge] = []
    for name, (path, is_package) in known.items():

        def visit(
            node: ast.AST,
            in_function: bool,
            in_type_checking: bool,
            name: str = name,
            path: Path = path,
            is_package: bool = is_package,
        ) -> None:
            for child in ast.iter_child_nodes(node):
                function = in_function or isinstance(
                    child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
                )
                type_checking = in_type_checking or (
                    isinstance(child, ast.If) and _is_type_checking(child.test)
                )
                if isinstance(child, ast.Import | ast.ImportFrom):
                    kind: Kind = "type-checking" if type_checking else "function" if function else "top"
                    for target in _targets(child, name, is_package, known):
                        if target != name:
                            edges.append(Edge(name, target, path, child.lineno, kind))
                visit(child, function, type_checking)

        visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)), False, False)
    return edges


def cycles(edges: Iterable[Edge]) -> list[list[str]]:
    """The import cycles: strongly connected components of more than one module (Tarjan's algorithm,
    iterative so a deep graph cannot exhaust the stack), each sorted, largest first."""
    graph: dict[str, set[str]] = {}
    for e in edges:
        graph.setdefault(e.importer, set()).add(e.imported)
        graph.setdefault(e.imported, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, list[str]]] = [(root, sorted(graph[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            v, todo = work[-1]
            if todo:
                w = todo.pop()
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, sorted(graph[w])))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                component: list[str] = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    component.append(w)
                    if w == v:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found, key=lambda c: (-len(c), c))


def layer_of(module: str, layers: Sequence[Sequence[str]], package: str) -> int | None:
    """The index of the layer whose most specific pattern names ``module`` (patterns are relative to
    ``package``; ``""`` is the package's own ``__init__``), or None when none does."""
    best: tuple[int, int] | None = None  # (pattern length, layer)
    relative = "" if module == package else module.removeprefix(package + ".")
    for i, patterns in enumerate(layers):
        for pattern in patterns:
            names = relative == pattern or (pattern and relative.startswith(pattern + "."))
            if names and (best is None or len(pattern) > best[0]):
                best = (len(pattern), i)
    return None if best is None else best[1]


@dataclass(frozen=True)
class Report:
    cycles: list[list[str]]
    upward: list[Edge]
    unplaced: list[str]

    def problems(self) -> list[str]:
        out = [f"import cycle through {len(c)} modules: {' -> '.join(c)}" for c in self.cycles]
        out += [f"upward import: {e}" for e in self.upward]
        out += [f"module without a layer (add it to the layer map): {m}" for m in self.unplaced]
        return out


def check(
    src: Path,
    package: str,
    layers: Sequence[Sequence[str]],
    allowed: Mapping[tuple[str, str], str] | None = None,
) -> Report:
    """Cycles, upward imports and modules no layer names, in ``package`` under ``src``. An edge in
    ``allowed`` (importer, imported -> the reason) is left out of both checks."""
    allowed = allowed or {}
    edges = [e for e in import_edges(src, package) if (e.importer, e.imported) not in allowed]
    unplaced = sorted(m for m in modules(src, package) if layer_of(m, layers, package) is None)
    upward = []
    for e in edges:
        a, b = layer_of(e.importer, layers, package), layer_of(e.imported, layers, package)
        if a is not None and b is not None and b > a:
            upward.append(e)
    return Report(cycles(edges), upward, unplaced)
