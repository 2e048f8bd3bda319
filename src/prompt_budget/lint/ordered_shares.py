"""A share of a neutral amount bound to a local that its function orders against a count of tokens, for
PB105 (set 94: inquirycraft's ``tail_target = max(1, target * 2 // 3)`` ... ``if tokens +
candidate_tokens > tail_target: break``): whatever the amount divided is named, the part kept is a
number of tokens, so the division is a share of a token budget. Decided by data flow: the division's
result, through calls and arithmetic keeping its unit (``max(1, ...)``, ``int(...)``, ``+``/``-``), is
what a plain assignment binds, and a read of that local is ordered (``<``, ``<=``, ``>``, ``>=``) against
a count of tokens (``ordered_budgets``). The caller says whether the amount divided names no other unit.
"""

from __future__ import annotations

import ast
from itertools import pairwise
from typing import TYPE_CHECKING

from prompt_budget.lint.character_reads import bound_local
from prompt_budget.lint.ordered_budgets import ordered_against_tokens
from prompt_budget.lint.rule import callee_name

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Calls whose result is in the unit of their arguments.
_KEEPING = frozenset({"int", "round", "ceil", "floor", "min", "max"})


def climb(parents: dict[ast.AST, ast.AST], node: ast.AST) -> tuple[ast.AST, ast.AST | None]:
    """From ``node`` up through calls and arithmetic keeping its unit (``int(...)``, ``max(n - 10, 1)``):
    (the outermost such expression, its parent)."""
    parent = parents.get(node)
    while (
        isinstance(parent, ast.Call)
        and callee_name(parent) in _KEEPING
        and any(a is node for a in parent.args)
    ) or (isinstance(parent, ast.BinOp) and isinstance(parent.op, (ast.Add, ast.Sub))):
        node, parent = parent, parents.get(parent)
    return node, parent


def ordered_share(rule: LintRule, node: ast.BinOp) -> bool:
    """The division ``node`` (being visited) is bound, kept in its unit, to a local of the function that
    the function orders against a count of tokens."""
    parents = {child: parent for parent, child in pairwise(rule.ctx.ancestors)}
    _, parent = climb(parents, node)
    local = bound_local(parent)
    return local is not None and ordered_against_tokens(rule, local)
