"""A rebinding that steps or clamps the name's own value (``size = min(size + 50, 300)``,
``size = size * 2``): the number the name was first bound to is still the base of every value it
holds, so the rebinding leaves that number's judgement to the name's reads (set 32: optillm's chunk
of tokens grown on an empty reply and reset after)."""

from __future__ import annotations

import ast

_STEPS = (ast.Add, ast.Sub, ast.Mult)


def steps_itself(value: ast.expr | None, name: str) -> bool:
    """``value`` is ``name`` stepped by a number, or clamped with ``min()``/``max()`` (both nested)."""
    if isinstance(value, ast.BinOp) and isinstance(value.op, _STEPS):
        sides = (value.left, value.right)
        own = [s for s in sides if _reads(s, name)]
        rest = [s for s in sides if not _reads(s, name)]
        return len(own) == 1 and all(_number(s) for s in rest)
    if (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id in {"min", "max"}
        and len(value.args) >= 2
        and not value.keywords
    ):
        own = [a for a in value.args if _reads(a, name)]
        rest = [a for a in value.args if not _reads(a, name)]
        return len(own) == 1 and all(_number(a) for a in rest)
    return False


def _reads(node: ast.expr, name: str) -> bool:
    return (isinstance(node, ast.Name) and node.id == name) or steps_itself(node, name)


def _number(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) in {int, float}
