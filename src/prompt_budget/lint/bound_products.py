"""A product of a weakly named budget bound to a local that the function orders against a count of
tokens, for PB105 (budget-ratio): the factor is a share of a token budget (set 144: mcs-core's pin cap)::

    cap = self.budget * self.pin_cap_ratio        # pin_cap_ratio: float = 0.7
    if self._pinned_tokens(history) + cost > cap: # a count of tokens ordered against it

``flow._product_against_tokens`` reads the product written in the comparison itself (``if used_tokens <
budget * threshold``); this reads it through the one local it is bound to. The local must be bound
nowhere else in the function (a loop's target, a second assignment: another amount) and the comparison
must order it (``<``, ``>``...), the other side a count of tokens and no budget.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.character_reads import bound_local, bound_values
from prompt_budget.lint.walks import brief_source, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def ordered_count(rule: LintRule, fn: ast.AST, name: str) -> ast.expr | None:
    """The count of tokens (no budget) a comparison of ``fn`` orders the local ``name`` against, when
    ``name`` is bound once in ``fn`` (not also a loop's target, a parameter, augmented...); else None. Read by
    ``budget_halves`` too (half of a budget bound to a local so ordered)."""
    if len(bound_values(fn, name)) != 1:
        return None
    for sub in walk(fn):
        if isinstance(sub, ast.Compare) and len(sub.ops) == 1 and isinstance(sub.ops[0], _ORDER):
            sides = (sub.left, sub.comparators[0])
            for side, other in (sides, sides[::-1]):
                if type(side) is ast.Name and side.id == name and _counted(rule, other):
                    return other
    return None


def _counted(rule: LintRule, node: ast.expr) -> bool:
    """A count of tokens, no budget (``num_tokens > self.token_limit`` orders a count against its cap)."""
    return rule.token_amount(node) and rule.budget_expr(node) is None


def ordered_local(rule: LintRule, product: ast.AST, assign: ast.AST) -> str | None:
    """How the local ``assign`` binds ``product`` to is ordered against a count of tokens, else None."""
    name = bound_local(assign)
    fn = rule.ctx.function()
    if name is None or fn is None or getattr(assign, "value", None) is not product:
        return None
    other = ordered_count(rule, fn, name)
    return (
        None if other is None else f"bound to `{name}`, compared with the token count `{brief_source(other)}`"
    )
