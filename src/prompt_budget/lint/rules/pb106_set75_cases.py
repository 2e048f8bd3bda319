"""PB106's cases from sets 75 and 76 (``Valid``/``Invalid``), kept apart from the rule module."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNITS

SET75_VALID = (
    # headroom added to a budget through a clamp, bound to no token amount (a position), or a number
    # added to no budget, clamped into a budget
    Valid("def plan(p):\n    p.offset = max(p.offset, p.thinking_budget + 1024)\n"),
    Valid("def plan(p):\n    p.max_tokens = max(p.max_tokens, p.retries + 1024)\n"),
    *(
        Valid(f"def plan(p):\n    p.max_{unit} = max(p.max_{unit}, p.thinking_budget + 1024)\n")
        for unit in OTHER_UNITS
    ),
    # a number less a call of a callable got from no tokenizer, or of one not named as a count (a
    # tokenizer called gives ids), or counting another unit
    *(
        Valid(f"def start(text):\n    count, _ = {factory}()\n    return build(2048 - count(text))\n")
        for factory in ("line_counter", "char_counter", "byte_counter", "make_timer", "price_table")
    ),
    Valid("def start(text):\n    enc = tokenizer()\n    return build(2048 - enc(text))\n"),
)

SET75_INVALID = (
    # set 75: room for the answer added to the thinking budget, the sum clamped into the output cap
    # (mico-agent's model recommender)
    Invalid("def plan(p):\n    p.max_tokens = max(p.max_tokens, p.thinking_budget + 1024)\n"),
    Invalid(
        "def plan(thinking_budget, max_tokens):\n"
        "    max_tokens = min(8192, max(max_tokens, thinking_budget + 512))\n    return max_tokens\n"
    ),
    # set 76: a budget less the count a tokenizer's factory's counting callable gives (easy-agent-mem's
    # session-start context)
    Invalid(
        "def start(store):\n    count, _ = tokenizer()\n    prefix = 'Saved evidence:\\n'\n"
        "    return build(store, 2048 - count(prefix))\n",
        line=4,
    ),
)
