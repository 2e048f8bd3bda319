"""A table of per-model records, for PB107 (budget-table): a list of dicts, each naming a model and holding
its window or output cap at some depth (set 201: impliforge's fallback model list, ``[{"id": "gpt-5.4", ...,
"capabilities": {"limits": {"max_context_window_tokens": 128000}}}, ...]``), is one table, as a dict keyed by
models is (``{"gpt-5.4": 128000}``): reported once on the list, whose range covers the rows' numbers. Rows
count when at least two, and more than half of the list, are such records. Judges no finding itself but the
table's.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.model_names import looks_like_model_name
from prompt_budget.lint.names import EXCLUDED_WORDS, UNIT_WORDS, words
from prompt_budget.lint.rule import string_value
from prompt_budget.lint.rules.pb107_nested_rows import nested_budget

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Keys a record names its model under.
_MODEL_KEYS = frozenset({"id", "name", "model", "model_id", "model_name", "slug"})


def first_record(rule: LintRule, node: ast.Dict) -> ast.List | ast.Tuple | None:
    """The list or tuple literal ``node`` is the first dict element of, else None (each list is judged
    once, at its first dict)."""
    parent = rule.ctx.parent(node)
    if not isinstance(parent, (ast.List, ast.Tuple)):
        return None
    first = next((e for e in parent.elts if isinstance(e, ast.Dict)), None)
    return parent if first is node else None


def record_rows(rule: LintRule, table: ast.List | ast.Tuple, name: str) -> int:
    """How many elements of ``table`` are records of a model and its budget, when they are a table of them
    (two at least, more than half of the elements, and the name it is bound to, or the function returning
    it, saying no unit or excluded thing: prices, message counts); else 0."""
    if len(table.elts) < 2 or set(words(name)) & (EXCLUDED_WORDS | UNIT_WORDS):
        return 0
    rows = sum(1 for e in table.elts if isinstance(e, ast.Dict) and _record(rule, e))
    return rows if rows >= 2 and rows * 2 > len(table.elts) else 0


def _record(rule: LintRule, row: ast.Dict) -> bool:
    """``row`` names a model under a model key and holds a budget under a budget's key at some depth."""
    named = any(
        string_value(k) in _MODEL_KEYS and (m := string_value(v)) is not None and looks_like_model_name(m)
        for k, v in zip(row.keys, row.values, strict=True)
        if k is not None
    )
    return named and nested_budget(rule, row)


def report_record_table(rule: LintRule, table: ast.List | ast.Tuple, bound_to: str) -> None:
    """Report a list of records of models and their budgets once, on the list: named by what it is bound to
    (``bound_to``), or by the function returning it."""
    parent = rule.ctx.parent(table)
    name = bound_to or (rule.ctx.function_name() if isinstance(parent, ast.Return) else "")
    if rows := record_rows(rule, table, name):
        rule.report(
            table,
            f"table of per-model token limits written as a list of records ({rows} rows); keep it in "
            "config so new models need no code change",
            key_parts=(name or f"{rule.scope_key()} context_windows", rule.ctx.module_name),
            advice="move the table into [tool.prompt_budget.values] by hand",
        )
