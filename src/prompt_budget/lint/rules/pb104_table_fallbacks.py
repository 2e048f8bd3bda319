"""PB104's reading of a rate table's fallback: ``chars_per = self.CHARS_PER_TOKEN.get(family, 4.0)`` (set
83: agentos-framework). A read of a table named for a per-token conversion (``CHARS_PER_TOKEN``,
``TOKENS_PER_WORD``) whose default is a literal: the default is one more rate, used for every key the
table lacks, and is reported at the literal as a named rate is (the table's own values are reported where
the table is written). A table of another unit (``COST_PER_CHARACTER``, ``TOKENS_PER_MESSAGE``) says no
text conversion and is left.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.forms import per_token_key
from prompt_budget.lint.rule import attr_name, number


def rate_fallback(node: ast.Call) -> tuple[ast.expr, float, str] | None:
    """(the fallback literal, its value, the rate's key) of ``<per-token table>.get(key, <number>)``,
    else None."""
    func = node.func
    if not (isinstance(func, ast.Attribute) and func.attr == "get" and len(node.args) == 2):
        return None
    value = number(node.args[1])
    name = attr_name(func.value)
    if not value or name is None:
        return None
    key = per_token_key(name, value)
    return None if key is None else (node.args[1], value, key)
