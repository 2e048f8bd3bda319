"""PB101's number given by position to a parameter its function compares with tokens (set 59: ought-ice)::

    def n_remaining_tokens(prompt: str, ensure_min: int, capacity=4097):
        remaining = capacity - n_tokens(prompt)
        if remaining < ensure_min:
            raise ValueError(...)
    ...
    max_tokens=n_remaining_tokens(prompt, 400) - 100

The parameter's name says nothing of tokens (``ensure_min``), but the function compares it with an amount
of tokens: a call or a name that holds one (``n_tokens(prompt)``, ``prompt_tokens``), or a local the
function binds once to such an amount or to what is left when one is taken off something
(``remaining = capacity - n_tokens(prompt)``). A number taken there is the fewest (or most) tokens the
caller asks for: a budget, judged where it is given (``positional_args``, ``method_positional``). A
negative number (``n_remaining_tokens(prompt, -100_000)``: no floor) is never a budget.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import string_value
from prompt_budget.lint.subtracted_defaults import token_amount_name
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.positional_args import Function
    from prompt_budget.lint.rule import LintRule

_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def bindings_and_orders(fn: ast.AST) -> tuple[dict[str, list[ast.expr]], list[ast.Compare]]:
    """What ``fn`` binds each local name to (``=``, ``+=``, annotated; an augmented or bare annotated
    binding gives its target) and its comparisons of one order (``<``, ``<=``, ``>``, ``>=``)."""
    bound: dict[str, list[ast.expr]] = {}
    compares: list[ast.Compare] = []
    for node in walk(fn):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    bound.setdefault(target.id, []).append(node.value)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)) and isinstance(node.target, ast.Name):
            bound.setdefault(node.target.id, []).append(node.value or node.target)
        elif isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], _ORDER):
            compares.append(node)
    return bound, compares


def compared_to_tokens(rule: LintRule, fn: Function, param: str) -> bool:
    """``fn`` compares its parameter ``param`` (unassigned in it) with an amount of tokens."""
    bound, compares = bindings_and_orders(fn)
    if param in bound:
        return False  # rebound: what is compared may no longer be the number given
    for cmp in compares:
        left, right = cmp.left, cmp.comparators[0]
        other = right if _is(left, param) else left if _is(right, param) else None
        if other is not None and _tokens(rule, other, bound):
            return True
    return False


def keyed_as_budget(rule: LintRule, fn: Function, param: str) -> bool:
    """``fn`` writes its parameter ``param`` into a dict under a key naming a token budget (``return {...,
    "budget_tokens": budget}``, set 222: unvibecode's context selection given ``30000`` by position)."""
    return any(
        isinstance(node, ast.Dict)
        and any(
            _is(value, param)
            and rule.names.is_budget(key := string_value(k) or "")
            and rule.names.says_tokens(key)
            for k, value in zip(node.keys, node.values, strict=False)
        )
        for node in walk(fn)
    )


def _is(node: ast.expr, param: str) -> bool:
    return isinstance(node, ast.Name) and node.id == param


def _tokens(rule: LintRule, node: ast.expr, bound: dict[str, list[ast.expr]]) -> bool:
    """An amount of tokens, or a local bound once to one or to what is left when one is taken off."""
    if _count(rule, node):
        return True
    values = bound.get(node.id, []) if isinstance(node, ast.Name) else []
    if len(values) != 1:
        return False
    value = values[0]
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Sub):
        return _count(rule, value.right)
    return _count(rule, value)


def _count(rule: LintRule, node: ast.expr) -> bool:
    """``n_tokens(prompt)``, ``prompt_tokens``: by its name, an amount of tokens (a budget's name too:
    ``max_tokens``)."""
    return bool(token_amount_name(rule, node))
