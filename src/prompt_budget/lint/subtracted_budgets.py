"""PB106's reserves taken off an amount a budget is taken off too (set 88: team-harness's
``model_limit - min(max_output_tokens, 20_000) - 13_000``, the auto-compact threshold): whatever the
leftmost term is named, taking a budget of tokens off it makes it an amount of tokens, and the literal
taken off beside that budget is a reserve of tokens. The budget is a term of the chain of subtractions
(not its leftmost, which ``pb106`` reads first), read by name (``rule.budget_expr``) or clamped by
``min()`` / ``max()`` (``min(max_output_tokens, 20_000)``).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, callee_name, number

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def _budget_term(rule: LintRule, term: ast.expr) -> str | None:
    """The budget a subtracted term reads: ``max_output_tokens``, ``min(max_output_tokens, 20_000)``."""
    if isinstance(term, ast.Call) and callee_name(term) in {"min", "max"} and not term.keywords:
        return next((b for a in term.args if (b := rule.budget_expr(a)) is not None), None)
    return rule.budget_expr(term)


def subtracted_budget(rule: LintRule, node: ast.BinOp) -> str | None:
    """What ``node`` (``... - literal``) takes its literal off, when a budget is subtracted earlier in
    the same chain (``model_limit - min(max_output_tokens, 20_000) - 13_000``): the leftmost term's
    name (else the budget's), or None."""
    left = node.left
    budget = None
    while isinstance(left, ast.BinOp) and isinstance(left.op, ast.Sub):
        budget = budget or _budget_term(rule, left.right)
        left = left.left
    return (attr_name(left) or budget) if budget is not None else None


def read_as_tokens(rule: LintRule, value: ast.AST, use: ast.AST | None) -> bool:
    """``use`` takes ``value`` off a budget (``context_limit - reserve``) or orders it against a count of tokens
    (``tokens >= threshold``): a clamp bound to that local is an amount of tokens (set 311: aleph-rlm's ``reserve =
    min(provider.get_output_limit(model), 8192)``; set 316: o11y-reflect's ``threshold = max(250_000.0, median *
    2.5)`` ... ``if tokens >= threshold``)."""
    if isinstance(use, ast.Compare):
        sides = (use.left, *use.comparators)
        return any(s is not value and rule.token_amount(s) for s in sides) and not any(
            isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn, ast.Is, ast.IsNot)) for op in use.ops
        )
    return (
        isinstance(use, ast.BinOp)
        and isinstance(use.op, ast.Sub)
        and use.right is value
        and rule.budget_expr(use.left) is not None
    )


def budget_less_tokens(rule: LintRule, node: ast.BinOp, left: ast.expr) -> str | None:
    """The name of ``left``, the head of the chain of subtractions ``node`` ends, when it is named as a budget
    (``input_budget``) and counts of tokens are taken off it beside the literal (``input_budget - history_tokens -
    query_tokens - 200``, set 347: prashflow's room for the retrieved context), else None."""
    name = attr_name(left)
    if not name or words(name)[-1:] != ("budget",):
        return None
    chain: ast.expr = node
    while isinstance(chain, ast.BinOp) and isinstance(chain.op, ast.Sub):
        if number(chain.right) is None and rule.token_amount(chain.right):
            return name
        chain = chain.left
    return None
