"""The other amounts a call of a budget's class is given beside its token budgets, for PB101 (set 591: pleiad's
``ContextBudget(window_tokens=128_000, output_reserve=8_192, compact_at=96_000, recent_tokens=32_000)``): a class
named for a budget, a context or a window (``ContextBudget``, ``TokenBudget``, ``WindowLimits``) given two or more
token budgets by their keywords' names (``window_tokens``, ``recent_tokens``) takes its other whole amounts of 256
or more in tokens too (the reserve kept for the output, the count the history is compacted at), unless a keyword
names another unit, a time or a count of something else. Judges no finding itself.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from prompt_budget.lint.flow import against_flow
from prompt_budget.lint.names import words
from prompt_budget.lint.reports_made import is_reported
from prompt_budget.lint.rule import callee_name

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Words of a class holding a model's budgets.
_BUDGET_CLASSES = frozenset({"budget", "budgets", "context", "window", "limits"})
#: The least amount read as a sibling budget.
_LEAST = 256


def budget_siblings(rule: LintRule, call: ast.Call) -> list[tuple[ast.keyword, int]]:
    """(keyword, value) of each whole amount ``call`` gives beside two or more token budgets named as such."""
    if len(call.keywords) < 3 or not _BUDGET_CLASSES & set(words(callee_name(call) or "")):
        return []
    named = [
        kw
        for kw in call.keywords
        if kw.arg and rule.names.is_budget_setting(kw.arg) and rule.budget_literal(kw.value) is not None
    ]
    if len(named) < 2:
        return []
    found = []
    for kw in call.keywords:  # the named ones too, when their keyword alone did not tell (``output_reserve``)
        value = rule.budget_literal(kw.value) if kw.arg and not is_reported(rule, kw.value) else None
        if type(value) is int and value >= _LEAST and kw.arg and not _other_unit(rule, kw.arg):
            found.append((kw, value))
    return found


def _other_unit(rule: LintRule, name: str) -> bool:
    """The keyword names another unit, a time or a credential (``timeout``, ``max_lines``)."""
    return against_flow(name) or rule.names.is_excluded(name)
