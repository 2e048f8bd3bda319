"""Module constants that name a unit of a thousand or a million: ``K_TOKENS = 1024``, ``KB = 1024``,
``THOUSAND = 1000``, ``MILLION = 1_000_000``. A product of a number and such a constant (``max_tokens=21 *
K_TOKENS``, ``thinking_budget=16 * K_TOKENS``) spells an amount as ``21 * 1024`` does, and is evaluated
as it is (``rule.constant_expression``; set 103: pai-agent-sdk's presets). The constant itself is a unit,
not a budget: it is never evaluated alone, only as a factor of a product with a number.

Only names bound once, at the module's top level, to one of those values count: anything else (a
name bound twice, in a function, to another number) may hold anything at the product's line.
"""

from __future__ import annotations

import ast
from typing import Final

#: The values a unit constant holds: a thousand and a million, decimal or binary.
UNIT_VALUES: Final = frozenset({1000, 1024, 1_000_000, 1_048_576})

#: The linted module's unit constants (name -> value), set by ``read_units`` before its walk.
_units: dict[str, int] = {}


def read_units(tree: ast.Module) -> None:
    """Record the unit constants ``tree``'s top level binds (called once per module, before its walk)."""
    _units.clear()
    seen: set[str] = set()
    for stmt in tree.body:
        value: ast.expr | None
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target, value = stmt.targets[0], stmt.value
        elif isinstance(stmt, (ast.AnnAssign, ast.AugAssign)):
            target, value = stmt.target, stmt.value
        else:
            continue
        if not isinstance(target, ast.Name):
            continue
        if target.id in seen or isinstance(stmt, ast.AugAssign):
            _units.pop(target.id, None)  # bound twice: not a constant
        elif type(value) is ast.Constant and type(value.value) is int and value.value in UNIT_VALUES:
            _units[target.id] = value.value
        seen.add(target.id)


def forget_units() -> None:
    """Drop the linted module's unit constants once its walk is done (nothing outside the walk sees them)."""
    _units.clear()


def unit_factor(node: ast.AST) -> int | None:
    """The value of a unit constant read by name (``K_TOKENS`` -> 1024), else None."""
    return _units.get(node.id) if isinstance(node, ast.Name) and _units else None
