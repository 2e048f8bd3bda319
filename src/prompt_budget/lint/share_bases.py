"""PB105's base of a share that moves with a variable: ``input_share = 0.70 - 0.30 * t`` (set 82:
felix-agent-sdk's split of a usable window between input and output along a position ``t``). The slope
``0.30`` is reported where the share reaches a token use (``shares.share_reaching_tokens``); the base
``0.70`` it starts from is the same share's other hard-coded half, tuned with it.
Read from the product's parent only (no walk).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.fraction_shares import literal_fraction

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def linear_base(rule: LintRule, product: ast.BinOp) -> tuple[ast.expr, float, str] | None:
    """The literal fraction ``product`` (``0.30 * t``) is taken off or added to (``0.70 - 0.30 * t``,
    ``0.40 + 0.30 * t``, ``0.30 * t + 0.40``), its value and what the finding says of it, else None."""
    parent = rule.ctx.parent(product)
    if not isinstance(parent, ast.BinOp) or not isinstance(parent.op, ast.Sub | ast.Add):
        return None
    if parent.right is product:
        base = parent.left
    elif parent.left is product and isinstance(parent.op, ast.Add):
        base = parent.right
    else:
        return None
    value = literal_fraction(base) if type(base) is ast.Constant else None
    if value is None:
        return None
    return base, value, f"{value}, the base of the share `{ast.unparse(parent)}`"
