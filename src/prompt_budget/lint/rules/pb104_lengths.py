"""PB104's readings of what a rate multiplies or divides, beyond a plain ``len(text)``: a statistic over
the lengths of many texts (``df[col].apply(lambda x: len(str(x))).mean()``, ``np.mean([len(t) for t in
texts])``, set 20: giskard's input-sample estimate), and a character bound built from a context window
and a rate, both literals (``text[: 3 * 8192]  # prevent context window overflow``, set 20: giskard).
Kept apart from the rule: they unwrap expressions and read comments, and judge no finding themselves.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import number
from prompt_budget.lint.rules.pb104_context import result_is_tokens
from prompt_budget.lint.stated_rates import comment_above
from prompt_budget.lint.token_differences import token_cap
from prompt_budget.lint.walks import innermost_statement

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_WINDOW_COMMENT = re.compile(r"\btokens?\b|context|window", re.IGNORECASE)
#: A comment saying what follows is an estimate of tokens (``# Approximate token length used here``).
_ESTIMATE_COMMENT = re.compile(r"\b(?:approx\w*|estimat\w*|rough\w*)\b.*\btokens?\b", re.IGNORECASE)


def says_window(comments: Sequence[str]) -> bool:
    """A comment on or above the statement talks of tokens or a context window."""
    return any(_WINDOW_COMMENT.search(c) for c in comments if c)


def estimate_above(lines: Sequence[str], ancestors: Sequence[ast.AST]) -> bool:
    """The comment block right above the statement (the last statement of ``ancestors``) calls what it
    computes an estimate of tokens
    (``# Approximate token length used here for speed`` above ``length = sum(len(s) // 4 for s in
    texts)``, set 53: syftr): the division there turns characters into tokens, whatever the result's
    name."""
    stmt = innermost_statement(ancestors)
    return bool(_ESTIMATE_COMMENT.search(comment_above(lines, stmt)))


def aligned(parent: ast.AST | None, node: ast.BinOp) -> bool:
    """``x // n * n`` (or ``n * (x // n)``): ``x`` rounded down to a multiple of ``n``, an alignment of
    items (coordinates grouped in fours), no number of tokens."""
    if not isinstance(parent, ast.BinOp) or not isinstance(parent.op, ast.Mult):
        return False
    other = parent.right if parent.left is node else parent.left
    return ast.dump(other) == ast.dump(node.right)


#: The least divisor of a share of a window (``// 20``: a twentieth), above any rate of characters per token.
_SHARE_DIVISOR = 8


def share_of_conversion(rule: LintRule, node: ast.BinOp, parent: ast.BinOp) -> bool:
    """``(max_context_length * 4) // 20`` (set 161: mem-deep-research's tool result limit, "~5% of context
    budget per tool result (chars ≈ tokens * 4)"): a token cap times a rate of characters per token, the
    characters then cut to a share. The division is no rate of its own (``len(x) * 3 // 8`` is one), so the
    product is judged by itself."""
    rate, divisor = number(node.right), number(parent.right)
    return (
        isinstance(node.op, ast.Mult)
        and rate is not None
        and 1.2 <= rate <= 6
        and divisor is not None
        and divisor >= _SHARE_DIVISOR
        and token_cap(rule, node.left)
    )


def words_divided(rule: LintRule, node: ast.expr, factor: float) -> bool:
    """A count of words divided by a rate of characters per token (``"context_length": len(context.split()) // 4,
    # Rough token estimate``, set 209: agenkit) is a token estimate when its comment speaks of tokens or its
    result is a count of tokens: a rate applied to the wrong unit is still a hard-coded rate."""
    return 2.5 <= factor <= 6 and (rule.token_comment() or result_is_tokens(rule, node))
