"""A limit of tokens turned into characters where it is written, ordered against a count of characters (set
149: jev-rankkit's ``if state_chars + longest_question_chars > 32_000 * 3 or whole_chars > 64_000 * 3``: a
context limit in tokens, and a rate of 3 characters per token): both factors are literals, the rate from 2.5 to
6 (PB104 reports it) and the limit 256 or more (PB103 reports it as a threshold of tokens). The other side of
the comparison counts characters: a name saying characters, or the ``len()`` of a text made by ``str()``,
``json.dumps()``, ``repr()`` or a ``join``. Judges no finding itself.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, NamedTuple

from prompt_budget.lint.names import CHAR_WORDS, words
from prompt_budget.lint.rule import attr_name, callee_name, number
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
#: Calls that make a text of what they are given.
_TEXTS = frozenset({"str", "dumps", "repr", "join", "format"})


class CharLimit(NamedTuple):
    """The two literals of ``32_000 * 3``: the limit in tokens and the rate of characters per token."""

    limit: ast.expr
    tokens: float
    rate: ast.expr
    chars_per_token: float


def char_limit(rule: LintRule, node: ast.BinOp, compare: ast.Compare | None = None) -> CharLimit | None:
    """``node`` as a limit of tokens times a rate, ordered against characters in ``compare`` (by default
    its parent: ``node`` is the product being walked)."""
    if not isinstance(node.op, ast.Mult):
        return None
    left, right = number(node.left), number(node.right)
    if left is None or right is None or isinstance(left, bool) or isinstance(right, bool):
        return None
    found = (
        CharLimit(node.left, left, node.right, right)
        if left >= right
        else CharLimit(node.right, right, node.left, left)
    )
    if not 2.5 <= found.chars_per_token <= 6 or found.tokens < 256:
        return None
    parent = compare if compare is not None else rule.ctx.parent(node)
    if not isinstance(parent, ast.Compare) or not all(isinstance(op, _ORDER) for op in parent.ops):
        return None
    sides = [s for s in (parent.left, *parent.comparators) if s is not node]
    return found if any(_counts_characters(s) for s in sides) else None


def _counts_characters(node: ast.expr) -> bool:
    for sub in walk(node):
        if isinstance(sub, ast.Call) and callee_name(sub) == "len" and sub.args:
            made = sub.args[0]
            if isinstance(made, ast.Call) and callee_name(made) in _TEXTS:
                return True
        elif isinstance(sub, (ast.Name, ast.Attribute)) and set(words(attr_name(sub) or "")) & CHAR_WORDS:
            return True
    return False
