"""A local that a budget getter returns (``def advise_max_tokens(...)``: ``candidate = min(candidate,
max_value)`` ... ``return candidate``, set 156: natshell's autotuning of its output cap): whatever it is
named, it holds the budget the function is named for, so a number clamping it is a bound on tokens. Read
by ``flow.Uses`` for a name given to ``min``/``max``. Kept apart from ``flow``: it judges no finding itself.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.walks import own_statements

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def returned_budget(rule: LintRule, expr: ast.expr) -> str | None:
    """The name of the enclosing function, named as a budget, when ``expr`` is a local it returns
    (``return candidate``) on one of its own paths; else None."""
    if type(expr) is not ast.Name:
        return None
    fn = rule.ctx.function()
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or not rule.names.is_budget(fn.name):
        return None
    for stmt in own_statements(fn):
        if isinstance(stmt, ast.Return) and type(stmt.value) is ast.Name and stmt.value.id == expr.id:
            return fn.name
    return None
