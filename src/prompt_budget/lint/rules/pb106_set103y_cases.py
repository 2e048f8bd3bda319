"""PB106's cases from set 103 (issue 19, tuner Y): a reserve taken off a token budget only when a flag is
set, ``budget - (24 if add_footer else 0)``, is the literal of the branch that is not zero
(``reserve_floors``). Off a number of lines, messages, characters, bytes, seconds, memory, cost or price it
stays quiet, as a plain literal does. Spliced into ``pb106_total_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNIT_CAPS

#: A cut of ``{amount}`` by a reserve kept when a flag is set.
_FLAGGED = "def body(text, {amount}, footer=True):\n    room = {amount} - ({reserve} if footer else 0)\n    return squeeze(text, room)\n"

SET103Y_VALID = (
    *(Valid(_FLAGGED.format(amount=amount, reserve=24)) for amount in OTHER_UNIT_CAPS),
    # neither branch is zero: two sizes to choose from, not a reserve kept or not
    Valid(
        "def body(text, max_tokens, short=True):\n    return squeeze(text, max_tokens - (24 if short else 48))\n"
    ),
)

SET103Y_INVALID = (
    # set 103: tooltrim's footer headroom, floored
    Invalid(
        "class Trim:\n    def compress(self, text, max_tokens=None):\n"
        "        budget = max_tokens if max_tokens is not None else self.max_tokens\n"
        "        body_budget = max(16, budget - (24 if self.add_footer else 0))\n"
        "        return squeeze(text, body_budget)\n"
    ),
    # the zero first, off a context window
    Invalid(
        "def room(text, context_window, streaming=False):\n"
        "    return squeeze(text, context_window - (0 if streaming else 512))\n"
    ),
)
