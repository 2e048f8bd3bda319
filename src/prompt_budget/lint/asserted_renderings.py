"""A test's input whose written form the test then asserts (set 50: ii-researcher's
``Action(name="analyze", arguments={"max_tokens": 100})`` then ``assert 'max_tokens=100' in result``).

A test function that builds a data object with a dict holding a number under a name, and asserts a
string holding the name and that same number (``max_tokens=100``, ``"max_tokens": 100``), tests how
the object is rendered: the number is a fixture checked by an assertion, not a budget the code sends
(as an assertion's expected value is not, set 43). Only in a ``test*`` function or a test module, only
in a dict given to a class's constructor (a keyword of a call, ``lm("hello", max_tokens=1024)``, is
the input of the code under test and stays a budget, set 43: langfun), and only when an assertion's
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


def _in_constructed_dict(rule: LintRule, literal: ast.AST) -> bool:
    """``literal`` is a value of a dict literal given to a class's constructor
    (``Action(name="analyze", arguments={"max_tokens": 100})``): a data object's field, not a call of
    the code under test (``lm("hello", max_tokens=1024)``, set 43: langfun, stays a budget)."""
    ancestors = rule.ctx.ancestors
    for at in range(len(ancestors) - 1, 0, -1):
        node = ancestors[at]
        if isinstance(node, ast.Dict) and any(v is literal for v in node.values):
            parent = ancestors[at - 1]
            if isinstance(parent, ast.keyword) and at > 1:
                parent = ancestors[at - 2]
            callee = callee_name(parent) if isinstance(parent, ast.Call) else None
            return (callee or "")[:1].isupper()
    return False


def asserted_rendering(rule: LintRule, literal: ast.AST, name: str, value: int | float) -> bool:
    """In a test, a number written in a dict given to a class's constructor whose string form an
    assertion checks (``"max_tokens=100" in result``, ``"max_tokens": 100``, ``max_tokens: 100``):
    the test's data, not a budget."""
    fn = rule.ctx.function()
    if fn is None or not (fn.name.startswith("test") or is_test_module(rule.ctx.path)):
        return False
    if not float(value).is_integer() or not _in_constructed_dict(rule, literal):
        return False
    shown = re.compile(rf"\b{re.escape(name)}\b[\"']?\s*[=:]\s*{int(value)}(?![\d.])")
    return any(shown.search(text) for text in _asserted_strings(fn))
