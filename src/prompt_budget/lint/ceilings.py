"""A ceiling of tokens an estimate is ordered against: a budget read (``context_window``), or a local its function
binds only to a budget less something (``ceiling = context_window - context_safety_margin``; set 473: tanli's
``if sum(_msg_chars(m) for m in messages) // 3 > ceiling``). What is ordered against it is a count of tokens.
Judges no finding itself."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import bound_values

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def budget_ceiling(rule: LintRule, node: ast.AST) -> bool:
    """``node`` reads a token budget, or is a local of the function bound only to one less other terms."""
    if not isinstance(node, ast.expr):
        return False
    if rule.budget_expr(node) is not None:
        return True
    fn = rule.ctx.function()
    if type(node) is not ast.Name or fn is None:
        return False
    values = bound_values(fn, node.id)
    return bool(values) and all(_less(rule, v) for v in values)


def _less(rule: LintRule, value: ast.expr) -> bool:
    """``context_window - margin``: a budget read with terms taken off (its leftmost term a budget)."""
    if not (isinstance(value, ast.BinOp) and isinstance(value.op, ast.Sub)):
        return False
    left = value.left
    while isinstance(left, ast.BinOp) and isinstance(left.op, ast.Sub):
        left = left.left
    return rule.budget_expr(left) is not None
