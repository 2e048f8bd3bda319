"""The fallback a config reader is given after the keys it looks up (PB102).

``read(config, int, ["max_sequence_length", "n_positions"], 2048)``: a helper reading the first of
several keys from a model's config, with the value to assume when none is there. Where a key it looks
up is a token budget (``max_sequence_length``), the positional literal right after the keys is the
window assumed for a model whose config does not give one: a budget written in code. Values read from
the environment (``os.getenv``) are not literals of the code.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import is_env_read, string_value

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def _budget_key(rule: LintRule, keys: ast.expr) -> str | None:
    """The first budget among the looked-up keys (a list or tuple of strings), else None."""
    if not isinstance(keys, (ast.List, ast.Tuple)) or not keys.elts:
        return None
    names = [string_value(e) for e in keys.elts]
    if any(n is None for n in names):
        return None
    return next((n for n in names if n and rule.names.is_budget(n)), None)


def key_list_fallback(rule: LintRule, node: ast.Call) -> None:
    """Report the literal given after a list of looked-up keys, one of which is a token budget."""
    if is_env_read(node):
        return
    for keys, fallback in zip(node.args, node.args[1:], strict=False):
        name = _budget_key(rule, keys)
        value = rule.budget_literal(fallback) if name else None
        if name is None or value is None or rule.names.implausible(name, value):
            continue
        if any(r.target is fallback or r.node is fallback for r in rule.ctx.reports):
            return
        message = (
            f"token budget {name}={value} as the fallback of a config reader looking up `{name}`; move "
            "it to config so it can be tuned and tested"
        )
        rule.report_literal(fallback, message, value, name)
        return
