"""PB105's shares kept in a dict and read by key as the factor of a budget: ``profiles = {"low":
{"max_share": 0.33}, "high": {"max_share": 0.9}}`` ... ``int(max_tokens * profile["max_share"])``
(set 32: optillm's effort profiles). The product with a budget is the evidence that the key's values
are shares of it, whatever the key is named; a table (the outermost dict literal, nested rows
included) is reported once, at its first such share. The module's products are read in one walk at
its end, made only when a table holds a share."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.ratio_names import fraction
from prompt_budget.lint.rule import callee_name, string_value
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def read_key(node: ast.expr) -> str | None:
    """The string key ``node`` reads: ``row["share"]``, ``row.get("share", 0.5)``, else None."""
    if isinstance(node, ast.Subscript):
        return string_value(node.slice)
    if isinstance(node, ast.Call) and callee_name(node) == "get" and node.args:
        return string_value(node.args[0])
    return None


def keyed_factor(rule: LintRule, node: ast.BinOp) -> tuple[str, str] | None:
    """``budget * row["key"]`` (either order): (the key, the budget), else None."""
    if not isinstance(node.op, ast.Mult):
        return None
    for keyed, other in ((node.left, node.right), (node.right, node.left)):
        key = read_key(keyed)
        budget = rule.budget_expr(other) if key else None
        if key and budget:
            return key, budget
    return None


def factor_keys(rule: LintRule, tree: ast.AST | None) -> dict[str, str]:
    """Key -> budget of every ``budget * row["key"]`` in the module (one walk, made only when a table
    holds a share: the statement multiplying may hold no number, which the pruned walk skips)."""
    keys: dict[str, str] = {}
    for node in walk(tree) if tree is not None else ():
        if isinstance(node, ast.BinOp) and (found := keyed_factor(rule, node)) is not None:
            keys.setdefault(*found)
    return keys


def holds_share(table: ast.Dict) -> bool:
    """``table`` (or a dict nested in it) holds a share under a string key."""
    return any(
        fraction(value) is not None and string_value(key) is not None
        for node in walk(table)
        if isinstance(node, ast.Dict)
        for key, value in zip(node.keys, node.values, strict=False)
    )


def table_share(table: ast.Dict, keys: dict[str, str]) -> tuple[ast.expr, str, float, str] | None:
    """The first entry of ``table`` (or of a dict nested in it) written under a key in ``keys`` with a
    share as its value: (the literal, the key, its value, the budget), else None."""
    for node in walk(table):
        if not isinstance(node, ast.Dict):
            continue
        for key, value in zip(node.keys, node.values, strict=False):
            name = string_value(key) if key is not None else None
            share = fraction(value)
            if name in keys and share is not None and value is not None and name is not None:
                return value, name, share, keys[name]
    return None
