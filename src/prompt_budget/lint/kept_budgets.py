"""What a local keeps of a budget, for ``LintRule.budget_expr``'s locals bound once to a budget read.

``input_budget = max_context_window_tokens - max_output_tokens`` keeps what a reserve leaves of the
budget; ``available = int(self.context_window * (1 - self.config.safety_margin))`` (set 105: ankaloop's
``SmartCompactor``) and ``usable = window * 0.9`` keep what a margin leaves of it, a share written as a
complement (``1 - x``) or as a fraction. Either local holds the budget it was cut from: a share of it
(``int(available * self.config.target_ratio)``) is a share of that budget.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.assignments import uncast

_ROUNDING = frozenset({"int", "round"})


def _share(node: ast.expr) -> bool:
    """``1 - x`` or a fraction literal: what a margin leaves of a whole."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub):
        node = node.left
        return isinstance(node, ast.Constant) and type(node.value) in (int, float) and node.value == 1
    return isinstance(node, ast.Constant) and type(node.value) is float and 0 < node.value < 1


def kept_of(value: ast.expr) -> tuple[ast.expr, bool]:
    """(the amount ``value`` keeps a part of, True) for ``a - b``, ``int(a * (1 - m))``, ``a * 0.9``;
    else (``value``, False)."""
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Sub):
        return value.left, True
    product = uncast(value, _ROUNDING)
    if isinstance(product, ast.BinOp) and isinstance(product.op, ast.Mult):
        if _share(product.right):
            return product.left, True
        if _share(product.left):
            return product.right, True
    return value, False
