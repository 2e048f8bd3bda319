"""PB104's cases from what sets 75 and 76 left (issue 19): a wide script's characters divided by a rate
of 1 to 2.5 characters per token as one term of a sum whose other terms are rates of characters or words
(``pb104_terms.rate_among_rates``, now also for quotients and terms rounded one by one). Spliced into
``pb104_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET75_VALID = (
    # halves in no token estimate: a display width, seconds, a cost, lines, bytes
    Valid(
        "import re\n\ndef display_width(text):\n    wide = len(re.findall(r'[\\u4e00-\\u9fff]', text))\n"
        "    other = len(text) - wide\n    return int(wide / 1.5 + other / 4)\n"
    ),
    Valid(
        "def read_seconds(text):\n    wide = len(text.strip())\n    other = len(text)\n"
        "    return int(wide / 2 + other / 5)\n"
    ),
    Valid("def cost_tokens(lines, chars):\n    return int(len(lines) / 1.5 + chars / 4)\n"),
    # a quotient alone, of no wide script's characters, in a token estimate
    Valid("def estimate_tokens(text):\n    parts = len(text)\n    return int(parts / 1.5)\n"),
    # a sum whose other term is no rate of characters or words
    Valid(
        "def estimate_tokens(text, overhead):\n    half = len(text)\n    return int(half / 2 + overhead)\n"
    ),
)

SET75_INVALID = (
    # set 76: omnion's estimate, CJK at 1.5 characters per token beside other text at 4
    Invalid(
        "import re\n\ndef token_estimate(text):\n    chinese = len(re.findall(r'[\\u4e00-\\u9fff]', text))\n"
        "    other = len(text) - chinese\n    return int(chinese / 1.5 + other / 4) + 4\n",
        line=6,
        count=2,
    ),
    # named for no script, each term rounded on its own
    Invalid(
        "def estimate_tokens(text, ascii_text):\n    rest = len(text) - len(ascii_text)\n"
        "    plain = len(ascii_text)\n    return int(rest / 1.2) + int(plain / 4)\n",
        line=4,
        count=2,
    ),
)
