"""Whether a node is in a loop of its own function (``fraction /= 2`` in a loop: a search's step)."""

from __future__ import annotations

import ast
from collections.abc import Sequence


def in_own_loop(ancestors: Sequence[ast.AST]) -> bool:
    """Whether the node whose ancestors these are is in a loop of its own function (or of the module)."""
    for a in reversed(ancestors):
        if isinstance(a, (ast.For, ast.AsyncFor, ast.While)):
            return True
        if isinstance(a, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            return False
    return False
