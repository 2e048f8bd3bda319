"""PB103's cases from set 205 (issue 19: superindex's heading detection). A call named for tokens that reads
one token's value or type (``val = token_numeric_value(token)`` ... ``if val >= 1000``: the number a lexer's
token spells) counts no tokens (``token_properties``); a call named for a count of them still does. Spliced
into ``pb103_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_HEADING = (
    "def heading_number(tokens, index: int) -> int:\n"
    "    token = tokens.token_at(index)\n"
    "    val = {call}(token)\n"
    "    if val <= 0 or val >= 1000:\n"
    "        return 0\n"
    "    return int(val)\n"
)

VALUE_VALID = (
    # set 205: superindex's number of a heading, read from a lexer's token
    Valid(_HEADING.format(call="token_numeric_value")),
    Valid(_HEADING.format(call="token_type")),
)
VALUE_INVALID = (
    # a count of tokens named so
    Invalid(_HEADING.format(call="count_tokens"), line=4),
    Invalid(_HEADING.format(call="token_count"), line=4),
)
