"""PB105's cases from sets 155 and 156 (issue 19): a window's ratio getter (set 155: phantom-agent's ``def
_get_context_fill_ratio(context_window: int) -> float`` returning ``0.65``, ``0.50``, ``0.40`` by the window's
size: ``ratio_getters``). A ratio of anything else (no window in the name or the parameters), or a number that
is no fraction, is not. Spliced into ``pb105_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_GETTER = (
    "def {name}({param}: int) -> float:\n    if {param} >= 100_000:\n        return 0.65\n"
    "    elif {param} >= 32_000:\n        return 0.50\n    return 0.40\n"
)

SET155_VALID = (
    Valid(_GETTER.format(name="_get_similarity_ratio", param="n_items")),
    Valid(_GETTER.format(name="_get_context_fill", param="n_items")),
)

SET155_INVALID = (
    Invalid(_GETTER.format(name="_get_context_fill_ratio", param="context_window"), line=6, count=3),
    Invalid(_GETTER.format(name="compaction_ratio", param="max_tokens"), line=6, count=3),
)
