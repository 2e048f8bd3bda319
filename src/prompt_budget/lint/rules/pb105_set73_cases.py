"""PB105's cases from sets 73 and 74 (``Valid``/``Invalid``), kept apart from ``pb105_cases`` to keep it short."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.pb105_set75_cases import SET75_INVALID, SET75_VALID

SET73_VALID = (
    # a local derived from a budget by a sum, a product by a whole number or a division: another unit
    Valid("def plan(max_tokens, extra):\n    total = max_tokens + extra\n    return int(total * 0.5)\n"),
    Valid("def plan(context_window):\n    room = context_window * 4\n    return int(room * 0.5)\n"),
    Valid("def plan(context_window, n):\n    each = context_window / n\n    return int(each * 0.5)\n"),
    # a local bound once to a budget's remainder and once to something else is no one amount
    Valid(
        "def plan(context_window, reserve, other):\n    usable = context_window - reserve\n"
        "    if other:\n        usable = len(other)\n    return int(usable * 0.9)\n"
    ),
    # a local whose name says another unit: lines, messages, characters, bytes, seconds, memory, cost, price
    Valid(
        "def plan(max_tokens, used):\n    usable_lines = max_tokens - used\n    return int(usable_lines * 0.9)\n"
    ),
    Valid(
        "def plan(context_window, n):\n    msg_count = context_window - n\n    return int(msg_count * 0.5)\n"
    ),
    Valid(
        "def plan(context_window, n):\n    usable_chars = context_window - n\n    return int(usable_chars * 0.5)\n"
    ),
    Valid(
        "def plan(max_tokens, used):\n    usable_bytes = max_tokens - used\n    return int(usable_bytes * 0.9)\n"
    ),
    Valid("def plan(max_tokens, n):\n    wait_seconds = max_tokens - n\n    return wait_seconds * 0.5\n"),
    Valid("def plan(max_tokens, n):\n    memory = max_tokens - n\n    return memory * 0.5\n"),
    Valid("def plan(max_tokens, n):\n    cost = max_tokens - n\n    return cost * 0.5\n"),
    Valid("def plan(max_tokens, n):\n    price = max_tokens - n\n    return price * 0.5\n"),
    # a local named as words (a budget converted by a rate of words per token): a share of it is of words
    Valid(
        "def sizes(token_limit, avg_words, rate):\n    word_limit = min(token_limit - 10, int(avg_words))\n"
        "    return max(20, int(0.15 * word_limit))\n"
    ),
    # a local taken from something that is no budget
    Valid("def plan(width, margin):\n    usable = width - margin\n    return int(usable * 0.9)\n"),
    # two thirds of an amount returned by a function that is no budget, or of a count of other things
    Valid("def _target_rows(request):\n    return max(1, request.low_watermark * 2 // 3)\n"),
    Valid("def _target_tokens(request):\n    return max(1, request.max_messages * 2 // 3)\n"),
    Valid("def _target_tokens(request):\n    return max(1, request.max_lines * 2 // 3)\n"),
    Valid("def _target_tokens(text):\n    return len(text) * 3 // 4\n"),
    # a third of an amount whose name says nothing, returned by a budget: no share written as parts
    Valid("def _target_tokens(request):\n    return max(1, request.low_watermark // 3)\n"),
    *SET75_VALID,
)

SET73_INVALID = (
    # set 74: shares of what an output's reserve leaves of a usable share of the window (firstcoder's
    # context watermarks); each share of a local derived from the window is one
    Invalid(
        "def build(context_window, max_output_tokens):\n"
        "    resolved = DEFAULT_CONTEXT_WINDOW if context_window is None else context_window\n"
        "    usable = int(resolved * 0.95)\n    input_capacity = usable - max_output_tokens\n"
        "    high_watermark = int(input_capacity * 0.90)\n    low_watermark = int(input_capacity * 0.72)\n"
        "    return high_watermark, low_watermark\n",
        count=3,
    ),
    # a share of a local chosen between a window and its fallback (firstcoder's model validation)
    Invalid(
        "def validate(context_window, max_tokens):\n    resolved = context_window or DEFAULT_CONTEXT_WINDOW\n"
        "    if max_tokens >= int(resolved * 0.95):\n        raise ValueError(max_tokens)\n"
    ),
    # a share of what is left of a budget once a count of tokens is taken off, clamped
    Invalid(
        "def plan(max_tokens, used):\n    left = max(0, max_tokens - used)\n    keep = int(left * 0.5)\n"
        "    return keep\n"
    ),
    # set 74: two thirds of a watermark, returned as the compaction's target (firstcoder)
    Invalid("def _target_tokens(request):\n    return max(1, request.budget.low_watermark * 2 // 3)\n"),
    Invalid("def get_max_tokens(self):\n    return self.capacity * 3 // 4\n"),
    *SET75_INVALID,
)
