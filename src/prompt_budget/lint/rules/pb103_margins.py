"""PB103's reading of a safety factor written on the count's side of a comparison with a budget:
``if prompt_tokens * 1.5 > model_input_context_length`` lets the prompt fill only 2/3 of the window, a
share of it in a config's place (set 29: docetl). A whole factor (``* 2``, ``* 3``) splits the budget
among so many parts (halving is no share the judges count), and is left alone."""

from __future__ import annotations

import ast

from prompt_budget.lint.rule import LintRule, number, token_amount_literal


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


def room_floor(rule: LintRule, clamp: ast.Call, literal: ast.expr) -> int | float | None:
    """``max_tokens = max(model_context_tokens - prompt_tokens, 16)``: the least output a clamp leaves
    when the prompt fills the window (set 37: dify-plugin), taken from the rules' own minimum (16, not
    PB103's 32 for thresholds) while PB103's minimum is left at its default. The clamp is a ``max()`` of
    two arguments: the literal and a token amount less another (the room left in a budget)."""
    value = token_amount_literal(literal)
    room = next((a for a in clamp.args if a is not literal), None)
    if (
        value is None
        or len(clamp.args) != 2
        or not isinstance(clamp.func, ast.Name)
        or clamp.func.id != "max"
        or value < LintRule.DEFAULT_MIN_VALUE
        or value in rule.options.allowed_values
        or rule.options.min_value > type(rule).DEFAULT_MIN_VALUE
    ):
        return None
    if not (
        isinstance(room, ast.BinOp)
        and isinstance(room.op, ast.Sub)
        and rule.token_amount(room.left)
        and rule.token_amount(room.right)
    ):
        return None
    return value
