"""A watched number scaled by a small literal inside a ``min()``/``max()`` that clamps a count of tokens
(set 65: vidur's ``high = min(2 * EXECUTION_TIME_PREDICTION_START_CHUNK_SIZE, remaining_tokens,
EXECUTION_TIME_PREDICTION_MAX_CHUNK_SIZE)``): the number is tokens as the unscaled bound beside it is.

``flow.Uses`` judges the read by its parent: a product (``2 * START``) is an amount scaled, not a bound,
so the clamp was not seen through it; the FCFS twin of the module, which writes ``high = START`` and
doubles ``high`` later, was reported.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prompt_budget.lint.deferred import Deferred
    from prompt_budget.lint.rule import LintRule

#: The largest literal factor taken as a scaling of a bound (``2 * START``), not a conversion.
_LARGEST_FACTOR = 16


def scaled_clamp(rule: LintRule, held: Deferred, name: str) -> None:
    """``min(2 * NAME, remaining_tokens, ...)`` at ``rule.ctx.ancestors[-1]`` (a read of the watched
    ``name``): record why ``name`` is a budget, unless a read decided already."""
    if name in held.uses.reasons:
        return
    ancestors = rule.ctx.ancestors
    if len(ancestors) < 3:
        return
    node, product, call = ancestors[-1], ancestors[-2], ancestors[-3]
    if not (type(product) is ast.BinOp and isinstance(product.op, ast.Mult)):
        return
    factor = product.right if product.left is node else product.left
    if not (
        type(factor) is ast.Constant
        and type(factor.value) is int
        and 1 < factor.value <= _LARGEST_FACTOR
        and type(call) is ast.Call
        and isinstance(call.func, ast.Name)
        and call.func.id in {"min", "max"}
        and any(a is product for a in call.args)
    ):
        return
    for other in call.args:
        if other is not product and rule.token_amount(other):
            held.uses.reasons[name] = (
                f"scaled by {factor.value}, clamps the token count `{ast.unparse(other)}` with "
                f"{call.func.id}() at line {getattr(node, 'lineno', 0)}"
            )
            return
