"""PB105's cases from set 108 (issue 19): a literal share of the window in use whose ordering only picks
the colour of a usage gauge (``if pct < 0.7: style = "yellow"``, ``style_thresholds.labels_only``): display,
no budget. Spliced into ``pb105_set81_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_GAUGE = (
    "def gauge(input_tokens, max_context):\n"
    "    pct = input_tokens / max_context\n"
    "    if pct < 0.7:\n"
    '        style = "yellow"\n'
    "    elif pct < 0.9:\n"
    '        style = "bold yellow"\n'
    "    else:\n"
    '        style = "bold red"\n'
)

SET107_VALID = (
    # set 108: chcode's context gauge, coloured by the share of the window in use
    Valid(_GAUGE + '    return f"[{style}]{pct:.0%}[/{style}]"\n'),
    Valid(
        "def colour(used_tokens, window):\n"
        "    return f\"[{'red' if used_tokens / window > 0.9 else 'green'}]{used_tokens}\"\n"
    ),
)

SET107_INVALID = (
    # the label picked is acted on, or handed on where it may be: a threshold, not a colour
    Invalid(_GAUGE + '    if style == "bold red":\n        compact()\n', count=2),
    Invalid(_GAUGE + "    return Snapshot(pressure=style)\n", count=2),
    Invalid(
        'def level(used_tokens, window):\n    return "critical" if used_tokens / window > 0.9 else "normal"\n'
    ),
    # the share triggers compaction itself
    Invalid(
        "def check(input_tokens, max_context):\n    if input_tokens / max_context > 0.9:\n        compact()\n"
    ),
)
