"""The class a receiver is an instance of when a factory made it, for ``budget_overrides`` (set 94:
nexus-agent-memory's ``client.summarize(content, max_length=200)``)::

    # nexus_local.py: the default is reported (documented in tokens, sent as ``max_tokens``)
    class OllamaClient:
        def summarize(self, content: str, max_length: int = 300): ...

    def get_client() -> OllamaClient: ...

    # nexus_core.py
    from .nexus_local import get_client as _get_llm_client
    client = _get_llm_client()
    summary = client.summarize(content, max_length=200)

``budget_overrides`` resolves ``x.method(...)`` where the function binds ``x = Name(...)``; when ``Name``
is a function annotated to return a class (``-> OllamaClient``, ``-> Optional[OllamaClient]``,
``-> "OllamaClient | None"``), the call reaches that class's method. The factory is the module's own
top-level function or one it imports by name (``as`` an alias: the name it has where it is defined).
Each module records its factories as facts (``FACTORY_FACT``: the function and the class); the
project-wide pass resolves a passed literal's key through the one factory of that name in the project
(two disagreeing: unknown). Only annotations are read: what a function returns otherwise is not guessed.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import tagged

if TYPE_CHECKING:
    from prompt_budget.lint.findings import Fact
    from prompt_budget.lint.rule import LintRule

FACTORY_FACT = "\x00override-factory "

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
#: Wrappers of an annotation that leave the class it names (``Optional[X]``).
_OPTIONAL = frozenset({"Optional", "Union"})


def _class_named(node: ast.expr | None) -> str | None:
    """The one class an annotation names (``X``, ``mod.X``, ``Optional[X]``, ``X | None``, ``"X"``),
    capitalised as a class is, else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        try:
            node = ast.parse(node.value, mode="eval").body
        except SyntaxError:
            return None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        sides = [s for s in (node.left, node.right) if not _is_none(s)]
        return _class_named(sides[0]) if len(sides) == 1 else None
    if isinstance(node, ast.Subscript):
        wrapper = node.value.attr if isinstance(node.value, ast.Attribute) else getattr(node.value, "id", "")
        if wrapper not in _OPTIONAL:
            return None
        inner = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        kept = [e for e in inner if not _is_none(e)]
        return _class_named(kept[0]) if len(kept) == 1 else None
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", None)
    return name if isinstance(name, str) and name[:1].isupper() and not name.isupper() else None


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def record_factories(rule: LintRule, module: ast.Module) -> dict[str, str]:
    """The module's top-level functions annotated to return a class (function -> class), each
    recorded as a fact for the project-wide pass."""
    found: dict[str, str] = {}
    for stmt in module.body:
        if isinstance(stmt, _FUNCTIONS) and stmt.returns is not None and (cls := _class_named(stmt.returns)):
            found[stmt.name] = cls
            rule.fact(stmt, f"{FACTORY_FACT}{stmt.name} {cls}", 0)
    return found


def source_name(module: ast.Module, name: str) -> str:
    """The name ``name`` has where it is defined: ``get_client`` for ``from .local import get_client as
    _get_llm_client`` (the module's top-level imports), else ``name``."""
    for stmt in module.body:
        if isinstance(stmt, ast.ImportFrom):
            for alias in stmt.names:
                if alias.asname == name:
                    return alias.name
        elif isinstance(stmt, ast.Try):
            for inner in stmt.body:
                if isinstance(inner, ast.ImportFrom):
                    for alias in inner.names:
                        if alias.asname == name:
                            return alias.name
    return name


def through_factory(key: str, factories: dict[str, str]) -> str:
    """``get_client.summarize`` -> ``OllamaClient.summarize`` when ``get_client`` is a factory of
    ``OllamaClient``; any other key as it is."""
    head, dot, method = key.partition(".")
    return f"{factories[head]}.{method}" if dot and head in factories else key


def project_factories(facts: Sequence[Fact], project: Callable[[Fact], Path]) -> dict[Path, dict[str, str]]:
    """Each project's factories (function -> class), those of one class only."""
    seen: dict[tuple[Path, str], set[str]] = defaultdict(set)
    for fact, (fn, cls) in tagged(facts, FACTORY_FACT, 2):
        seen[(project(fact), fn)].add(cls)
    out: dict[Path, dict[str, str]] = defaultdict(dict)
    for (top, fn), classes in seen.items():
        if len(classes) == 1:
            out[top][fn] = next(iter(classes))
    return out
