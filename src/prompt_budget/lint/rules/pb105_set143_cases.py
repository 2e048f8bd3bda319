"""PB105's cases from sets 143 and 144 (issue 19): a ratio multiplying a weakly named budget, the product bound
to a local the function orders against a count of tokens (set 144: mcs-core's ``cap = self.budget *
self.pin_cap_ratio`` ... ``if self._pinned_tokens(history) + cost > cap``: ``bound_products.ordered_local``);
half of what a reserve leaves of a window looked up in a table named so (``(window - 2000) // 2`` given as
``token_budget=``: ``budget_halves.budget_half``). A divisor the comment above states as characters per
token is PB104's rate, no share (set 145: unbiased's ``context_length // 4  # ~1 token per 4 chars``). Spliced into ``pb105_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_PINS = (
    "class SessionContext:\n"
    "    def __init__(self, budget: int, *, pin_cap_ratio: float = 0.7) -> None:\n"
    "        self.budget = budget\n        self.pin_cap_ratio = pin_cap_ratio\n\n"
    "    def apply_pins(self, records):\n"
    "        cap = self.budget * self.pin_cap_ratio\n"
    "        for record in records:\n"
    "            if {count} > cap:\n                return False\n"
    "        return True\n"
)

_AUTO = (
    "_LLM_CONTEXT_WINDOWS = {{'deepseek': 128_000, 'claude': 200_000}}\n\n"
    "def build(llm):\n"
    "    window = {table}.get(llm, 16_000)\n"
    "    auto_t = min(8000, (window - 2000) // 2)\n"
    "    return Config(token_budget=auto_t)\n"
)

SET143_VALID = (
    # the product ordered against a count of something else; bound twice (a second amount)
    Valid(_PINS.format(count="len(record.items)")),
    Valid(_PINS.format(count="record.size_bytes")),
    Valid(
        _PINS.replace("        for record", "        cap = cap - 1\n        for record").format(
            count="self._pinned_tokens(records) + record.cost"
        )
    ),
    # a table of something else
    Valid(_AUTO.format(table="_RETRY_DELAYS")),
    # set 145 (unbiased): the comment above states the divisor as characters per token (PB104's rate)
    Valid(
        "def estimate(context_length):\n    # Context: ~1 token per 4 chars\n    return context_length // 4\n"
    ),
)

SET143_INVALID = (
    Invalid(_PINS.format(count="self._pinned_tokens(records) + record.cost"), line=2),
    Invalid(_PINS.format(count="count_tokens(record.text)"), line=2),
    Invalid(_AUTO.format(table="_LLM_CONTEXT_WINDOWS"), line=5),
)
