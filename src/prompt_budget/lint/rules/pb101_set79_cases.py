"""PB101's cases from what sets 79 and 80 left (issue 19): a validated field's bound naming a budget
constant (``Field(default=6_000, le=PROMPT_BUDGET_CAP)``) is no read of a budget table, so the field's
``default`` is no lookup's fallback (``inline_forms.budget_lookup``); the field's own name judges it
(PB102's). Spliced into ``pb101_form_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET79_VALID = (
    # set 80: hiveloom's memory section, a ceiling in characters bounded by a cap named as a budget
    Valid(
        "from pydantic import BaseModel, Field\n\nclass Memory(BaseModel):\n"
        "    prompt_budget_chars: int = Field(default=6_000, ge=1, le=PROMPT_BUDGET_CAP)\n"
        "    shown_lines: int = Field(default=400, lt=self.max_context_tokens)\n"
        "    wait_seconds: int = Field(default=30, gt=MIN_TOKEN_BUDGET)\n"
    ),
)

SET79_INVALID = (
    # a lookup given the budget table by keyword still falls back to a budget
    Invalid("window = read_limit(cfg, table=CONTEXT_WINDOWS, default=8000)\n"),
    Invalid("window = Field(CONTEXT_WINDOWS, default=8000)\n"),
)
