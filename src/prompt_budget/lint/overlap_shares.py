"""A whole-number part of a chunk size in tokens kept as the chunks' overlap, for PB105 (budget-ratio).

A chunker sized in tokens often derives its overlap from the chunk size (set 72: memwright)::

    def chunk_text_overlap(text, chunk_size=DEFAULT_CHUNK_SIZE, overlap=None):
        if overlap is None:
            overlap = chunk_size // 4
        est = estimate_tokens(text)
        if est <= chunk_size: ...

The divisor is a share of the chunk's token size. Reported when the division's result is bound to a local
whose name says overlap, the divided name says chunk (or window or segment), the function orders it
against a token count (``rule.token_amount``, or a local bound once to a token-count call), and
``shares.budget_share`` has not already decided the division. The function's bindings and comparisons
are read from its kept walk (``walks.walk``).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.count_shares import counted_against, kept_as
from prompt_budget.lint.names import words
from prompt_budget.lint.shares import budget_share, divisor

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_CHUNK_WORDS = frozenset({"chunk", "window", "segment", "block"})


def overlap_share(rule: LintRule, node: ast.BinOp) -> list[tuple[ast.expr, float, str, str]]:
    """``overlap = chunk_size // 4`` with ``est <= chunk_size`` (``est`` a token count) in the function:
    (the divisor, its value, the config key's name, what it is), else empty."""
    parts = divisor(node)
    fn = rule.ctx.function()
    if parts is None or fn is None or not isinstance(node.left, ast.Name):
        return []
    chunk = node.left.id
    target = kept_as(rule)
    if target is None or "overlap" not in words(target) or not _CHUNK_WORDS.intersection(words(chunk)):
        return []
    against = counted_against(rule, fn, chunk)
    if against is None or budget_share(rule, node) is not None:
        return []
    what = f"1/{parts} of `{chunk}`, a chunk size ordered against the token count `{against}`, as the overlap `{target}`"
    return [(node.right, parts, f"{target} divisor", what)]
