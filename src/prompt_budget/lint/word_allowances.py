"""A number of tokens turned into words by a rate of tokens per word (set 72: memwright's ``max_words =
int(chunk_size / 1.3)``, ``max_words = int(context_max_tokens / 1.3)``): a quotient by 1.2 to 1.5 bound
(rounded or not) to a name of words. Characters per word are 4 to 6, so only tokens shrink to words by
such a rate. Reads only the statement being visited (the walk's ancestors). Judges no finding itself.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, callee_name

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

LOWEST, HIGHEST = 1.2, 1.5
_ROUNDING = frozenset({"int", "round", "floor", "ceil"})
_WORDS = frozenset({"word", "words"})


def bound_to_words(rule: LintRule, node: ast.BinOp) -> bool:
    """``node`` (a division), alone or rounded, is the value bound to a single name of words."""
    current: ast.AST = node
    for anc in reversed(rule.ctx.ancestors[:-1]):
        if (
            isinstance(anc, ast.Call)
            and callee_name(anc) in _ROUNDING
            and anc.args
            and anc.args[0] is current
        ):
            current = anc
            continue
        if isinstance(anc, (ast.Assign, ast.AnnAssign)) and anc.value is current:
            found = anc.targets if isinstance(anc, ast.Assign) else [anc.target]
            return len(found) == 1 and bool(set(words(attr_name(found[0]) or "")) & _WORDS)
        return False
    return False


def words_from_tokens(rule: LintRule, node: ast.BinOp, amount: ast.expr) -> bool:
    """``words = int(tokens * 0.75)``: ``node`` multiplies an amount of tokens (``amount``) and, alone or
    rounded, is bound to a name of words (set 173: lacuna-wiki's stub tests and gap reports)."""
    return rule.token_amount(amount) and bound_to_words(rule, node)
