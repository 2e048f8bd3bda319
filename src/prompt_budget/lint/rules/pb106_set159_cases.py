"""PB106's cases from sets 159 and 160 (issue 19): room kept in an estimate of what is left of a count of
tokens, a term of a longer sum bound to a local the function orders against a budget (set 160: keelgate's
compaction, ``estimate = total - sum(self._item_tokens(c) for c in chosen) + 48 + 12 * len(chosen)`` ...
``if estimate <= self.token_budget``: ``reserve_totals``, ``reserve_sums``). The same sum of a count of
characters, or ordered against no budget, is not. Spliced into ``pb106_total_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_ESTIMATE = (
    "def compact(self, total, chosen):\n"
    "    estimate = total - sum(self.{count}(c) for c in chosen) + 48 + 12 * len(chosen)\n"
    "    return estimate <= self.{bound}\n"
)

SET159_VALID = (
    Valid(_ESTIMATE.format(count="_item_chars", bound="token_budget")),
    Valid(_ESTIMATE.format(count="_item_tokens", bound="deadline")),
)

SET159_INVALID = (Invalid(_ESTIMATE.format(count="_item_tokens", bound="token_budget"), line=2),)
