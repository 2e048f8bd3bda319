"""PB104's cases from sets 117 and 118 (issue 19): a rate picked by a condition where it divides (corecoder's
``math.ceil(cjk / 1.5) + int(rest / (2.8 if dense else 3.4))``): judged by the larger, reported at each branch
(``pb104_branch_rates``). Spliced into ``pb104_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import READ_BY_PRECHECK

_ESTIMATE = "def approx_tokens(text, dense):\n    rest = len(text)\n    return int(rest / ({divisor}))\n"

SET117_VALID = (
    # a branch that is no rate of characters per token (a divisor of 1 keeps the length, 1.2 is none)
    Valid(READ_BY_PRECHECK + _ESTIMATE.format(divisor="1 if dense else 3.4")),
    Valid(READ_BY_PRECHECK + _ESTIMATE.format(divisor="1.2 if dense else 4")),
    # a length halved or thirded to lay out columns, in no token estimate
    Valid(READ_BY_PRECHECK + "def columns(text, wide):\n    return len(text) // (2 if wide else 3)\n"),
)

SET117_INVALID = (
    # set 118: corecoder, characters per token of code dense with symbols and of prose
    Invalid(_ESTIMATE.format(divisor="2.8 if dense else 3.4"), count=2, line=3),
    Invalid("def estimate_tokens(text, code):\n    return len(text) // (3 if code else 4)\n", count=2),
)
