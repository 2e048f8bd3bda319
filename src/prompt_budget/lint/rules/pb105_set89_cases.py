"""PB105's cases from what sets 89 and 90 left (issue 19): a percent of a token window taken whole
(``window * PERCENT // 100``, ``percent_shares``); a hundred percent is the whole window, no share.
Spliced into ``pb105_set81_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNITS

#: Units a budget may count instead of tokens.
_UNITS = OTHER_UNITS

SET89_VALID = (
    # a percent taken whole of a budget in another unit
    *(
        Valid(
            f"COMPACT_PERCENT = 90\n\ndef limit(max_{unit}):\n    return max_{unit} * COMPACT_PERCENT // 100\n"
        )
        for unit in _UNITS
    ),
    # a hundred percent, the fallback when a server gives none: the whole window
    Valid(
        "def window(item, context_window_tokens):\n"
        "    effective_percent = item.get('effective_percent') or 100\n"
        "    return context_window_tokens * effective_percent // 100\n"
    ),
    # a whole quotient of a count of items
    Valid("KEEP_PCT = 30\n\ndef keep(messages):\n    return messages[: len(messages) * KEEP_PCT // 100]\n"),
)

SET89_INVALID = (
    # set 89: frappe-flow's compaction threshold, a percent of the window taken whole
    Invalid(
        "DEFAULT_AUTO_COMPACT_PERCENT = 90\n\ndef limits(context_window_tokens):\n"
        "    return Limits(threshold_tokens=context_window_tokens * DEFAULT_AUTO_COMPACT_PERCENT // 100)\n",
        line=1,
    ),
    Invalid("WARN_PCT = 80\n\ndef warn_at(max_tokens):\n    return max_tokens * WARN_PCT // 100\n", line=1),
)
