"""Mixing weights, for PB105: ``TOKEN_SCALE_DECAY = 0.8`` read only as ``TOKEN_SCALE_DECAY * self.token_scale
+ (1 - TOKEN_SCALE_DECAY) * ratio`` (set 64: gwenflow's calibration of its token estimate) weighs an old
value against a new one (an exponential moving average, a linear interpolation): it says how fast a value
follows, not what share of a token amount is kept, whatever its name says. Every read of the name in the
module must be such a weight (``w * a + (1 - w) * b``, either order of terms and factors). Kept apart from
the rule: it reads the module through the shared walks, and judges no finding itself.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.walks import parents, walk


def _named(node: ast.AST, name: str) -> bool:
    return (isinstance(node, ast.Name) and node.id == name) or (
        isinstance(node, ast.Attribute) and node.attr == name
    )


def _complement(node: ast.expr | None, weight: ast.expr) -> bool:
    """``1 - weight`` (``1.0 - weight``)."""
    return (
        isinstance(node, ast.BinOp)
        and isinstance(node.op, ast.Sub)
        and isinstance(node.left, ast.Constant)
        and node.left.value == 1
        and ast.dump(node.right) == ast.dump(weight)
    )


def _weighs(read: ast.expr, up: dict[ast.AST, ast.AST]) -> bool:
    """``read`` is ``w`` in ``w * a + (1 - w) * b`` (or ``(1 - w)``'s ``w`` there)."""
    parent = up.get(read)
    complemented = isinstance(parent, ast.expr) and _complement(parent, read)
    product = up.get(parent) if complemented and parent is not None else parent
    if not (isinstance(product, ast.BinOp) and isinstance(product.op, ast.Mult)):
        return False
    total = up.get(product)
    if not (isinstance(total, ast.BinOp) and isinstance(total.op, ast.Add)):
        return False
    factors = _factors(total.right if total.left is product else total.left)
    if complemented:
        return any(ast.dump(f) == ast.dump(read) for f in factors)
    return any(_complement(f, read) for f in factors)


def _factors(node: ast.expr) -> tuple[ast.expr, ...]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        return (node.left, node.right)
    return ()


def mixing_weight(tree: ast.AST | None, name: str) -> bool:
    """Every read of ``name`` (a name or an attribute) in ``tree`` weighs two values against each other,
    and there is at least one."""
    if tree is None:
        return False
    reads = [
        n
        for n in walk(tree)
        if isinstance(n, (ast.Name, ast.Attribute)) and isinstance(n.ctx, ast.Load) and _named(n, name)
    ]
    if not reads:
        return False
    up = parents(tree)
    return all(_weighs(r, up) for r in reads)
