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

from prompt_budget.lint.rule import callee_name, number, token_amount_literal
from prompt_budget.lint.stated_rates import comment_above
from prompt_budget.lint.token_differences import token_cap

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Functions and methods giving one statistic of many values (``sum``, ``np.mean``, ``Series.max``).
_STATISTICS = frozenset({"sum", "mean", "fmean", "median", "average", "max", "min", "nanmean", "nansum"})
#: Methods applying a function to each value of a column or a sequence (pandas, ``map``).
_APPLY = frozenset({"apply", "map", "transform"})
#: A rate of characters per token, one side of ``3 * 8192``.
LOWEST_RATE, HIGHEST_RATE = 2.5, 5
#: The smallest context window written next to such a rate (``4 * 1024`` alone is 4 KiB).
SMALLEST_WINDOW = 2048
_WINDOW_COMMENT = re.compile(r"\btokens?\b|context|window", re.IGNORECASE)
#: A comment saying what follows is an estimate of tokens (``# Approximate token length used here``).
_ESTIMATE_COMMENT = re.compile(r"\b(?:approx\w*|estimat\w*|rough\w*)\b.*\btokens?\b", re.IGNORECASE)


def _length_of(receiver: ast.expr) -> ast.Call:
    """``len(receiver)``, built to be judged like one written so (not reported, not in the file)."""
    return ast.Call(func=ast.Name(id="len", ctx=ast.Load()), args=[receiver], keywords=[])


def each_value(node: ast.expr) -> ast.expr | None:
    """What a statistic over many values measures, one of them: ``len(t)`` for ``sum(len(t) for t in
    texts)``, ``np.mean([len(t) ...])``, ``lengths.mean()`` of ``df[c].apply(lambda x: len(str(x)))``,
    ``len(x)`` for ``texts.apply(len)``, ``map(len, texts)`` and ``texts.str.len()``; None for anything
    else (``min(len(a), len(b))``: two values, not a statistic); the value a literal clamps
    (``max(len(text) // 3, 200)``)."""
    if not isinstance(node, ast.Call):
        return None
    callee = callee_name(node) or ""
    func = node.func
    if callee in {"max", "min"} and len(node.args) == 2 and not node.keywords:
        kept = [a for a in node.args if number(a) is None]
        # ``max(len(text) // 3, 200)``: a length clamped by a literal floor (set 95: memory-v2-hx); not a
        # count kept above zero (``max(n - empty, 1)``, a divisor of items; set 81: merlina)
        value = kept[0] if len(kept) == 1 else None
        head = value.left if isinstance(value, ast.BinOp) else value
        return value if isinstance(head, ast.Call) and callee_name(head) == "len" else None
    if callee in _STATISTICS and len(node.args) == 1 and not node.keywords:
        arg = node.args[0]
        return arg.elt if isinstance(arg, (ast.GeneratorExp, ast.ListComp)) else each_value(arg) or arg
    if callee in _STATISTICS and not node.args and isinstance(func, ast.Attribute):
        return each_value(func.value) or func.value  # ``lengths.mean()``
    if callee in _APPLY and node.args:
        fn, seq = (
            (node.args[0], func.value)
            if isinstance(func, ast.Attribute)
            else (node.args[0], node.args[1] if len(node.args) > 1 else None)
        )
        if isinstance(fn, ast.Lambda):
            return fn.body
        if isinstance(fn, ast.Name) and fn.id == "len" and seq is not None:
            return _length_of(seq)
        return None
    if (
        callee == "len"
        and not node.args
        and isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Attribute)
        and func.value.attr == "str"
    ):
        return _length_of(func.value.value)  # ``df[c].str.len()``
    return None


def window_times_rate(node: ast.BinOp) -> ast.expr | None:
    """``3 * 8192``: a product of two literals, a rate of characters per token and a context window
    (an int of at least :data:`SMALLEST_WINDOW`); the rate's literal, else None."""
    if not isinstance(node.op, ast.Mult):
        return None
    for rate, window in ((node.left, node.right), (node.right, node.left)):
        value = number(rate)
        size = token_amount_literal(window) if isinstance(window, ast.Constant) else None
        if (
            value is not None
            and LOWEST_RATE <= value <= HIGHEST_RATE
            and isinstance(size, int)
            and size >= SMALLEST_WINDOW
        ):
            return rate
    return None


def says_window(comments: Sequence[str]) -> bool:
    """A comment on or above the statement talks of tokens or a context window."""
    return any(_WINDOW_COMMENT.search(c) for c in comments if c)


def estimate_above(lines: Sequence[str], ancestors: Sequence[ast.AST]) -> bool:
    """The comment block right above the statement (the last statement of ``ancestors``) calls what it
    computes an estimate of tokens
    (``# Approximate token length used here for speed`` above ``length = sum(len(s) // 4 for s in
    texts)``, set 53: syftr): the division there turns characters into tokens, whatever the result's
    name."""
    stmt = next((a for a in reversed(ancestors) if isinstance(a, ast.stmt)), None)
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
