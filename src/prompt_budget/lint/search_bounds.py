"""PB101's bounds of a budget given as a range (set 152: adapt-agent's optimizer, which searches each setting
of an agent within bounds and writes the value it picks back as the agent's limit)::

    bind_attr(config, "max_output_tokens", f"{component}.max_output_tokens", bounds=(1, 32000))

A call naming a budget setting by a string argument (``"max_output_tokens"``: an identifier, not an
environment variable's name) and given its range as a pair of numbers (``bounds=``, ``range=``,
``limits=``): each number large enough to be a budget is one, the least or the greatest the setting may
take. Judges no finding itself.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_budget.lint.rule import string_value

if TYPE_CHECKING:
    from prompt_budget.lint.rule import LintRule

#: Keywords giving a setting's range as a pair.
_RANGES = frozenset({"bounds", "range", "limits", "domain", "search_range"})


def range_budgets(rule: LintRule, call: ast.Call) -> Iterator[tuple[ast.expr, str, int | float, str]]:
    """(the literal, the bound's name, its value, how) of each bound of a budget's range given to ``call``."""
    pairs = [
        (kw.arg or "", kw.value.elts)
        for kw in call.keywords
        if kw.arg in _RANGES and isinstance(kw.value, ast.Tuple) and len(kw.value.elts) == 2
    ]
    if not pairs:
        return
    named = (string_value(a) for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str))
    name = next((n for n in named if n and n.isidentifier() and not n.isupper()), None)
    if name is None or not rule.names.is_budget_setting(name):
        return
    for keyword, ends in pairs:
        for end, literal in zip(("min", "max"), ends, strict=True):
            value = rule.budget_literal(literal)
            if value is not None:
                least = "least" if end == "min" else "greatest"
                yield literal, f"{name}_{end}", value, f"as the {least} value `{keyword}=` allows `{name}`"
