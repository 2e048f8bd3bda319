"""PB104's cases from set 129 (issue 19): a running total of lengths of things the code does not name as text,
divided by the rate the function's docstring states (fscars's ``def estimate_tokens(*chunks)`` "Rough token
estimate: 1 token ≈ 4 characters." ... ``total += len(c)`` ... ``return max(0, total // 4)``:
``token_quotients._stated_lengths``). Spliced into ``pb104_set123_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_STATED = (
    "def estimate_tokens(*chunks):\n"
    '    """{doc}"""\n'
    "    total = 0\n    for c in chunks:\n        if c:\n            total += {added}\n"
    "    return max(0, total // 4)\n"
)

SET129_VALID = (
    # no rate stated, another rate stated, or a total of something else than lengths
    Valid(_STATED.format(doc="Rough token estimate.", added="len(c)")),
    Valid(_STATED.format(doc="Rough token estimate: 1 token ≈ 3 characters.", added="len(c)")),
    Valid(_STATED.format(doc="Rough token estimate: 1 token ≈ 4 characters.", added="c.size")),
)

SET129_INVALID = (
    Invalid(_STATED.format(doc="Rough token estimate: 1 token ≈ 4 characters.", added="len(c)"), line=7),
    Invalid(_STATED.format(doc="Rough token estimate (4 chars per token).", added="len(c)"), line=7),
)
