"""A literal a function returns last, after returns of a budget (set 88: team-harness's
``resolve_model_limit``, ``if config.context_limit: return config.context_limit`` ... ``return 128_000``):
the value the function gives when none of the budgets it looks up is known, the same budget as theirs,
as the last resort of ``config.max_tokens or 4096`` is. Only a return that ends the function's own body
is read (a return inside a branch may answer another question), and only another return of the same
function (not of a function nested in it) that reads a budget by name (``rule.budget_expr``) decides.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.walks import own_statements

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

Function = ast.FunctionDef | ast.AsyncFunctionDef


def budget_returned_before(rule: LintRule, fn: Function, node: ast.Return) -> tuple[str, int] | None:
    """(the budget, its line) another return of ``fn`` reads, when ``node`` ends ``fn``'s body, else None."""
    if not fn.body or fn.body[-1] is not node:
        return None
    returns = [s for s in own_statements(fn) if type(s) is ast.Return and s is not node]
    for other in reversed(returns):  # the nearest the end first
        if other.value is not None and (budget := rule.budget_expr(other.value)) is not None:
            return budget, other.lineno
    return None
