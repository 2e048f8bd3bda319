"""PB107's tables of context-window tiers (set 156: natshell's ``scaling.py``): module constants holding rows of
two numbers (``MAX_STEPS_TABLE: ScaleTable = ((1048576, 200), (524288, 150), ...)``) that a function of the
same module walks row by row, comparing each row's first number with a window (``for threshold, value in
table: if n_ctx >= threshold: return value``). The first column is a ladder of windows in tokens, whatever
the second holds: the table belongs in config, where a new model's window is a new row. A constant is taken
for such a table when it is annotated as the function's parameter is (the same type alias) or passed to the
function as that parameter in the module. Reported whole, moved by hand (a tuple of tuples would come back
from TOML as lists). Judges nothing else; walks the module's top-level statements and functions only.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import attr_name, callee_name
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
#: The fewest rows, and the least first number, of a ladder of windows.
_ROWS, _LEAST = 3, 256

_Walker = tuple[ast.FunctionDef, ast.arg, int, str]


def report_tier_tables(rule: LintRule, tree: ast.Module) -> None:
    """Report each tier table of ``tree`` (see the module's docstring) once, at its literal."""
    ladders: list[tuple[ast.Name, ast.expr, ast.expr | None]] = []
    for stmt in tree.body:
        if isinstance(stmt, ast.AnnAssign) and type(stmt.target) is ast.Name and stmt.value is not None:
            ladders.append((stmt.target, stmt.value, stmt.annotation))
        elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Name:
            ladders.append((stmt.targets[0], stmt.value, None))
    ladders = [(target, value, annotation) for target, value, annotation in ladders if _ladder(value)]
    # the rows first (few modules hold any), then the functions walking them
    walkers = [
        w for fn in tree.body if ladders and isinstance(fn, ast.FunctionDef) for w in _walkers(rule, fn)
    ]
    for target, value, annotation in ladders if walkers else ():
        for fn, param, position, window in walkers:
            typed = (
                annotation is not None
                and param.annotation is not None
                and ast.dump(annotation) == ast.dump(param.annotation)
            )
            if typed or _passed(tree, fn.name, param.arg, position, target.id):
                rows = len(value.elts) if isinstance(value, (ast.Tuple, ast.List)) else 0
                rule.report(
                    value,
                    f"table of context-window tiers ({rows} rows), its first column compared with `{window}` "
                    f"in {fn.name}(); keep it in config so new models and budgets need no code change",
                    key_parts=(target.id, rule.ctx.module_name),
                    advice="move the table into [tool.prompt_budget.values] by hand",
                )
                break


def _ladder(value: ast.expr) -> bool:
    """Rows of two whole numbers, the first at least ``_LEAST``, at least ``_ROWS`` of them."""
    if not isinstance(value, (ast.Tuple, ast.List)) or len(value.elts) < _ROWS:
        return False
    for row in value.elts:
        if not (isinstance(row, (ast.Tuple, ast.List)) and len(row.elts) == 2):
            return False
        first, second = row.elts
        if not all(isinstance(c, ast.Constant) and type(c.value) in (int, float) for c in (first, second)):
            return False
        if not (type(first.value) is int and first.value >= _LEAST):  # type: ignore[attr-defined]
            return False
    return True


def _walkers(rule: LintRule, fn: ast.FunctionDef) -> list[_Walker]:
    """The parameters of ``fn`` it walks as rows of two (``for threshold, value in table``) comparing the
    first with a window named as a budget (``n_ctx >= threshold``): (fn, parameter, its position, the
    window's name)."""
    params = [*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs]
    found: list[_Walker] = []
    for node in walk(fn):
        if not (
            isinstance(node, ast.For)
            and type(node.iter) is ast.Name
            and isinstance(node.target, ast.Tuple)
            and len(node.target.elts) == 2
            and type(node.target.elts[0]) is ast.Name
        ):
            continue
        param = next((p for p in params if p.arg == node.iter.id), None)
        first = node.target.elts[0].id
        window = _compared_window(rule, node, first) if param is not None else None
        if param is not None and window is not None:
            found.append((fn, param, params.index(param), window))
    return found


def _compared_window(rule: LintRule, loop: ast.For, first: str) -> str | None:
    """The budget-named window ``first`` is ordered against in the loop's body, else None."""
    for stmt in loop.body:
        for node in walk(stmt):
            if not (isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], _ORDER)):
                continue
            sides = (node.left, node.comparators[0])
            for side, other in (sides, sides[::-1]):
                name = attr_name(other) if isinstance(other, (ast.Name, ast.Attribute)) else None
                if type(side) is ast.Name and side.id == first and name and rule.names.is_budget(name):
                    return name
    return None


def _passed(tree: ast.Module, fn: str, param: str, position: int, name: str) -> bool:
    """The module calls ``fn`` with the constant ``name`` as its parameter ``param``."""
    for node in walk(tree):
        if isinstance(node, ast.Call) and callee_name(node) == fn:
            given = node.args[position] if position < len(node.args) else None
            given = given or next((k.value for k in node.keywords if k.arg == param), None)
            if type(given) is ast.Name and given.id == name:
                return True
    return False
