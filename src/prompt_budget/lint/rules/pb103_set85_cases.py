"""PB103's cases from what sets 85 and 86 left (issue 19): a branch that prices tokens says so by a
discount or a surcharge as well as by a cost or a rate (``priced_branches``, shared with PB102's
constants). Spliced into ``pb103_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET85_VALID = (
    # a long prompt's surcharge, a cached input's discount: pricing tiers
    Valid(
        "def bill(prompt_tokens):\n    if prompt_tokens > 200000:\n        surcharge = 2.0\n"
        "    else:\n        surcharge = 1.0\n    return surcharge\n"
    ),
    Valid(
        "def bill(prompt_tokens, usage):\n    if prompt_tokens >= 1024:\n        usage.discount = 0.5\n    return usage\n"
    ),
)

SET85_INVALID = (
    # the same comparison deciding what the prompt keeps
    Invalid(
        "def trim(prompt_tokens, history):\n    if prompt_tokens > 200000:\n        history = history[-10:]\n"
        "    return history\n"
    ),
)
