"""PB104's cases from set 105 (issue 19, tuner B): a token cap made a number first (``int(max_input_tokens) *
4``, ``4 * int(max_tokens)``, ``float()``/``round()``/``abs()`` too) is still tokens, so the product cutting
or bounding a text's characters is a rate of characters per token (``token_differences.unconverted``).
Spliced into ``pb104_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNIT_CAPS

#: Blocks dropped, oldest first, while their characters exceed ``{cap}`` times a rate, bound to ``{bound}``.
_DROP = (
    "def fit(blocks, base, {cap}):\n    {bound} = {product}\n    kept = list(blocks)\n"
    "    while len(kept) > 1 and len(base) + sum(len(b) for b in kept) > {bound}:\n        kept.pop(0)\n"
    "    return kept\n"
)

SET105_VALID = (
    # the cap is of lines, messages, characters, bytes, seconds, memory, cost or price, not tokens
    *(
        Valid(_DROP.format(cap=cap, bound="budget_chars", product=f"int({cap}) * 4"))
        for cap in OTHER_UNIT_CAPS
    ),
    # a token cap made a number and scaled, but sizing an array or counting workers, not characters
    Valid("import numpy as np\n\ndef buf(max_tokens):\n    return np.zeros(int(max_tokens) * 4)\n"),
    Valid("def pool(max_tokens):\n    workers = int(max_tokens) * 4\n    return workers\n"),
    # a conversion of two arguments is no conversion of a token cap alone
    Valid("def cut(text, max_tokens, base):\n    return text[: int(max_tokens, base) * 4]\n"),
)

SET105_INVALID = (
    # set 105: quartermaster-engine's tool log dropped to fit ``int(max_input_tokens) * 4`` characters
    Invalid(_DROP.format(cap="max_input_tokens", bound="budget_chars", product="int(max_input_tokens) * 4")),
    # the rate first, or the cap made a float, rounded or made positive first
    Invalid(_DROP.format(cap="max_tokens", bound="char_budget", product="4 * int(max_tokens)")),
    Invalid("def cut(text, token_limit):\n    return text[: int(float(token_limit) * 3.5)]\n"),
    Invalid("def cut(text, max_tokens):\n    limit = round(max_tokens) * 4\n    return text[:limit]\n"),
    Invalid("def cut(text, budget_tokens):\n    return text[: abs(budget_tokens) * 3]\n"),
)
