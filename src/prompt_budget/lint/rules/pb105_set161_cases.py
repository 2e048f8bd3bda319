"""PB105's cases from sets 161 and 162 (issue 19): a fraction a class's constructor takes and stores, that a
method of the same class orders against the share of the window in use (set 162: mem-deep-research's window
strategies, four classes each with its own ``trigger_ratio`` default, compared with ``ctx.token_ratio``, a field
commented ``token_count / max_tokens``: ``class_shares``), and the fractions the module gives that parameter
(``ObservationMaskingStrategy(trigger_ratio=0.6)``: ``budget_overrides``). The same shapes against a share of
money or a score, or a parameter the class does not keep, are not. Spliced into ``pb105_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import READ_BY_PRECHECK

_STRATEGIES = (
    "class ObservationMaskingStrategy:\n"
    "    def __init__(self, trigger_ratio: float = 0.6, keep_recent: int = 3):\n"
    "        {store}\n"
    "        self.keep_recent = keep_recent\n\n"
    "    def should_trigger(self, ctx) -> bool:\n"
    "        return ctx.{share} >= self.trigger_ratio\n\n\n"
    "class BinaryReductionStrategy:\n"
    "    def __init__(self, trigger_ratio: float = 0.95):\n"
    "        {store}\n\n"
    "    def should_trigger(self, ctx) -> bool:\n"
    "        used = ctx.{used} / ctx.{whole}\n"
    "        return used >= self.trigger_ratio\n\n\n"
    "def default_strategies():\n"
    "    return [ObservationMaskingStrategy(trigger_ratio=0.5), BinaryReductionStrategy(trigger_ratio=0.9)]\n"
)
_KEPT = "self.trigger_ratio = trigger_ratio"

SET161_VALID = (
    Valid(
        READ_BY_PRECHECK
        + _STRATEGIES.format(store=_KEPT, share="cost_ratio", used="cost_usd", whole="budget_usd")
    ),
    Valid(
        READ_BY_PRECHECK
        + _STRATEGIES.format(store=_KEPT, share="similarity_score", used="cost_usd", whole="budget_usd")
    ),
    Valid(
        READ_BY_PRECHECK
        + _STRATEGIES.format(
            store="self.trigger_ratio = 0.5", share="token_ratio", used="cost_usd", whole="budget_usd"
        )
    ),
)

SET161_INVALID = (
    # both defaults, and both fractions passed for them
    Invalid(
        _STRATEGIES.format(store=_KEPT, share="token_ratio", used="token_count", whole="max_tokens"), count=4
    ),
    # the share of money: the first class's default and the fraction passed for it
    Invalid(
        _STRATEGIES.format(store=_KEPT, share="token_ratio", used="cost_usd", whole="budget_usd"), count=2
    ),
)
