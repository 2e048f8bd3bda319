"""PB106's cases from what sets 97 and 98 left (issue 19, tuner R): a literal taken off a bound of
budgets whose terms are a budget's fallback or what is left of one (``bounded_budgets``:
``min(self.max_prompt_tokens or self.context_window, self.context_window - self.output_reserve) - 1024``,
set 97: xdog-agent). Spliced into ``pb106_total_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET97_VALID = (
    # a bound of lines, characters, seconds, messages
    Valid(
        "def room(max_lines, used_lines):\n    return min(max_lines or 100, max_lines - used_lines) - 10\n"
    ),
    Valid(
        "def room(max_chars, used_chars):\n    return min(max_chars or 4000, max_chars - used_chars) - 200\n"
    ),
    Valid("def left(timeout_seconds, elapsed):\n    return min(timeout_seconds or 60, 600 - elapsed) - 30\n"),
    Valid(
        "def room(max_messages, history):\n    return min(max_messages or 50, max_messages - len(history)) - 20\n"
    ),
    # a fallback of a budget or of something else: not a budget's
    Valid("def room(max_cost, price):\n    return min(max_cost or price, 500) - 100\n"),
)

SET97_INVALID = (
    Invalid(
        "class Limits:\n    def __init__(self, context_window, output_reserve, max_prompt_tokens=0):\n"
        "        self.context_window = context_window\n        self.output_reserve = output_reserve\n"
        "        self.max_prompt_tokens = max_prompt_tokens\n\n    def input_limit(self):\n"
        "        return min(self.max_prompt_tokens or self.context_window,\n"
        "                   self.context_window - self.output_reserve) - 1024\n",
        line=9,
    ),
    Invalid(
        "def room(max_input_tokens, max_tokens, used):\n    return min(max_input_tokens, max_tokens - used) - 500\n"
    ),
)
