"""Two inline forms PB101 reads (set 127), kept apart from the rule to keep its module small:

- a table of per-item token costs looked up where it is written and added into the count a token-estimating
  function returns (all-in-agents' ``total += {"low": 85, "high": 765}.get(detail, 512)`` for an image block,
  beside ``total += 1024`` for a file): the table is one finding, and its fallback another
  (``inline_forms.estimate_into_count`` decides the count);
- a pair written as a ``(key, value)`` item among others (optivision-rag's ``load_options=(("max_num_visual_tokens",
  768),)``, handed to ``from_pretrained(**dict(load_options))``): a value under a budget's key, as in
  ``{"max_num_visual_tokens": 768}``.

Judges nothing itself: it finds the forms, the rule reports them.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import string_value

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


def keyed_pair(rule: LintRule, node: ast.Tuple) -> tuple[str, ast.expr] | None:
    """(the key, the value) of ``("max_num_visual_tokens", 768)`` written as an item of a tuple or list of
    such pairs, each key once, given as a keyword's value (settings handed to a call), its key a budget's
    name, else None."""
    parent = rule.ctx.parent(node)
    if len(node.elts) != 2 or not isinstance(parent, (ast.Tuple, ast.List)):
        return None
    if not all(
        isinstance(e, ast.Tuple) and len(e.elts) == 2 and string_value(e.elts[0]) for e in parent.elts
    ):
        return None
    keys = [string_value(e.elts[0]) for e in parent.elts if isinstance(e, ast.Tuple)]
    if len(set(keys)) < len(keys) or not isinstance(rule.ctx.parent(parent), ast.keyword):
        return None  # ``CASES = [("max_tokens", 100), ("max_tokens", 4096)]``: rows of a test, no settings
    key = string_value(node.elts[0])
    if not key or not rule.names.is_budget(key) or rule.budget_literal(node.elts[1]) is None:
        return None
    return key, node.elts[1]
