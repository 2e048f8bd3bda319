"""A local bound only to a clamp of a token amount, for the comparisons that make an estimate a number of
tokens (``forms.compared_with_tokens``): ``budget = max(64, min(int(token_budget), 4000))`` ... ``while
math.ceil(len(encoded) / 4) > budget`` (set 375: djobs' memory payload, whose ``4`` is a rate of characters
per token though the name it is compared with says no tokens).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import bound_values
from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_CLAMPS = frozenset({"max", "min"})


def clamped_amount(rule: LintRule, node: ast.expr) -> bool:
    """``node`` is a local of the function being linted bound only to ``max()`` / ``min()`` of
    expressions naming a token amount (``token_budget``)."""
    fn = rule.ctx.function()
    if type(node) is not ast.Name or fn is None:
        return False
    values = bound_values(fn, node.id)
    return bool(values) and all(
        isinstance(v, ast.Call)
        and callee_name(v) in _CLAMPS
        and any(type(n) is ast.Name and rule.token_amount(n) for n in walk(v))
        for v in values
    )
