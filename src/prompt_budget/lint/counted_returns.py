"""A function that returns a tokenizer's count on one path and a rate's estimate on another, for PB104
(set 99: mangaba's ``TokenCounter._count_openai``: ``return len(enc.encode(text))`` in a ``try`` and
``return max(1, len(text) // 4)`` in its ``except``): both returns are the same number, tokens, so the
estimate's rate is one of characters per token, whatever the function is named. A return counts a
tokenizer's ids when its value is ``len(ids)`` (through ``max``/``int``/``min``) of a call making them
(``enc.encode(text)``) or a local bound only to one (``chunk_units.holds_token_ids``). Read only for a
rate being returned. Kept apart from the rule: it judges no finding itself.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.chunk_units import holds_token_ids
from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Calls a count may be returned through and stay a count.
_KEEPING = frozenset({"max", "min", "int"})


def _token_length(rule: LintRule, fn: ast.FunctionDef | ast.AsyncFunctionDef, value: ast.expr) -> bool:
    """``len(enc.encode(text))``, ``max(1, len(ids))``: a count of a tokenizer's ids."""
    if type(value) is not ast.Call:
        return False
    assert isinstance(value, ast.Call)
    name = callee_name(value)
    if name == "len" and len(value.args) == 1:
        return holds_token_ids(rule, fn, value.args[0])
    return name in _KEEPING and any(_token_length(rule, fn, a) for a in value.args)


def returns_token_count(rule: LintRule) -> bool:
    """The function being visited returns a tokenizer's count on another path."""
    fn = rule.ctx.function()
    if fn is None:
        return False
    return any(
        isinstance(node, ast.Return) and node.value is not None and _token_length(rule, fn, node.value)
        for node in walk(fn)
    )
