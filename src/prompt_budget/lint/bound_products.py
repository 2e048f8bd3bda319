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

from prompt_budget.lint.character_reads import bound_local
from prompt_budget.lint.walks import brief_source, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def ordered_local(rule: LintRule, product: ast.AST, assign: ast.AST) -> str | None:
    """How the local ``assign`` binds ``product`` to is ordered against a count of tokens, else None."""
    name = bound_local(assign)
    fn = rule.ctx.function()
    if name is None or fn is None or getattr(assign, "value", None) is not product:
        return None
    compares: list[ast.Compare] = []
    for node in walk(fn):
        if isinstance(node, ast.Compare):
            compares.append(node)
        elif node is not assign and _binds(node, name):
            return None
    for compare in compares:
        sides = (compare.left, *compare.comparators)
        if not all(isinstance(op, _ORDER) for op in compare.ops):
            continue
        if not any(type(s) is ast.Name and s.id == name for s in sides):
            continue
        for other in sides:
            if type(other) is not ast.Name and rule.token_amount(other) and rule.budget_expr(other) is None:
                return f"bound to `{name}`, compared with the token count `{brief_source(other)}`"
    return None


def _binds(node: ast.AST, name: str) -> bool:
    """Whether ``node`` binds ``name`` (an assignment, a loop, a walrus, a ``with ... as``)."""
    if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor, ast.NamedExpr)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return any(type(t) is ast.Name and t.id == name for tg in targets for t in walk(tg))
    if isinstance(node, ast.withitem) and node.optional_vars is not None:
        return any(type(t) is ast.Name and t.id == name for t in walk(node.optional_vars))
    return False
