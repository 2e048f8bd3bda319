"""PB107's cases from set 115 (issue 19): a table of token budgets looked up where it is written
(``return {"minimal": 1024, "low": 2048, ...}[normalized]`` in xoder-ai's
``anthropic_thinking_budget_for_level``, ``{...}.get(level, 2048)``, ``"budget_tokens": {...}[level]``), named
by what the lookup is (``pb107_budget_table._name``). Spliced into ``pb107_set63_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import READ_BY_PRECHECK

_RETURNED = (
    "def {function}(level):\n"
    '    if level == "off":\n'
    "        return None\n"
    '    return {{"minimal": 1024, "low": 2048, "medium": 4096, "high": 8192}}{lookup}\n'
)

SET115_VALID = (
    # the function's name says no budget (a number of retries per level)
    Valid(READ_BY_PRECHECK + _RETURNED.format(function="retries_for_level", lookup="[level]")),
    # the table is returned whole, not looked up
    Valid(READ_BY_PRECHECK + _RETURNED.format(function="thinking_budget_for_level", lookup="")),
    # an entry of a dict whose key says another unit
    Valid(
        READ_BY_PRECHECK
        + 'def options(level):\n    return {"timeout_seconds": {"low": 1024, "high": 8192}[level]}\n'
    ),
)

SET115_INVALID = (
    # set 115: xoder-ai, thinking budgets per effort level returned by a function named for them
    Invalid(_RETURNED.format(function="anthropic_thinking_budget_for_level", lookup="[level]"), line=4),
    Invalid(_RETURNED.format(function="thinking_budget_for_level", lookup=".get(level, 2048)"), line=4),
    # looked up as the value of a budget's entry, or bound to a budget's name
    Invalid(
        "def request(client, level):\n"
        '    return client.create(thinking={"budget_tokens": {"low": 1024, "high": 8192}[level]})\n',
        line=2,
    ),
    Invalid(
        'def budget(level):\n    thinking_budget = {"low": 1024, "high": 8192}[level]\n    return thinking_budget\n'
    ),
)
