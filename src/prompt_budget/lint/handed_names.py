"""The name a read of a followed name hands its value on to, for ``flow.Uses``: the uses of that name
decide for the first (a share or an amount bound to a module constant reaches its use under another name).

``self.threshold = threshold`` stores it in an attribute; ``def __init__(self, threshold=THRESHOLD)``
makes it a parameter's default; and, for a share, ``threshold_ratio: float = DEFAULT_COMPRESSION_THRESHOLD``
in a class body makes it a field's default, read as ``self.threshold_ratio`` (set 75: miiflow-agent's
``ContextBudget``, ``int(self.window * self.threshold_ratio)``). Read from the node's ancestors only.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from prompt_budget.lint.rule import defaults


def handed_on(node: ast.AST, ancestors: Sequence[ast.AST], field: bool) -> str | None:
    """The attribute, parameter or (``field``) class field the read ``ancestors[-1]`` (``node``) is
    bound to as it is, else None."""
    parent = ancestors[-2]
    if (
        isinstance(parent, ast.Assign)
        and parent.value is node
        and len(parent.targets) == 1
        and isinstance(parent.targets[0], ast.Attribute)
    ):
        return parent.targets[0].attr
    if isinstance(parent, ast.arguments):
        arg = next((a for a, d in defaults(parent) if d is node), None)
        return arg.arg if arg is not None else None
    if (
        field
        and isinstance(parent, ast.AnnAssign)
        and parent.value is node
        and type(parent.target) is ast.Name
        and len(ancestors) > 2
        and isinstance(ancestors[-3], ast.ClassDef)
    ):
        return parent.target.id
    return None
