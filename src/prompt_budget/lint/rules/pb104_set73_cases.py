"""PB104's cases from what sets 73 and 74 left (issue 19): a rate added once per character a loop tests
as one (``pb104_char_loops``); a rate the docstring of the function or class around states
(``stated_rates``); a tokenizer's stand-in whose ``encode`` returns as many ids as its estimate
(``pb104_encoders``). Spliced into ``pb104_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET73_VALID = (
    # a fraction added per message, per word, per line, per item: no loop over characters
    Valid(
        "def est_tokens(messages):\n    total = 0\n    for m in messages:\n"
        "        total += 1.5 if m.get('tool_calls') else 0.3\n    return int(total)\n"
    ),
    Valid(
        "def est_tokens(text):\n    total = 0\n    for word in text.split():\n        total += 1.3\n"
        "    return int(total)\n"
    ),
    # characters weighed in no token estimate: a display width, a cost, seconds to type, bytes
    Valid(
        "TOKENIZER = None\n\ndef display_width(text):\n    width = 0\n    for ch in text:\n"
        "        width += 1.5 if ord(ch) > 127 else 0.5\n    return width\n"
    ),
    Valid(
        "TOKENIZER = None\n\ndef typing_seconds(text):\n    secs = 0.0\n    for ch in text:\n"
        "        secs += 0.25 if ch.isspace() else 0.15\n    return secs\n"
    ),
    Valid(
        "TOKENIZER = None\n\ndef cost(text):\n    return sum(0.3 if ord(c) > 127 else 0.2 for c in text)\n"
    ),
    # a loop over characters adding whole units (a character each, a byte width): no rate
    Valid(
        "def count_tokens(text):\n    n = 0\n    for ch in text:\n        n += 2 if ord(ch) > 127 else 1\n"
        "    return n\n"
    ),
    # a docstring stating another rate, or another unit: bytes per pixel, lines per page
    Valid(
        'class Fallback:\n    """Assumes about 4 characters per token."""\n\n'
        "    def size(self, text):\n        return max(1, len(text) // 3)\n"
    ),
    Valid(
        'class ImageTokens:\n    """Packs 4 bytes per pixel."""\n\n'
        "    def pixels(self, data):\n        return max(1, len(data) // 4)\n"
    ),
    # an encode returning something other than a list of that many ids, or sized by frames or items
    Valid(
        "class TokenCodec:\n    def encode(self, text):\n        n = len(text) // 4\n        return text[:n]\n"
    ),
    Valid("class TokenCodec:\n    def encode(self, frames):\n        return list(range(len(frames) // 4))\n"),
    Valid("class TokenChunker:\n    def split(self, text):\n        return [0] * (len(text) // 4)\n"),
)

SET73_INVALID = (
    # set 73: wow-agent's estimate, a fraction of a token per ASCII character, one per other
    Invalid(
        "def est_tokens(messages):\n    total = 0\n    for m in messages:\n        total += 4\n"
        "        for ch in m['content']:\n            total += 1.0 if ord(ch) > 127 else 0.3\n"
        "    return int(total)\n",
        line=6,
        key="tokens_per_char",
        count=2,  # the whole 1.0 beside the fraction is a rate too (set 88: rein-agent)
    ),
    # the same by a statement, by a wide script's test, and summed in a generator
    Invalid(
        "def count_tokens(text):\n    n = 0.0\n    for c in text:\n        if _is_cjk_char(c):\n"
        "            n += 1.5\n        else:\n            n += 0.25\n    return int(n)\n",
        count=2,
    ),
    Invalid(
        "def estimate_tokens(text):\n"
        "    return int(sum(0.6 if '\\u4e00' <= c <= '\\u9fff' else 0.3 for c in text))\n",
        count=2,
    ),
    # set 73: agiwo's fallback encoding, documented as 4 characters per token, floored at one id
    Invalid(
        'class _FallbackEncoding:\n    """Uses ~4 characters per token as a rough estimate."""\n\n'
        "    def size(self, text):\n        return max(1, len(text) // 4)\n",
        line=5,
        key="chars_per_token",
    ),
    # a stand-in tokenizer whose encode returns as many ids as its estimate, however the list is made
    Invalid(
        "class ApproxTokenizer:\n    def encode(self, text):\n        count = max(1, len(text) // 4)\n"
        "        return list(range(count))\n",
        line=3,
    ),
    Invalid(
        "class Approx:\n    def _tokenize(self, text: str):\n        return [0] * ((len(text) + 3) // 4)\n"
    ),
)
