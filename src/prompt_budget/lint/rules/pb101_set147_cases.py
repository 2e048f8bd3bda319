"""PB101's cases from sets 147 and 148 (issue 19): a rate limiter's quota of tokens per minute written as a
dict's entry (set 148: suspense's ``"limits": {"max_tokens_per_minute": 200_000}``:
``dict_settings.dict_settings``). Spliced into ``pb101_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_LIMITS = (
    'DEFAULTS = {{\n    "limits": {{\n        "max_cost_usd": 5.0,\n        "{key}": 200_000,\n    }},\n}}\n'
)

SET147_VALID = (
    # a bare ``TPM`` key: a provider's published limits by tier (l2mac's table in the tuning corpus)
    Valid(_LIMITS.format(key="TPM")),
    Valid(_LIMITS.format(key="max_requests_per_minute")),
    Valid(_LIMITS.format(key="tokens_used_this_minute")),
)

SET147_INVALID = (
    Invalid(_LIMITS.format(key="max_tokens_per_minute"), line=4),
    Invalid(_LIMITS.format(key="token_limit_per_minute"), line=4),
)
