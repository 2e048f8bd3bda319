"""PB104's cases from sets 145 and 146 (issue 19): a division by the number the comment above states as one
token per that many characters (set 145: unbiased's ``# Agent output: ~1 token per 4 chars`` over
``output_content_tokens = agent_output_length // 4``: ``stated_rates``), whatever the divided amount is
named. A rate named so, given as a field's default (set 145: light-splade's ``char_per_token_ratio: float =
field(default=1.8, ...)``). Spliced into ``pb104_set123_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_ESTIMATE = "def estimate(agent_output_length: int) -> int:\n    # {comment}\n    part = agent_output_length // 4\n    return part\n"

_FIELD = "@dataclass\nclass Config:\n    {name}: float = field(default=1.8, metadata={{'help': 'x'}})\n"

SET145_VALID = (
    Valid(_FIELD.format(name="temperature")),
    Valid(_ESTIMATE.format(comment="Agent output: split in four")),
    Valid(_ESTIMATE.format(comment="~1 token per 3 chars")),  # another number than the divisor
)

SET145_INVALID = (
    Invalid(_FIELD.format(name="char_per_token_ratio"), line=3),
    Invalid(_FIELD.format(name="chars_per_token"), line=3),
    Invalid(_ESTIMATE.format(comment="Agent output: ~1 token per 4 chars"), line=3),
    Invalid(_ESTIMATE.format(comment="1 token for every 4 characters"), line=3),
)
