"""PB103's cases from sets 137 and 138 (issue 19): a cap clamping a share of a local bound to a budget getter
(2b-agent's ``budget = context_budget(provider, model)`` ... ``reserve = min(int(budget * 0.2), 4096)``:
``fraction_shares.shared_amount``). Spliced into ``pb103_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_RESERVE = "def compact(provider, model):\n    {local} = {getter}(provider, model)\n    reserve = min(int({local} * 0.2), 4096)\n    return reserve\n"

SET137_VALID = (
    # a local bound to something else: a page count, a price
    Valid(_RESERVE.format(local="pages", getter="page_count")),
    Valid(_RESERVE.format(local="budget", getter="cost_budget_usd")),
)

SET137_INVALID = (
    Invalid(_RESERVE.format(local="budget", getter="context_budget"), line=3),
    Invalid(_RESERVE.format(local="window", getter="get_context_window"), line=3),
)
