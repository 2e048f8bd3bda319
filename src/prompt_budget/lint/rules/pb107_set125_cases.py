"""PB107's and PB101's cases from set 125 (issue 19): a table bound to a local, a row of which the function binds
to another local it gives as a budget keyword or under a budget key (scienceai-llm's ``effort_map = {"low": 1024,
"medium": 8192, "high": 24576}`` ... ``budget = effort_map.get(reasoning_effort, 8192)`` ...
``ThinkingConfig(thinking_budget=budget)``, ``pb107_reads._handed_rows``); the lookup's fallback is then a
budget too (PB101). Spliced into ``pb107_set63_cases`` (PB107) and ``pb101_set111_cases`` (PB101).
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import READ_BY_PRECHECK

_EFFORT = (
    "def configure(config, effort):\n"
    '    effort_map = {{"low": 1024, "medium": 8192, "high": 24576}}\n'
    "    budget = effort_map.get(effort, 8192)\n"
    "    {given}\n"
)

SET125_VALID = (
    # the row given as no budget (a number of retries, a timeout)
    Valid(READ_BY_PRECHECK + _EFFORT.format(given="config.retry(attempts=budget)")),
    Valid(READ_BY_PRECHECK + _EFFORT.format(given='config.options = {"timeout": budget}')),
)

SET125_INVALID = (
    Invalid(_EFFORT.format(given="config.thinking = ThinkingConfig(thinking_budget=budget)"), line=2),
    Invalid(_EFFORT.format(given='config.thinking = {"type": "enabled", "budget_tokens": budget}'), line=2),
)

#: PB101: the lookup's fallback.
SET125_FALLBACK_VALID = SET125_VALID
SET125_FALLBACK_INVALID = (
    Invalid(_EFFORT.format(given="config.thinking = ThinkingConfig(thinking_budget=budget)"), line=3),
)
