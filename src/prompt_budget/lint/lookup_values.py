"""Where the fallback of a lookup goes (``flow.Uses``' reading of a name given as a ``.get`` default):
``self.models.get(model, self.default_ctx)``, or one element of a fallback row indexed as the row is
(``self.models.get(model, (self.default_ctx, self.default_max_out))[0]``), is the value the lookup gives
when the key is not found: what that value meets (returned by a budget getter ``n_ctx``, a budget's
keyword, a comparison with a count of tokens) decides for the name, as for ``size if size else 500``
(set 97: falamus's provider registry). So is the fallback of a search of a table, ``next((size for
fragment, size in WINDOWS if fragment in name), DEFAULT_CONTEXT)`` (set 103: flowai-cli's ``context_window``).

Kept apart from ``flow``: it reads the ancestors of one read and judges no finding itself.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence


def _lookup(node: ast.AST, default: ast.AST) -> bool:
    """``node`` is ``<table>.get(key, default)`` or ``next(<generator>, default)``."""
    if type(node) is ast.Call and type(node.func) is ast.Name and node.func.id == "next":
        return len(node.args) == 2 and type(node.args[0]) is ast.GeneratorExp and node.args[1] is default
    return (
        type(node) is ast.Call
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and len(node.args) == 2
        and not node.keywords
        and node.args[1] is default
    )


def _picked(call: ast.AST, node: ast.AST) -> bool:
    """``node`` is one of the names ``max()`` or ``min()`` picks from (``max(archive_budget, qmd_budget)``): the
    one picked is given on as the call's value, so each is the same kind of amount."""
    return (
        type(call) is ast.Call
        and type(call.func) is ast.Name
        and call.func.id in {"max", "min"}
        and len(call.args) > 1
        and not call.keywords
        and node in call.args
        and all(type(a) in (ast.Name, ast.Attribute) for a in call.args)
    )


def lookup_value(ancestors: Sequence[ast.AST]) -> tuple[ast.AST, ast.AST | None] | None:
    """(parent, grandparent) of the lookup's value when the read ``ancestors[-1]`` is its fallback (or
    the element of a fallback row the lookup's value is indexed at), or of the value ``max()`` or ``min()`` picks
    among names it reads, given to a keyword, else None."""
    node, parent = ancestors[-1], ancestors[-2]
    at = len(ancestors) - 2  # where the lookup is
    if type(parent) is ast.Tuple:
        at -= 1
        if at < 1 or not _lookup(ancestors[at], parent):
            return None
        row = ancestors[at - 1]
        index = row.slice if type(row) is ast.Subscript and row.value is ancestors[at] else None
        place = next((i for i, e in enumerate(parent.elts) if e is node), None)
        if not (type(index) is ast.Constant and type(index.value) is int and index.value == place):
            return None
        at -= 1
    elif _picked(parent, node) and at > 1 and type(ancestors[at - 1]) is ast.keyword:
        return ancestors[at - 1], ancestors[
            at - 2
        ]  # ``max_tokens=max(archive_budget, qmd_budget)`` (set 343)
    elif not _lookup(parent, node):
        return None
    if at < 1:
        return None
    return ancestors[at - 1], (ancestors[at - 2] if at > 1 else None)
