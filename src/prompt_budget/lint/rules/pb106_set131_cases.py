"""PB106's cases from sets 131 and 132 (issue 19): a number added to a budget that the line's own comment
calls headroom (or a margin, slack), whatever the sum is bound to; a sum of budgets, weak names too,
so commented (akv-cache's ``max_total = config.warm_budget + config.hot_budget + 64  # headroom``:
``added_headroom._said_headroom``). Spliced into ``pb106_total_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_BUFFER = "def alloc(config):\n    total = {terms} + 64{comment}\n    return zeros(total)\n"

SET131_VALID = (
    # no comment saying headroom; a comment saying something else; terms that are no budgets
    Valid(_BUFFER.format(terms="config.warm_budget + config.hot_budget", comment="")),
    Valid(_BUFFER.format(terms="config.warm_budget + config.hot_budget", comment="  # alignment")),
    Valid(_BUFFER.format(terms="config.num_heads + config.head_dim", comment="  # headroom")),
    Valid(_BUFFER.format(terms="config.cost_budget + config.hot_budget", comment="  # headroom")),
    Valid("def more(max_tokens):\n    limit = max_tokens + 512\n    return limit\n"),
)

SET131_INVALID = (
    Invalid(_BUFFER.format(terms="config.warm_budget + config.hot_budget", comment="  # headroom"), line=2),
    Invalid(
        "def more(max_tokens):\n    limit = max_tokens + 512  # safety margin\n    return limit\n", line=2
    ),
)
