"""A number literal bounding a slice of a token list, for PB101 (inline budget; set 183): the text cut to that
many tokens, a budget written inline::

    return enc.decode(enc.encode(text)[:8192])      # the first 8192 tokens
    ids = tok(prompt)["input_ids"]
    return ids[:512]                                # through a local bound only to a token list
    tail = tokens[-2000:]                           # the last 2000

The list is one the rules already read as tokens (``flow.token_list``: ``tokens``, ``input_ids``,
``enc.encode(text)``, a local of the function bound only to such lists). A slice with a step, or with both
bounds (a window between two offsets, ``ids[100:612]``), is left alone, and so is a number below the rule's
least value (``tokens[:1]``, the first token). Read from the node's ancestors and the function's bindings.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import zero
from prompt_budget.lint.flow import token_list
from prompt_budget.lint.walks import brief_source

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def literal_token_cut(rule: LintRule, node: ast.Slice) -> tuple[ast.expr, int | float, str] | None:
    """(the literal, its value, how the list is cut) when ``node`` cuts a token list at a number; else None."""
    parent = rule.ctx.parent(node)
    if not isinstance(parent, ast.Subscript) or parent.slice is not node or node.step is not None:
        return None
    lower, upper = node.lower, node.upper
    if upper is not None and (lower is None or zero(lower)):
        bound, kept = upper, "first"
    elif (
        lower is not None
        and upper is None
        and isinstance(lower, ast.UnaryOp)
        and isinstance(lower.op, ast.USub)
    ):
        bound, kept = lower.operand, "last"
    else:
        return None
    value = rule.budget_literal(bound)
    if value is None or not token_list(rule, parent.value):
        return None
    return bound, value, f"cuts the token list `{brief_source(parent.value)}` to its {kept} {value} tokens"
