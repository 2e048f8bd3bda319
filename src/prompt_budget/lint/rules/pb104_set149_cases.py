"""PB104's cases from sets 149 and 150 (issue 19): the rate of a limit of tokens turned into characters where it is
written, ordered against a count of characters (set 149: jev-rankkit's ``whole_chars > 64_000 * 3``:
``literal_limits.char_limit``). Spliced into ``pb104_set123_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_GATE = (
    "def gate(whole_chars, n_items):\n    if {count} > {product}:\n        raise ValueError('too long')\n\n"
    "def estimate_tokens(text):\n    return len(text)\n"
)

SET149_VALID = (
    Valid(_GATE.format(count="n_items", product="64_000 * 3")),
    Valid(_GATE.format(count="whole_chars", product="64_000 * 8")),
)

SET149_INVALID = (
    Invalid(_GATE.format(count="whole_chars", product="64_000 * 3"), line=2),
    Invalid(_GATE.format(count="whole_chars", product="4 * 8192"), line=2),
)
