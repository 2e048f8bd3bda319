"""A division kept off a zero divisor by a conditional expression, read as the division itself by PB105's
shares (``compared_shares.divisions``; set 94: tianshu-agent's context engine)::

    ratio = estimated_tokens / max_tokens if max_tokens > 0 else 0.0
    if ratio > 0.5 and provider and len(history) > 6: ...

The conditional's one branch is the division, the other a constant of nothing (``0``, ``0.0``,
``None``): whatever the test, the local holds the share or nothing, as ``max(1, window)`` keeps a divisor
off zero (``compared_shares.unguarded``). Either branch order (``0.0 if not window else used / window``).
"""

from __future__ import annotations

import ast

#: What a guarded division falls back to.
_NOTHING = (0, 0.0, None)


def _nothing(node: ast.expr) -> bool:
    return type(node) is ast.Constant and node.value in _NOTHING and type(node.value) is not bool


def guarded_division(value: ast.expr) -> ast.expr:
    """The division of ``used / window if window > 0 else 0.0`` (either branch order); else ``value``."""
    if type(value) is not ast.IfExp:
        return value
    for kept, other in ((value.body, value.orelse), (value.orelse, value.body)):
        if isinstance(kept, ast.BinOp) and isinstance(kept.op, ast.Div) and _nothing(other):
            return kept
    return value
