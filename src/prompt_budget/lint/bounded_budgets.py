"""A bound of budgets: ``min(n_ctx, n_batch)`` (set 18: raglite), and a bound whose terms are a
budget's fallback or what is left of one (set 97: xdog-agent's ``min(self.max_prompt_tokens or
self.context_window, self.context_window - self.output_reserve) - self.safety_margin``, the input
limit). What is taken off such a bound is a reserve of tokens, whatever it is named.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import number

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def _term_budget(rule: LintRule, term: ast.expr) -> str | None:
    """The budget a term of the bound reads: a budget (``n_ctx``), what is left of one
    (``context_window - output_reserve``: its leftmost term), or a fallback between budgets
    (``max_prompt_tokens or context_window``, ``max_tokens or 8000``: every term a budget or a number)."""
    while isinstance(term, ast.BinOp) and isinstance(term.op, ast.Sub):
        term = term.left
    if isinstance(term, ast.BoolOp) and isinstance(term.op, ast.Or):
        found = [_term_budget(rule, v) for v in term.values if number(v) is None]
        return found[0] if found and all(found) else None
    return rule.budget_expr(term)


def bounded_budget(rule: LintRule, node: ast.expr, every: bool = False) -> str | None:
    """The budget ``node`` bounds when it is ``min(...)`` / ``max(...)`` of budgets: the first term's;
    ``every``: only when each term (numbers aside) reads one, else when any does."""
    if not (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in {"min", "max"}
        and not node.keywords
        and len(node.args) > 1
    ):
        return None
    found = [_term_budget(rule, a) for a in node.args if number(a) is None]
    if not found or (every and not all(found)):
        return None
    return next((b for b in found if b is not None), None)
