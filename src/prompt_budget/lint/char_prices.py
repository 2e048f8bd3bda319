"""PB104's reading of a product priced per character (set 55: refuel-autolabel's PaLM client)::

    cost_per_char = self.COST_PER_CHARACTER.get(self.model_name, 0.0)
    return cost_per_char * len(prompt) + cost_per_char * (
        len(label) if label else 4 * self.model_params["max_output_tokens"]
    )

A number of tokens times a rate (``4 * max_output_tokens``) that is multiplied by a price per character
(``cost_per_char``, ``price_per_character``) is a count of characters: the rate is characters per token.
The product may stand as a branch of a conditional (``len(label) if label else ...``) or in parentheses
of a sum; the walk up stops at anything else. Kept apart from the rule: it reads the product's ancestors
(``ctx.ancestors``) only and judges no finding itself.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import CHAR_WORDS, words
from prompt_budget.lint.rule import attr_name

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words that make a per-character name a price.
_PRICE_WORDS = frozenset({"cost", "price", "pricing", "rate", "usd", "dollars", "cents"})


def priced_per_char(rule: LintRule, node: ast.BinOp) -> bool:
    """``node`` (a product) is, through conditional branches and sums, a factor of a product whose other
    factor is named as a price per character (``cost_per_char * (... 4 * max_tokens)``)."""
    child: ast.AST = node
    parent = rule.ctx.parent(child)
    while (isinstance(parent, ast.IfExp) and child is not parent.test) or (
        isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Add)
    ):
        assert parent is not None
        child, parent = parent, rule.ctx.parent(parent)
    if not (isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Mult)):
        return False
    other = parent.right if parent.left is child else parent.left
    ws = set(words(attr_name(other) or ""))
    return bool(ws & CHAR_WORDS) and bool(ws & _PRICE_WORDS)
