"""PB105's cases from set 181 (issue 19: openprover). A share of a window read with ``getattr`` (``getattr(llm,
"context_length", None) * 0.15``: ``rule.attr_name``), also when the window is scaled by a literal first
(``int(ctx * 4 * 0.15)``, 15 % of the window in characters: ``share_products``). A share of a count of
items scaled so is not one. A ratio commented on as a "share of the budget" in a module that never says
tokens is a share of a budget in another unit (qontext-memory's ``CORD_SHARE = 0.5`` of a budget in
characters: ``share_units.commented_token_share``); "share of the token budget" still is one. Spliced into
``pb105_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.pb104_set181_cases import HISTORY_BUDGET, HISTORY_OF_ITEMS

SET181_VALID = (
    Valid(HISTORY_OF_ITEMS),
    Valid("def history(llm, n):\n    ctx = llm.context_length\n    return int(ctx * n * 0.15)\n"),
    Valid("CORD_SHARE = 0.5  # share of the budget reserved for cord-reached knots\n"),
)

SET181_INVALID = (
    Invalid(HISTORY_BUDGET, line=6),
    Invalid(
        "def history(llm):\n    ctx = getattr(llm, 'context_length', None)\n    return int(ctx * 0.15)\n",
        line=3,
    ),
    Invalid("CORD_SHARE = 0.5  # share of the token budget reserved for cord-reached knots\n", line=1),
    Invalid(
        "# a budget of tokens\nCORD_SHARE = 0.5  # share of the budget reserved for cord-reached knots\n",
        line=2,
    ),
)
