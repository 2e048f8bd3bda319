"""A local margin added to how far a count of tokens runs over a budget (PB106; set 227: soul-protocol's
``truncation_overhead = 20`` ... ``overflow = current - token_budget + truncation_overhead``, "a margin for the
truncated node's own tokens"): the number is a reserve kept beyond the budget, judged where the local is bound.
A module constant added so is judged by ``pb106_reserve_arithmetic`` itself. Judges no finding itself.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import bound_values
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def local_excess_margin(
    rule: LintRule, node: ast.Assign, excess_over: Callable[[ast.expr], str | None]
) -> tuple[ast.expr, str, int | float, str] | None:
    """(the literal, the budget, the value, how) when ``node`` binds a local of the function being walked, once,
    to a number the function adds to an excess over a budget (``excess_over`` names the budget of ``count -
    budget``), else None."""
    fn = rule.ctx.function()
    target = node.targets[0] if len(node.targets) == 1 else None
    if fn is None or type(target) is not ast.Name or rule.names.is_budget(target.id):
        return None
    value = rule.budget_literal(node.value)
    if value is None:
        return None
    for n in walk(fn):  # the use first: few locals are added to anything, so the bindings are rarely read
        if (
            type(n) is ast.BinOp
            and isinstance(n.op, ast.Add)
            and type(n.right) is ast.Name
            and n.right.id == target.id
            and (excess := excess_over(n.left)) is not None
            and bound_values(fn, target.id) == [node.value]
        ):
            return node.value, excess, value, f"(as `{target.id}`) added as a margin to the excess over"
    return None
