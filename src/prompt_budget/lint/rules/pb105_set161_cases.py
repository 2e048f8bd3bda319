"""PB105's cases from sets 161 and 162 (issue 19): a fraction a class's constructor takes and stores, that a
method of the same class orders against the share of the window in use (set 162: mem-deep-research's window
strategies, four classes each with its own ``trigger_ratio`` default, compared with ``ctx.token_ratio``, a field
commented ``token_count / max_tokens``: ``class_shares``), and the fractions the module gives that parameter
(``ObservationMaskingStrategy(trigger_ratio=0.6)``: ``budget_overrides``). The same shapes against a share of
money or a score, or a parameter the class does not keep, are not. A literal ordered against a local bound only
to calls of the module's function named as a share whose returns divide by a budget parameter (the emergency
path's ``ratio = _estimate_ratio(messages, prompt, ctx.max_tokens)`` ... ``if ratio < 0.9``:
``ratio_reads``), not by a count of items, nor of a function named for no share. Spliced into
``pb105_set111_cases``.
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

_EMERGENCY = (
    "def {callee}(messages: list, {whole}: int, estimate_fn=None) -> float:\n"
    "    if {whole} <= 0:\n"
    "        return 0.0\n"
    "    text = ' '.join(m['content'] for m in messages)\n"
    "    if estimate_fn:\n"
    "        return estimate_fn(text) / {whole}\n"
    "    return (len(text) / 3.5) / {whole}\n\n\n"
    "def emergency(messages: list, ctx) -> bool:\n"
    "    ratio = {callee}(messages, ctx.{whole}, ctx.estimate_tokens_fn)\n"
    "    return ratio < 0.9\n"
)

SET161_VALID = (
    Valid(_EMERGENCY.format(callee="_estimate_ratio", whole="n_items")),
    Valid(_EMERGENCY.format(callee="_estimate", whole="max_tokens")),
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
    Invalid(_EMERGENCY.format(callee="_estimate_ratio", whole="max_tokens"), line=12),
)
