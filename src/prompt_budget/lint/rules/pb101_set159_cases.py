"""PB101's cases from sets 159 and 160 (issue 19): the limit of a quantity a call names first, as a string
saying an amount of tokens (set 159: ultrastable's ``EssentialVariable.monotonic("tokens_total",
hard_limit=2200, scale=2200)``: ``spec_bounds``). The limit of a quantity of another unit (``"steps"``,
``"cost_usd"``, litellm's ``"TOKEN_COUNTER_MAX_CONCURRENT_COUNTS"``), the bounds of an environment read, and a
number given under a keyword that bounds nothing (``scale=``), are not. Spliced into
``pb101_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_SPACE = (
    "def space(EssentialVariable):\n    return EssentialVariable.monotonic({name}, {slot}=2200, scale=2200)\n"
)

SET159_VALID = (
    Valid(_SPACE.format(name="'steps'", slot="hard_limit")),
    Valid(_SPACE.format(name="'cost_usd'", slot="hard_limit")),
    Valid(_SPACE.format(name="'tokens_total'", slot="weight")),
    # a count of concurrent calls named for the token counter, and an environment read's bounds (litellm)
    Valid("def gauge(Gauge):\n    return Gauge('TOKEN_COUNTER_MAX_CONCURRENT_COUNTS', maximum=256)\n"),
    Valid(
        "def bound(get_env_int_in_range):\n    return get_env_int_in_range('MAX_TOKENS_TOTAL', default=4, maximum=256000)\n"
    ),
)

SET159_INVALID = (
    Invalid(_SPACE.format(name="'tokens_total'", slot="hard_limit"), line=2),
    Invalid(_SPACE.format(name="'input_tokens'", slot="limit"), line=2),
)
