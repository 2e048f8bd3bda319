"""PB103's cases from what sets 95 and 96 left (issue 19): the ceiling of an outer clamp whose other side
clamps a share of a count of tokens (``fraction_shares.nested_amount``; set 96: py-agent-framework's
``min(32_768, max(context_window_cap * 0.1, 8_192))``, the cap of a summary's output). Spliced into
``pb103_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNITS

#: Units a cap may count instead of tokens.
_UNITS = OTHER_UNITS

SET95_VALID = (
    # the same nested clamp of a share of another amount
    *(
        Valid(f"def cap(cfg):\n    return int(min(32_768, max(cfg.max_{unit} * 0.1, 8_192)))\n")
        for unit in _UNITS
    ),
    # an outer clamp of an inner one that holds no share
    Valid("def cap(n, m):\n    return min(32_768, max(n, m))\n"),
    # an inner clamp beside an amount of characters: the outer floor bounds characters
    Valid("def preview(cfg, target):\n    return max(512, min(cfg.preview_chars, int(target * 0.6)))\n"),
)

SET95_INVALID = (
    Invalid("def cap(cfg):\n    return int(min(32_768, max(cfg.context_window * 0.1, 8_192)))\n", count=2),
    Invalid("def cap(max_tokens):\n    return max(min(int(max_tokens * 0.25), 16_000), 1024)\n", count=2),
)
