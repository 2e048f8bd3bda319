"""What a test expects: a value bound to ``expected`` in a test, not a budget in use."""

from __future__ import annotations

import ast

from prompt_budget.lint.flow import is_test_module
from prompt_budget.lint.names import words
from prompt_budget.lint.rule import LintRule, attr_name

#: Words of a name bound to what a test expects (``expected``, ``expected_limits``, ``want``).
_EXPECTED_WORDS = frozenset({"expected", "expect", "want", "wanted"})


def expected_binding(rule: LintRule, stmt: ast.stmt) -> bool:
    """``expected = {"minimax/MiniMax-M3": {"max_tokens": 1_000_000}}`` in a test (a ``test_*``
    function or a test module), then compared with what the code under test built: the value repeats
    the package's own table or request, where the budgets live (set 47: wdoc's
    ``tests/test_litellm_models.py``), as an assertion's expected value does (set 43)."""
    if not isinstance(stmt, (ast.Assign, ast.AnnAssign)):
        return False
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
    if len(targets) != 1 or not set(words(attr_name(targets[0]) or "")) & _EXPECTED_WORDS:
        return False
    return rule.ctx.function_name().startswith("test") or is_test_module(rule.ctx.path)
