"""PB105's cases from sets 71 and 72 (``Valid``/``Invalid``), kept apart from ``pb105_cases`` to keep it short."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.pb105_set73_cases import SET73_INVALID, SET73_VALID

SET71_VALID = (
    *SET73_VALID,
    # an overlap of a chunk size in characters
    Valid(
        "def chunk(text, chunk_size=2000, overlap=None):\n    if overlap is None:\n        overlap = chunk_size // 4\n"
        "    if len(text) <= chunk_size:\n        return [text]\n    return split(text, chunk_size, overlap)\n"
    ),
    # a share of a token count that is a price, kept for no cut, or ordered against characters
    Valid(
        "def cost(prompt):\n    tokens = count_tokens(prompt)\n    usd = tokens * 0.002\n"
        "    if usd > limit:\n        warn()\n"
    ),
    Valid(
        "def report(prompt):\n    tokens = count_tokens(prompt)\n    half = int(tokens * 0.5)\n    log(half)\n"
    ),
    Valid(
        "def cut(prompt):\n    tokens = count_tokens(prompt)\n    target = int(tokens * 0.7)\n"
        "    for line in prompt.split():\n        if len(line) > target:\n            break\n"
    ),
    # a share of a length in characters that no token budget sized
    Valid("def cut(text, max_chars):\n    head = int(max_chars * 0.15)\n    return text[:head]\n"),
    Valid(
        "def cut(text, width):\n    max_chars = width * 4\n    head = int(max_chars * 0.15)\n    return text[:head]\n"
    ),
    # the name says nothing of characters: a budget grown four times is not split so here
    Valid("def grow(max_tokens):\n    room = max_tokens * 4\n    return int(room * 0.5)\n"),
    # a local bound twice is no one amount
    Valid(
        "def cut(text, max_tokens, wide):\n    max_chars = max_tokens * 4\n    if wide:\n"
        "        max_chars = 10_000\n    return text[: int(max_chars * 0.15)]\n"
    ),
)

SET71_INVALID = (
    *SET73_INVALID,
    # a share of a budget read from a getter is reported once, as a share of that budget
    Invalid(
        "def trim(msgs, model):\n    max_tokens = get_token_limit(model)\n    target = int(max_tokens * 0.4)\n"
        "    used = 0\n    for m in msgs:\n        t = count_tokens(m)\n        if used + t > target:\n            break\n",
        line=3,
    ),
    # set 72: a quarter of a chunk's token size as the overlap (memwright)
    Invalid(
        "def chunk_text_overlap(text, chunk_size=DEFAULT_CHUNK_SIZE, overlap=None):\n    if overlap is None:\n"
        "        overlap = chunk_size // 4\n    est = estimate_tokens(text)\n    if est <= chunk_size:\n"
        "        return [text]\n    return split(text, chunk_size, overlap)\n",
        line=3,
    ),
    # set 71: after a context-length error the prompt is cut to a share of its own token count (deeprepo)
    Invalid(
        "def retry(prompt):\n    tokens = _count_tokens(prompt)\n    target = int(tokens * 0.70)\n"
        "    kept, used = [], 0\n    for line in prompt.split('\\n'):\n        lt = _count_tokens(line)\n"
        "        if used + lt > target:\n            break\n        used += lt\n",
        line=3,
    ),
    # set 72: shares of a token budget expressed in characters (nmem's context sections)
    Invalid(
        "def build(self, max_tokens):\n    max_chars = max_tokens * 4\n"
        "    budget_warnings = int(max_chars * 0.15)\n    return budget_warnings\n",
        line=3,
    ),
    Invalid(
        "def build(self, max_tokens, high):\n    max_chars = max_tokens * 4\n"
        "    budget_known = int(max_chars * (0.40 if high else 0.30))\n    return budget_known\n",
        count=2,
    ),
    # a local table of shares read by key splits it: its first share, and the fallback of ``.get``
    Invalid(
        "def split(results, budget_tokens):\n    total_chars = budget_tokens * 4\n"
        '    weights = {"policy": 0.10, "shared": 0.15, "ltm": 0.30}\n    weight_sum = sum(weights.values())\n'
        "    for name, text in results.items():\n"
        "        cap = int(total_chars * weights.get(name, 0.10) / weight_sum)\n"
        "        other = int(total_chars * weights.get(name, 0.2))\n",
        count=3,
    ),
)
