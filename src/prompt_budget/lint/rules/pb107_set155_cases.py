"""PB107's cases from sets 155 and 156 (issue 19): tables of context-window tiers (set 156: natshell's
``MAX_STEPS_TABLE: ScaleTable = ((1048576, 200), ...)`` walked by ``scale_for_context(n_ctx, table, default)``,
``for threshold, value in table: if n_ctx >= threshold``), linked to the walking function by the parameter's
annotation or by a call in the module (``tier_tables``). Rows compared with no window, or tables no function
walks, are not. Spliced into ``pb107_set63_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_SCALE = (
    "ScaleTable = tuple[tuple[int, int], ...]\n\n"
    "def scale_for_context(n_ctx: int, table: ScaleTable, default: int) -> int:\n"
    "    for threshold, value in table:\n        if {window} >= threshold:\n            return value\n"
    "    return default\n\n"
    "MAX_STEPS_TABLE{annotation} = (\n    (1048576, 200),\n    (131072, 60),\n    (32768, 50),\n    (8192, 25),\n)\n"
)
_PASSED = (
    _SCALE.replace(": ScaleTable", "")
    + "\ndef steps(n_ctx):\n    return scale_for_context(n_ctx, MAX_STEPS_TABLE, 25)\n"
)

SET155_VALID = (
    # rows compared with a count of items, not a window
    Valid(_SCALE.format(window="n_items", annotation=": ScaleTable").replace("n_ctx: int", "n_items: int")),
    # a table the walking function is never given
    Valid(_SCALE.format(window="n_ctx", annotation="").replace(": ScaleTable", "")),
)

SET155_INVALID = (
    Invalid(_SCALE.format(window="n_ctx", annotation=": ScaleTable"), line=9),
    Invalid(_PASSED.format(window="n_ctx", annotation=""), line=9),
)
