"""PB103's cases from set 181 (issue 19: openprover's spinner). A comparison whose branch hands on only the
count shown in a unit (``parts.append(f"{tokens / 1000:.1f}k tok")``) is a display unit, as one that returns
it is (``pb103_display.formats_scaled``); a branch that hands on something else still compares a threshold.
Spliced into ``pb103_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_SPINNER = (
    "def status(elapsed, tokens):\n"
    '    parts = [f"{elapsed}s"]\n'
    "    if tokens >= 1000:\n"
    "        {branch}\n"
    "    else:\n"
    '        parts.append(f"{tokens} tok")\n'
    '    return " ".join(parts)\n'
)

SET181_VALID = (Valid(_SPINNER.replace("{branch}", 'parts.append(f"{tokens / 1000:.1f}k tok")')),)

SET181_INVALID = (Invalid(_SPINNER.replace("{branch}", "parts.append(summarize(parts))"), line=3),)
