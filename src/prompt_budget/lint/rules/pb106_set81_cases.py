"""PB106's cases from sets 81 and 82 (``Valid``/``Invalid``), kept apart from the rule module: the floor of a
reserve written as a share of the budget it is taken off (``reserve_floors``)."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNITS

SET81_VALID = (
    # a floor of a share of no budget, of a budget of another unit, or beside no share
    *(
        Valid(
            f"def room(max_{unit}, used):\n    return max_{unit} - used - max(128, int(max_{unit} * 0.1))\n"
        )
        for unit in OTHER_UNITS
    ),
    Valid("def room(total, used):\n    return total - used - max(128, int(total * 0.1))\n"),
    Valid("def room(window_tokens, used, spare):\n    return window_tokens - used - max(128, spare)\n"),
    Valid("def room(window_tokens):\n    return window_tokens - min(128, int(window_tokens * 0.1))\n"),
)

SET81_INVALID = (
    # set 81: a tenth of the window kept back, at least 128 tokens (agent47's estimation-error reserve)
    Invalid(
        "def room(window_tokens, output_tokens):\n"
        "    return window_tokens - output_tokens - max(128, int(window_tokens * 0.10))\n"
    ),
    Invalid("def room(self):\n    return self.context_window - max(int(self.context_window * 0.05), 256)\n"),
)
