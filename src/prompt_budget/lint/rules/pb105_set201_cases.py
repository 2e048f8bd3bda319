"""PB105's cases from set 201 (issue 19: impliforge's session rotation). A setting ordered against a
parameter named as the share of the context used (``token_usage_ratio >= self.config.rotation_threshold``),
or against a local every binding of which hands such a parameter on through a clamp or a normalizing call
(``normalized = self._normalize_ratio(token_usage_ratio)``), is a threshold on how full the window is,
whatever the module binds under the parameter's name elsewhere (a record's field of the same name). A share
of another thing (a cache's hit ratio, a similarity) ordered the same way is none. Spliced into
``pb105_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import READ_BY_PRECHECK

_SESSION = (
    "from dataclasses import dataclass\n\n\n"
    "@dataclass\n"
    "class Decision:\n"
    "    rotate: bool\n"
    "    {share}: float = 0.0\n\n\n"
    "@dataclass\n"
    "class Config:\n"
    "    rotation_threshold: float = 0.85\n\n\n"
    "class Sessions:\n"
    "    def __init__(self, config: Config) -> None:\n"
    "        self.config = config\n\n"
    "    def should_rotate(self, *, {share}: float) -> Decision:\n"
    "        normalized = self._normalize({share})\n"
    "        return Decision(normalized >= self.config.rotation_threshold, normalized)\n\n"
    "    def _normalize(self, value: float) -> float:\n"
    "        return min(1.0, max(0.0, value))\n"
)
_DIRECT = (
    "ROTATE_AT = 0.85\n\n\ndef should_rotate({share}: float) -> bool:\n    return {share} >= ROTATE_AT\n"
)

ROTATION_VALID = (
    # a cache's hit ratio, a similarity: no share of the context
    Valid(READ_BY_PRECHECK + _SESSION.format(share="cache_hit_ratio")),
    Valid(READ_BY_PRECHECK + _DIRECT.format(share="similarity_ratio")),
    Valid(READ_BY_PRECHECK + _DIRECT.format(share="cache_usage_ratio")),
)
ROTATION_INVALID = (
    # set 201: impliforge's rotation threshold, through the normalized share
    Invalid(_SESSION.format(share="token_usage_ratio"), line=12),
    # a share of the context, in a module the pre-check reads
    Invalid(READ_BY_PRECHECK + _SESSION.format(share="context_utilization"), line=13),
    # ordered against the parameter itself
    Invalid(_DIRECT.format(share="token_usage_ratio"), line=1),
)
