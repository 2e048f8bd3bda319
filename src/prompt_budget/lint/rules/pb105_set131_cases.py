"""PB105's cases from sets 131 and 132 (issue 19): half of a context window clamped by ``min()`` against a
literal PB103 reports as a token threshold (akv-cache's ``warm_budget = min(2048, target_context_length //
2)`` beside ``hot_budget = min(1024, target_context_length // 4)``: ``budget_halves._threshold_beside``).
A budget grown by a factor and bound to itself (``hot_budget = int(hot_budget * 1.5)``:
``budget_growth._rescaled_growth``), and a share of a local that is a part of a window (``hot_budget =
min(1024, target_context_length // 4)`` ... ``int(hot_budget * 0.5)``: ``derived_budgets``). Spliced into
``pb105_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_TIERS = (
    "def plan({window}: int):\n"
    "    hot_budget = min(1024, {window} // 4)\n"
    "    warm_budget = min({bound}, {window} // 2)\n"
    "    return hot_budget, warm_budget\n"
)

_QUALITY = (
    "def plan({window}: int, quality: float):\n"
    "    hot_budget = min(1024, {window} // 4)\n"
    "    if quality > 0.8:\n        hot_budget = int(hot_budget * 1.5)\n"
    "    elif quality < 0.3:\n        hot_budget = int(hot_budget * 0.5)\n"
    "    return hot_budget\n"
)
_RETRY = "def retry({name}: int):\n    {name} = int({name} * 1.5)\n    return call({name}={name})\n"

SET131_VALID = (
    # a count grown, characters grown, a part of a count of items
    Valid(_RETRY.format(name="tokens")),
    Valid(_RETRY.format(name="max_chars")),
    Valid(_QUALITY.format(window="n_items").replace("1024", "10")),
    # half of something that is no window (a count of items), or a bound no rule reports (a flag, 1)
    Valid(
        _TIERS.format(window="n_items", bound="2048").replace("hot_budget = min(1024, n_items // 4)", "x = 0")
    ),
    Valid(
        "def plan(target_context_length: int, floor: int):\n"
        "    warm_budget = min(floor, target_context_length // 2)\n    return warm_budget\n"
    ),
)

SET131_INVALID = (
    Invalid(_RETRY.format(name="max_tokens"), line=2),
    # the quarter, the factor and the half of the quarter
    Invalid(_QUALITY.format(window="target_context_length"), count=3),
    # the quarter is reported before and after; the half now too
    Invalid(_TIERS.format(window="target_context_length", bound="2048"), count=2),
    Invalid(
        _TIERS.format(window="self.context_window", bound="4096").replace(
            "(self.context_window: int)", "(self)"
        ),
        count=2,
    ),
)
