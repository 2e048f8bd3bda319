"""PB101's cases from sets 133 and 134 (issue 19): the fallback of a row read by its name from a table named
as token budgets (agentmesh-context's ``max_tokens_per_layer.get("hot", 1000)``: ``inline_forms._row_of``).
Spliced into ``pb101_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_ROW = "def hot(self, {table}):\n    return self.get_hot_context({table}.get({key!r}, {value}))\n"

SET133_VALID = (
    # a table of other amounts, a row saying another unit, a table of characters
    Valid(_ROW.format(table="price_per_layer", key="hot", value=1000)),
    Valid(_ROW.format(table="max_tokens_per_layer", key="timeout", value=30)),
    Valid(_ROW.format(table="max_chars_per_layer", key="hot", value=1000)),
)

SET133_INVALID = (
    Invalid(_ROW.format(table="max_tokens_per_layer", key="hot", value=1000), line=2),
    Invalid(_ROW.format(table="TOKEN_BUDGETS", key="summary", value=2000), line=2),
)
