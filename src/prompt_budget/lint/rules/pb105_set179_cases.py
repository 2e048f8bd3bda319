"""PB105's cases from set 179 (issue 19): a growth above 1 that a quotient of two counts of tokens is ordered
against, an alarm on how much one run's tokens grew over another's (traceverdict's regression radar,
``median(c_tokens) / median(b_tokens) > 1.30`` beside its own ``WARN_MEDIAN_TOKENS_RATIO = 1.3``:
``ratio_reads.growth_threshold``). A growth of seconds or of characters, a quotient by a budget above 1, or a
multiple beyond 10 is not one. Spliced into ``pb105_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_RADAR = (
    "from statistics import median\n"
    "\n"
    "\n"
    "def regressed(candidate, baseline):\n"
    "    return median({new}) / median({old}) > {growth}\n"
)

SET179_VALID = (
    Valid(_RADAR.format(new="candidate.seconds", old="baseline.seconds", growth=1.30)),
    Valid(_RADAR.format(new="candidate.chars", old="baseline.chars", growth=1.30)),
    Valid(_RADAR.format(new="candidate.tokens", old="baseline.tokens", growth=50)),
    Valid("def over(used_tokens, max_tokens):\n    return used_tokens / max_tokens > 1.5\n"),
)

SET179_INVALID = (
    Invalid(_RADAR.format(new="candidate.tokens", old="baseline.tokens", growth=1.30), line=5),
    Invalid(
        "def per_task(c, b, task):\n    return c[task]['tokens'] / b[task]['tokens'] > 1.3\n",
        line=2,
        key="per_task_token_growth_usage_threshold_ratio",
    ),
)
