"""PB107's model tables of tuple rows given as a keyword to a class of the module, which a budget getter
of that class reads (set 97: falamus's provider registry)::

    class Provider:
        models: dict[str, tuple[int, int]]  # model name -> (n_ctx, max_out)

        def n_ctx(self, model):
            return self.models.get(model, (self.default_ctx, self.default_max_out))[0]

    PROVIDERS = {"anthropic": Provider(models={"claude-opus-4-8": (200_000, 32_000), ...})}

The keyword's dict is the field ``models``; a method whose own name is a budget (``n_ctx``,
``context_window``) returns one column of a row of it (``self.models.get(key, ...)[i]``,
``self.models[key][i]``), so that column holds a budget per row. Its cells all numbers or names of
constants, one at least a literal of 1024 or more; string keys, two rows at least, tuples of one length;
a keyword naming another unit (``prices=``) is none. One finding per table, at its literal. Asked only for
a call with a dict literal among its keywords.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import EXCLUDED_WORDS, UNIT_WORDS, words
from prompt_budget.lint.rule import callee_name, dotted, string_value
from prompt_budget.lint.rules.pb107_tuple_rows import _column
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def _rows(table: ast.Dict) -> list[ast.Tuple] | None:
    """The rows of ``table``: tuples of one length (2 to 8) under string keys, two at least; else None."""
    rows = [v for v in table.values if type(v) is ast.Tuple]
    if len(rows) < 2 or len(rows) < len(table.values) or len({len(r.elts) for r in rows}) != 1:
        return None
    if not 2 <= len(rows[0].elts) <= 8 or any(k is None or string_value(k) is None for k in table.keys):
        return None
    return rows


def _column_read(value: ast.expr | None, field: str) -> int | None:
    """``self.<field>.get(key, ...)[i]`` or ``self.<field>[key][i]``: i, else None."""
    if type(value) is not ast.Subscript or type(value.slice) is not ast.Constant:
        return None
    index, row = value.slice.value, value.value
    if type(index) is not int:
        return None
    if type(row) is ast.Call and isinstance(row.func, ast.Attribute) and row.func.attr == "get" and row.args:
        table = row.func.value
    elif type(row) is ast.Subscript:
        table = row.value
    else:
        return None
    return index if dotted(table) == f"self.{field}" else None


def _getter_column(rule: LintRule, cls: ast.ClassDef, field: str, rows: list[ast.Tuple]) -> str | None:
    """How a budget getter of ``cls`` returns a column of the field's rows, else None."""
    for fn in cls.body:
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or not rule.names.is_budget(fn.name):
            continue
        for n in walk(fn):
            i = _column_read(n.value, field) if type(n) is ast.Return else None
            if i is not None and 0 <= i < len(rows[0].elts) and _column(rule, rows, i):
                return f"its column {i} returned by the budget getter `{cls.name}.{fn.name}()`"
    return None


def given_rows(rule: LintRule, node: ast.Call) -> None:
    """``Provider(models={"model-a": (200_000, 32_000), ...})`` whose class returns a column of the
    field from a budget getter: one finding per table."""
    tables = [kw for kw in node.keywords if type(kw.value) is ast.Dict and kw.arg]
    if not tables or not isinstance(module := rule.ctx.tree, ast.Module):
        return
    name = callee_name(node)
    cls = next((s for s in module.body if type(s) is ast.ClassDef and s.name == name), None)
    if cls is None:
        return
    for kw in tables:
        field, table = kw.arg or "", kw.value
        if type(table) is not ast.Dict or set(words(field)) & (EXCLUDED_WORDS | UNIT_WORDS):
            continue
        rows = _rows(table)
        how = _getter_column(rule, cls, field, rows) if rows else None
        if rows and how:
            rule.report(
                table,
                f"table of token budgets written as a Python literal ({len(rows)} rows of tuples) given as "
                f"`{field}=` to `{cls.name}`, {how}; keep it in config so new models and budgets need no "
                "code change",
                key_parts=(field, cls.name, rule.ctx.module_name),
                advice="move the table into [tool.prompt_budget.values] by hand",
            )
