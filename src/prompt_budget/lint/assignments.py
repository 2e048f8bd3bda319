"""What an assignment statement binds, read the one way the rules read it, and the value under a number's
conversion (``int(x)``) bound there."""

from __future__ import annotations

import ast
from collections.abc import Collection

from prompt_budget.lint.walks import walk


def single_binding(stmt: ast.AST) -> tuple[ast.expr, ast.expr] | None:
    """(target, value) of ``x = v`` with one target or of ``x: T = v``; None for any other statement
    (several targets, an annotation without a value, not an assignment)."""
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
        return stmt.targets[0], stmt.value
    if isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
        return stmt.target, stmt.value
    return None


def first_target(stmt: ast.AST | None) -> ast.expr | None:
    """The first target of an assignment (``x = v``, ``x = y = v``) or the target of an annotated one
    (``x: T = v``), else None: the name a value written in the statement is bound to."""
    if isinstance(stmt, ast.Assign):
        return stmt.targets[0]
    if isinstance(stmt, ast.AnnAssign):
        return stmt.target
    return None


def targets_of(stmt: ast.AST) -> list[ast.expr]:
    """Every target of an assignment (``x = y = v``) or the target of an annotated one (``x: T`` with or
    without a value); [] for any other statement."""
    if isinstance(stmt, ast.Assign):
        return stmt.targets
    if isinstance(stmt, ast.AnnAssign):
        return [stmt.target]
    return []


def uncast(node: ast.expr, names: Collection[str]) -> ast.expr:
    """``x`` of ``int(x)``: under calls of the builtins ``names`` with one argument and no keyword, as often
    as they are written (``int(round(x))``); else ``node``."""
    while (
        isinstance(node, ast.Call)
        and type(node.func) is ast.Name
        and node.func.id in names
        and len(node.args) == 1
        and not node.keywords
    ):
        node = node.args[0]
    return node


def bound_values(fn: ast.AST, name: str) -> list[ast.expr]:
    """The values the local ``name`` is assigned in ``fn`` (plain and annotated assignments); empty when
    it is also bound otherwise (unpacked from a tuple, a loop or comprehension target, a walrus, augmented,
    a parameter), so that the values found are all it ever holds."""
    values: list[ast.expr] = []
    for node in walk(fn):
        if isinstance(node, ast.Assign):
            if any(type(t) is ast.Name and t.id == name for t in node.targets):
                values.append(node.value)
            elif any(
                type(e) is ast.Name and e.id == name
                for t in node.targets
                if isinstance(t, (ast.Tuple, ast.List))
                for e in t.elts
            ):
                return []
        elif isinstance(node, ast.AnnAssign) and type(node.target) is ast.Name and node.target.id == name:
            if node.value is not None:
                values.append(node.value)
        elif (
            isinstance(node, (ast.AugAssign, ast.For, ast.comprehension, ast.NamedExpr))
            and any(type(t) is ast.Name and t.id == name for t in walk(node.target))
        ) or (isinstance(node, ast.arg) and node.arg == name):
            return []
    return values


def clamp_args(node: ast.expr) -> list[ast.expr] | None:
    """The two arguments of a clamp, ``min(a, b)`` or ``max(a, b)`` (no keyword); else None."""
    if (
        isinstance(node, ast.Call)
        and type(node.func) is ast.Name
        and node.func.id in {"max", "min"}
        and len(node.args) == 2
        and not node.keywords
    ):
        return node.args
    return None


def kept_amount(node: ast.expr, calls: Collection[str]) -> ast.expr:
    """The one amount calls of ``calls`` keep of ``node`` beside literals: ``min(max(f, 0.0), 1.0)`` -> ``f`` with
    min/max, ``int(min(12000, x))`` -> ``x`` with int too; ``node`` when it is no such call."""
    while isinstance(node, ast.Call) and node.args:
        func = node.func
        name = (
            func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
        )
        amounts = [a for a in node.args if not isinstance(a, ast.Constant)]
        if name not in calls or len(amounts) != 1:
            break
        node = amounts[0]
    return node


def zero(value: ast.expr | None) -> bool:
    """The literal ``0`` (what a running total starts at)."""
    return isinstance(value, ast.Constant) and type(value.value) is int and value.value == 0


def running_values(
    fn: ast.AST, name: str, op: type[ast.operator] = ast.Add
) -> tuple[list[ast.expr], list[ast.expr]] | None:
    """(the values the local ``name`` is assigned in ``fn``, the values added to it with ``+=``), for a local
    that may be a running total (``total = 0`` ... ``total += len(content)``); None when it is also bound
    otherwise (unpacked, a loop's or a comprehension's target, a walrus, a parameter, another augmented
    operator). With ``op=ast.Sub``, the values taken from it with ``-=`` (a budget spent down)."""
    values: list[ast.expr] = []
    added: list[ast.expr] = []
    for node in walk(fn):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if type(target) is ast.Name and target.id == name:
                    values.append(node.value)
                elif any(type(t) is ast.Name and t.id == name for t in walk(target)):
                    return None  # unpacked from a tuple
        elif isinstance(node, ast.AnnAssign) and type(node.target) is ast.Name and node.target.id == name:
            if node.value is not None:
                values.append(node.value)
        elif isinstance(node, ast.AugAssign) and type(node.target) is ast.Name and node.target.id == name:
            if not isinstance(node.op, op):
                return None
            added.append(node.value)
        elif (
            isinstance(node, (ast.For, ast.comprehension, ast.NamedExpr))
            and any(type(t) is ast.Name and t.id == name for t in walk(node.target))
        ) or (isinstance(node, ast.arg) and node.arg == name):
            return None
    return values, added


def positional_fields(cls: ast.ClassDef) -> list[str]:
    """The names a call of ``cls`` binds positionally, in order: its ``__init__``'s parameters after
    ``self``, else its annotated class fields (dataclass, NamedTuple; ``ClassVar`` fields skipped)."""
    for stmt in cls.body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name == "__init__":
            return [p.arg for p in (*stmt.args.posonlyargs, *stmt.args.args)][1:]
    out: list[str] = []
    for stmt in cls.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            if "ClassVar" in ast.unparse(stmt.annotation):
                continue
            out.append(stmt.target.id)
    return out
