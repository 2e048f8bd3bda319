"""PB107's tables keyed by model (or anything named by a string) whose rows are tuples a function unpacks
into budgets (set 92: hx-cli's Claude Code catalogue)::

    MEASURED: dict[str, tuple[int, int]] = {
        "claude-opus-5-5": (LONG_CONTEXT, 128_000),
        "claude-haiku-4-5": (CONTEXT, 32_000),
    }

    window, output = MEASURED.get(name, (CONTEXT, MAX_OUTPUT_TOKENS))
    return ModelInfo(context_window=window, max_output_tokens=output)

The table's name says nothing; where a function reads it does: a row (``TABLE.get(key, ...)``,
``TABLE[key]``, a key not written as a string) unpacked into names, one of which the same function gives
to a budget's keyword, writes under a budget's key, binds to a budget's name or orders against a count
of tokens (``pb107_unpacked_rows.budget_use``). That name's column then holds a budget per row: its cells
all numbers or names of constants (or ``None``, a level setting none: ``"off": (False, None)``, set 105),
two at least not ``None``, one at least a literal of 1024 or more. Guards: two rows at least,
all tuples of one length (2 to 8), string keys; a table named for another unit (``PRICES``) is none.
One finding per table, at its literal. Asked only where a module binds a dict literal of tuple rows.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.names import EXCLUDED_WORDS, UNIT_WORDS, words
from prompt_budget.lint.rule import string_value
from prompt_budget.lint.rules.pb107_quota_rows import quota_rows, row_read
from prompt_budget.lint.rules.pb107_unpacked_rows import budget_use
from prompt_budget.lint.walks import walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_SMALLEST = 1024


def _no_budget(cell: ast.expr) -> bool:
    """``None``: the row of a level that sets no budget (``"off": (False, None)``, set 105)."""
    return type(cell) is ast.Constant and cell.value is None


def _column(rule: LintRule, rows: list[ast.Tuple], column: int) -> bool:
    """Every cell of ``column`` a budget-sized literal, a constant's name or ``None`` (no budget), two at
    least not ``None``, one at least a literal of 1024 or more."""
    cells = [row.elts[column] for row in rows if not _no_budget(row.elts[column])]
    amounts = [rule.budget_literal(c) for c in cells]
    if len(cells) < 2 or not all(
        a is not None or isinstance(c, (ast.Name, ast.Attribute)) for c, a in zip(cells, amounts, strict=True)
    ):
        return False
    return max((a or 0) for a in amounts) >= _SMALLEST


def _unpacked_use(rule: LintRule, module: ast.Module, table: str, rows: list[ast.Tuple]) -> str | None:
    """How a function of the module uses a column of ``table``'s rows as a budget, else None."""
    width = len(rows[0].elts)
    for fn in walk(module):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for n in walk(fn):
            if not (
                type(n) is ast.Assign
                and len(n.targets) == 1
                and type(n.targets[0]) is ast.Tuple
                and len(n.targets[0].elts) == width
                and row_read(n.value, table)
            ):
                continue
            for column, cell in enumerate(n.targets[0].elts):
                if (
                    type(cell) is ast.Name
                    and _column(rule, rows, column)
                    and (how := budget_use(rule, fn, cell.id))
                ):
                    return f"its column `{cell.id}` {how} where a row is unpacked"
        picked = _indexed_return(fn, table, width)
        if picked is not None and _column(rule, rows, picked) and rule.names.is_budget(fn.name):
            return f"its column {picked} returned by `{fn.name}()` where a row is read"
    return None


def _indexed_return(fn: ast.FunctionDef | ast.AsyncFunctionDef, table: str, width: int) -> int | None:
    """The column ``i`` of ``return TABLE.get(name, fallback)[i]`` (or ``TABLE[name][i]``), the function's one
    statement (set 355: docforge-rag's ``def max_tokens(self): return _MODEL_INFO.get(self._model_name, (1536,
    8191))[1]``), else None."""
    body = [s for s in fn.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    if len(body) != 1 or not isinstance(body[0], ast.Return):
        return None
    read = body[0].value
    if not (isinstance(read, ast.Subscript) and row_read(read.value, table)):
        return None
    index = read.slice
    return (
        index.value
        if type(index) is ast.Constant and type(index.value) is int and index.value < width
        else None
    )


def tuple_rows(rule: LintRule, node: ast.Assign | ast.AnnAssign) -> None:
    """``TABLE = {"model-a": (200_000, 32_000), ...}`` a function unpacks into budgets: one finding."""
    table, module = node.value, rule.ctx.tree
    target = node.targets[0] if isinstance(node, ast.Assign) else node.target
    if type(table) is not ast.Dict or type(target) is not ast.Name or not isinstance(module, ast.Module):
        return
    rows = [v for v in table.values if type(v) is ast.Tuple]
    if len(rows) < 2 or len(rows) < len(table.values) or len({len(r.elts) for r in rows}) != 1:
        return
    if not 2 <= len(rows[0].elts) <= 8 or any(k is None or string_value(k) is None for k in table.keys):
        return
    if set(words(target.id)) & (EXCLUDED_WORDS | UNIT_WORDS):
        return  # ``PRICES = {"model-a": (2.5, 10.0)}``: what the numbers count is said, and is no budget
    how = _unpacked_use(rule, module, target.id, rows)  # or read by a column's index (``_indexed_return``)
    if how:
        rule.report(
            table,
            f"table of token budgets written as a Python literal ({len(rows)} rows of tuples), {how}; keep it in "
            "config so new models and budgets need no code change",
            key_parts=(target.id, rule.ctx.module_name),
            advice="move the table into [tool.prompt_budget.values] by hand",
        )


def dict_rows(rule: LintRule, node: ast.Assign | ast.AnnAssign) -> None:
    """A dict literal's rows of dicts (``pb107_quota_rows``) or of tuples (``tuple_rows``)."""
    quota_rows(rule, node)
    tuple_rows(rule, node)
