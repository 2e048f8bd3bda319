"""PB102's cases from sets 137 and 138 (issue 19): a number whose comment spells, as tokens, only other numbers
gives the tokens another unit comes to (scholaragent's ``MAX_PDF_TEXT_LENGTH = 50_000  # ~12k tokens``, cutting a
text's characters: ``other_units._equivalent_tokens``). Spliced into ``pb102_set117_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET137_VALID = (
    Valid("MAX_PDF_TEXT_LENGTH = 50_000  # ~12k tokens\n"),
    Valid("MAX_WORDS_BUDGET = 1000  # about 1,300 tokens\n"),
)

SET137_INVALID = (
    # the comment spells the number itself (within a quarter) as tokens
    Invalid("CONTEXT_BUDGET = 8192  # 8k tokens\n", line=1),
    Invalid("MAX_INPUT_TOKENS = 100_000  # ~100k tokens\n", line=1),
)
