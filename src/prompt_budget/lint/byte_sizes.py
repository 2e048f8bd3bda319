"""A number bound as a size in bytes, not tokens (set 69: axis-core's ``WARN_CONTEXT_SIZE = 50 * 1024 *
1024  # 50MB``): a size the statement's comment gives in a unit of memory (``# 50MB``, ``# 2 GiB``,
``# bytes``), or one spelled as a multiple of a mebibyte or more (``50 * 1024 * 1024``, ``8 * 1024 **
3``), bound to a name that does not say tokens (``WARN_CONTEXT_SIZE``, not ``MAX_CONTEXT_TOKENS``).
Either is evidence the number counts bytes: a token budget is neither written in memory units nor
commented in them.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.comment_units import comment_sizes_value
from prompt_budget.lint.names import TOKENS_WORD
from prompt_budget.lint.rule import number

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: A unit of memory in a comment: ``50MB``, ``2 GiB``, ``512 kb``, ``bytes`` (``KB``/``MB``... in capitals
#: alone, or after a number in any case; ``kb`` alone may be a knowledge base).
_BYTE_UNIT = re.compile(
    r"(?<![\w.])\d[\d_,.]*\s*(?i:[kmgt]i?b)\b|(?<![\w.])[KMGT]i?B\b|\b(?i:bytes?)\b",
)


def _kibi_factors(node: ast.expr) -> int:
    """How many factors of 1024 a product multiplies (``50 * 1024 * 1024``: 2, ``1024 ** 3``: 3)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        return _kibi_factors(node.left) + _kibi_factors(node.right)
    if (
        isinstance(node, ast.BinOp)
        and isinstance(node.op, ast.Pow)
        and type(node.left) is ast.Constant
        and node.left.value == 1024
        and type(node.right) is ast.Constant
        and type(node.right.value) is int
    ):
        return node.right.value
    if type(node) is ast.Constant and type(node.value) is int and node.value == 1024:
        return 1
    return 0


def sized_in_bytes(rule: LintRule, name: str, literal: ast.expr) -> bool:
    """``name = literal`` is a size in bytes: a comment giving a memory unit, or a multiple of a MiB,
    and a name that does not say tokens."""
    if rule.names.says_tokens(name):
        return False
    if _kibi_factors(literal) >= 2:
        return True
    comment = rule.ctx.comment()
    if comment and comment_sizes_value(comment, number(literal) or 0):
        return True  # ``MAX_OUTPUT = 16_384  # 16 KB — keeps tool results within ~4K tokens`` (set 120)
    return bool(comment) and not TOKENS_WORD.search(comment) and _BYTE_UNIT.search(comment) is not None
