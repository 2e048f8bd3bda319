"""The expressions an amount keeps its unit through, for reading what a conversion's result is compared with
(``forms.compared_with_tokens``): a rounding call, a margin scaling it, a sum it is a term of. Judges no finding
itself."""

from __future__ import annotations

import ast

from prompt_budget.lint.rule import callee_name, number

#: Calls whose result counts what their argument counts: ``int(chars / 10)``.
_ROUNDING = frozenset({"int", "round", "ceil", "floor"})


def carried(parents: dict[ast.AST, ast.AST], node: ast.AST) -> tuple[ast.AST, ast.AST | None]:
    """From ``node`` up through the calls rounding it, a margin scaling it (``* (1 + MARGIN)``) and sums it is a
    term of (``estimate + MAX_TOKENS > window``; set 583: repo2graph), all in its unit: (the outermost, its
    parent)."""
    parent = parents.get(node)
    while (
        isinstance(parent, ast.Call)
        and callee_name(parent) in _ROUNDING
        and bool(parent.args)
        and parent.args[0] is node
    ) or (
        type(parent) is ast.BinOp
        and (type(parent.op) in (ast.Add, ast.Sub) or (type(parent.op) is ast.Mult and _margin(parent, node)))
    ):
        node, parent = parent, parents.get(parent)
    return node, parent


def _margin(product: ast.BinOp, node: ast.AST) -> bool:
    """The other factor of ``product`` is a margin: ``(1 + MARGIN)``, or a number from 1 to 2."""
    other = product.right if product.left is node else product.left
    if (value := number(other)) is not None:
        return 1 <= value <= 2
    return type(other) is ast.BinOp and type(other.op) is ast.Add and number(other.left) == 1
