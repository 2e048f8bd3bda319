"""A number named as tokens whose every read is ordered against a count of a text's words, for PB102 (set 149:
brainmarks-agent's near-duplicate check)::

    MIN_CONTENT_TOKENS = 20
    ...
    if len(normalize_text(text).split()) < MIN_CONTENT_TOKENS:   # words, no model's tokens

A count of words is ``len()`` of a ``split()`` by whitespace (no separator, or a space); the name's
"tokens" are the words of a tokenizer that splits on whitespace. Judges no finding itself.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.character_reads import every_read
from prompt_budget.lint.rule import callee_name, string_value

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def compared_with_words(rule: LintRule, target: ast.expr) -> bool:
    """Every read of the name ``target`` binds is ordered against a count of words."""
    return every_read(rule, target, _against_words)


def _against_words(read: ast.Name, parents: dict[ast.AST, ast.AST]) -> bool:
    parent = parents.get(read)
    if not isinstance(parent, ast.Compare) or not all(isinstance(op, _ORDER) for op in parent.ops):
        return False
    return any(_word_count(side) for side in (parent.left, *parent.comparators) if side is not read)


def _word_count(node: ast.expr) -> bool:
    """``len(text.split())``, ``len(text.split(" "))``."""
    if not (isinstance(node, ast.Call) and callee_name(node) == "len" and len(node.args) == 1):
        return False
    split = node.args[0]
    if not (
        isinstance(split, ast.Call) and isinstance(split.func, ast.Attribute) and split.func.attr == "split"
    ):
        return False
    return not split.args or (
        string_value(split.args[0]) in {" ", None} and isinstance(split.args[0], ast.Constant)
    )
