"""A literal a function returns last, after returns of a budget (set 88: team-harness's
``resolve_model_limit``, ``if config.context_limit: return config.context_limit`` ... ``return 128_000``):
the value the function gives when none of the budgets it looks up is known, the same budget as theirs,
as the last resort of ``config.max_tokens or 4096`` is. Only a return that ends the function's own body
is read (a return inside a branch may answer another question), and only another return of the same
function (not of a function nested in it) that reads a budget by name (``rule.budget_expr``) decides.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

Function = ast.FunctionDef | ast.AsyncFunctionDef
_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def _own_returns(body: list[ast.stmt]) -> Iterator[ast.Return]:
    """The returns of a function's own statements, not those of the functions or classes nested in it."""
    todo: list[ast.AST] = list(body)
    while todo:
        stmt = todo.pop()
        if isinstance(stmt, ast.Return):
            yield stmt
        elif not isinstance(stmt, _NESTED):
            for child in ast.iter_child_nodes(stmt):
                if isinstance(child, (ast.stmt, ast.excepthandler, ast.match_case)):
                    todo.append(child)


def budget_returned_before(rule: LintRule, fn: Function, node: ast.Return) -> tuple[str, int] | None:
    """(the budget, its line) another return of ``fn`` reads, when ``node`` ends ``fn``'s body, else None."""
    if not fn.body or fn.body[-1] is not node:
        return None
    for other in _own_returns(fn.body[:-1]):
        if other.value is not None and (budget := rule.budget_expr(other.value)) is not None:
            return budget, other.lineno
    return None
