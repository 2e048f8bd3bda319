"""Shares of a text's token count kept as a cut target, for PB105 (budget-ratio).

After a request fails on the context length, code often cuts the prompt to a share of its own token
count and keeps lines while their running count stays under it (set 71: deeprepo's retry)::

    tokens = _count_tokens(prompt)
    target = int(tokens * 0.70)
    for line in lines:
        lt = _count_tokens(line)
        if used + lt > target: break

The share (0.70) is a budget: the part of the prompt's tokens kept. Reported when the share scales a
local bound once to a token count (``rule.token_amount`` of a call), the product is bound to a local
(through ``int()``/``round()``/``min()``/``max()``), and that local is ordered in the function against
an amount holding a token count (a local bound once to a token-count call, or a token amount). A share
below 0.05 is left alone (a price per token), and so is a function named for prices. The function's
bindings and comparisons are read from its kept walk (``walks.walk``).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.fraction_shares import literal_fraction
from prompt_budget.lint.names import PRICE_WORDS, words
from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
_KEEPS = frozenset({"int", "round", "min", "max", "math.floor", "math.ceil", "floor", "ceil"})
#: The smallest share taken: below it a product of a token count is a price.
_SMALLEST = 0.05


def _single_values(fn: ast.AST) -> dict[str, ast.expr | None]:
    """Each local name of ``fn`` -> the value of its one plain binding (None if bound otherwise or twice)."""
    found: dict[str, ast.expr | None] = {}
    for node in walk(fn):
        if isinstance(node, ast.Assign):
            stored = [t for target in node.targets for t in ast.walk(target)]
            single = len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
            stored, single = [node.target], False
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            stored, single = list(ast.walk(node.target)), False
        else:
            continue
        for s in stored:
            if isinstance(s, ast.Name):
                first = s.id not in found
                found[s.id] = node.value if first and single and isinstance(node, ast.Assign) else None
    return found


def kept_as(rule: LintRule) -> str | None:
    """The local the product being visited is bound to, through calls that keep its size."""
    chain = rule.ctx.ancestors
    for parent in reversed(chain[:-1]):
        if isinstance(parent, ast.Call) and (callee_name(parent) or "") in _KEEPS:
            continue
        if isinstance(parent, ast.Assign) and len(parent.targets) == 1:
            target = parent.targets[0]
            return target.id if isinstance(target, ast.Name) else None
        return None
    return None


def _counted(rule: LintRule, node: ast.expr, values: dict[str, ast.expr | None]) -> bool:
    """``node`` holds a token count: a token amount, or reads a local bound once to a token-count call."""
    if rule.token_amount(node):
        return True
    for part in ast.walk(node):
        if isinstance(part, ast.Name):
            value = values.get(part.id)
            if isinstance(value, ast.Call) and rule.token_amount(value):
                return True
    return False


def count_share(rule: LintRule, node: ast.BinOp) -> list[tuple[ast.expr, float, str, str]]:
    """``target = int(tokens * 0.70)`` with ``tokens = count_tokens(prompt)`` and ``used + lt > target``:
    (literal, value, the config key's name, what it is), else empty."""
    fn = rule.ctx.function()
    if fn is None or not isinstance(node.op, ast.Mult) or set(words(fn.name)) & PRICE_WORDS:
        return []
    for literal, other in ((node.left, node.right), (node.right, node.left)):
        value = literal_fraction(literal)
        if value is None or value < _SMALLEST or not isinstance(other, ast.Name):
            continue
        if rule.budget_expr(other) is not None:
            return []  # ``int(max_tokens * 0.4)``: a share of a budget, the rule's own form
        values = _single_values(fn)
        counted = values.get(other.id)
        target = kept_as(rule)
        if not (isinstance(counted, ast.Call) and rule.token_amount(counted)) or target is None:
            return []
        if values.get(target) is None or set(words(target)) & PRICE_WORDS:
            return []
        against = counted_against(rule, fn, target, values)
        if against is not None:
            what = (
                f"{value} of `{other.id}`, the token count `{ast.unparse(counted)}`, kept as `{target}` "
                f"ordered against the token count `{against}`"
            )
            return [(literal, value, f"{target} ratio", what)]
        return []
    return []


def counted_against(
    rule: LintRule, fn: ast.AST, name: str, values: dict[str, ast.expr | None] | None = None
) -> str | None:
    """The token count the local ``name`` is ordered against in ``fn`` (``used + lt > target``, ``lt``
    bound once to a token-count call), shown, else None."""
    values = _single_values(fn) if values is None else values
    for cmp in walk(fn):
        if not isinstance(cmp, ast.Compare) or not all(isinstance(op, _ORDER) for op in cmp.ops):
            continue
        sides = [cmp.left, *cmp.comparators]
        if len(sides) != 2 or not any(isinstance(s, ast.Name) and s.id == name for s in sides):
            continue
        against = sides[1] if isinstance(sides[0], ast.Name) and sides[0].id == name else sides[0]
        if _counted(rule, against, values):
            return ast.unparse(against)
    return None
