"""PB105's cases from sets 137 and 138 (issue 19): half of what is left of a token budget given as a budget
keyword (scholaragent's ``Budget(max_tokens=self._budget.tokens_remaining // 2)``, a sub-agent's share:
``budget_halves._budget``). A share constant multiplying what a reserve leaves of a budget (2b-agent's ``COMPACT_AT = 0.75`` ...
``int((budget - reserve) * COMPACT_AT)``: ``flow._ratio_use``). Spliced into ``pb105_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_SUB = "def dispatch(self):\n    sub = Budget({keyword}=self._budget.{left} // 2, max_iterations=10)\n    return sub\n"

_LEFT = (
    "COMPACT_AT = 0.75\n\ndef compact(est, provider, model):\n"
    "    {local} = {getter}(provider, model)\n"
    "    if est < int(({local} - 100) * COMPACT_AT):\n        return None\n    return est\n"
)

SET137_VALID = (
    # set 142 (adk-smart-router): a cached token's price against an uncached one
    Valid(
        "from dataclasses import dataclass\n\n@dataclass\nclass RouterConfig:\n    cached_token_multiplier: float = 0.10\n"
    ),
    Valid(_LEFT.format(local="pages", getter="page_count")),
    # what is left of something else; half given where no budget goes
    Valid(_SUB.format(keyword="max_tokens", left="items_remaining")),
    Valid(_SUB.format(keyword="page", left="tokens_remaining")),
)

SET137_INVALID = (
    Invalid(_LEFT.format(local="budget", getter="context_budget"), line=1),
    Invalid(_SUB.format(keyword="max_tokens", left="tokens_remaining"), line=2),
    Invalid(_SUB.format(keyword="token_budget", left="remaining_tokens"), line=2),
)
