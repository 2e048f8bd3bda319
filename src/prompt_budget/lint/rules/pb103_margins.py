"""PB103's reading of a safety factor written on the count's side of a comparison with a budget:
``if prompt_tokens * 1.5 > model_input_context_length`` lets the prompt fill only 2/3 of the window, a
share of it in a config's place (set 29: docetl). A whole factor (``* 2``, ``* 3``) splits the budget
among so many parts (halving is no share the judges count), and is left alone."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import number

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def margin_on_count(rule: LintRule, side: ast.expr, other: ast.expr) -> tuple[ast.expr, float] | None:
    """(the factor's literal, its value) when ``side`` is a token count times a fractional factor above
    1 (``prompt_tokens * 1.5``, ``int(n_tokens * 1.2)``) and ``other`` is a budget; else None."""
    if isinstance(side, ast.Call) and isinstance(side.func, ast.Name) and side.func.id in {"int", "round"}:
        side = side.args[0] if len(side.args) == 1 else side
    if not (isinstance(side, ast.BinOp) and isinstance(side.op, ast.Mult)):
        return None
    for count, literal in ((side.left, side.right), (side.right, side.left)):
        factor = number(literal)
        if (
            isinstance(factor, float)
            and not factor.is_integer()
            and 1 < factor <= 4
            and rule.token_amount(count)
            and rule.budget_expr(other) is not None
        ):
            return literal, factor
    return None
