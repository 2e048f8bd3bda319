"""A function named for a share of a window that returns fractions (``def _get_context_fill_ratio(context_window:
int) -> float``: ``return 0.65`` above 100,000 tokens, ``0.50``, ``0.40``; set 155: phantom-agent's compression
point, multiplied by the window where it is called): each fraction it returns is a budget ratio, for PB105. The
name must say a ratio (``ratio``, ``fraction``, ``share``) and a window (``context``, ``ctx``, ``window``,
``budget``), or take a parameter named as a budget (``context_window``); only literal fractions between 0 and 1
returned by the function itself. Judges no finding itself.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.names import words
from prompt_budget.lint.walks import own_statements, statements

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

_RATIO_WORDS = frozenset({"ratio", "fraction", "share"})
_RATIO_PARTS = re.compile("ratio|fraction|share", re.IGNORECASE)
_WINDOW_WORDS = frozenset({"context", "ctx", "window", "budget"})


def ratio_getters(rule: LintRule, tree: ast.Module) -> Iterator[tuple[ast.expr, float, str, str]]:
    """(literal, value, name, why) of each fraction a window's ratio getter of ``tree`` returns, not
    reported yet."""
    reported = {id(r.node) for r in rule.ctx.reports if r.code == rule.CODE}
    for fn in statements(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or not _RATIO_PARTS.search(fn.name):
            continue
        said = set(words(fn.name))
        if not said & _RATIO_WORDS:
            continue
        params = [p.arg for p in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)]
        window = next((p for p in params if rule.names.is_budget(p)), None)
        if window is None and not said & _WINDOW_WORDS:
            continue
        of = f"of `{window}`" if window else "of a window"
        for stmt in own_statements(fn):
            value = stmt.value if isinstance(stmt, ast.Return) else None
            if (
                isinstance(value, ast.Constant)
                and type(value.value) is float
                and 0 < value.value < 1
                and id(value) not in reported
            ):
                yield value, value.value, fn.name, f"{value.value} returned by `{fn.name}()`, a share {of}"
