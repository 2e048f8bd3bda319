"""A clamp of a number of tokens turned into words, for PB103 (token-threshold; set 101: helm-ai's
``words_per_chunk = max(50, int(max_tokens * 0.75))``): the rate (0.75 words per token, PB105's or PB104's
finding) makes the scaled amount words, and the clamp's result is bound to a name of words, so the clamp's
literal is a least (or most) number of words, not of tokens. Only a clamp (``min``/``max``, nested or not)
bound whole to a single name of words that names no tokens, one of whose arguments is an amount scaled by a
fractional rate (rounded or not). Reads only the statement being visited. Judges no finding itself.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, callee_name, number

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_CLAMPS = frozenset({"min", "max"})
_ROUNDING = frozenset({"int", "round", "floor", "ceil"})
_WORDS = frozenset({"word", "words"})


def _scaled(node: ast.expr) -> bool:
    """``int(max_tokens * 0.75)``, ``n / 1.3``: an amount scaled by a fractional rate, rounded or not."""
    while isinstance(node, ast.Call) and callee_name(node) in _ROUNDING and node.args:
        node = node.args[0]
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mult, ast.Div, ast.FloorDiv))):
        return False
    rate = next((v for v in (number(node.right), number(node.left)) if v is not None), None)
    return rate is not None and not float(rate).is_integer()


def floor_in_words(rule: LintRule, node: ast.Call) -> bool:
    """The clamp ``node`` (being visited) scales an amount by a rate and is bound to a name of words."""
    if not any(_scaled(a) for a in node.args):
        return False
    current: ast.AST = node
    for anc in reversed(rule.ctx.ancestors[:-1]):
        if isinstance(anc, ast.Call) and callee_name(anc) in _CLAMPS | _ROUNDING and current in anc.args:
            current = anc
            continue
        if isinstance(anc, (ast.Assign, ast.AnnAssign)) and anc.value is current:
            found = anc.targets if isinstance(anc, ast.Assign) else [anc.target]
            name = attr_name(found[0]) or "" if len(found) == 1 else ""
            return bool(set(words(name)) & _WORDS) and not rule.names.mentions_tokens(name)
        return False
    return False
