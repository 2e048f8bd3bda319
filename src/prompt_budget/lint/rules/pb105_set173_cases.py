"""PB105's cases from sets 173 and 174 (issue 19): a share multiplying a local bound only to what a reserve
leaves of a budget (set 173: m1-m2-agent's ``usable_ceiling = self.max_context_tokens -
self.reserved_output_tokens`` ... ``int(usable_ceiling * self.compression_threshold_ratio)``:
``token_minuends.budget_local``), followed from the constructor's default. A local bound to what a number leaves
of a budget, or to a difference of other amounts, is not one. Spliced into ``pb105_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_USABLE = (
    "class ContextBudget:\n"
    "    def __init__(self, max_context_tokens: int, reserved_output_tokens: int, ratio_of_usable: float = 0.75):\n"
    "        self.max_context_tokens = max_context_tokens\n"
    "        self.reserved_output_tokens = reserved_output_tokens\n"
    "        self.ratio_of_usable = ratio_of_usable\n"
    "\n"
    "    def should_compress(self, current_input_tokens: int) -> bool:\n"
    "        usable_ceiling = {usable}\n"
    "        threshold = int(usable_ceiling * self.ratio_of_usable)\n"
    "        return current_input_tokens >= threshold\n"
)

SET173_VALID = (
    Valid(_USABLE.format(usable="self.max_context_tokens - 512")),
    Valid(_USABLE.format(usable="self.width - self.margin")),
)

SET173_INVALID = (
    Invalid(_USABLE.format(usable="self.max_context_tokens - self.reserved_output_tokens"), line=2),
)
