"""PB106's cases from set 115 (issue 19): a reserve taken off a budget read with its fallback (fluxyr's ``ceiling =
max(1024, (self._max_tokens or 4096) - 512)``, the room a thinking budget leaves for the answer) is taken off the
budget; the fallback itself is PB101's. Spliced into ``pb106_total_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET115_VALID = (
    # the fallback of something that is not tokens, less a number: characters, seconds
    Valid("def room(self):\n    return (self._max_chars or 4096) - 512\n"),
    Valid("def left(self):\n    return (self.timeout_seconds or 600) - 30\n"),
)

SET115_INVALID = (
    # set 115: fluxyr's thinking budget, kept 512 tokens under the output cap or its fallback
    Invalid("def ceiling(self):\n    return max(1024, (self._max_tokens or 4096) - 512)\n", line=2),
    Invalid("def room(context_window):\n    return (context_window or 8192) - 1000\n", line=2),
)
