"""An amount converted to characters by a rate of characters per token, for PB102 (``flow.Uses``): the
amount is one of tokens (set 160: memweave's ``chunk_markdown(content, chunk_tokens=400, chunk_overlap=80)``,
whose ``overlap_chars = max(0, chunk_overlap * 4)`` makes the overlap, a parameter whose name says no unit,
a number of tokens; PB104 reports the ``4``).

Decided by data flow: the read is multiplied by a number literal from 2 to 6 (a rate of characters per
token, also written ``4.0`` or ``3.5``), and the product, alone or clamped by ``min``/``max`` against a
literal, is bound to a single name whose words say characters (``overlap_chars``, ``max_characters``). A read
whose own name says another unit (``max_words * 5``, ``context_lines * 4``) is not: its unit is known.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from prompt_budget.lint.names import CHAR_WORDS, UNIT_WORDS, words
from prompt_budget.lint.rule import attr_name, number
from prompt_budget.lint.walks import brief_source

_CLAMPS = frozenset({"min", "max"})


def converted_to_characters(node: ast.AST, ancestors: Sequence[ast.AST]) -> str | None:
    """Why the read ``node`` (``ancestors[-1]``) is an amount of tokens: it is converted to characters
    (``overlap_chars = max(0, chunk_overlap * 4)``), else None."""
    if len(ancestors) < 3:
        return None
    product = ancestors[-2]
    if not (type(product) is ast.BinOp and isinstance(product.op, ast.Mult)):
        return None
    name = attr_name(node)
    if not name or set(words(name)) & (UNIT_WORDS | CHAR_WORDS):
        return None
    rate = number(product.right if product.left is node else product.left)
    if rate is None or not 2 <= rate <= 6:
        return None
    at = len(ancestors) - 3
    holder = ancestors[at]
    if (
        type(holder) is ast.Call
        and type(holder.func) is ast.Name
        and holder.func.id in _CLAMPS
        and not holder.keywords
        and all(a is product or isinstance(a, ast.Constant) for a in holder.args)
        and at > 0
    ):
        at -= 1
        holder = ancestors[at]
    if not (type(holder) is ast.Assign and len(holder.targets) == 1 and type(holder.targets[0]) is ast.Name):
        return None
    target = holder.targets[0].id
    if not set(words(target)) & CHAR_WORDS:
        return None
    return f"converted to characters as `{brief_source(product)}` ({target})"


#: What a rate per token converts tokens into (``WORDS_PER_TOKEN``, ``chars_per_token``).
_PER_TOKEN_UNITS = frozenset({"word", "words", "char", "chars", "character", "characters", "byte", "bytes"})


def _per_token(name: str | None) -> bool:
    """``WORDS_PER_TOKEN``, ``chars_per_token``: a rate an amount of tokens is multiplied by to convert it."""
    ws = words(name or "")
    return len(ws) == 3 and ws[1] == "per" and ws[2] in {"token", "tok"} and ws[0] in _PER_TOKEN_UNITS


def converted_by_rate(node: ast.AST, parent: ast.AST) -> str | None:
    """``int(self.OVERLAP_TOKENS * self.WORDS_PER_TOKEN)``: the read ``node`` multiplied by a rate per token
    (``_per_token``) is an amount of tokens made words, characters or bytes (set 489: tribalmemory); why, else None."""
    if not (isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Mult)):
        return None
    other = parent.right if parent.left is node else parent.left
    return f"converted by the rate `{brief_source(other)}`" if _per_token(attr_name(other)) else None
