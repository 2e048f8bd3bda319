"""An entry of a table named as budgets is a budget: ``window = _LLM_CONTEXT_WINDOWS.get(llm, DEFAULT)``,
``MAX_TOKENS_BY_MODEL[model]`` (set 144: mcs-core's ``auto_T = min(8000, (window - 2000) // 2)``, a reserve
taken off the window looked up and half of what is left). ``LintRule.budget_expr`` reads such a lookup by
the table's name when its key is not written (a string key names the entry itself: ``info["max_tokens"]``).
"""

from __future__ import annotations

import ast

#: The methods that read one entry of a mapping.
_LOOKUPS = frozenset({"get", "pop"})


def table_name(node: ast.AST) -> str | None:
    """The name of the table ``node`` looks an entry up in by a key not written as a string
    (``WINDOWS[model]``, ``self.windows.get(model, 8192)``), else None."""
    if isinstance(node, ast.Subscript):
        key, table = node.slice, node.value
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in _LOOKUPS
        and node.args
        and not node.keywords
    ):
        key, table = node.args[0], node.func.value
    else:
        return None
    if isinstance(key, (ast.Constant, ast.Slice, ast.JoinedStr)):
        return None  # a written key names the entry; a slice is a part of a sequence
    if isinstance(table, ast.Name):
        return table.id
    return table.attr if isinstance(table, ast.Attribute) else None
