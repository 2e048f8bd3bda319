"""PB105's cases from sets 125 and 126 (issue 19): a name saying it is the filled share of the context window,
whose division is written in another module, ordered against a share (steward-agent's ``def pre_flight(self,
..., context_pct: float = 0.0)`` ... ``if context_pct >= 0.7: max_tokens = min(max_tokens, 1024)``, given
``total_tokens / max_tokens`` by its engine: ``fill_reads.named_fill``). Spliced into ``pb105_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import READ_BY_PRECHECK

_FILL = (
    "def pre_flight(message, round_num, {name}: float = 0.0):\n"
    "    max_tokens = 4096\n    if {name} >= 0.7:\n        max_tokens = min(max_tokens, 1024)\n"
    "    return max_tokens\n"
)

SET125_VALID = (
    # a share of something else: a cache's hits, the tokens two texts share, a score
    Valid(READ_BY_PRECHECK + _FILL.format(name="cache_hit_ratio").replace("max_tokens", "limit")),
    Valid(READ_BY_PRECHECK + _FILL.format(name="token_overlap_ratio").replace("max_tokens", "limit")),
    Valid(READ_BY_PRECHECK + _FILL.format(name="context_relevance_ratio").replace("max_tokens", "limit")),
    Valid(READ_BY_PRECHECK + _FILL.format(name="usage_pct").replace("max_tokens", "limit")),
)

SET125_INVALID = (
    Invalid(_FILL.format(name="context_pct"), line=3),
    Invalid(
        READ_BY_PRECHECK + _FILL.format(name="window_usage_ratio").replace("max_tokens", "limit"), line=4
    ),
)
