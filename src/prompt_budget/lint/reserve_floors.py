"""PB106's reading of a reserve written as a floor of a share of the budget it is taken off:
``window_tokens - output_tokens - max(128, int(window_tokens * 0.10))`` keeps a tenth of the window back,
at least 128 tokens (set 81: agent47's estimation-error reserve). The share is PB105's; the floor is a
reserve of tokens a config should own, as ``window_tokens - 128`` would be. So is a reserve taken only when
a flag is set, ``budget - (24 if self.add_footer else 0)`` (set 103: tooltrim's footer): the literal of the
branch that is not zero.
Kept apart from the rule, which is at the project's module size limit.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import TYPE_CHECKING

from prompt_budget.lint.compared_shares import pair_call

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def reserve_literal(
    rule: LintRule, node: ast.expr, share_of_budget: Callable[[ast.expr], str | None]
) -> tuple[ast.expr, int | float] | None:
    """The literal reserve ``node`` is (``1000``, ``(1000 if flag else 0)``), or the literal floor of ``max(<literal>, <a share of a
    budget>)``, with its value; else None."""
    value = rule.budget_literal(node)
    if value is not None:
        return node, value
    if isinstance(node, ast.IfExp):  # ``(24 if add_footer else 0)``: a reserve kept when a flag is set
        for kept, other in ((node.body, node.orelse), (node.orelse, node.body)):
            if _zero(other) and (value := rule.budget_literal(kept)) is not None:
                return kept, value
        return None
    args = pair_call(node, ("max",))
    if args is None:
        return None
    for floor, other in (args, args[::-1]):
        if (value := rule.budget_literal(floor)) is not None and share_of_budget(other) is not None:
            return floor, value
    return None


def _zero(node: ast.expr) -> bool:
    return type(node) is ast.Constant and type(node.value) is int and node.value == 0
