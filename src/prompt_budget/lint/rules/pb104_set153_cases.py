"""PB104's cases from sets 153 and 154 (issue 19): a cap of tokens clamped and made a number before it is turned
into characters (set 154: ouro-agents' ``retrieval_char_budget = max(int(max_retrieval_tokens), 0) * 4``:
``token_differences.token_cap``). Spliced into ``pb104_set123_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_CLAMPED = "def recall(hits, {name}: int = 4000):\n    char_budget = max(int({name}), 0) * 4\n    return hits[:char_budget]\n"

SET153_VALID = (
    # a clamped count of items times four is not characters of tokens
    Valid(_CLAMPED.format(name="max_results")),
)

SET153_INVALID = (Invalid(_CLAMPED.format(name="max_retrieval_tokens"), line=2),)
