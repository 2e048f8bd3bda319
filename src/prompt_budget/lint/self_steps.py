"""A rebinding that steps or clamps the name's own value (``size = min(size + 50, 300)``,
``size = size * 2``): the number the name was first bound to is still the base of every value it
holds, so the rebinding leaves that number's judgement to the name's reads (set 32: optillm's chunk
of tokens grown on an empty reply and reset after)."""

from __future__ import annotations

import ast

_STEPS = (ast.Add, ast.Sub, ast.Mult)


def steps_itself(value: ast.expr | None, name: str) -> bool:
    """``value`` is ``name`` stepped by a number, or clamped with ``min()``/``max()`` (both nested).
    Linear in the expression's depth: only the one operand that is not a number is looked into."""
    while value is not None:
        if isinstance(value, ast.Name):
            return False  # the name itself is no step
        if isinstance(value, ast.BinOp) and isinstance(value.op, _STEPS):
            operands = [value.left, value.right]
        elif (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name)
            and value.func.id in {"min", "max"}
            and len(value.args) >= 2
            and not value.keywords
        ):
            operands = list(value.args)
        else:
            return False
        # every operand a number but the one that holds the name (read or stepped again)
        others = [a for a in operands if not _number(a)]
        if len(others) != 1:
            return False
        inner = others[0]
        if isinstance(inner, ast.Name):
            return inner.id == name
        value = inner
    return False


def _number(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) in {int, float}
