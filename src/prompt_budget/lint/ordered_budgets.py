"""A local its function orders against a count of tokens holds tokens, whatever its name and bindings say
(set 85: licos-agent-runtime's ``physical = min(window - reserve, maximum or window)``, a tuple's items
from a capacity getter, then ``if fixed_count.tokens > physical: raise ...``): a share of it
(``int(physical * 0.45)``, ``physical // 4``) is a share of a token budget, PB105's. Only a direct
ordering (``<``, ``<=``, ``>``, ``>=``) of a read of the local with a count of tokens
(``LintRule.token_amount``: ``x.tokens``, ``count_tokens(m)``), not a rate limiter's tokens
(``compared_counts.bucket_tokens``). The names a function orders so are collected in one walk, kept for
the function last asked about. Kept apart from the rules: it judges no finding itself; the caller says
whether the local's name is one of tokens at all (``shares.neutral_name``).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.compared_counts import bucket_tokens
from prompt_budget.lint.compared_lengths import ordered_pairs
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: The function asked about last and the locals it orders against a count of tokens.
_last: list[tuple[ast.AST, frozenset[str]]] = []


def _ordered(rule: LintRule, fn: ast.AST) -> frozenset[str]:
    if _last and _last[0][0] is fn:
        return _last[0][1]
    found: set[str] = set()
    for node in walk(fn):
        if type(node) is not ast.Compare:
            continue
        for side, other in ordered_pairs(node):
            if (
                type(side) is ast.Name
                and side.id not in found
                and rule.token_amount(other)
                and not bucket_tokens(rule, other)
            ):
                found.add(side.id)
    kept = frozenset(found)
    _last[:] = [(fn, kept)]
    return kept


def ordered_against_tokens(rule: LintRule, name: str) -> bool:
    """The function being walked orders a read of its local (or parameter) ``name`` against a count of
    tokens (``if fixed_count.tokens > physical``)."""
    fn = rule.ctx.function()
    return fn is not None and name in _ordered(rule, fn)
