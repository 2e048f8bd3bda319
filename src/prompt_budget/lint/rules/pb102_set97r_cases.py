"""PB102's cases from what sets 97 and 98 left (issue 19, tuner R): a default taken off a bound of
budgets (``bounded_budgets``): ``min(self.max_prompt_tokens or self.context_window, self.context_window -
self.output_reserve) - self.safety_margin``, each term of the ``min()`` a budget, its fallback or what is
left of it (set 97: xdog-agent's compaction input limit). Spliced into ``pb102_set87_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_LIMIT = (
    "    @property\n    def input_limit(self) -> int:\n"
    "        return min(self.max_input_tokens or self.context_window,\n"
    "                   self.context_window - self.max_output_tokens) - self.headroom\n"
)

SET97R_VALID = (
    # a bound of lines, of characters and bytes, of seconds: no budget of tokens among its terms
    Valid(
        "def room(max_lines, used_lines, margin=1024):\n    return min(max_lines or 100, max_lines - used_lines) - margin\n"
    ),
    Valid(
        "def room(max_chars, max_bytes, margin=1024):\n    return min(max_chars, max_bytes - 10) - margin\n"
    ),
    Valid(
        "def left(timeout_seconds, elapsed, grace=30):\n    return min(timeout_seconds, 600 - elapsed) - grace\n"
    ),
    # a bound of a window and a count of something else: not every term a budget
    Valid(
        "def room(context_window, n_lines, margin=64):\n    return min(context_window, n_lines) - margin\n"
    ),
    Valid("def room(context_window, text, margin=64):\n    return min(context_window, len(text)) - margin\n"),
    # taken off a bound of messages, of memory, of a price
    Valid(
        "def room(max_messages, history, keep=50):\n    return min(max_messages, len(history) - 1) - keep\n"
    ),
    Valid(
        "def room(memory_limit, used_memory, reserve=2048):\n    return min(memory_limit, memory_limit - used_memory) - reserve\n"
    ),
    Valid("def room(max_cost, spent, floor=100):\n    return min(max_cost, max_cost - spent) - floor\n"),
)

SET97R_INVALID = (
    Invalid(
        "from dataclasses import dataclass\n\n\n@dataclass(frozen=True)\nclass Limits:\n"
        "    context_window: int\n    max_output_tokens: int\n    max_input_tokens: int = 0\n"
        "    headroom: int = 2048\n\n" + _LIMIT,
        line=9,
    ),
    Invalid(
        "def usable(context_window, reply_tokens, margin=512):\n"
        "    return min(context_window, context_window - reply_tokens) - margin\n",
        line=1,
    ),
    Invalid(
        "def usable(n_ctx, n_batch, keep=256):\n    return min(n_ctx, n_batch or n_ctx) - keep\n", line=1
    ),
)
