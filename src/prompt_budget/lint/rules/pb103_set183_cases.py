"""PB103's cases from set 183 (issue 19: reasonblocks' reasoning-overrun rule). A count compared with a clamp
holding one number (``latest_out >= max(800, baseline * 2)``) is compared with that number, the least it
must reach (``compared_counts.floor_literal``); a local bound to one of a list of counts of tokens
(``latest_out = recent_output_tokens[-1]``) is a count of tokens (``counted_locals``), not one of a list
of token ids. Spliced into ``pb103_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_OVERRUN = (
    "def overrun(recent_{what}, recent_tool_calls):\n"
    "    latest_out = recent_{what}[-1]\n"
    "    baseline = sum(recent_{what}[-4:-1]) / 3\n"
    "    return latest_out >= max(800, baseline * 2) and recent_tool_calls[-1] == 0\n"
)

SET183_VALID = (
    Valid(_OVERRUN.format(what="token_ids")),
    Valid(_OVERRUN.format(what="seconds")),
    Valid("def late(output_tokens, limit, floor):\n    return output_tokens >= max(floor, limit)\n"),
)

SET183_INVALID = (
    Invalid(_OVERRUN.format(what="output_tokens"), line=4),
    Invalid("def over(output_tokens, x):\n    return output_tokens >= max(800, x)\n", line=2),
)
