"""PB104's cases from set 103 (issue 19, tuner Y): a running remainder of tokens (a local that starts at a
token amount and is only lessened) is tokens also when what lessens it is a local bound only to token counts
(``used = estimate_tokens(text)`` ... ``budget -= used``), and also under a clamp by a number literal
(``max(budget, 1) * 4``) (``token_differences``). Spliced into ``pb104_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

#: A remainder ``budget`` started at ``{start}``, lessened by ``used`` bound to ``{count}``, and turned into
#: a cut of the text by ``{product}``.
_REMAINDER = (
    "def pack(items, {start}):\n    budget = {start}\n    for text in items:\n        used = {count}\n"
    "        if used > budget:\n            cut = {product}\n            text = text[:cut]\n"
    "        budget -= used\n"
)

SET103Y_VALID = (
    # the remainder is of lines, messages, characters, bytes, seconds, memory, cost or price, not tokens
    *(
        Valid(_REMAINDER.format(start=start, count=count, product="max(budget, 1) * 4"))
        for start, count in (
            ("max_lines", "count_lines(text)"),
            ("max_messages", "len(text)"),
            ("max_chars", "len(text)"),
            ("max_bytes", "len(text.encode())"),
            ("timeout_seconds", "elapsed(text)"),
            ("memory_limit", "size_of(text)"),
            ("max_cost", "price_of(text)"),
            ("max_price", "cost_of(text)"),
        )
    ),
    # ``used`` is also bound to something that is not a token count
    Valid(
        "def pack(items, max_tokens):\n    budget = max_tokens\n    for text in items:\n"
        "        used = estimate_tokens(text)\n        if not used:\n            used = len(text)\n"
        "        cut = max(budget, 1) * 4\n        text = text[:cut]\n        budget -= used\n"
    ),
    # a clamp by a name, not a number literal, of a remainder of characters
    Valid(
        "def pack(items, max_chars, floor):\n    budget = max_chars\n    for text in items:\n"
        "        used = len(text)\n        text = text[: max(budget, floor) * 4]\n        budget -= used\n"
    ),
)

SET103Y_INVALID = (
    # set 103: memotrix's retrieval, a token budget clamped and turned into characters
    Invalid(
        _REMAINDER.format(
            start="max_tokens_returned", count="estimate_tokens(text)", product="max(budget, 1) * 4"
        )
    ),
    # the remainder unclamped, and lessened by a local of counted tokens
    Invalid(_REMAINDER.format(start="token_budget", count="count_tokens(text)", product="budget * 4")),
    Invalid(
        _REMAINDER.format(start="max_tokens", count="len(enc.encode(text))", product="min(budget, 4000) * 4")
    ),
)
