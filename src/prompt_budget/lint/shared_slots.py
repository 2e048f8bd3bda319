"""PB105's ratio handed to the same parameter as a ratio it reports (set 99: lovia's ``TokenBudget``,
whose ``trigger = 0.85`` is a generic ratio beside the window, and ``target = 0.60`` beside it is resolved
the same way: ``self._resolve(self.trigger)``, ``self._resolve(self.target)``, the method multiplying
that parameter by the usable window). A number bound to a name whose name says nothing, given at the
same position of a call of the same function of the module as a reported ratio, where that function
multiplies the parameter: the same kind of value, a share of the same amount. A function that only
checks or shows the value (no product of the parameter) is no evidence.

A ratio ordered against the same reading, the same way, as a ratio it reports in one function is one too
(set 159: ultrastable's ``ContextRotDetector``, ``end >= self.critical_threshold`` beside ``end >=
self.warn_threshold``: two rungs of one utilisation).
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


_ORDER = {ast.Gt: 1, ast.GtE: 1, ast.Lt: -1, ast.LtE: -1}


def same_comparison_names(
    tree: ast.Module, reported: Collection[str], candidates: Collection[str]
) -> Iterable[tuple[str, str, str]]:
    """(candidate, reported ratio, the reading) for each candidate ordered against the same reading, the
    same way, as a reported ratio in one function (``end >= self.critical_threshold`` beside ``end >=
    self.warn_threshold``)."""
    if not reported or not candidates:
        return []
    out: dict[str, tuple[str, str, str]] = {}
    for fn in walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        rungs: dict[tuple[str, int], set[str]] = {}
        for node in walk(fn):
            if not (isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _ORDER):
                continue
            way = _ORDER[type(node.ops[0])]
            for reading, bound, side in (
                (node.left, node.comparators[0], way),
                (node.comparators[0], node.left, -way),
            ):
                name = attr_name(bound) if isinstance(bound, (ast.Name, ast.Attribute)) else None
                if name and isinstance(reading, (ast.Name, ast.Attribute)):
                    rungs.setdefault((ast.unparse(reading), side), set()).add(name)
        for (read, _), names in rungs.items():
            said = next((n for n in sorted(names) if n in reported), None)
            if said is None:
                continue
            for name in sorted(names):
                if name in candidates and name not in reported:
                    out.setdefault(name, (name, said, read))
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
    or ``same_comparison_names`` finds, at its literal."""
    left = {n: b for n, b in bindings.items() if id(b.literal) not in followed}
    found = [
        (name, f"given to `{fn}` where the ratio `{said}` reported beside it is, which multiplies it")
        for name, said, fn in same_slot_names(tree, reported, left)
    ]
    found += [
        (name, f"ordered against `{reading}` as the ratio `{said}` reported beside it is")
        for name, said, reading in same_comparison_names(tree, reported, left)
    ]
    done: set[str] = set()
    for name, why in found:
        if name in done:
            continue  # given where a reported ratio is and ordered as one: reported once
        done.add(name)
        b = left[name]
        message = f"hard-coded budget ratio {name} = {b.value}: {why}; {advice}"
        rule.report(b.literal, message, target=b.literal, value=b.value, key_parts=b.key_parts)
