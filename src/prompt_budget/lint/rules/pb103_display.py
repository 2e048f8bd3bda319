"""PB103's reading of a function that only shows a count in units (``f"{tokens / 1000:.1f}k"``): the
number it compares the count with is where the label's unit changes, not a budget. Kept apart from the
rule to keep it short."""

from __future__ import annotations

import ast
from collections.abc import Sequence

from prompt_budget.lint.rule import callee_name, constant_expression
from prompt_budget.lint.walks import walk

#: Units a count is shown in: thousands, millions, billions (and their binary kin).
_DISPLAY_UNITS = frozenset({1000, 1_000_000, 1_000_000_000, 1024, 1024**2, 1024**3})


def _text(node: ast.expr | None) -> bool:
    """``f"{n / 1000:.1f}k"``, ``"0"``, ``str(n)``, ``"{}k".format(x)``: an expression giving text."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.Call):
        return callee_name(node) in {"str", "format", "repr"}
    return isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mod, ast.Add)) and _text(node.left)


def _none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def displays_in_units(fn: ast.AST | None, amount: ast.expr, value: float) -> bool:
    """``def _format_token_count(tokens)``: ``if tokens < 1000: return str(tokens)`` ... ``value =
    tokens / 1000`` ... ``return f"{value:.1f}k"``: a function that returns only text and divides the
    count it compares with a unit (a thousand, a million...) by such a unit: the number is where the
    unit of a label changes, not a budget (set 20: inspect-ai's timeline; set 11: upsonic)."""
    if value not in _DISPLAY_UNITS or not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    shown = ast.unparse(amount)
    # ``return None`` for no count: no text, but no number either (set 25: aider's thinking budget label)
    returns = [
        n.value for n in walk(fn) if isinstance(n, ast.Return) and n.value is not None and not _none(n.value)
    ]
    return (
        bool(returns)
        and all(_text(r) for r in returns)
        and any(
            isinstance(n, ast.BinOp)
            and isinstance(n.op, (ast.Div, ast.FloorDiv))
            and constant_expression(n.right) in _DISPLAY_UNITS
            and ast.unparse(n.left) == shown
            for n in walk(fn)
        )
    )


def formats_scaled(body: Sequence[ast.AST]) -> bool:
    """The branch only formats a count scaled to a unit (``return f"{tokens / 1000:.1f}k"``)."""
    first = body[0] if body else None
    value = first.value if isinstance(first, (ast.Return, ast.Assign)) else None
    return isinstance(value, ast.JoinedStr) and any(
        isinstance(n, ast.BinOp) and isinstance(n.op, (ast.Div, ast.FloorDiv)) for n in walk(value)
    )


def elif_body(orelse: Sequence[ast.AST]) -> Sequence[ast.AST]:
    """The ``else`` branch's first statements: an ``elif``'s body, or the ``else`` itself."""
    if len(orelse) == 1 and isinstance(orelse[0], ast.If):
        return orelse[0].body
    return orelse
