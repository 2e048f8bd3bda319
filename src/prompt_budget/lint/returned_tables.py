"""A table bound to a local its function returns a row of, named by the function for PB107.

``defaults = {"ollama": 4096, "openai": 8191, ...}`` ... ``return defaults.get(provider, 2048)`` in ``def
get_provider_default_context(provider)`` (set 549: mcp-context-server's providers' default windows): the local's
name (``defaults``) says which value the table holds, not what it counts; the function the table's row is returned
from does, as for a table looked up where it is written (``{...}.get(level, 2048)`` returned: ``PB107._name``).

Also calls of one callee each a statement of its own, all of one model (``one_model_calls``): no table of models.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def returned_table_name(rule: LintRule, assign: ast.Assign) -> str | None:
    """The name of the function ``assign`` is in when it binds a local the function returns a row of
    (``return local.get(key, default)``, ``return local[key]``), else None."""
    fn = rule.ctx.function()
    if fn is None or len(assign.targets) != 1 or type(assign.targets[0]) is not ast.Name:
        return None
    local = assign.targets[0].id
    for node in walk(fn):
        value = node.value if isinstance(node, ast.Return) else None
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "get":
            value = value.func.value
        elif isinstance(value, ast.Subscript):
            value = value.value
        else:
            continue
        if type(value) is ast.Name and value.id == local:
            return fn.name
    return None


def one_model_calls(rows: list[tuple[ast.expr, int | float, str, ast.expr | None]]) -> bool:
    """Rows of a callee (each: the literal, its value, the model, the literal holding the call or None) that are
    calls each a statement of its own, all of one model: no table of models (set 555: mcp-bastion-python's demo's
    ``record_tokens_saved(420_000, model="gpt-4o-mini")``, thrice)."""
    return all(holder is None for *_, holder in rows) and len({model for _, _, model, _ in rows}) < 2
