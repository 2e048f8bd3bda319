"""PB104's cases from sets 155 and 156 (issue 19): a token budget times a rate bound to a local whose own comment
gives it in characters (set 156: brain-wiki's ``budget = _BUDGET_TOKENS * 4  # characters``, then filled with
texts' lengths). A comment naming tokens too, or a product of no token amount, says nothing. Spliced into
``pb104_set123_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_FILL = (
    "_BUDGET_TOKENS = 15_000\n\ndef pick(bodies):\n    budget = {expr}  # {comment}\n    used = 0\n"
    "    for body in bodies:\n        cost = len(body) + 300\n        if used + cost > budget:\n"
    "            break\n        used += cost\n"
)

SET155_VALID = (
    Valid(_FILL.format(expr="_BUDGET_TOKENS * 4", comment="four requests' worth of tokens")),
    Valid(_FILL.format(expr="ROWS * 4", comment="characters")),
)

SET155_INVALID = (Invalid(_FILL.format(expr="_BUDGET_TOKENS * 4", comment="characters"), line=4),)
