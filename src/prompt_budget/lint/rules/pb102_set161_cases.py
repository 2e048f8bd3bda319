"""PB102's cases from sets 161 and 162 (issue 19): a cryptocurrency's tokens are no model's (set 162: clawmes's
``_MIN_BURN_TOKENS = 1_000_000`` and ``_MAX_BURN_TOKENS = 10_000_000``, the least and most coins a user may
burn: ``names.EXCLUDED_WORDS``). A bound on a model's tokens beside them is still one. Spliced into
``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_BURN = (
    "_MIN_{what}_TOKENS = 1_000_000\n"
    "_MAX_{what}_TOKENS = 10_000_000\n\n\n"
    "def check(amount: int) -> str | None:\n"
    "    if amount < _MIN_{what}_TOKENS:\n"
    '        return "below the minimum"\n'
    "    if amount > _MAX_{what}_TOKENS:\n"
    '        return "above the maximum"\n'
    "    return None\n"
)

SET161_VALID = (Valid(_BURN.format(what="BURN")), Valid(_BURN.format(what="WEI")))

SET161_INVALID = (Invalid(_BURN.format(what="PROMPT").replace("1_000_000", "1_000"), count=2),)
