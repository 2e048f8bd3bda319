"""The fallback of a lookup a budget getter returns, for PB101 (inline-budget): ``def
get_effort_token_limit(effort): ... return effort_map.get(effort, 4000)`` (set 67: loom-agent). The
function's name says it returns a token budget, and it returns the lookup whole, so the number the lookup
falls back to is the budget returned when the key is not found, whatever the table or key are named.

Only a ``.get(key, N)`` returned whole (no arithmetic around it) by a function whose own name is a
budget (``names.is_budget``: ``get_max_tokens``, ``context_window``, ``get_effort_token_limit``).
Kept apart from the rule: it reads the walk's context, and judges no finding itself.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.rule import LintRule


def getter_fallback(rule: LintRule, node: ast.Call) -> tuple[str, str] | None:
    """(the budget's name, how it is used) when ``node`` (a ``.get(key, N)``) is what a budget getter
    returns, else None."""
    fn = rule.ctx.function()
    if fn is None or not (isinstance(node.func, ast.Attribute) and node.func.attr == "get"):
        return None
    if len(node.args) != 2 or not isinstance(rule.ctx.parent(node), ast.Return):
        return None
    if not rule.names.is_budget(fn.name):
        return None
    name = fn.name.lstrip("_").removeprefix("get_")
    return name, f"used as the fallback of the lookup `{fn.name}()` returns"
