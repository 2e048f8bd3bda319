"""A row read from a table of windows: ``MODEL_TOKEN_LIMITS[model]``, ``CONTEXT_WINDOWS.get(model, 8192)``,
``models_tokens[provider][model]``. The row is a model's window (or a budget), so a number taken off it
is a reserve (set 31: athina's ``MODEL_TOKEN_LIMITS.get(self.model, 8192) - 1000``).

The table is known by its name (a budget's: ``TOKEN_LIMITS``, ``CONTEXT_WINDOWS``; imported or not) or
by its rows, as PB107 reads them: a literal at module or class level whose keys are mostly model names
and whose numbers are mostly window-sized (``{"gpt-4": 8192, "gpt-4o": 128000}``), whatever its name,
unless the name says its numbers count something else (prices, requests per minute, dimensions).
Read once per module, from the module's and its classes' top-level statements: no walk of the tree.
"""

from __future__ import annotations

import ast

from prompt_budget.lint.assignments import single_binding
from prompt_budget.lint.model_names import looks_like_model_name
from prompt_budget.lint.names import EXCLUDED_WORDS, UNIT_WORDS, NameJudge, words
from prompt_budget.lint.rule import attr_name, string_value, token_amount_literal

#: The smallest number a model -> window table's rows hold (tables of call counts, dimensions hold less).
_SMALLEST_WINDOW = 1024


def _rows_are_windows(name: str, node: ast.Dict) -> bool:
    """Two rows or more, mostly model names to window-sized numbers, under a name that does not say
    the numbers are something else (``MODEL_RPM``, ``PRICES``, ``message_limits``)."""
    if len(node.keys) < 2 or set(words(name)) & (EXCLUDED_WORDS | UNIT_WORDS):
        return False
    keys = [string_value(k) if k is not None else None for k in node.keys]
    models = sum(1 for k in keys if k is not None and looks_like_model_name(k))
    windows = sum(1 for v in node.values if (token_amount_literal(v) or 0) >= _SMALLEST_WINDOW)
    half = (len(keys) + 1) // 2
    return models >= half and windows >= half


def window_tables(tree: ast.AST | None) -> frozenset[str]:
    """Names bound, at module or class level, to a literal table of model names to windows."""
    found: set[str] = set()
    body = list(getattr(tree, "body", ()))
    while body:
        stmt = body.pop()
        if isinstance(stmt, ast.ClassDef):
            body.extend(stmt.body)
            continue
        bound = single_binding(stmt)
        if bound is None:
            continue
        target, value = bound
        name = attr_name(target) if isinstance(target, (ast.Name, ast.Attribute)) else None
        if name and isinstance(value, ast.Dict) and _rows_are_windows(name, value):
            found.add(name)
    return frozenset(found)


def row_table(node: ast.expr) -> str | None:
    """``TABLE[model]``, ``TABLE[provider][model]``, ``TABLE.get(model, 8192)``, ``self.TABLE[m]``: the
    name of the table a row is read from, else None."""
    if isinstance(node, ast.Call):
        func = node.func
        if not (isinstance(func, ast.Attribute) and func.attr == "get" and node.args):
            return None
        node = func.value
    elif not isinstance(node, ast.Subscript):
        return None
    while isinstance(node, ast.Subscript):
        node = node.value
    return attr_name(node) if isinstance(node, (ast.Name, ast.Attribute)) else None


def window_row(node: ast.expr, tables: frozenset[str], judge: NameJudge) -> str | None:
    """The table a window is read from (``row_table``), when the table is one of the module's model ->
    window tables or is named as a budget (``MODEL_TOKEN_LIMITS``, imported or not), else None."""
    table = row_table(node)
    if table is None or not (table in tables or judge.is_budget(table)):
        return None
    return table
