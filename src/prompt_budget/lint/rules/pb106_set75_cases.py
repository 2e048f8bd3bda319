"""PB106's cases from sets 75 and 76 (``Valid``/``Invalid``), kept apart from the rule module."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET75_VALID = (
    # headroom added to a budget through a clamp, bound to no token amount (a position), or a number
    # added to no budget, clamped into a budget
    Valid("def plan(p):\n    p.offset = max(p.offset, p.thinking_budget + 1024)\n"),
    Valid("def plan(p):\n    p.max_tokens = max(p.max_tokens, p.retries + 1024)\n"),
    *(
        Valid(f"def plan(p):\n    p.max_{unit} = max(p.max_{unit}, p.thinking_budget + 1024)\n")
        for unit in ("lines", "messages", "chars", "bytes", "seconds", "memory", "cost", "price")
    ),
)

SET75_INVALID = (
    # set 75: room for the answer added to the thinking budget, the sum clamped into the output cap
    # (mico-agent's model recommender)
    Invalid("def plan(p):\n    p.max_tokens = max(p.max_tokens, p.thinking_budget + 1024)\n"),
    Invalid(
        "def plan(thinking_budget, max_tokens):\n"
        "    max_tokens = min(8192, max(max_tokens, thinking_budget + 512))\n    return max_tokens\n"
    ),
)
