"""A rung of a ladder of thresholds on one token count below PB103's smallest threshold (set 74:
acorn-agent's router, ``est_tokens > 400`` / ``> 150`` / ``> 60`` and, further down, ``est_tokens < 25``
for a short question): the function compares the same count with larger literals that are thresholds,
so a smaller one of 16 or more is a setting of the same kind, not a small number of no meaning. A budget
parameter's floor is read so across the methods of its class (twin guards of two truncating methods). Tried
only for a literal the rule's smallest value leaves out."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import token_amount_literal
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
#: The smallest rung taken (the lint's smallest budget by default).
_SMALLEST = 16


def ladder_rung(rule: LintRule, literal: ast.expr, amount: ast.expr) -> int | float | None:
    """The value of ``literal``, compared with the local ``amount``, when it is too small for the rule
    alone but the enclosing function compares ``amount`` with a larger literal the rule takes."""
    value = token_amount_literal(literal)
    fn = rule.ctx.function()
    if (
        value is None
        or not _SMALLEST <= value < rule.options.min_value
        or value in rule.options.allowed_values
        or type(amount) is not ast.Name
        or fn is None
    ):
        return None
    # a budget parameter's floor in one method, its twin in another of the class (set 303: velqua's
    # ``if max_tokens < 50: return None`` in ``_truncate_episode``, ``< 20`` in ``_truncate_fact``)
    cls = rule.ctx.enclosing_class() if rule.names.is_budget(amount.id) else None
    for node in walk(cls if cls is not None else fn):
        if type(node) is not ast.Compare or len(node.ops) != 1 or not isinstance(node.ops[0], _ORDER):
            continue
        sides = (node.left, node.comparators[0])
        for side, other in (sides, sides[::-1]):
            if type(side) is ast.Name and side.id == amount.id and rule.budget_literal(other) is not None:
                return value
    return None
