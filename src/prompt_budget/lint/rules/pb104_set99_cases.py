"""PB104's cases from what sets 99 and 100 left (issue 19, tuner U): a rate's estimate returned by a function
whose other path returns a tokenizer's count (``return len(enc.encode(text))`` in the ``try``, ``return
len(text) // 4`` in its ``except``) is an estimate of tokens, whatever the function is named
(``counted_returns``). Spliced into ``pb104_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET99_VALID = (
    # the other path counts lines, bytes, characters or messages, not a tokenizer's ids
    Valid(
        "def count(text, raw):\n    if raw:\n        return len(text.splitlines())\n    return len(text) // 4\n"
    ),
    Valid(
        "def size(text, raw):\n    if raw:\n        return len(text.encode())\n    return len(text) // 4\n"
    ),
    Valid(
        "def size(messages, chars):\n    if chars:\n        return len(chars)\n    return len(messages) // 4\n"
    ),
    # a tokenizer's count beside a division of something else: seconds, cost, price, memory
    Valid(
        "def pace(enc, text, seconds, cost, price, memory_mb):\n    if enc:\n        return len(enc.encode(text))\n"
        "    return seconds // 4 + cost // 4 + price // 4 + memory_mb // 4\n"
    ),
)

SET99_INVALID = (
    # the tokenizer missing or not knowing the model (set 99: mangaba's ``_count_openai``)
    Invalid(
        "import tiktoken\n\ndef count(text, model):\n    try:\n        enc = tiktoken.encoding_for_model(model)\n"
        "        return len(enc.encode(text))\n    except Exception:\n        return max(1, len(text) // 4)\n",
        line=8,
    ),
    Invalid(
        "def measure(text, tokenizer=None):\n    if tokenizer is None:\n        return len(text) // 4\n"
        "    ids = tokenizer.encode(text)\n    return len(ids)\n",
        line=3,
    ),
)
