"""A test's input whose written form the test then asserts (set 50: ii-researcher's
``Action(name="analyze", arguments={"max_tokens": 100})`` then ``assert 'max_tokens=100' in result``).

A test function that feeds a number under a name and asserts a string holding the name and that same
number (``max_tokens=100``, ``"max_tokens": 100``) tests how the value is rendered or carried: the
number is a fixture checked by an assertion, not a budget the code sends (as an assertion's expected
value is not, set 43). Only in a ``test*`` function or a test module, and only when an assertion's
string names the same key with the same number.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import is_test_module
from prompt_budget.lint.rule import callee_name
from prompt_budget.lint.walks import statements, walk

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def _asserted_strings(fn: ast.AST) -> list[str]:
    """The string constants inside the function's ``assert`` statements and ``self.assert*(...)`` calls."""
    found: list[str] = []
    for stmt in statements(fn):
        if isinstance(stmt, ast.Assert):
            checked: ast.AST = stmt.test
        elif (
            isinstance(stmt, ast.Expr)
            and isinstance(stmt.value, ast.Call)
            and (callee_name(stmt.value) or "").startswith("assert")
        ):
            checked = stmt.value
        else:
            continue
        found.extend(
            n.value for n in walk(checked) if isinstance(n, ast.Constant) and isinstance(n.value, str)
        )
    return found


def asserted_rendering(rule: LintRule, name: str, value: int | float) -> bool:
    """In a test, an assertion's string holds ``name`` given ``value`` (``max_tokens=100``,
    ``"max_tokens": 100``, ``max_tokens: 100``): the number is the test's input whose written form is
    checked, not a budget."""
    fn = rule.ctx.function()
    if fn is None or not (fn.name.startswith("test") or is_test_module(rule.ctx.path)):
        return False
    if not float(value).is_integer():
        return False
    shown = re.compile(rf"\b{re.escape(name)}\b[\"']?\s*[=:]\s*{int(value)}(?![\d.])")
    return any(shown.search(text) for text in _asserted_strings(fn))
