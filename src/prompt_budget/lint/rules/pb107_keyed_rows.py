"""A table whose rows each give one budget's key a number (PB107; set 231: xdharness's providers, set 232:
localforge's model profiles)::

    "providers": {
        "ollama": {"base_url": "http://localhost:11434/v1", "context_window": 8192},
        "openai": {"base_url": "https://api.openai.com/v1", "context_window": 128000},
    }
    _PROFILE_MAP = {ModelProfile.SMALL: Settings(context_window=8192, ...), ModelProfile.LARGE: Settings(...)}

Each row is a dict or a call (its keywords), and more than half of the rows, two at least, give the same
key named as a token budget a number: one budget per row, a table keyed by provider, profile or tier.
Reported once on the table (the rows' own findings fall inside it and are dropped), as a model's table is.
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.names import EXCLUDED_WORDS, UNIT_WORDS, words
from prompt_budget.lint.rule import string_value

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule


def _entries(row: ast.expr) -> Iterator[tuple[str | None, ast.expr]]:
    """A row's keys (a dict's string keys, a call's keywords) with their values."""
    if isinstance(row, ast.Dict):
        for key, value in zip(row.keys, row.values, strict=True):
            yield (string_value(key) if key is not None else None), value
    elif isinstance(row, ast.Call):
        for kw in row.keywords:
            yield kw.arg, kw.value


def keyed_rows(
    rule: LintRule,
    node: ast.Dict,
    name_of: Callable[[ast.Dict], str],
    report: Callable[[ast.Dict, str, str], None],
) -> None:
    """Report ``node`` through the rule's ``report`` (the table, its name, what it is) when its rows give one
    budget's key a number (the module's docstring)."""
    rows = len(node.values)
    if rows < 2 or any(k is None for k in node.keys):
        return
    given: Counter[str] = Counter()
    for row in node.values:
        given.update(
            {
                key
                for key, value in _entries(row)
                if key and rule.names.is_budget(key) and rule.budget_literal(value)
            }
        )
    found = given.most_common(1)
    if not found or found[0][1] < 2 or found[0][1] * 2 <= rows:
        return
    name = name_of(node)
    if not set(words(name)) & (EXCLUDED_WORDS | UNIT_WORDS):
        # the shortest of the rule's messages: a table its other readings report too keeps theirs, which say more
        # (``engine._one_per_place``: "table of per-model token limits", "... built by calls to ModelSpec()")
        report(node, name, "table of token budgets")
