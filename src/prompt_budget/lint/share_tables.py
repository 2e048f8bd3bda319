"""Module tables of shares, for PB105 (budget-ratio): a module constant holding only literal shares, a
list or a dict (``_PTL_COMPACTION_TARGETS = [0.70, 0.50, 0.30]``, ``_THRESHOLD_GATES = {"SnipCompactor":
0.75, "SummarizeCompactor": 0.85}``: set 69, duh-cli), one of whose items a function binds to a local
(``target_ratio = TARGETS[i]``, ``threshold = GATES.get(name)``) that scales a budget (``int(context_limit
* target_ratio)``) or is ordered against a share of tokens (``usage_ratio = current_tokens /
effective_limit`` ... ``if usage_ratio < threshold``; ``compared_shares.of_tokens``). The table is one
setting: reported once, at its first share.

Kept apart from the rule: read at the end of the module from the module's kept walk, only when the
module binds such a table (most bind none: then only the module's top statements are looked at).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import single_binding
from prompt_budget.lint.compared_shares import divisions, of_tokens
from prompt_budget.lint.ratio_names import fraction
from prompt_budget.lint.reports_made import is_reported
from prompt_budget.lint.walks import parents, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def _tables(tree: ast.AST) -> dict[str, ast.expr]:
    """Module constants bound to a list, tuple or dict of two or more literal shares: name -> first."""
    found: dict[str, ast.expr] = {}
    for stmt in getattr(tree, "body", ()):
        bound = single_binding(stmt)
        if bound is None:
            continue
        target, value = bound
        if not isinstance(target, ast.Name):
            continue
        items = value.values if isinstance(value, ast.Dict) else getattr(value, "elts", None)
        if not isinstance(value, (ast.Dict, ast.List, ast.Tuple)) or not items or len(items) < 2:
            continue
        if all(fraction(item) is not None for item in items):
            found[target.id] = items[0]
    return found


def _item_of(value: ast.expr, tables: dict[str, ast.expr]) -> str | None:
    """``TABLE[i]`` or ``TABLE.get(key)``: the table read, else None."""
    if isinstance(value, ast.Subscript) and isinstance(value.value, ast.Name):
        name = value.value.id
    elif (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr == "get"
        and isinstance(value.func.value, ast.Name)
    ):
        name = value.func.value.id
    else:
        return None
    return name if name in tables else None


def _use(rule: LintRule, fn: ast.AST, local: str) -> str | None:
    """Why the local ``local`` of ``fn`` is a share of tokens: a product with a budget, or an ordering
    against a share of tokens."""
    for node in walk(fn):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
            sides = (node.left, node.right)
            for side, other in (sides, sides[::-1]):
                if _named(side, local) and (budget := rule.budget_expr(other)) is not None:
                    return f"`{local}` scales `{budget}` at line {node.lineno}"
        elif isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], _ORDER):
            sides = (node.left, node.comparators[0])
            for side, other in (sides, sides[::-1]):
                if _named(side, local) and any(of_tokens(rule, d) for d in divisions(fn, other)):
                    return f"`{local}` is compared at line {node.lineno} with a share of tokens"
    return None


def _named(node: ast.expr, name: str) -> bool:
    return type(node) is ast.Name and node.id == name


def table_shares(rule: LintRule, tree: ast.AST) -> list[tuple[ast.expr, float, str, str]]:
    """(the first share, its value, the table's name, what is said) of each module table of shares an item of
    which a function binds to a local used as a share of tokens."""
    tables = _tables(tree)
    if not tables:
        return []
    up = parents(tree)
    found: list[tuple[ast.expr, float, str, str]] = []
    done: set[str] = set()
    for node in walk(tree):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
            continue
        target = node.targets[0]
        table = _item_of(node.value, tables)
        if table is None or table in done or not isinstance(target, ast.Name):
            continue
        fn = up.get(node)
        while fn is not None and not isinstance(fn, _FUNCTIONS):
            fn = up.get(fn)
        why = _use(rule, fn, target.id) if fn is not None else None
        if why is not None and not is_reported(rule, tables[table]):
            done.add(table)
            value = fraction(tables[table]) or 0.0
            found.append((tables[table], value, table, f"{table} = {value} ..., a table of shares: {why}"))
    return found
