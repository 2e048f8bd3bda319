"""A token budget divided by a guessed cost of one item, for PB105 (budget-ratio; set 282: codedebrief's
``max(1, min(4, token_budget // 300))`` flows in a context pack, ``concept_limit = max(1, token_budget // 300)``).

The quotient is a number of items (flows, concepts, snapshot nodes) the budget pays for, and the divisor the tokens
one item is guessed to cost: a rate a team tunes with its content, like an overhead per message. Read where the
division is a budget's read (``LintRule.budget_expr``) floor-divided by a whole number of at least ``_LEAST`` (2 to
8 split a budget in shares, ``shares.budget_share``'s; powers of ten and 1024 change a unit's scale) and the quotient is kept a count: clamped by ``max()`` or
``min()`` against a small whole number (``max(1, ...)``, ``min(4, ...)``) or bound to a name saying items or a
limit of them (``concept_limit``, ``max_items``). Read from the node's ancestors only (no walk).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import words
from prompt_budget.lint.rule import attr_name, callee_name, number

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: The least cost of an item read so (smaller divisors split a budget in shares).
_LEAST = 10
#: Divisors that change a unit's scale (thousands of tokens, kibi-tokens), no cost of an item.
_SCALES = frozenset({10, 100, 1000, 1024, 10_000, 1_000_000})
#: The largest count a quotient is clamped by for it to be a count of items.
_SMALL = 100
#: Words of a name holding a number of items.
_COUNT_WORDS = frozenset({"limit", "count", "items", "n", "num", "max", "cap", "k", "top"})


def _kept_count(rule: LintRule, node: ast.expr) -> bool:
    """``node``'s value is kept as a count: clamped by ``max``/``min`` against a small whole number (through
    further clamps), or bound to a name of a count that says no tokens."""
    parent = rule.ctx.parent(node)
    clamped = False
    while isinstance(parent, ast.Call) and callee_name(parent) in {"max", "min"} and len(parent.args) == 2:
        other = parent.args[0] if parent.args[1] is node else parent.args[1]
        if not _small(number(other)):
            return False
        clamped = True
        node, parent = parent, rule.ctx.parent(parent)
    if clamped:
        return True
    if isinstance(parent, ast.Assign) and len(parent.targets) == 1:
        ws = set(words(attr_name(parent.targets[0]) or ""))
        return bool(ws & _COUNT_WORDS) and not rule.names.mentions_tokens(attr_name(parent.targets[0]) or "")
    return False


def _cost(rule: LintRule, node: ast.expr) -> int | None:
    """The divisor of ``budget // N`` (a budget's read floor-divided by a whole number that is neither a share's
    nor a unit's scale), else None."""
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.FloorDiv)):
        return None
    value = number(node.right)
    if (
        not isinstance(value, int)
        or value < _LEAST
        or value in _SCALES
        or (rule.budget_expr(node.left) is None and not _budget_part(node.left))
    ):
        return None
    return value


#: Words of an object holding a budget's parts (``quotas = planner.allocate_budget(...)``).
_PARTS = frozenset({"quota", "quotas", "budgets", "allocation", "allocations"})


def _budget_part(node: ast.expr) -> bool:
    """``quotas.lexical``: a part of a budget allocated by sections (set 449: cognis-engine's ``quotas.lexical //
    50  # ~50 tokens per hit estimate``)."""
    return isinstance(node, ast.Attribute) and bool(_PARTS & set(words(attr_name(node.value) or "")))


def _small(value: object) -> bool:
    return isinstance(value, int) and 0 < value <= _SMALL


def items_of_budget(rule: LintRule, node: ast.expr, clamp: ast.Call) -> bool:
    """``token_budget // 40`` clamped by ``clamp`` (``min(40, ...)``) against a small count: a count of items a
    budget pays for, no amount of tokens; not ``max(256, window // 20)``, a floor of a share of the window."""
    return (
        _small(next((number(a) for a in clamp.args if a is not node), None)) and _cost(rule, node) is not None
    )


def item_cost(rule: LintRule, node: ast.BinOp) -> tuple[ast.expr, float, str, str] | None:
    """``token_budget // 300`` kept as a count of items: (the divisor, its value, the message, the key)."""
    value = _cost(rule, node)
    if value is None or not _kept_count(rule, node):
        return None
    budget = rule.budget_expr(node.left) or ast.unparse(node.left)
    message = (
        f"hard-coded cost of {value} tokens per item dividing the budget `{budget}` into a number of items"
    )
    return node.right, value, message, f"{budget} tokens per item"
