"""PB103's cases of numbers beside a count of tokens that are no threshold of it: a floor under the rules'
least value, a floor of a room bound to no budget (set 37), a multiple of a budget (characters as likely), a
floor whose comment spells another unit, a whole factor splitting a window, a billing tier picked per count
(set 25), a clamp that cuts characters. Spliced into ``TokenThreshold.VALID``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Valid

FLOOR_VALID = (
    # a floor under 16, a floor of a room bound to no budget, a floor of no room (set 37)
    Valid("def fit(window_tokens, prompt_tokens):\n    max_tokens = max(window_tokens - prompt_tokens, 8)\n"),
    Valid(
        "def fit(window_tokens, used_tokens):\n    left = max(window_tokens - used_tokens, 16)\n    return left\n"
    ),
    Valid("def fit(max_tokens):\n    max_tokens = max(max_tokens, 16)\n    return max_tokens\n"),
    # a multiple of a budget is no share of it: characters as likely (``max_tokens * 4``)
    Valid("def room(max_tokens):\n    return max(max_tokens * 4, 4096)\n"),
    # a floor under the rule's minimum whose comment spells another unit
    Valid(
        "def gen(llm, max_tokens):\n    n = max(max_tokens, 20)  # at least 20 lines\n    return llm(max_tokens=n)\n"
    ),
    # a whole factor splits the window in parts; a factor on a count of no tokens
    Valid("if prompt_tokens * 2 > context_window:\n    shrink()\n"),
    Valid("if n_items * 1.5 > context_window:\n    shrink()\n"),
    # set 25: a billing tier picked per count (the sides are prices); a clamp that cuts characters
    Valid("price = [0.08 if n_tokens > 300 else 0 for n_tokens in counts]"),
    Valid("def rows(text, length):\n    ctx = min(2048, length)\n    return text[:ctx]\n"),
)
