"""A number of characters divided by a rate of characters per token, in a function named for tokens (``def
_get_message_tokens(msg)``: ``base += max(len(url) // 4, 256)``, set 155: phantom-agent's estimate of an
image's tokens): an estimate of tokens, so the number clamping it (``256``) is a least number of tokens, for
PB103. Only ``len(...)`` divided by a literal rate of 2.5 to 6 (rounded or not), and only in a function whose
name says tokens, or anything divided by a name of characters per token; PB104 reports the rate itself. Judges no finding itself.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.forms import per_token_key
from prompt_budget.lint.rule import attr_name, callee_name, number

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_ROUNDING = frozenset({"int", "round", "ceil", "floor"})
#: The rates of characters per token an estimate divides by.
_LOW, _HIGH = 2.5, 6


def _quotient(node: ast.expr) -> ast.BinOp | None:
    """``node`` as a division, rounded or not (``len(url) // 4``, ``math.ceil(chars / 3)``), else None."""
    if isinstance(node, ast.Call) and callee_name(node) in _ROUNDING and len(node.args) == 1:
        node = node.args[0]
    return node if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.FloorDiv, ast.Div)) else None


def rated_quotient(node: ast.expr) -> ast.expr | None:
    """What ``node`` divides by a literal rate of 2.5 to 6 characters per token, rounded or not (``len(url) //
    4``, ``math.ceil(chars / 3)``): the counted side, else None."""
    quotient = _quotient(node)
    rate = number(quotient.right) if quotient is not None else None
    return quotient.left if quotient is not None and rate is not None and _LOW <= rate <= _HIGH else None


def char_estimate(rule: LintRule, node: ast.expr) -> bool:
    """``node`` estimates tokens from characters: ``len(url) // 4`` in a function named for tokens, or any
    quotient by a rate named as characters per token (``max(total_chars // CHARS_PER_TOKEN, 500)``, set 305:
    tokkit-ai's baselines)."""
    counted = rated_quotient(node)
    if counted is None:
        quotient = _quotient(node)
        return quotient is not None and per_token_key(attr_name(quotient.right) or "") == "chars_per_token"
    return (
        isinstance(counted, ast.Call)
        and callee_name(counted) == "len"
        and rule.names.mentions_tokens(rule.ctx.function_name())
    )
