"""PB104's cases from what sets 87 and 88 left (issue 19): a whole number of tokens per character beside
a fractional one in a per-character estimate (``1.0 if ord(ch) > 127 else 0.25``, ``pb104_char_loops``).
Spliced into ``pb104_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET87_VALID = (
    # whole units only, per character: a width or a count, no rate
    Valid(
        "def count_tokens(text):\n    n = 0\n    for ch in text:\n        n += 1 if ch.isascii() else 2\n"
        "    return n\n"
    ),
    # a whole number beside a fraction per line, per message, per word: no loop over characters
    Valid(
        "def estimate_tokens(lines):\n    total = 0.0\n    for line in lines:\n"
        "        total += 1.0 if line.startswith('#') else 0.25\n    return int(total)\n"
    ),
    # characters weighed outside a token estimate: seconds, a cost, a display width in columns
    Valid(
        "TOKENIZER = None\n\ndef typing_seconds(text):\n    secs = 0.0\n    for ch in text:\n"
        "        secs += 1.0 if ord(ch) > 127 else 0.25\n    return secs\n"
    ),
    Valid(
        "TOKENIZER = None\n\ndef display_width(text):\n    return sum(2 if ord(c) > 127 else 0.5 for c in text)\n"
    ),
)

SET87_INVALID = (
    # set 88: rein-agent's estimate, a token per non-ASCII character and a quarter per other
    Invalid(
        "def estimate_tokens(texts):\n    total = 0.0\n    for t in texts:\n        for c in t:\n"
        "            total += 1.0 if ord(c) > 127 else 0.25\n    return int(total) + 1\n",
        line=5,
        count=2,
    ),
    # the same with an int for the wide script, in a summed generator
    Invalid(
        "def count_tokens(text):\n    return int(sum(1 if '\\u4e00' <= c <= '\\u9fff' else 0.3 for c in text))\n",
        count=2,
    ),
)
