"""PB102's cases from what sets 83 and 84 left (issue 19): a constant whose comment gives it in tokens
and names characters only as the rate converting those tokens (``# tokens (approx chars / 4)``) is a
token budget; characters named as the number's own unit still keep it quiet (``comment_units``), unless the
comment derives them from a number of tokens at a rate whose product is the number (sets 169, 173).
Spliced into ``pb102_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET83_VALID = (
    # the number itself is in characters (or another unit), the tokens only an equivalence
    Valid("MAX_INPUT = 400000  # 100K tokens ~ 400K chars\n"),
    Valid("CHUNK_SIZE = 2000  # 2000 characters, ~4 chars per token\n"),
    Valid("WINDOW = 600  # lines, not tokens (chars / 4 is too rough)\n"),
    Valid("TIMEOUT = 600  # seconds, whatever the tokens (chars / 4)\n"),
    Valid("POOL = 4096  # memory in bytes for the tokens (chars / 4)\n"),
    Valid("PRICE = 3000  # cost in cents per million tokens (chars / 4)\n"),
    Valid("HISTORY = 500  # messages kept, tokens unknown (chars / 4 each)\n"),
)

SET83_INVALID = (
    # set 83: squidbot's embedding chunk size, given in tokens and converted to characters at 4 each
    Invalid(
        "SPLIT_SIZE = 800  # tokens (roughly chars / 4)\n\n"
        "def split(text, size=SPLIT_SIZE):\n    step = size * 4\n"
        "    return [text[i : i + step] for i in range(0, len(text), step)]\n",
        line=1,
    ),
    Invalid("PIECE_SIZE = 1200  # tokens, ~4 chars per token\n", line=1),
    # revised after sets 169 and 173: characters the comment derives from a number of tokens at a stated rate
    # (500 x 4 = 2000) are that budget written in characters, as three judges counted them (antcrew's
    # ``_MAX_SOURCE_CHARS``, lacuna-wiki's ``_MAX_EMBED_CHARS``); ``stated_rates.stated_conversion``
    Invalid("CHUNK_SIZE = 2000  # chars (about 500 tokens at 4 chars / token)\n", line=1),
    Invalid("SUMMARY_SIZE = 700  # in tokens (characters divided by 4)\n", line=1),
)
