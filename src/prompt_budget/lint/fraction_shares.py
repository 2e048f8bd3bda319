"""A share of an amount written as a literal fraction: ``max_tokens * 0.2``, ``3 / 4 * max_tokens``."""

from __future__ import annotations

import ast


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
    """The amount a literal fraction takes a share of (``max_tokens`` of ``max_tokens * 0.2``), else
    ``node`` itself: a clamp of that share (``max(max_tokens * 0.2, 4096)``) clamps an amount of the
    same unit, as ``max(max_input_tokens / 16, 1024)`` does (set 47: wdoc's floor of 4096)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        if literal_fraction(node.right) is not None:
            return node.left
        if literal_fraction(node.left) is not None:
            return node.right
    return node
