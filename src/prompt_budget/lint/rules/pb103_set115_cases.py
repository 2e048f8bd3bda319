"""PB103's cases from set 115 (issue 19): a clamp of a budget read with its fallback (fluxyr's ``max(1024,
(self._max_tokens or 4096) - 512)``): the fallback is a token amount as what it falls back from is
(``LintRule.token_amount``), and a local bound to a count read with a fallback of none (agentlys's ``budget =
thinking.get("budget_tokens") or 0`` ... ``if budget < 2048``, ``counted_locals``); and (set 117: autodidact) a
clamp of a local that only ever holds tokens (``target = TOKEN_CAP - header_tokens`` ... ``max(200, target)``,
``fraction_shares.shared_amount``). Spliced into ``pb103_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import READ_BY_PRECHECK

#: set 115: agentlys maps a thinking budget onto a reasoning effort.
_EFFORT = (
    "def effort(thinking):\n    budget = {read}\n    if budget < 2048:\n"
    '        return "low"\n    if budget < 8192:\n        return "medium"\n    return "high"\n'
)

SET115_VALID = (
    # what the fallback falls back from is no token amount
    Valid(
        READ_BY_PRECHECK
        + "class A:\n    def go(self):\n        return max(1024, (self._width or 4096) - 512)\n"
    ),
    Valid(READ_BY_PRECHECK + "def go(retries):\n    return max(1024, (retries or 4096))\n"),
    # a local read with a fallback of none that counts no tokens, or falls back to a number
    Valid(READ_BY_PRECHECK + _EFFORT.format(read='thinking.get("retries") or 0')),
    Valid(READ_BY_PRECHECK + _EFFORT.format(read='thinking.get("budget_tokens") or 1')),
    # the local holds characters, or is bound twice
    Valid(
        READ_BY_PRECHECK
        + "def split(chunk, cap_chars, header):\n    target = cap_chars - len(header)\n    return max(200, target)\n"
    ),
    Valid(
        READ_BY_PRECHECK
        + "def split(chunk, max_tokens, header_tokens):\n    target = max_tokens - header_tokens\n"
        "    target = len(chunk)\n    return max(200, target)\n"
    ),
)

SET115_INVALID = (
    # set 115: fluxyr's thinking ceiling, at least 1024 tokens below the budget read with its fallback
    Invalid(
        "class A:\n    def go(self):\n        return max(1024, (self._max_tokens or 4096) - 512)\n", line=3
    ),
    Invalid("def go(max_tokens):\n    return min(max_tokens or 8192, 4096)\n"),
    # set 115: agentlys, the thresholds on a local bound to the budget read with a fallback of none
    Invalid(_EFFORT.format(read='thinking.get("budget_tokens") or 0'), count=2),
    # set 117: autodidact, a floor on a local holding what a reserve leaves of a token cap
    Invalid(
        "def split(chunk, max_tokens, header_tokens):\n    target = max_tokens - header_tokens\n"
        "    return chunk_text(chunk, chunk_size=max(200, target))\n",
        line=3,
    ),
)
