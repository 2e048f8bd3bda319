"""PB101's ``or`` fallbacks: the number a value falls back to where the value is a budget.

``settings.max_tokens or 4096`` (the read before it a budget by its name, or restating a field's declared default:
``restated_defaults``), ``limits.get("context") or 8192`` of a held limit (``held_limits``), and the fallback of a
value written where a budget goes whatever was read before it: given as a budget's keyword (``max_length=getattr(
self.args, "max_length", None) or 2048`` to a tokenizer that truncates), bound to a budget's name, or written under
a budget's key (set 495: spaturzu's ``"max_tokens": _get(params, "max_tokens") or _get(params,
"max_completion_tokens") or 1024``). A fallback read from a lookup (``or int(kwargs.get("max_length", 128))``) is
that lookup's default.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import TYPE_CHECKING

from prompt_budget.lint.held_limits import held_limit
from prompt_budget.lint.inline_forms import converted_read, keys_read, lookup_default, lookup_pair
from prompt_budget.lint.restated_defaults import restated_default
from prompt_budget.lint.rule import attr_name, callee_name

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule
    from prompt_budget.lint.token_cuts import CutFlow

#: (the literal, the budget's name, its value, how)
Found = tuple[ast.expr, str, "int | float", str]


def or_fallback(
    rule: LintRule, node: ast.BoolOp, destination: Callable[[ast.expr], str | None], cuts: CutFlow
) -> Found | None:
    """The fallback of the ``or`` ``node`` that is a budget (see above), else None; ``destination`` tells the budget
    an expression is written into."""
    if not isinstance(node.op, ast.Or) or len(node.values) < 2:
        return None
    value = rule.budget_literal(node.values[-1])
    # ``settings.max_tokens or 4096``, ``_parse_positive_int(values.get("token_threshold")) or 80000``
    left = node.values[-2]
    name = rule.budget_expr(left) or attr_name(left) or converted_read(left) or keys_read(rule, left)
    if value is not None and name and (rule.names.is_budget(name) or restated_default(rule, left, value)):
        # ``params.tokensNum or 5000`` restating a field declared ``Field(5000, description="Token budget")``
        return node.values[-1], name, value, "used as an `or` fallback"
    if value is not None and (held := held_limit(rule, left)) is not None:  # ``held_limits``
        return node.values[-1], name or "held", value, f"used as the `or` fallback of `{held}`"
    slot = destination(node)
    if slot is None:
        return None
    last = node.values[-1]
    if isinstance(last, ast.Call) and callee_name(last) in {"int", "float"} and len(last.args) == 1:
        last = last.args[0]
    literal: ast.expr | None = last if value is not None else None
    if isinstance(last, ast.Call) and (pair := lookup_pair(last)) is not None:
        found = lookup_default(rule, last, cuts)
        literal = pair[1] if found is None or found[3] is None else None
    amount = rule.budget_literal(literal) if literal is not None else None
    if literal is None or amount is None:
        return None
    if isinstance(rule.ctx.parent(node), ast.Return):
        return literal, slot, amount, f"returned by `{slot}()` as the `or` fallback"
    return literal, slot, amount, f"used as the `or` fallback of `{slot}`"
