"""A local its function orders against a count of tokens holds tokens, whatever its name and bindings say
(set 85: licos-agent-runtime's ``physical = min(window - reserve, maximum or window)``, a tuple's items
from a capacity getter, then ``if fixed_count.tokens > physical: raise ...``): a share of it
(``int(physical * 0.45)``, ``physical // 4``) is a share of a token budget, PB105's. Only a direct
ordering (``<``, ``<=``, ``>``, ``>=``) of a read of the local with a count of tokens
(``LintRule.token_amount``: ``x.tokens``, ``count_tokens(m)``), not a rate limiter's tokens
(``compared_counts.bucket_tokens``), nor one whose branch shows the local followed by another unit
(``raise ValueError(f"... exceeds {MAX_QUERY_TERMS} lexical terms")``, set 561: palimnex). The names a function orders so are collected in one walk, kept for
the function last asked about. Kept apart from the rules: it judges no finding itself; the caller says
whether the local's name is one of tokens at all (``shares.neutral_name``).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.compared_counts import bucket_tokens
from prompt_budget.lint.compared_lengths import ordered_pairs
from prompt_budget.lint.flow import against_flow
from prompt_budget.lint.names import words
from prompt_budget.lint.stated_units import branch_of, shows_other_unit
from prompt_budget.lint.walks import kept_per_file, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words of a local's name saying it holds an amount of something else than a budget (a memory, a
#: message's tokens), whatever it is ordered against.
OTHER_AMOUNT_WORDS = frozenset({"memory", "mem", "msg", "vram", "gpu"})

#: The function asked about last and the locals it orders against a count of tokens, each with the first
#: such comparison (why it holds tokens, for the finding's message).
_last: list[tuple[ast.AST, dict[str, str]]] = kept_per_file([])


def _ordered(rule: LintRule, fn: ast.AST) -> dict[str, str]:
    if _last and _last[0][0] is fn:
        return _last[0][1]
    found: dict[str, str] = {}
    for node in walk(fn):
        if type(node) is not ast.Compare:
            continue
        for side, other in ordered_pairs(node):
            if (
                type(side) is ast.Name
                and side.id not in found
                and rule.token_amount(other)
                and not bucket_tokens(rule, other)
                and not shows_other_unit(branch_of(fn, node), side)  # ``f"{MAX} lexical terms"``, asked last
            ):
                shown = ast.unparse(other)
                shown = shown if len(shown) <= 40 else "a count of tokens"
                found[side.id] = f"compared with the token count `{shown}` at line {node.lineno}"
    _last[:] = [(fn, found)]
    return found


def ordered_against_tokens(rule: LintRule, name: str) -> bool:
    """The function being walked orders a read of its local (or parameter) ``name`` against a count of
    tokens (``if fixed_count.tokens > physical``)."""
    return ordered_reason(rule, name) is not None


def ordered_reason(rule: LintRule, name: str) -> str | None:
    """Why the local ``name`` of the function being walked holds tokens (``compared with the token
    count `fixed_count.tokens` at line 190``), when it orders a read of it against a count of tokens."""
    fn = rule.ctx.function()
    if fn is None or against_flow(name) or set(words(name)) & OTHER_AMOUNT_WORDS:
        return None
    return _ordered(rule, fn).get(name)
