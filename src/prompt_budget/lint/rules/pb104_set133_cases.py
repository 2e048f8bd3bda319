"""PB104's cases from sets 133 and 134 (issue 19): a budget times a rate bound to a local compared with a
running total of characters about to grow by one more text (agentmesh-context's ``limit = max_tokens * 4``
... ``if total + len(text) > limit``: ``forms._length_sum``). Spliced into ``pb104_set123_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_FORMAT = (
    "def fmt(items, header, max_tokens):\n"
    "    parts = [header]\n    total = len(parts[0])\n"
    "    limit = max_tokens * 4\n"
    "    for item in items:\n        text = item.content\n"
    "        if {grown} > limit:\n            break\n"
    "        parts.append(text)\n        total += len(text)\n"
    "    return ''.join(parts)\n"
)

#: set 138 (2b-agent): the rate a missing setting falls back to, read by its key (``rate_fallback``)
_READ_RATE = "def calibrate(task):\n    prev = {read}\n    return prev\n"

SET133_VALID = (
    Valid(_READ_RATE.format(read='getattr(task, "temperature", 0.7)')),
    Valid(_READ_RATE.format(read='task.get("retries", 4)')),
    # a sum of token counts, or of items: no characters
    Valid(_FORMAT.format(grown="total_tokens + count_tokens(text)")),
    Valid(_FORMAT.format(grown="total + n_items")),
)

SET133_INVALID = (
    Invalid(_READ_RATE.format(read='getattr(task, "chars_per_token", 4.0)'), line=2),
    Invalid(_READ_RATE.format(read='task.get("chars_per_token", 4)'), line=2),
    Invalid(_FORMAT.format(grown="total + len(text)"), line=4),
)
