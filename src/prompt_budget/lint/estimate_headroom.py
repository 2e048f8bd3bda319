"""Headroom added to an estimate handed on as a count of tokens, for PB106 (reserve-arithmetic):
``meter.reserve(guild_id, prompt_tokens=len(request.model_dump_json().encode()) + 512)`` (set 287: icelake's
meter, reserving the prompt's bytes as its tokens plus 512 for the schema and framing). The keyword says the sum
counts tokens (``prompt_tokens=``, ``estimated_tokens=``), so the number added to the estimate is tokens kept
for what the estimate leaves out. A budget keyword (``max_tokens=budget + 1024``) is ``headroom_budgets``'.
Judges no finding itself.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def estimate_keyword(rule: LintRule, node: ast.BinOp) -> str | None:
    """The keyword naming a count of tokens (not a budget) that the sum ``node`` is given to, else None."""
    parent = rule.ctx.parent(node)
    if not (isinstance(parent, ast.keyword) and parent.arg and parent.value is node):
        return None
    names = rule.names
    if (
        not names.is_token_amount(parent.arg)
        or names.is_budget(parent.arg)
        or names.is_budget_setting(parent.arg)
    ):
        return None
    # an estimate computed there (``len(...)``, ``n // 4``), not ``tokens=100 + 28`` nor a count moved on
    # (``total_tokens=state.total_tokens + 50``, set 287's pass: vidurai's simulated step)
    return (
        parent.arg
        if isinstance(node.left, (ast.Call, ast.BinOp)) and rule.budget_literal(node.left) is None
        else None
    )
