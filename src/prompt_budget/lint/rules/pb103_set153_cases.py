"""PB103's cases from sets 153 and 154 (issue 19): what is left of a budget named as tokens less a local (set 154:
ouro-agents' ``remaining = MAX_TASK_CONTEXT_TOKENS - task_budget_used`` ... ``if remaining < 100`` ...
``min(remaining, 200)``: ``counted_locals._counted``) is a number of tokens, and the numbers it is ordered against
or clamped by are thresholds. Spliced into ``pb103_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_LEFT = (
    "MAX_TASK_CONTEXT_TOKENS = 2000\n\ndef load(paths, read):\n    used = 0\n    for path in paths:\n"
    "        remaining = {whole} - used\n        if remaining < 100:\n            break\n"
    "        used += len(read(path))\n"
)

SET153_VALID = (
    # what is left of a count of items or of characters is not tokens
    Valid(_LEFT.format(whole="MAX_ITEMS")),
    Valid(_LEFT.format(whole="MAX_CONTEXT_CHARS")),
)

SET153_INVALID = (
    Invalid(_LEFT.format(whole="MAX_TASK_CONTEXT_TOKENS"), line=7),
    Invalid(_LEFT.format(whole="self.max_tokens"), line=7),
)
