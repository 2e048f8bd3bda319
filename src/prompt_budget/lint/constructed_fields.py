"""A field of a class that the module constructs with a token budget, for PB105's data flow (a share
multiplying it is a share of that budget) (set 75: miiflow-agent's ``ContextBudget``)::

    @dataclass
    class ContextBudget:
        window: int
        threshold_ratio: float = DEFAULT_COMPRESSION_THRESHOLD

        def threshold(self) -> int:
            return int(self.window * self.threshold_ratio)     # a share of the window

        @classmethod
        def resolve(cls, max_context_tokens=None, ...):
            return cls(window=int(max_context_tokens), ...)    # the field is given a budget

``window`` alone says nothing of its unit; the keyword the module's own constructor call gives it
(``cls(...)`` in the class's methods, or the class's name called in the module) is given a budget there
(``rule.budget_expr``, through ``int()``/``round()``), so the field holds one. The module's calls are
collected in one walk, for the module asked about last; asked only for a field of ``self`` that a
followed share multiplies.

A field the class's own methods set to a budget read (``self.model_window =
get_model_context_window(model)``, every binding of it so) holds that budget too (set 105: ankaloop's
``ContextBudgetManager``).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.assignments import targets_of, uncast
from prompt_budget.lint.walks import kept_per_file, statements, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_ROUNDING = frozenset({"int", "round"})

#: The module asked about last, and the keyword arguments of its calls by callee: callee -> [(the
#: keyword, its value, the class whose method makes the call)].
_last: list[tuple[ast.AST, dict[str, list[tuple[str, ast.expr, ast.ClassDef | None]]]]] = kept_per_file([])


def _calls(tree: ast.AST) -> dict[str, list[tuple[str, ast.expr, ast.ClassDef | None]]]:
    if _last and _last[0][0] is tree:
        return _last[0][1]
    found: dict[str, list[tuple[str, ast.expr, ast.ClassDef | None]]] = {}
    classes = [c for c in walk(tree) if isinstance(c, ast.ClassDef)]
    owner_of = {id(n): c for c in classes for n in walk(c) if isinstance(n, ast.Call)}
    for node in walk(tree):
        if isinstance(node, ast.Call) and type(node.func) is ast.Name and node.keywords:
            for kw in node.keywords:
                if kw.arg:
                    found.setdefault(node.func.id, []).append((kw.arg, kw.value, owner_of.get(id(node))))
    _last[:] = [(tree, found)]
    return found


def constructed_budget(rule: LintRule, node: ast.AST) -> str | None:
    """``self.<field>`` of the class being visited, when the module constructs that class giving the
    field a token budget: that budget, else None."""
    if not (isinstance(node, ast.Attribute) and type(node.value) is ast.Name and node.value.id == "self"):
        return None
    owner = rule.ctx.enclosing_class()
    tree = rule.ctx.tree
    if owner is None or tree is None:
        return None
    calls = _calls(tree)
    given = [(v, by) for kw, v, by in calls.get(owner.name, ()) if kw == node.attr]
    given += [(v, by) for kw, v, by in calls.get("cls", ()) if kw == node.attr and by is owner]
    for given_value, _ in given:
        budget = rule.budget_expr(uncast(given_value, _ROUNDING))
        if budget is not None and not rule.names.is_chars(budget):
            return budget
    return None if given else _stored_budget(rule, owner, node.attr)


def _stored_budget(rule: LintRule, owner: ast.ClassDef, attr: str) -> str | None:
    """The budget every ``self.<attr> = ...`` of ``owner``'s statements binds (``self.model_window =
    get_model_context_window(model)``), else None."""
    found: set[str | None] = set()
    for stmt in statements(owner):
        bound = [stmt.target] if isinstance(stmt, ast.AugAssign) else targets_of(stmt)
        for target in bound:
            if not (isinstance(target, ast.Attribute) and target.attr == attr):
                continue
            value = stmt.value if isinstance(stmt, (ast.Assign, ast.AnnAssign)) else None
            value = uncast(value, _ROUNDING) if value is not None else None
            mine = type(target.value) is ast.Name and target.value.id == "self"
            # every binding of ``self.<attr>`` must hold the budget (``self.span: int = 40``, ``self.span +=
            # 40`` do not); a binding of another object's attribute of that name is none of the field's
            if mine or isinstance(stmt, ast.AugAssign):
                found.add(rule.budget_expr(value) if mine and value is not None else None)
    budget = found.pop() if len(found) == 1 else None
    return budget if budget is not None and not rule.names.is_chars(budget) else None
