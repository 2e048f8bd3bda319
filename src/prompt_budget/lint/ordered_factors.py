"""An amount a share scales that its function orders against a count of tokens, for PB105 (budget-ratio;
set 97: xdog-agent's compaction)::

    TARGET_RATIO = 0.50
    ...
    before = estimate_input_tokens(context, options)
    overhead = estimate_input_tokens(replace(context, messages=prefix), options)
    if overhead >= budget.input_limit:
        raise CompactionError(...)
    target = max(1, min(int(budget.input_limit * TARGET_RATIO), budget.input_limit - overhead))

``budget.input_limit`` says no unit, but the function orders it (``<``, ``<=``, ``>``, ``>=``; also as an
argument of ``min``/``max`` on one side: ``estimate_input_tokens(c) >= min(before, budget.input_limit)``)
against a count of tokens: a token amount (``LintRule.token_amount``) or a local every binding of which is
one (``overhead = estimate_input_tokens(...)``). The amount is then the function's token budget, and the
share scaling it a share of a token budget. The amount is a name or an attribute read (compared by its
source), not a rate limiter's tokens (``compared_counts.bucket_tokens``), and no name saying another unit
(``against_flow``). Kept apart from the rule: it judges no finding itself; the caller says which shares
are asked about (module constants named as shares: ``clamped_shares``).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.character_reads import bound_values
from prompt_budget.lint.compared_counts import bucket_tokens
from prompt_budget.lint.compared_lengths import ordered_pairs
from prompt_budget.lint.flow import against_flow
from prompt_budget.lint.rule import attr_name
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def _sides(node: ast.expr) -> list[ast.expr]:
    """``node``, or the arguments of ``min(...)``/``max(...)`` it is: what one side of an ordering bounds."""
    if isinstance(node, ast.Call) and type(node.func) is ast.Name and node.func.id in {"min", "max"}:
        return list(node.args)
    return [node]


def _counts_tokens(rule: LintRule, fn: ast.AST, node: ast.expr) -> bool:
    """``node`` is a count of tokens: a token amount, or a local of ``fn`` bound only to token amounts."""
    if rule.token_amount(node):
        return not bucket_tokens(rule, node)
    if type(node) is not ast.Name:
        return False
    values = bound_values(fn, node.id)
    return bool(values) and all(isinstance(v, ast.Call) and rule.token_amount(v) for v in values)


def ordered_factor(rule: LintRule, fn: ast.AST, amount: ast.expr) -> str | None:
    """Why ``amount`` (a name or attribute read in ``fn``) is a budget of tokens: ``fn`` orders it against
    a count of tokens (the comparison's line), else None."""
    if type(amount) not in (ast.Name, ast.Attribute):
        return None
    name = attr_name(amount)
    if not name or against_flow(name):
        return None
    source = ast.dump(amount)
    for node in walk(fn):
        if type(node) is not ast.Compare:
            continue
        for side, other in ordered_pairs(node):
            if any(attr_name(s) == name and ast.dump(s) == source for s in _sides(side)) and _counts_tokens(
                rule, fn, other
            ):
                shown = ast.unparse(other)
                shown = shown if len(shown) <= 40 else "a count of tokens"
                return (
                    f"scales `{ast.unparse(amount)}`, which is compared with the token count `{shown}` "
                    f"at line {node.lineno}"
                )
    return None
