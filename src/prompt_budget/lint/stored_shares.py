"""An attribute the module stores a share of the window in, ordered against a literal, for PB105's usage
thresholds (``ratio_reads.usage_thresholds``; set 97: ashlar-ao's context exhaustion warning)::

    agent.context_pct = min(1.0, effective_tokens / ctx_window)
    ...
    if agent.context_pct >= 0.92 and agent.status in ("working", "planning", "reading"):
        agent.create_snapshot(trigger="context_warning")

Whatever the attribute is named, the module writes into it (on any object: ``agent.x``, ``self.x``) a
division of tokens (``compared_shares.of_tokens``: a token amount over an amount, or an amount over a
budget), also clamped to one (``min(1.0, ...)``) or kept off a zero divisor (``zero_guards``): a literal
it is ordered against is a threshold on the share of the window used. Not when the module also writes a
division of something else into it (a share of money, of lines), nor for an attribute named as a score.
The module's stores are gathered in one walk, at the first question, kept for the module last asked about.
Kept apart from the rule: it judges no finding itself.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.compared_shares import of_tokens, pair_call, unguarded
from prompt_budget.lint.rule import attr_name
from prompt_budget.lint.walks import kept_per_file, walk
from prompt_budget.lint.zero_guards import guarded_division

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: The module asked about last and, by attribute name, the budget of the token share stored in it (None
#: when a division of something else is stored there too).
_last: list[tuple[ast.AST, dict[str, str | None]]] = kept_per_file([])


def _division(value: ast.expr) -> ast.BinOp | None:
    """The division ``value`` is, clamped to one or guarded against a zero divisor, else None."""
    value = guarded_division(value)
    if (args := pair_call(value, ("min", "max"))) is not None:
        first, second = args
        value = (
            second
            if isinstance(first, ast.Constant)
            else first
            if isinstance(second, ast.Constant)
            else value
        )
    return value if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Div) else None


def _stores(rule: LintRule, tree: ast.AST) -> dict[str, str | None]:
    if _last and _last[0][0] is tree:
        return _last[0][1]
    found: dict[str, str | None] = {}
    for node in walk(tree):
        if (
            type(node) is not ast.Assign
            or len(node.targets) != 1
            or type(node.targets[0]) is not ast.Attribute
        ):
            continue
        div = _division(node.value)
        if div is None:
            continue
        attr = node.targets[0].attr
        if not of_tokens(rule, div):
            found[attr] = None
        elif attr not in found:
            right = unguarded(div.right)
            found[attr] = (
                rule.budget_expr(right) or (attr_name(right) if type(right) is ast.Name else None) or "budget"
            )
    _last[:] = [(tree, found)]
    return found


def stored_share(rule: LintRule, node: ast.expr) -> str | None:
    """The budget ``node`` (``agent.context_pct``) holds a share of, when the module stores only divisions
    of tokens in that attribute, else None."""
    tree = rule.ctx.tree
    if type(node) is not ast.Attribute or tree is None or rule.names.is_score(node.attr):
        return None
    return _stores(rule, tree).get(node.attr)
