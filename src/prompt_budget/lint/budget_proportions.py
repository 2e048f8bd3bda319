"""A margin on a budget's proportion to a count of tokens, for PB105 (budget-ratio): ``ratio = budget /
tokens`` (what share of the text's tokens the budget keeps), then ``int(len(text) * ratio * 0.9)``: the
``0.9`` is a safety margin taken off the token budget before the text is cut to it (set 69: know-cli's
and hiermem's ``truncate_to_budget``), a share of the budget as much as ``budget * 0.9`` is.

The local must be bound in the function only to divisions whose numerator is a budget (a budget's name,
or a plain ``budget``/``limit`` parameter of the function) and whose divisor is a count of tokens
(``LintRule.token_amount``; a clamp of one, ``max(current, 1)``; or a local bound only to one, ``current =
count_tokens(text)``). Kept apart from the rule: it reads the function's bindings (``fallbacks.local_bindings``).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.fallbacks import local_bindings

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def _params(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    args = fn.args
    return {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}


def _tokens(rule: LintRule, fn: ast.AST, node: ast.expr) -> bool:
    """A count of tokens: by name or call, a clamp of one, or a local bound only to one."""
    if rule.token_amount(node):
        return True
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in {"min", "max"}:
        return any(_tokens(rule, fn, a) for a in node.args if not isinstance(a, ast.Constant))
    if type(node) is ast.Name:
        values = [stmt.value for stmt in local_bindings(fn, node.id)]
        return bool(values) and all(rule.token_amount(v) for v in values)
    return False


def _budget(rule: LintRule, fn: ast.FunctionDef | ast.AsyncFunctionDef, node: ast.expr) -> str | None:
    found = rule.budget_expr(node)
    if (
        found is None
        and type(node) is ast.Name
        and rule.names.is_weak_budget(node.id)
        and node.id in _params(fn)
    ):
        found = node.id
    return found


def scaled_proportion(rule: LintRule, other: ast.expr) -> str | None:
    """``len(text) * ratio``, ``ratio`` bound to ``budget / tokens`` in the function, or ``budget / tokens``
    itself (set 248: mmore's ``ratio = max_tokens / total_tokens * 0.9``): the budget's name, else None."""
    fn = rule.ctx.function()
    if fn is None or not isinstance(other, ast.BinOp):
        return None
    if isinstance(other.op, ast.Div):
        return _budget(rule, fn, other.left) if _tokens(rule, fn, other.right) else None
    if not isinstance(other.op, ast.Mult):
        return None
    for side in (other.left, other.right):
        if type(side) is not ast.Name:
            continue
        values = [stmt.value for stmt in local_bindings(fn, side.id)]
        budgets = [
            _budget(rule, fn, v.left)
            for v in values
            if isinstance(v, ast.BinOp) and isinstance(v.op, ast.Div) and _tokens(rule, fn, v.right)
        ]
        if values and len(budgets) == len(values) and all(budgets):
            return budgets[0]
    return None
