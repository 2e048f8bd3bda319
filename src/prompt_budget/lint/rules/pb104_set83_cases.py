"""PB104's cases from what sets 83 and 84 left (issue 19): a size parameter turned into characters by a
rate, where the parameter's default is commented as tokens (``CHUNK_SIZE = 500  # tokens``) or a sibling
parameter so commented is scaled by the same rate (``token_defaults``); and the fallback of a read of a
table named for a per-token rate (``CHARS_PER_TOKEN.get(family, 4.0)``, ``pb104_table_fallbacks``).
Spliced into ``pb104_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_SPLIT = (
    "def split(text, size=SIZE, overlap=OVERLAP):\n    max_chars = size * 4\n    step = overlap * 4\n"
    "    if len(text) <= max_chars or len(text) <= step:\n        return [text]\n    return [text[i : i + max_chars] for i in"
    " range(0, len(text), max_chars - step)]\n"
)

SET83_VALID = (
    # the default's comment gives another unit, or only mentions tokens
    Valid("SIZE = 500  # lines\nOVERLAP = 100\n" + _SPLIT),
    Valid("SIZE = 500  # characters, not tokens\nOVERLAP = 100\n" + _SPLIT),
    Valid("SIZE = 500  # messages\nOVERLAP = 100  # messages\n" + _SPLIT),
    Valid("SIZE = 500  # bytes of memory\nOVERLAP = 100  # seconds\n" + _SPLIT),
    Valid("SIZE = 500\nOVERLAP = 100\n" + _SPLIT),
    # commented as tokens but the product is no number of characters
    Valid("SIZE = 500  # tokens\n\ndef batch(rows, size=SIZE):\n    n = size * 4\n    return rows[:1] * n\n"),
    # a sibling beside a parameter in tokens that no rate scales: nothing says the sibling's unit
    Valid(
        "SIZE = 500  # tokens\nOVERLAP = 100\n\ndef split(text, size=SIZE, overlap=OVERLAP):\n"
        "    if count_tokens(text) <= size:\n        return [text]\n    step = overlap * 4\n"
        "    return text[:step]\n"
    ),
    # a table of another unit with a fallback: cost, price, lines, messages
    Valid("def cost(model, n):\n    rate = COST_PER_CHARACTER.get(model, 0.002)\n    return n * rate\n"),
    Valid("def price(model, n):\n    return n * PRICE_PER_TOKEN.get(model, 3.0)\n"),
    Valid("def wrap(kind, text):\n    width = CHARS_PER_LINE.get(kind, 80)\n    return text[:width]\n"),
    Valid("def pad(model):\n    return TOKENS_PER_MESSAGE.get(model, 3)\n"),
)

SET83_INVALID = (
    # set 83: squidbot's chunker, sizes in tokens (per the constant's comment) turned into characters
    Invalid("SIZE = 500  # tokens (about chars / 4)\nOVERLAP = 100\n" + _SPLIT, line=4, count=2),
    Invalid(
        "SIZE = 500  # in tokens\n" + _SPLIT.replace(", overlap=OVERLAP", "").replace("overlap * 4", "1"),
        line=3,
    ),
    Invalid(
        "def clip(text, limit=2000):  # in tokens\n    max_chars = limit * 4\n    return text[:max_chars]\n",
        line=2,
    ),
    # set 83: agentos-framework's estimate, the fallback rate of a characters-per-token table
    Invalid(
        "class Counter:\n    CHARS_PER_TOKEN = {'a': 3.5, 'b': 4.2}\n\n"
        "    def count(self, text, family):\n        per = self.CHARS_PER_TOKEN.get(family, 4.0)\n"
        "        return int(len(text) / per)\n",
        line=2,
        count=2,  # the table, and its fallback
    ),
    Invalid(
        "TOKENS_PER_WORD = {'en': 1.3, 'de': 1.5}\n\n\ndef words(text, lang):\n"
        "    return len(text.split()) * TOKENS_PER_WORD.get(lang, 1.3)\n",
        line=1,
        count=2,
    ),
)
