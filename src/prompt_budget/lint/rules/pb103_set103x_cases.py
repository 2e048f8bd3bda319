"""PB103's cases from what sets 103 and 104 left (issue 19, tuner X): a least budget compared with a budget
made a whole number first (``int(max_tokens or 0) <= 1_024``: set 103, somnia's reasoning payload), as
``max_tokens <= 1_024`` is. Spliced into ``pb103_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNITS

#: Units an amount may count instead of tokens.
_UNITS = OTHER_UNITS

#: A payload left out below a least ``{name}``, made a whole number first.
_FLOOR = (
    "def payload(level, {name}=None):\n    if int({name} or 0) <= 1_024:\n        return {{}}\n"
    "    return {{'level': level}}\n"
)

SET103X_VALID = (
    *(Valid(_FLOOR.format(name=f"max_{unit}")) for unit in _UNITS),
    # a whole number of something else
    Valid("def pick(page=None):\n    if int(page or 0) <= 1_024:\n        return 0\n    return 1\n"),
)

SET103X_INVALID = (
    Invalid(_FLOOR.format(name="max_tokens"), line=2),
    Invalid(
        "def reserve(budget_tokens):\n    if int(budget_tokens) < 1_024:\n        return 0\n    return 1\n",
        line=2,
    ),
)
