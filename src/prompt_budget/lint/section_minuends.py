"""PB106's budget written as a number too small for a model's window, counts of tokens taken off it and
the rest bound to a budget's name (set 101: helm-ai's briefing cap)::

    token_budget = 400 - count_tokens(brief) - count_tokens(" ".join(lessons))

The number is a section's cap of tokens; what is left of it once the counted parts are taken off is the
budget the function fills. ``pb106``'s ``_window_literal`` takes a number of 512 or more as a model's
window whatever the result is named (a smaller one is no model's); a smaller one is a budget only where
the whole chain of subtractions is bound to a name that is a budget by itself: an assignment's target
(``token_budget``, ``max_tokens``) or a call's keyword (``max_tokens=400 - count_tokens(p)``). A rest
bound as anything else (``remaining = 400 - count_tokens(t)``, ``offset = 300 - n_tokens``) or to a
name of another unit (``max_chars``) says no budget. Kept apart from the rule (at its length limit): it
reads one expression and its parents, and judges nothing.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import attr_name

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def section_budget(rule: LintRule, node: ast.BinOp) -> str | None:
    """The budget's name the chain of subtractions ``node`` (the innermost, ``literal - count``) is
    bound to as a whole, else None."""
    chain: ast.expr = node
    parent: ast.AST | None = None
    for anc in reversed(rule.ctx.ancestors[:-1]):
        if isinstance(anc, ast.BinOp) and isinstance(anc.op, ast.Sub) and anc.left is chain:
            chain = anc
        else:
            parent = anc
            break
    name: str | None = None
    if isinstance(parent, ast.keyword):
        name = parent.arg
    elif isinstance(parent, ast.Assign) and len(parent.targets) == 1 and parent.value is chain:
        name = attr_name(parent.targets[0])
    elif isinstance(parent, (ast.AnnAssign, ast.NamedExpr)) and parent.value is chain:
        name = attr_name(parent.target)
    return name if name and rule.names.is_budget(name) else None


def section_message(value: int | float, name: str) -> str:
    """The finding's message for the cap ``value`` whose rest is bound to ``name``."""
    return (
        f"hard-coded token budget {value} that token counts are taken off, the rest bound to `{name}`; "
        "keep it in config so it can be tuned and tested"
    )
