"""A share handed to a parameter whose default PB105 reports as a budget ratio, for PB105's end of a
module (set 96: armature-ai's budget tracker)::

    WARNING_THRESHOLD = 0.8

    class BudgetTracker:
        def __init__(self, limit: int, cost_per_token: float, warn_at: float = 0.8):
            ...  # ``usage_pct = self.total_tokens / self.limit`` ... ``usage_pct >= self.warn_at``

    tracker = BudgetTracker(BUDGET_LIMIT, COST_PER_TOKEN, WARNING_THRESHOLD)

The default was reported (its function compares it with a share of tokens); the value the program runs
with is the constant given in its place, by position or keyword, to a call of that function (``f(...)``,
``self.f(...)``) or class (``C(...)``, its ``__init__``'s parameter) in the same module. Only a name bound
in the module, at its top level or in the calling function, and every time to a fraction literal, is
followed; a share literal given inline in its place is reported too (set 525: ai-hello's ``ContextConfig(...,
reserve_ratio=0.2)`` beside the field ``reserve_ratio: float = 0.15``), anything else unknown. Gated on
a reported default: the module is walked only then.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.class_shares import class_shares
from prompt_budget.lint.ratio_names import fraction
from prompt_budget.lint.rule import callee_name, defaults
from prompt_budget.lint.walks import parents, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
_SELF = frozenset({"self", "cls"})


def _reported_slots(
    tree: ast.Module, up: dict[ast.AST, ast.AST], reported: set[int]
) -> dict[str, dict[str, int | None]]:
    """The callable's name (a class's for its ``__init__``) -> its reported defaults' parameters -> the
    position a call fills it at (None: keyword only)."""
    slots: dict[str, dict[str, int | None]] = {}
    for fn in walk(tree):
        if isinstance(fn, ast.ClassDef):  # a dataclass's field: ``reserve_ratio: float = 0.15`` (set 525)
            for stmt in fn.body:
                if (
                    isinstance(stmt, ast.AnnAssign)
                    and type(stmt.target) is ast.Name
                    and id(stmt.value) in reported
                ):
                    slots.setdefault(fn.name, {})[stmt.target.id] = None
        if not isinstance(fn, _FUNCTIONS) or not any(id(d) in reported for _, d in defaults(fn.args)):
            continue
        positional = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]
        skip = 1 if positional and positional[0] in _SELF else 0
        owner = up.get(fn)
        name = owner.name if fn.name == "__init__" and isinstance(owner, ast.ClassDef) else fn.name
        for arg, default in defaults(fn.args):
            if id(default) in reported:
                at = positional.index(arg.arg) - skip if arg.arg in positional else None
                slots.setdefault(name, {})[arg.arg] = at
    return slots


def _ratio_bindings(tree: ast.Module, up: dict[ast.AST, ast.AST]) -> dict[tuple[int, str], list[ast.expr]]:
    """(the scope's id, a name) -> the literals it is bound to there, for names bound only to fractions."""
    found: dict[tuple[int, str], list[ast.expr]] = {}
    other: set[tuple[int, str]] = set()
    for node in walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            target, value = node.target, node.value
        elif isinstance(node, (ast.AugAssign, ast.For, ast.NamedExpr)):
            target, value = node.target, None
        else:
            continue
        if not isinstance(target, ast.Name):
            continue
        key = (id(_scope(node, up)), target.id)
        if value is not None and fraction(value) is not None:
            found.setdefault(key, []).append(value)
        else:
            other.add(key)
    return {k: v for k, v in found.items() if k not in other}


def _scope(node: ast.AST, up: dict[ast.AST, ast.AST]) -> ast.AST | None:
    """The function ``node`` is in, or None at a module's (or a class's) level."""
    at = up.get(node)
    while at is not None and not isinstance(at, _FUNCTIONS):
        if isinstance(at, ast.ClassDef):
            return at
        at = up.get(at)
    return at


def passed_ratios(rule: LintRule, tree: ast.Module) -> Iterator[tuple[ast.expr, float, str, str]]:
    """(literal, value, name, why) of each fraction bound to a name given for a parameter whose default
    ``rule`` (PB105) reported in ``tree`` as a budget ratio; then of each constructor's default a method of
    its class orders against a share of tokens (``class_shares``)."""
    yield from _passed(rule, tree)
    yield from class_shares(rule, tree)


def _passed(rule: LintRule, tree: ast.Module) -> Iterator[tuple[ast.expr, float, str, str]]:
    reported = {id(r.node) for r in rule.ctx.reports if r.code == rule.CODE}
    if not reported:
        return
    up = parents(tree)
    slots = _reported_slots(tree, up, reported)
    if not slots:
        return
    bound = _ratio_bindings(tree, up)
    done: set[int] = set()
    for call in walk(tree):
        if not isinstance(call, ast.Call) or (callee := callee_name(call)) not in slots:
            continue
        given = [(p, kw.value) for kw in call.keywords if (p := kw.arg) in slots[callee]]
        given += [
            (p, call.args[at]) for p, at in slots[callee].items() if at is not None and at < len(call.args)
        ]
        for param, arg in given:
            if fraction(arg) is not None and id(arg) not in reported and id(arg) not in done:
                # ``ContextConfig(max_tokens=2048, reserve_ratio=0.2)``: the share written again inline (set 525)
                done.add(id(arg))
                why = f"given as `{param}` to `{callee}`, whose default is a budget ratio"
                yield arg, fraction(arg) or 0.0, param, f"{param} = {fraction(arg)} {why}"
            if not isinstance(arg, ast.Name):
                continue
            scope = _scope(call, up)
            literals = bound.get((id(scope), arg.id)) or bound.get((id(None), arg.id)) or []
            for literal in literals:
                if id(literal) not in done and id(literal) not in reported:
                    done.add(id(literal))
                    why = f"given as `{param}` to `{callee}` at line {call.lineno}, whose default is a budget ratio"
                    yield literal, fraction(literal) or 0.0, arg.id, f"{arg.id} = {fraction(literal)}: {why}"
