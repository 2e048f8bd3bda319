"""PB103's cases from sets 145 and 146 (issue 19): a budget ordered against a number in the test of a branch
whose names say only a tier picks the tier that fits the budget; the number is a threshold of tokens, no
pricing tier (set 145: unbiased's ``if token_budget < 50_000: return AuditTier.TIER_1``:
``priced_branches.prices_branch``). A clamp bound under a budget's key (set 146: xrtm-forecast's
``updated["max_tokens"] = min(int(current * factor), 32768)``). Spliced into ``pb103_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_TIERS = (
    "def estimate_tier(token_budget: int, prompt_tokens: int):\n"
    "    if {side} < 50_000:\n        return {first}\n"
    "    return AuditTier.TIER_2\n"
)

SET145_VALID = (
    # a count of tokens used picks a pricing tier; a branch that prices
    Valid(_TIERS.format(side="prompt_tokens", first="AuditTier.TIER_1")),
    Valid(_TIERS.format(side="token_budget", first="self.cost * 2")),
    # a clamp under a key of something else
    Valid(
        "def grow(kwargs, current):\n    kwargs['max_retries'] = min(current * 2, 32768)\n    return kwargs\n"
    ),
)

SET145_INVALID = (
    Invalid(_TIERS.format(side="token_budget", first="AuditTier.TIER_1"), line=2),
    Invalid(
        "def grow(kwargs, current):\n    kwargs['max_tokens'] = min(current * 2, 32768)\n    return kwargs\n",
        line=2,
    ),
)
