"""PB103's cases from what sets 97 and 98 left (issue 19, tuner P): a conditional expression choosing
between a count shown in thousands and in millions (``f"{n / 1000:.1f}k" if n < 1_000_000 else
f"{n / 1_000_000:.1f}M"``; set 97: edgar-harness's status bar) is a display unit, as the ``if`` form
(``pb103_display.formats_scaled``). Spliced into ``pb103_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET97_VALID = (
    Valid(
        "def _k(tokens: int) -> str:\n"
        '    return f"{tokens / 1000:.1f}k" if tokens < 1_000_000 else f"{tokens / 1_000_000:.1f}M"\n'
    ),
    Valid(
        'def label(n_tokens):\n    shown = f"{n_tokens // 1024}K" if n_tokens >= 1024 else str(n_tokens)\n    return shown\n'
    ),
)

SET97_INVALID = (
    # a choice of mode, not of a unit the count is shown in
    Invalid('def mode(tokens: int) -> str:\n    return "compact" if tokens > 100_000 else "full"\n'),
    Invalid('def mode(tokens: int) -> str:\n    return f"{tokens}" if tokens > 100_000 else "full"\n'),
)
