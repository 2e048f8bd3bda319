"""PB104's rate of characters per token after a count of lines made characters: ``(row["lines"] * 40) // 4`` (40
characters a line, 4 a token) in a token estimate (set 575: lore-kg's estimates of a file's tokens from its lines),
and the operand of a product scaled before a division, the number on either side (``1.3 * len(text) / 4``, set
579: datahub's estimates). Kept apart from the rule, which is at its length."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, number, string_value
from prompt_budget.lint.rules.pb104_context import token_context
from prompt_budget.lint.stated_rates import rate_stated

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words of an amount of lines (``row["lines"]``, ``line_count``).
_LINE_WORDS = frozenset({"line", "lines", "loc", "riga", "righe"})


def lines_to_tokens(rule: LintRule, count: ast.expr, factor: float) -> bool:
    """``(row["lines"] * 40) // 4``: a number of lines made characters at so many a line, then tokens at ``factor``
    characters each (2.5 to 6), in a token estimate; the count named for lines, or the rate stated in a comment
    (``(n * 40) // 4  # ~40 chars/line, 4 chars/token``; set 575: lore-kg's file estimates)."""
    if not 2.5 <= factor <= 6 or not token_context(rule):
        return False
    name = attr_name(count) or (string_value(count.slice) if isinstance(count, ast.Subscript) else None) or ""
    return bool(set(words(name)) & _LINE_WORDS) or rate_stated(rule, factor)


def scaled_operand(node: ast.expr) -> tuple[ast.expr | None, float | None]:
    """The operand and the number of a product with a number on either side (``len(t) * 1.3``, ``1.3 *
    len(t)``), or (None, None)."""
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult)):
        return None, None
    if (right := number(node.right)) is not None:
        return node.left, right
    if (first := number(node.left)) is not None:
        return node.right, first
    return None, None
