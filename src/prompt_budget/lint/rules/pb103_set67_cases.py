"""PB103's cases from sets 67 and 68 (issue 19), kept apart from the rule to keep it short."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET67_VALID = (
    # the message shows another amount in tokens, or the amount in another unit
    Valid(
        "def check(cfg, rows):\n    if len(rows) < 128:\n"
        '        warn(f"only {len(rows)} rows for {cfg.max_length} tokens")\n'
    ),
    Valid(
        'def check(n_rows):\n    if n_rows < 128:\n        warn(f"only {n_rows} rows, {n_rows * 4} tokens")\n'
    ),
)

SET67_INVALID = (
    # a size its branch's message shows in tokens (set 68: merlina's preflight checks)
    Invalid(
        "def check(cfg, max_prompt_length):\n"
        "    completion_length = cfg.max_length - max_prompt_length\n"
        "    if completion_length < 128:\n"
        '        warn(f"Completion length is only {completion_length} tokens")\n',
        line=3,
    ),
)
