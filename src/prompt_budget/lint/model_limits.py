"""A model's limits written as a ``limit`` entry of context and output sizes (set 71: localcoder's
generated OpenCode config, ``"limit": {"context": 131072, "output": 8192}``; models.dev and the AI SDK's
provider configs use the same shape): the context window and the output cap of the model, in tokens,
though the keys alone (``context``, ``output``) name no token. Both keys must be there, with the window
at least 1024 and no smaller than the output. Reads only the dict and its parent (the walk's ancestors).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import string_value

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: What a model's ``limit`` entry holds, and the name each is reported under.
_SIZES = {"context": "context_window", "output": "max_output_tokens"}
_LIMIT_KEYS = frozenset({"limit", "limits"})


def limit_entries(rule: LintRule, node: ast.Dict) -> Iterator[tuple[ast.expr, str, int | float, str]]:
    """(literal, name, value, how) for the context and output sizes of a ``"limit": {...}`` entry."""
    parent = rule.ctx.parent(node)
    if not isinstance(parent, ast.Dict):
        return
    key = next((k for k, v in zip(parent.keys, parent.values, strict=True) if v is node), None)
    if string_value(key) not in _LIMIT_KEYS:
        return
    sizes = {
        string_value(k): v for k, v in zip(node.keys, node.values, strict=True) if string_value(k) in _SIZES
    }
    values = {k: rule.budget_literal(v) for k, v in sizes.items() if k}
    context, output = values.get("context"), values.get("output")
    if context is None or output is None or context < 1024 or context < output:
        return
    for k, literal in sizes.items():
        if k:
            yield literal, _SIZES[k], values[k] or 0, "written into a model's limits"
