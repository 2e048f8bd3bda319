"""A share of an amount written as a literal fraction: ``max_tokens * 0.2``, ``3 / 4 * max_tokens``."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.counted_locals import token_local
from prompt_budget.lint.ordered_budgets import ordered_against_tokens
from prompt_budget.lint.rule import callee_name, number
from prompt_budget.lint.shares import divisor, neutral_name, numerator

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Calls that round a share and keep its unit.
_ROUNDING = frozenset({"int", "round", "ceil", "floor"})


def _number(node: ast.AST | None) -> int | float | None:
    """The value of an int or float literal (not a bool), else None."""
    value = node.value if isinstance(node, ast.Constant) else None
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def literal_fraction(node: ast.AST | None) -> float | None:
    """A literal between 0 and 1: ``0.2``, or a fraction of two integer literals (``3 / 4``, ``1 / 3``;
    set 47: wdoc's ``int(3 / 4 * max_tokens)``), else None."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        top, bottom = _number(node.left), _number(node.right)
        if type(top) is int and type(bottom) is int and 0 < top < bottom:
            return top / bottom
        return None
    value = _number(node)
    return value if isinstance(value, float) and 0 < value < 1 else None


def shared(node: ast.expr) -> ast.expr:
    """The amount a literal fraction takes a share of (``max_tokens`` of ``max_tokens * 0.2``), or doubles, else
    ``node`` itself: a clamp of that share (``max(max_tokens * 0.2, 4096)``) clamps an amount of the
    same unit, as ``max(max_input_tokens / 16, 1024)`` does (set 47: wdoc's floor of 4096). A share written
    as parts of a whole (``max_input_tokens * 3 // 4``: ``shares.numerator`` over ``shares.divisor``) takes
    one too (set 92: jarvis-agent-cli's ``min(24_000, config.max_input_tokens * 3 // 4)``, a capped trigger)."""
    if isinstance(node, ast.BinOp) and divisor(node) is not None and numerator(node) > 1:
        parts = node.left
        return parts.left if isinstance(parts, ast.BinOp) else node
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        if literal_fraction(node.right) is not None:
            return node.left
        if literal_fraction(node.left) is not None:
            return node.right
        # ``min(max_tokens * 2, 16384)``: a doubled cap, the ceiling of a retry after a truncation (set 605:
        # loom-agents); only a doubling (``tokens * 4`` is as often characters)
        if _doubling(node.right):
            return node.left
        if _doubling(node.left):
            return node.right
    return node


def _doubling(node: ast.expr) -> bool:
    return type(node) is ast.Constant and type(node.value) is int and node.value == 2


def nested_amount(rule: LintRule, node: ast.expr) -> bool:
    """``node`` is a clamp (``min`` / ``max``) of a share of a count of tokens by numbers alone: the amount
    an outer clamp bounds (``min(32_768, max(window * 0.1, 8_192))``, the ceiling of a summary's output cap;
    set 96: py-agent-framework)."""
    return (
        isinstance(node, ast.Call)
        and type(node.func) is ast.Name
        and node.func.id in {"min", "max"}
        and any(shared_amount(rule, a) for a in node.args)
        # every other side a number: not ``min(settings.result_preview_chars, int(target * 0.6))``
        and all(shared_amount(rule, a) or number(a) is not None for a in node.args)
    )


def shared_amount(rule: LintRule, node: ast.expr) -> bool:
    """``node`` is a count of tokens or a literal share of one (``max_tokens * 0.2``, ``int(max_tokens *
    0.2)`` of a name), or a share of a local its function orders against a count of tokens (``int(physical *
    0.45)`` where ``if fixed.tokens > physical``, ``ordered_budgets``; set 85: licos-agent-runtime's
    ``max(512, int(physical * 0.45))``, a floor of that share)."""
    rounded = isinstance(node, ast.Call) and callee_name(node) in _ROUNDING and len(node.args) == 1
    if rounded and isinstance(node, ast.Call) and type(shared(node.args[0])) in (ast.Name, ast.Attribute):
        # ``int(budget * 0.45)``: the share of a named amount, rounded; not ``int(tokens / RATE * 0.75)``,
        # a conversion to another unit (bytes) first, nor a reserve's floor taken off a budget
        # (``window - max(128, int(window * 0.1))``: PB106's, ``reserve_floors``)
        if _taken_off(rule.ctx.ancestors):
            return False
        node = node.args[0]
    base = shared(node)
    if rule.token_amount(base) or (base is node and type(node) is ast.Name and token_local(rule, node)):
        return True  # also a local only ever holding tokens (``target = TOKEN_CAP - header_tokens``, set 117)
    if base is not node and type(base) is ast.Name and rule.budget_expr(base) is not None:
        return (
            True  # ``budget = context_budget(p, m)`` ... ``min(int(budget * 0.2), 4096)`` (set 138: 2b-agent)
        )
    return (
        base is not node
        and type(base) is ast.Name
        and neutral_name(rule, base.id)
        and ordered_against_tokens(rule, base.id)
    )


def _taken_off(ancestors: list[ast.AST]) -> bool:
    """The call being visited (``ancestors[-1]``) is subtracted from something: ``budget - max(...)``."""
    parent = ancestors[-2] if len(ancestors) > 1 else None
    return isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Sub) and parent.right is ancestors[-1]
