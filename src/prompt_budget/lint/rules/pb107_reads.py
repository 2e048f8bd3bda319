"""PB107's reading of where a module reads a table's rows: a row read into a budget (a budget key of a
dict, a budget keyword, a budget name) says the table's numbers are tokens even when its name says only
a length (set 20: lm-eval's ``dataset2maxlen`` into ``{"max_gen_toks": ...}``). Kept apart from the
rule: it reads the module, and judges nothing itself.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.names import NameJudge
from prompt_budget.lint.rule import attr_name, string_value


def _row_of(node: ast.expr) -> str | None:
    """``TABLE[key]``, ``TABLE.get(key, ...)``: the name of the table a row is read from, else None."""
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        return node.value.id
    func = node.func if isinstance(node, ast.Call) else None
    if isinstance(func, ast.Attribute) and func.attr == "get" and isinstance(func.value, ast.Name):
        return func.value.id
    return None


def budget_lookups(tree: ast.AST | None, judge: NameJudge) -> dict[str, str]:
    """Table name -> the budget a row of it is read into: a budget key of a dict (``{"max_gen_toks":
    TABLE[task]}``), a budget keyword (``generate(max_tokens=TABLE.get(task))``), a budget name
    (``max_tokens = TABLE[task]``); the first such read of each table."""
    lookups: dict[str, str] = {}
    for node in ast.walk(tree) if tree is not None else ():
        pairs: list[tuple[str | None, ast.expr]] = []
        if isinstance(node, ast.Dict):
            pairs = [
                (string_value(k) if k else None, v) for k, v in zip(node.keys, node.values, strict=False)
            ]
        elif isinstance(node, ast.keyword):
            pairs = [(node.arg, node.value)]
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            pairs = [(attr_name(node.targets[0]), node.value)]
        for budget, value in pairs:
            table = _row_of(value)
            if budget and table and judge.is_budget(budget):
                lookups.setdefault(table, budget)
    return lookups
