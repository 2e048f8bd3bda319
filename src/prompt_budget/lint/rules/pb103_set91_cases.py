"""PB103's cases from what sets 91 and 92 left (issue 19): a cap of a share of a token budget written as
parts of a whole (``min(24_000, max_input_tokens * 3 // 4)``, ``fraction_shares.shared``). Spliced into
``pb103_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNITS

#: Units a budget may count instead of tokens.
_UNITS = OTHER_UNITS

SET91_VALID = (
    # the same cap of three quarters of a limit in another unit
    *(
        Valid(
            f"def run(config, messages):\n    if size(messages) >= min(24_000, config.max_input_{unit} * 3 // 4):\n"
            "        messages = messages[-4:]\n    return messages\n"
        )
        for unit in _UNITS
    ),
    # more than the whole budget (three halves): no share
    Valid("def cap(max_tokens):\n    return min(24_000, max_tokens * 3 // 2) + 1\n"),
)

SET91_INVALID = (
    # set 92: jarvis-agent-cli's compaction trigger, three quarters of the input budget capped in tokens
    Invalid(
        "def run(config, messages):\n"
        "    if estimate_tokens(messages) >= min(24_000, config.max_input_tokens * 3 // 4):\n"
        "        messages = compact(messages)\n    return messages\n",
        line=2,
    ),
    Invalid("def trigger(max_tokens):\n    return max(2_000, max_tokens * 2 // 3) + 1\n"),
)
