"""A number of tokens an item times a count of items, clamping a budget (``self._max_total_tokens = min(CEILING,
max(MIN_RECENT_MESSAGES * 200, int(ctx_window * fill_ratio)))``, set 155: phantom-agent's least compression budget,
200 tokens for each message kept): the whole number is a budget of tokens an item, for PB103, when the clamp's
result is a budget by its name. Only a product of a whole number and a name counting items (``messages``,
``turns``, ``chunks``...). Judges no finding itself.
"""

from __future__ import annotations

import ast
from typing import Final

from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, number

#: Words of a name counting items a budget allows so many tokens each.
_ITEM_WORDS: Final = frozenset(
    {"message", "messages", "msgs", "turn", "turns", "chunk", "chunks", "doc", "docs", "documents", "items"}
)


def per_item_factors(values: list[ast.expr]) -> list[tuple[ast.expr, int]]:
    """(the literal, its value) of each product of a count of items and a whole number among ``values``."""
    found: list[tuple[ast.expr, int]] = []
    for value in values:
        if not (isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mult)):
            continue
        for count, literal in ((value.left, value.right), (value.right, value.left)):
            name = attr_name(count) if isinstance(count, (ast.Name, ast.Attribute)) else None
            amount = number(literal)
            if type(amount) is int and name and _ITEM_WORDS.intersection(words(name)):
                found.append((literal, amount))
    return found
