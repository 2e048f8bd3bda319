"""Room kept beside token counts, written as the amount a budget must hold: ``system_tokens +
user_prompt_tokens + 100`` where the same function takes the same counts and the same reserve off a budget
(``self.max_context_tokens - system_tokens - user_prompt_tokens - 100``; set 65: nexent's
``OpenAILongContextModel`` says what is required in its error message).

The sum is the reserve's other side: what the counts need, the reserve included, against what the budget
gives. Moving the reserve to config at the subtraction leaves the sum's copy behind (the message, or a
check, then states another reserve than the one kept). It is one wherever it is written (a local, a
comparison, an f-string's formatted value, which the rules read like any expression).
"""

from __future__ import annotations

import ast

from prompt_budget.lint.reserve_sums import counted_sum, reserve_sum, sum_terms
from prompt_budget.lint.reserve_totals import counted_total
from prompt_budget.lint.rule import LintRule
from prompt_budget.lint.walks import walk


def _taken_off(rule: LintRule, node: ast.BinOp, terms: list[str], value: int | float) -> str | None:
    """``node`` is ``budget - a - b - <value>``, with ``a``, ``b`` the ``terms`` (dumped): the budget."""
    if not (isinstance(node.op, ast.Sub) and rule.budget_literal(node.right) == value):
        return None
    left, taken = node.left, []
    while isinstance(left, ast.BinOp) and isinstance(left.op, ast.Sub):
        taken.append(ast.dump(left.right))
        left = left.left
    return rule.budget_expr(left) if sorted(taken) == terms else None


def mirrored_reserve(rule: LintRule, node: ast.BinOp) -> str | None:
    """``node`` is ``counts + <literal>``: the budget a subtraction in the same function takes the same
    counts and the same literal off, else None."""
    fn = rule.ctx.function()
    value = rule.budget_literal(node.right)
    if fn is None or value is None or not (isinstance(node.op, ast.Add) and counted_sum(rule, node.left)):
        return None
    terms = sorted(ast.dump(t) for t in sum_terms(node.left))
    for use in walk(fn):
        if isinstance(use, ast.BinOp) and (budget := _taken_off(rule, use, terms, value)) is not None:
            return budget
    return None


def reserve_bound(rule: LintRule, node: ast.BinOp) -> str | None:
    """The budget room added to token counts is kept against: the sum ordered against it or bound to a
    total that is (``reserve_sums``, ``reserve_totals``), or the same room taken off it (above)."""
    return reserve_sum(rule, node) or counted_total(rule, node) or mirrored_reserve(rule, node)
