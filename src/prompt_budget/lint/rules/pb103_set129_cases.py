"""PB103's cases from sets 129 and 130 (issue 19): a local bound once to a call of a budget getter, ordered against
literals (aiforge99's ``ctx = self._model_context_window()`` ... ``if ctx <= 10_000: return 1_500``, tiers of the
window choosing a history budget: ``_read_budget``). Spliced into ``pb103_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import READ_BY_PRECHECK

_TIERS = (
    "class Controller:\n    def _history_budget(self):\n        ctx = self.{getter}()\n"
    "        if ctx <= 10_000:\n            return 1_500\n        return 6_000\n"
)

SET129_VALID = (
    # a getter of something else: a page count, a timeout
    Valid(READ_BY_PRECHECK + _TIERS.format(getter="_page_count").replace("_history_budget", "pages")),
    Valid(READ_BY_PRECHECK + _TIERS.format(getter="_timeout_seconds").replace("_history_budget", "wait")),
)

SET129_INVALID = (
    Invalid(_TIERS.format(getter="_model_context_window").replace("_history_budget", "tier"), line=4),
)
