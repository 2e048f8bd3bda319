"""A module constant named as room (``_PROMPT_RESERVE = 1024``) added to a count of tokens and a budget of
tokens, for PB106 (reserve-arithmetic; set 83: agent-mini's ``context_overhead``):
``estimate_tokens(json.dumps(tools)) + _PROMPT_RESERVE + MAX_REPLY_TOKENS``, the room the system prompt
and the reply take on top of a conversation's budget.

Both other ends must say tokens: a count of tokens (``rule.token_amount``, a call or a name; a term kept
off when a condition fails, ``(count_tokens(x) if x else 0)``, counts too) and a budget
(``rule.budget_expr``) in the same sum. A constant whose name says no room (``reserve``, ``overhead``,
``margin``, ``buffer``, ``headroom``, ``padding``, ``slack``), one named as a budget (PB102's), one bound
again, or a sum holding a string's length or another literal is not read. Judged at the constant's binding,
with the module read through the shared walk (``walks.walk``) only for such a constant.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.character_reads import string_length
from prompt_budget.lint.names import words
from prompt_budget.lint.reserve_sums import sum_terms
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words of a name saying it is room kept free.
_ROOM_WORDS = frozenset(
    {"reserve", "reserved", "overhead", "margin", "buffer", "headroom", "padding", "slack"}
)


def _term(node: ast.expr) -> ast.expr:
    """``count_tokens(x)`` of ``(count_tokens(x) if x else 0)``; else ``node``."""
    if isinstance(node, ast.IfExp) and isinstance(node.orelse, ast.Constant) and node.orelse.value == 0:
        return node.body
    return node


def summed_reserve(rule: LintRule, node: ast.Assign) -> tuple[ast.expr, str, int | float, str] | None:
    """``_PROMPT_RESERVE = 1024`` at module level, added in a sum with a count of tokens and a budget:
    (the literal, the budget, its value, how it is added), else None."""
    target = node.targets[0] if len(node.targets) == 1 else None
    tree = rule.ctx.tree
    if rule.ctx.function() is not None or type(target) is not ast.Name or tree is None:
        return None
    name = target.id
    if rule.names.is_budget(name) or not set(words(name)) & _ROOM_WORDS or rule.names.is_chars(name):
        return None
    value = rule.budget_literal(node.value)
    if value is None:
        return None
    bound = 0
    found: str | None = None
    for n in walk(tree):
        if isinstance(n, ast.Name) and n.id == name and not isinstance(n.ctx, ast.Load):
            bound += 1
        elif found is None and isinstance(n, ast.BinOp) and isinstance(n.op, ast.Add):
            found = _sum_budget(rule, n, name)
    return (
        None if found is None or bound != 1 else (node.value, found, value, "added with a count of tokens to")
    )


def _sum_budget(rule: LintRule, node: ast.BinOp, name: str) -> str | None:
    """The budget in the sum ``node`` that also holds ``name`` and a count of tokens, else None."""
    terms = [_term(t) for t in sum_terms(node)]
    if not any(type(t) is ast.Name and t.id == name for t in terms):
        return None
    others = [t for t in terms if not (type(t) is ast.Name and t.id == name)]
    if any(isinstance(t, ast.Constant) or string_length(t, rule) for t in others):
        return None
    budgets = [b for t in others if (b := rule.budget_expr(t)) is not None]
    counted = any(rule.token_amount(t) and rule.budget_expr(t) is None for t in others)
    return budgets[0] if budgets and counted else None
