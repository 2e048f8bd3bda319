"""A table bound to a local its function returns a row of, named by the function for PB107.

``defaults = {"ollama": 4096, "openai": 8191, ...}`` ... ``return defaults.get(provider, 2048)`` in ``def
get_provider_default_context(provider)`` (set 549: mcp-context-server's providers' default windows): the local's
name (``defaults``) says which value the table holds, not what it counts; the function the table's row is returned
from does, as for a table looked up where it is written (``{...}.get(level, 2048)`` returned: ``PB107._name``).
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
