"""A share a method computes of a pair another method returns, for PB105 (budget-ratio; set 97: vaal-code's
context manager)::

    COMPACT_THRESHOLD = 0.80

    def usage(self, messages):
        used = estimate_messages_tokens(messages)
        return used, self.max_tokens

    def usage_pct(self, messages):
        used, mx = self.usage(messages)
        return used / mx if mx > 0 else 0.0

    def should_compact(self, messages):
        return self.usage_pct(messages) >= self.COMPACT_THRESHOLD

The threshold is ordered against a call of a method of the module (``self.usage_pct(messages)``, with
arguments: ``method_call``) returning a division (``compared_shares.returned_shares``); its divisor
``mx`` is a local unpacked from a tuple another method of the module returns, whose item at that place is
a budget (``self.max_tokens``): ``resolved_division`` puts that item in the division for
``compared_shares.of_tokens`` to judge. Only a local bound once, by unpacking a call of a function or a
``self`` method of the module whose every return is a tuple of that length with the same item there.
Kept apart from the rule: it judges no finding itself.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping, Sequence

from prompt_budget.lint.walks import walk

Function = ast.FunctionDef | ast.AsyncFunctionDef


def method_call(node: ast.expr) -> str | None:
    """``self.usage_pct(messages)``: the name of a method of the instance called with arguments, else None."""
    if (
        isinstance(node, ast.Call)
        and (node.args or node.keywords)
        and isinstance(node.func, ast.Attribute)
        and type(node.func.value) is ast.Name
        and node.func.value.id == "self"
    ):
        return node.func.attr
    return None


def functions(tree: ast.AST) -> dict[str, list[Function]]:
    """The module's functions and methods by name."""
    found: dict[str, list[Function]] = {}
    for node in walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found.setdefault(node.name, []).append(node)
    return found


def _called(value: ast.expr) -> str | None:
    """``self.usage(messages)``, ``usage(messages)``: the name of the module's function called."""
    if not isinstance(value, ast.Call):
        return None
    func = value.func
    if type(func) is ast.Name:
        return func.id
    if isinstance(func, ast.Attribute) and type(func.value) is ast.Name and func.value.id in {"self", "cls"}:
        return func.attr
    return None


def _returned_item(found: Sequence[Function], size: int, index: int) -> ast.expr | None:
    """The item at ``index`` of the ``size``-tuple every return of every function ``found`` gives (the
    same source each time), else None."""
    items: list[ast.expr] = []
    for fn in found:
        for node in walk(fn):
            if isinstance(node, ast.Return):
                value = node.value
                if not (isinstance(value, ast.Tuple) and len(value.elts) == size):
                    return None
                items.append(value.elts[index])
    if not items or len({ast.dump(i) for i in items}) != 1:
        return None
    return items[0]


def _unpacked(fn: ast.AST, name: str, module: Mapping[str, list[Function]]) -> ast.expr | None:
    """What the local ``name`` of ``fn`` holds when its one binding unpacks a tuple returned by a function
    of the module (``used, mx = self.usage(messages)``): that tuple's item, else None."""
    found: list[ast.expr] = []
    for node in walk(fn):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.For, ast.NamedExpr)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if type(target) is ast.Name and target.id == name:
                    return None  # bound otherwise too
                if not isinstance(target, ast.Tuple):
                    continue
                at = [i for i, e in enumerate(target.elts) if type(e) is ast.Name and e.id == name]
                called = _called(node.value) if isinstance(node, ast.Assign) and at else None
                if at and (called is None or called not in module):
                    return None
                if at and called is not None:
                    item = _returned_item(module[called], len(target.elts), at[0])
                    if item is None:
                        return None
                    found.append(item)
    return found[0] if len(found) == 1 else None


def resolved_division(module: Mapping[str, list[Function]], div: ast.BinOp) -> ast.BinOp | None:
    """``div`` (``used / mx`` in a function of ``module``) with its divisor, a local unpacked from a tuple
    a function of the module returns, replaced by that tuple's item (``used / self.max_tokens``), else
    None."""
    if type(div.right) is not ast.Name:
        return None
    fn = next((f for fs in module.values() for f in fs if any(n is div for n in walk(f))), None)
    item = _unpacked(fn, div.right.id, module) if fn is not None else None
    return None if item is None else ast.BinOp(left=div.left, op=ast.Div(), right=item)
