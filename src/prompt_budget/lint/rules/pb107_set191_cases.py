"""Cases from sets 191 and 192 (issue 19: optio's limits, the-agent-sdk's compaction ratio, munio's progress cap).

PB107: a table of per-model limits whose rows are records opening on the limit (``CONTEXT_WINDOW = {"claude-opus-4-5":
Limit(200_000, Evidence.MEASURED, _PROBE, "2026-08-01"), ...}``, ``pb107_nested_rows``): reported, moved by hand
(its rows are calls). PB105: a ratio under a single comment line saying it is a share of the context window
(``# Default ratio of context window to use before triggering compaction`` over ``DEFAULT_THRESHOLD_RATIO = 0.80``,
``share_units``); a longer comment block, which may describe its neighbours, says nothing. PB102: a field whose
description counts something per token (``"Max progress notifications per single request token"``) is no budget
of tokens (``forms.field_says_tokens``). Spliced into ``pb107_set63_cases``, ``pb105_set111_cases`` and
``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import READ_BY_PRECHECK

_LIMITS = (
    '{name}: dict[str, Limit] = {{\n    "claude-opus-4-5": Limit({first}, Evidence.MEASURED, _PROBE),\n'
    '    "gpt-4o": Limit({second}, Evidence.PUBLISHED, _OPENAI),\n}}\n'
)

SET191_VALID = (
    # records of prices, or of a model's release, are no limits of tokens
    Valid(_LIMITS.format(name="PRICES", first="15.0", second="2.5")),
    Valid(_LIMITS.format(name="RELEASED", first='"2025-11-24"', second='"2024-05-13"')),
    # the corpus check: records of a capacity (tokens per minute per unit), and an unnamed request body
    Valid(_LIMITS.format(name="AZURE_PTU_CAPACITY", first="3_000", second="2_400")),
    Valid('body = {"command": command, "timeout": min(3600, max(1, timeout))}\n'),
)
SET191_INVALID = (
    Invalid(_LIMITS.format(name="CONTEXT_WINDOW", first="200_000", second="128_000"), line=1),
    Invalid(_LIMITS.format(name="MAX_OUTPUT_TOKENS", first="64_000", second="16_384"), line=1),
)

_RATIO = READ_BY_PRECHECK + "\n{comments}DEFAULT_THRESHOLD_RATIO = 0.80\n"
#: PB105's, spliced into ``pb105_set111_cases``.
ABOVE_VALID = (
    # the review: a configured ratio checked against its bounds is no measured share of the window
    Valid(
        READ_BY_PRECHECK
        + 'def check(cfg):\n    if cfg["compaction_context_ratio"] < 0.1:\n        raise ValueError("too small")\n'
    ),
    Valid(_RATIO.format(comments="# Default ratio of errors to tolerate before a retry\n")),
    Valid(
        _RATIO.format(
            comments="# Compaction settings, read by the service.\n# The ratio of context window.\n"
        )
    ),
)
ABOVE_INVALID = (
    Invalid(
        _RATIO.format(comments="# Default ratio of context window to use before triggering compaction\n"),
        line=4,
    ),
)

_PROGRESS = (
    "from pydantic import BaseModel, Field\n\n\nclass Limits(BaseModel):\n"
    '    {name}: int = Field(default=100, description="{description}")\n'
)
#: PB102's, spliced into ``pb102_set117_cases``.
PROGRESS_VALID = (
    Valid(
        _PROGRESS.format(
            name="max_progress_per_request", description="Max progress notifications per single request token"
        )
    ),
)
PROGRESS_INVALID = (
    Invalid(_PROGRESS.format(name="max_summary", description="Max tokens in a request's summary"), line=5),
    # the review: a unit given per turn, in tokens
    Invalid(
        _PROGRESS.format(name="turn_budget", description="Maximum budget per turn measured in tokens"), line=5
    ),
)
