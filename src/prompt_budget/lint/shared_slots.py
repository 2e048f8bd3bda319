"""PB105's ratio handed to the same parameter as a ratio it reports (set 99: lovia's ``TokenBudget``,
whose ``trigger = 0.85`` is a generic ratio beside the window, and ``target = 0.60`` beside it is resolved
the same way: ``self._resolve(self.trigger)``, ``self._resolve(self.target)``, the method multiplying
that parameter by the usable window). A number bound to a name whose name says nothing, given at the
same position of a call of the same function of the module as a reported ratio, where that function
multiplies the parameter: the same kind of value, a share of the same amount. A function that only
checks or shows the value (no product of the parameter) is no evidence.
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import attr_name, callee_name
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.flow import Binding
    from prompt_budget.lint.rule import LintRule

#: The names of an instance or a class a method is given first.
_RECEIVERS = frozenset({"self", "cls"})


def _scaled(fn: ast.FunctionDef | ast.AsyncFunctionDef, param: str) -> bool:
    return any(
        isinstance(n, ast.BinOp)
        and isinstance(n.op, ast.Mult)
        and any(isinstance(s, ast.Name) and s.id == param for s in (n.left, n.right))
        for stmt in fn.body
        for n in walk(stmt)
    )


def same_slot_names(
    tree: ast.Module, reported: Collection[str], candidates: Collection[str]
) -> Iterable[tuple[str, str, str]]:
    """(candidate, reported ratio, function) for each candidate given where a reported ratio is given."""
    if not reported or not candidates:
        return []
    slots: dict[tuple[str, int], str] = {}
    given: list[tuple[str, int, str]] = []
    for call in walk(tree):
        if not isinstance(call, ast.Call) or not (callee := callee_name(call)):
            continue
        for i, arg in enumerate(call.args):
            name = attr_name(arg) if isinstance(arg, (ast.Name, ast.Attribute)) else None
            if name is None:
                continue
            if name in reported:
                slots.setdefault((callee, i), name)
            elif name in candidates:
                given.append((callee, i, name))
    if not (found := [(c, i, n) for c, i, n in given if (c, i) in slots]):
        return []
    fns = {f.name: f for f in walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))}
    out: dict[str, tuple[str, str, str]] = {}
    for callee, i, name in found:
        fn = fns.get(callee)
        params = (
            [a.arg for a in (*fn.args.posonlyargs, *fn.args.args) if a.arg not in _RECEIVERS] if fn else []
        )
        if fn is not None and i < len(params) and _scaled(fn, params[i]):
            out.setdefault(name, (name, slots[(callee, i)], callee))
    return list(out.values())


def report_same_slots(
    rule: LintRule,
    tree: ast.Module,
    reported: Collection[str],
    bindings: dict[str, Binding],
    followed: Collection[int],
    advice: str,
) -> None:
    """Report each binding not reported yet (its literal not in ``followed``) that ``same_slot_names``
    finds, at its literal."""
    left = {n: b for n, b in bindings.items() if id(b.literal) not in followed}
    for name, said, fn in same_slot_names(tree, reported, left):
        b = left[name]
        why = f"given to `{fn}` where the ratio `{said}` reported beside it is, which multiplies it"
        message = f"hard-coded budget ratio {name} = {b.value}: {why}; {advice}"
        rule.report(b.literal, message, target=b.literal, value=b.value, key_parts=b.key_parts)
