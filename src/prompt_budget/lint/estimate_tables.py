"""A table of per-item token costs looked up where it is written and added into the count a token-estimating
function returns (set 127: all-in-agents' ``total += {"low": 85, "high": 765}.get(detail, 512)`` for an image
block, beside ``total += 1024`` for a file), for PB101: the table is one finding, and its fallback another
(``inline_forms.estimate_into_count`` decides the count). Judges nothing itself: it finds the form, the rule
reports it.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def estimate_table(rule: LintRule, node: ast.expr) -> tuple[ast.Dict, ast.expr | None] | None:
    """(the table, the lookup's fallback or None) of ``{...}.get(key, n)`` or ``{...}[key]`` whose every value
    is a token amount the rules would report, else None."""
    fallback: ast.expr | None = None
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Dict):
        table = node.value
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and isinstance(node.func.value, ast.Dict)
        and len(node.args) in {1, 2}
    ):
        table = node.func.value
        fallback = node.args[1] if len(node.args) == 2 else None
    else:
        return None
    if len(table.values) < 2 or any(k is None for k in table.keys):
        return None
    if any(rule.budget_literal(v) is None for v in table.values):
        return None
    return table, fallback
