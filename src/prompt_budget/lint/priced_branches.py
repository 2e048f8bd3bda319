"""Comparisons that only choose a price: a pricing tier's boundary, not a budget (PB102, PB103).

``if prompt_tokens > 128000: cost *= 2`` (PB103 judges the number written inline) and its constant
(set 83: agentos-framework's cost tracker)::

    _PROMPT_CACHE_MIN_TOKENS = 1024
    ...
    if inp >= _PROMPT_CACHE_MIN_TOKENS and pricing.cached_input_per_1m > 0:
        cost_effective_input = inp * pricing.cached_input_per_1m / pricing.input_per_1m

A number of tokens whose every read is ordered against something in the test of a branch that prices
(a name of the branch's statements says cost, price, rate, tier, discount) caps nothing: it decides
which price applies. A constant also read anywhere else stays a budget.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import PRICE_WORDS, words
from prompt_budget.lint.rule import attr_name
from prompt_budget.lint.walks import kept_per_file, parents, walk

if TYPE_CHECKING:
    from collections.abc import Sequence

    from prompt_budget.lint.rule import LintRule

#: Price words besides ``PRICE_WORDS`` a pricing branch's names may say (``cache_discount``).
_PRICING = PRICE_WORDS | {"discount", "discounts", "surcharge", "billing", "billed", "charge"}
_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
#: A tier: a price's where a count of tokens used picks it, a budget's size where a budget does.
_TIERS = frozenset({"tier", "tiers"})
#: Whether the module being linted speaks of a price anywhere (its text read once).
_spoken: list[tuple[ast.AST, bool]] = kept_per_file([])


def prices_branch(body: Sequence[ast.AST], orelse: Sequence[ast.AST], *, tiers: bool = True) -> bool:
    """The statements of a branch and of its ``else`` name a price or a cost (``cost *= 2``), outside an
    f-string; without ``tiers``, a tier alone is no price (``if token_budget < 50_000: return
    AuditTier.TIER_1``: a budget picks the tier that fits it, set 145: unbiased's audit tiers)."""
    pricing = _PRICING if tiers else _PRICING - _TIERS
    return any(_priced(stmt, pricing) for stmt in (*body, *orelse))


def _priced(node: ast.AST, pricing: frozenset[str]) -> bool:
    """A name under ``node`` says a price, outside an f-string: a cost only shown in a message (set 247:
    contextviz's ``f"~{_money(rt['wastedCostUsd'])} carry cost"`` under ``if rt["wastedTokens"] >= 3_000``)
    prices nothing."""
    todo = [node]
    while todo:
        n = todo.pop()
        if type(n) is ast.JoinedStr:
            continue
        if (
            isinstance(n, (ast.Name, ast.Attribute, ast.Subscript))
            and set(words(attr_name(n) or "")) & pricing
        ):
            return True
        todo.extend(ast.iter_child_nodes(n))
    return False


def only_prices(rule: LintRule, name: str) -> bool:
    """Every read of the module constant ``name`` is ordered against a number in the test of an ``if``
    (or a conditional expression) that prices: a pricing tier's boundary. Walks the module only where
    its text speaks of a price. In a function, a local of one named for a price is its tier's boundary
    (``threshold = 200_000`` in ``tiered_cost()``, set 377: agentop's LiteLLM pricing)."""
    tree = rule.ctx.tree
    if (
        rule.ctx.scopes
    ):  # not ``token_limit`` in ``check_cost_limits()``, nor a local in ``update_tier_limits()``
        fn = rule.ctx.function()
        priced = fn is not None and bool(set(words(fn.name)) & (PRICE_WORDS - _TIERS - {"rate", "rates"}))
        return priced and not rule.names.says_tokens(name)
    if tree is None:
        return False
    kept = _spoken[0] if _spoken and _spoken[0][0] is tree else None
    if kept is None:
        kept = (tree, any(w in line.lower() for line in rule.ctx.lines for w in ("cost", "pric")))
        _spoken[:] = [kept]  # one module at a time
    if not kept[1]:
        return False
    up = parents(tree)
    reads = [n for n in walk(tree) if type(n) is ast.Name and n.id == name and isinstance(n.ctx, ast.Load)]
    return bool(reads) and all(_prices(read, up) for read in reads)


def _prices(read: ast.AST, up: dict[ast.AST, ast.AST]) -> bool:
    compare = up.get(read)
    if not (isinstance(compare, ast.Compare) and all(isinstance(op, _ORDER) for op in compare.ops)):
        return False
    child: ast.AST = compare
    parent = up.get(compare)
    while isinstance(parent, (ast.BoolOp, ast.UnaryOp)):  # ``if a >= N and rate > 0:``
        child, parent = parent, up.get(parent)
    if isinstance(parent, ast.If) and parent.test is child:
        return prices_branch(parent.body, parent.orelse)
    if isinstance(parent, ast.IfExp) and parent.test is child:
        return prices_branch([parent.body], [parent.orelse])
    return False
