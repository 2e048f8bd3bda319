"""PB105's cases from sets 157 and 158 (issue 19): a share of an amount of tokens read from a container named
for limits (set 158: tokensaver-agent's ``int(budget["input_tokens"] * 0.5)``: ``held_limits``). A share of
another unit read from the same container (``budget["latency_ms"] * 0.5``), or of a count of tokens kept in a
container of usage, is not. Spliced into ``pb105_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_SHARE = "def repeated(item, {container}):\n    return item['tokens'] < int({container}[\"{key}\"] * 0.5)\n"

SET157_VALID = (
    Valid(_SHARE.format(container="budget", key="latency_ms")),
    Valid(_SHARE.format(container="usage", key="input_tokens")),
)

SET157_INVALID = (
    Invalid(_SHARE.format(container="budget", key="input_tokens"), line=2),
    Invalid(_SHARE.format(container="thresholds", key="short_answer_tokens"), line=2),
)
