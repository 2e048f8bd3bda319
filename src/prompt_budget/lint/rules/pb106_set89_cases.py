"""PB106's cases from what sets 89 and 90 left (issue 19): headroom added to a budget as the fallback of
an ``or``, and added to a term named only weakly as a budget when the sum goes to a budget by its own name
(``max_tokens = model_cap(m) or budget + 4096``, ``added_headroom``). Spliced into ``pb106_total_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNITS

#: Units a weakly named budget may count instead of tokens.
_UNITS = OTHER_UNITS

SET89_VALID = (
    # the sum goes to a name in another unit, or to a name saying no budget
    *(
        Valid(f"def room(budget):\n    max_{unit} = budget + 4096\n    return max_{unit}\n")
        for unit in _UNITS
    ),
    Valid("def room(budget):\n    total = budget + 4096\n    return total\n"),
    Valid("def room(limit):\n    size = cap(limit) or limit + 4096\n    return size\n"),
    # the sum is the first term of the ``or``, not its fallback; a weak name given to a weak keyword
    Valid("def room(budget, cap):\n    n = (budget + 4096) or cap\n    return n\n"),
    Valid("def room(budget):\n    return fetch(limit=budget + 4096)\n"),
)

SET89_INVALID = (
    # set 89: frappe-flow's answer allowance beside a thinking budget, when the model's cap is unknown
    Invalid(
        "def params(model, effort):\n    budget = BUDGETS.get(effort)\n"
        "    max_tokens = max_output_tokens(model) or budget + 4096\n"
        "    return {'thinking': {'budget_tokens': budget}, 'max_tokens': max_tokens}\n",
        line=3,
    ),
    Invalid(
        "def ask(client, thinking_budget):\n    return client.create(max_tokens=cap or thinking_budget + 2048)\n",
        line=2,
    ),
    Invalid("def ask(client, limit):\n    return client.create(max_tokens=limit + 2048)\n", line=2),
)
