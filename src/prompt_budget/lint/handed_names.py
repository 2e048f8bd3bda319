"""The name a read of a followed name hands its value on to, for ``flow.Uses``: the uses of that name
decide for the first (a share or an amount bound to a module constant reaches its use under another name).

``self.threshold = threshold`` stores it in an attribute; ``def __init__(self, threshold=THRESHOLD)``
makes it a parameter's default; and, for a share, ``threshold_ratio: float = DEFAULT_COMPRESSION_THRESHOLD``
in a class body makes it a field's default, read as ``self.threshold_ratio`` (set 75: miiflow-agent's
``ContextBudget``, ``int(self.window * self.threshold_ratio)``); ``window, output = TABLE.get(model,
(CONTEXT, OUTPUT))`` unpacks it, as an element of a row's fallback (or of a tuple unpacked as it is), into
the name at its place (set 92: hx-cli's ``CONTEXT``, the window of a model no table lists, given to
``context_window=``). Read from the node's ancestors only. And a local the read is bound to as it is
(``cost = self._TOKENS_PER_ENTRY`` ... ``if budget - cost < 0``, set 167: daryl-dsm): what the local's
reads meet in its function, up to where the local is bound again (``bound_local_use``).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence

from prompt_budget.lint.character_reads import bound_local, reads_of
from prompt_budget.lint.rule import defaults
from prompt_budget.lint.walks import walk

#: Why a read (node, its parent, its grandparent) is a budget, else None (``flow._amount_use``).
Judge = Callable[[ast.AST, ast.AST, "ast.AST | None"], "str | None"]


def handed_on(node: ast.AST, ancestors: Sequence[ast.AST], field: bool) -> str | None:
    """The attribute, parameter or (``field``) class field the read ``ancestors[-1]`` (``node``) is
    bound to as it is, else None."""
    parent = ancestors[-2]
    if type(parent) is ast.Tuple and len(ancestors) > 3:
        return _unpacked(node, parent, ancestors)
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


def kept_as_is(value: ast.expr | None, name: str) -> bool:
    """``self.ratio = ratio``, or ``self.ratio = _require_float(ratio, "ratio", maximum=1.0)`` (set 159:
    ultrastable's detectors): the attribute keeps the parameter of its own name, read as it is or through
    a check or conversion given it first, or clamped (``head_ratio = min(max(head_ratio, 0.1), 0.9)``, set 555:
    mcp-bastion-python); it binds nothing anew."""
    while isinstance(value, ast.Call) and value.args:
        value = value.args[0]
    return isinstance(value, ast.Name) and value.id.lstrip("_") == name.lstrip("_")


def _unpacked(node: ast.AST, row: ast.Tuple, ancestors: Sequence[ast.AST]) -> str | None:
    """``a, b = X.get(key, (A, B))``, ``a, b = A, B``: the name ``node`` (an element of ``row``) is
    unpacked into, else None."""
    value: ast.AST = row
    assign = ancestors[-3]
    if (
        type(assign) is ast.Call
        and type(assign.func) is ast.Attribute
        and assign.func.attr == "get"
        and len(assign.args) == 2
        and assign.args[1] is row
        and len(ancestors) > 4
    ):
        value, assign = assign, ancestors[-4]
    if not (type(assign) is ast.Assign and assign.value is value and len(assign.targets) == 1):
        return None
    target = assign.targets[0]
    if type(target) is not ast.Tuple or len(target.elts) != len(row.elts):
        return None
    cell = next((t for t, e in zip(target.elts, row.elts, strict=True) if e is node), None)
    return cell.id if type(cell) is ast.Name else None


def bound_local_use(ancestors: Sequence[ast.AST], fn: ast.AST | None, judge: Judge) -> str | None:
    """``cost = self._TOKENS_PER_ENTRY`` ... ``if budget - cost < 0``: when the read ``ancestors[-1]`` is
    bound as it is to a local of the function ``fn``, why a read of the local (after this binding, before
    the local's next) is a budget, by ``judge``; else None."""
    parent = ancestors[-2]
    if fn is None or not isinstance(parent, ast.Assign) or parent.value is not ancestors[-1]:
        return None
    local, line = bound_local(parent), parent.lineno
    if local is None:
        return None
    later = [
        n.lineno
        for n in walk(fn)
        if type(n) is ast.Name and n.id == local and not isinstance(n.ctx, ast.Load) and n.lineno > line
    ]
    end = min(later, default=(getattr(fn, "end_lineno", None) or line) + 1)
    up, reads = reads_of(fn, local)
    for read in (r for r in reads if line < r.lineno < end):
        above = up.get(read)
        why = judge(read, above, up.get(above)) if above is not None else None
        if why:
            return f"bound to `{local}`, {why}"
    return None
