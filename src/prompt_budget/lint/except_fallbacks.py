"""A number bound in an ``except`` branch in place of a budget the ``try`` converts (PB102; set 62:
mobilerun's configure wizard)::

    current_value = profile.kwargs.get("max_tokens", 1024)
    try:
        current_default = int(current_value)
    except (TypeError, ValueError):
        current_default = 1024          # the budget used when the one read cannot be converted

The local's name says nothing; what it holds does: the ``try`` binds it to ``int(...)`` / ``float(...)``
of a budget read (``kwargs.get("max_tokens")``, ``cfg.context_window``, or a local bound to one by a
statement just before the ``try``), and the handler binds the same name to a number in its place, the budget's fallback. Reported
as PB102 at the handler's number (a window smaller than any model's, ``names.implausible``, is not).

So too a number bound under a test that the local is unset, where the function also binds it to a budget read
(set 162: regcode's progress bar)::

    if total <= 0:
        total = self._context_window
    if total <= 0:
        total = 128000                  # the window used when none is known
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.reports_made import is_reported
from prompt_budget.lint.rule import attr_name
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_CONVERSIONS = frozenset({"int", "float"})


def _budget_read(rule: LintRule, expr: ast.expr) -> str | None:
    name = attr_name(expr)
    return name if name and rule.names.is_budget(name) else None


def _sibling_binding(block: ast.AST, try_: ast.Try, name: str) -> ast.expr | None:
    """The value ``name`` was last bound to by a statement before ``try_`` in the same block."""
    for field in ("body", "orelse", "finalbody"):
        stmts = getattr(block, field, None)
        if not isinstance(stmts, list) or not any(s is try_ for s in stmts):
            continue
        found = None
        for stmt in stmts:
            if stmt is try_:
                return found
            if (
                type(stmt) is ast.Assign
                and len(stmt.targets) == 1
                and type(stmt.targets[0]) is ast.Name
                and stmt.targets[0].id == name
            ):
                found = stmt.value
    return None


def _converted(rule: LintRule, value: ast.expr, block: ast.AST, try_: ast.Try) -> str | None:
    """``int(current_value)`` of a budget read, or of a local bound to one just before the ``try``: the
    budget's name."""
    if not (
        type(value) is ast.Call
        and type(value.func) is ast.Name
        and value.func.id in _CONVERSIONS
        and len(value.args) == 1
        and not value.keywords
    ):
        return None
    arg = value.args[0]
    found = _budget_read(rule, arg)
    if found is None and type(arg) is ast.Name:
        bound = _sibling_binding(block, try_, arg.id)
        found = _budget_read(rule, bound) if bound is not None else None
    return found


def _tests_unset(test: ast.expr, local: str) -> bool:
    """``local <= 0``, ``local < 1``, ``local == 0``, ``local is None``, ``not local``."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return type(test.operand) is ast.Name and test.operand.id == local
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and type(test.left) is ast.Name):
        return False
    if test.left.id != local:
        return False
    op, right = test.ops[0], test.comparators[0]
    if isinstance(op, (ast.Is, ast.Eq)) and isinstance(right, ast.Constant) and right.value is None:
        return True
    limit = right.value if isinstance(right, ast.Constant) else None
    return type(limit) is int and (
        (isinstance(op, (ast.LtE, ast.Eq)) and limit == 0) or (isinstance(op, ast.Lt) and limit in (0, 1))
    )


def _guarded_fallback(rule: LintRule, node: ast.Assign) -> None:
    """Report ``node``'s number when it is bound under a test that its local is unset and the function also
    binds that local to a budget read."""
    ancestors = rule.ctx.ancestors
    guard, fn = ancestors[-2], rule.ctx.function()
    if not (isinstance(guard, ast.If) and any(s is node for s in guard.body) and fn is not None):
        return
    local = node.targets[0]
    if type(local) is not ast.Name or not _tests_unset(guard.test, local.id):
        return
    amount = rule.budget_literal(node.value)
    if amount is None or is_reported(rule, node.value):
        return
    for stmt in walk(fn):
        if not (
            type(stmt) is ast.Assign
            and stmt is not node
            and len(stmt.targets) == 1
            and type(stmt.targets[0]) is ast.Name
            and stmt.targets[0].id == local.id
        ):
            continue
        found = _budget_read(rule, stmt.value)
        if found is None or rule.names.implausible(found, amount):
            continue
        message = (
            f"token budget {local.id} = {amount}: the fallback of the budget `{ast.unparse(stmt.value)}` "
            f"(line {stmt.lineno}) when it is unset; move it to config so it can be tuned and tested"
        )
        rule.report_literal(node.value, message, amount, found)
        return


def except_fallback(rule: LintRule, node: ast.Assign) -> None:
    """Report ``node``'s number when it is the handler's stand-in for a budget the ``try`` converts, or the
    stand-in for a budget read found unset (``_guarded_fallback``)."""
    ancestors = rule.ctx.ancestors
    if len(node.targets) == 1 and len(ancestors) > 2 and type(ancestors[-2]) is ast.If:
        _guarded_fallback(rule, node)
        return
    if not (
        len(node.targets) == 1
        and type(node.targets[0]) is ast.Name
        and len(ancestors) > 2
        and type(ancestors[-2]) is ast.ExceptHandler
        and type(ancestors[-3]) is ast.Try
        and len(ancestors) > 3
    ):
        return
    amount = rule.budget_literal(node.value)
    if amount is None:
        return
    local = node.targets[0].id
    try_, block = ancestors[-3], ancestors[-4]
    assert isinstance(try_, ast.Try)
    for stmt in try_.body:
        if not (
            type(stmt) is ast.Assign
            and len(stmt.targets) == 1
            and type(stmt.targets[0]) is ast.Name
            and stmt.targets[0].id == local
        ):
            continue
        found = _converted(rule, stmt.value, block, try_)
        if found is None or rule.names.implausible(found[0], amount) or is_reported(rule, node.value):
            continue
        budget = found
        message = (
            f"token budget {local} = {amount}: the fallback of the budget `{budget}` when "
            f"`{ast.unparse(stmt.value)}` at line {stmt.lineno} fails; move it to config so it can be "
            "tuned and tested"
        )
        rule.report_literal(node.value, message, amount, budget)
        return
