"""PB102's cases from set 130 (issue 19): the window a function returns when a model is not found in a table
named as one, whatever the loop's value is named (kc-agent's ``for pattern, size in
_MODEL_CONTEXT_WINDOWS.items(): ... return size`` ... ``return 128000``: ``budget_defaults._table_loop_fallback``).
Spliced into ``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import READ_BY_PRECHECK

_GUESS = (
    '{table} = {{"qwen": 128000, "doubao": 128000}}\n\n\n'
    "def _guess(model):\n    for pattern, size in {table}.items():\n        if pattern in model:\n"
    "            return size\n    return 128000\n"
)

SET129_VALID = (
    # a table of something else than windows
    Valid(READ_BY_PRECHECK + _GUESS.format(table="_MODEL_IMAGE_SIZES")),
)

SET129_INVALID = (
    # the table and the fallback
    Invalid(
        _GUESS.format(table="_MODEL_CONTEXT_WINDOWS").replace("_guess", "_guess_window_of"), count=1, line=8
    ),
)
