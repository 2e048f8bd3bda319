"""PB105's cases from set 64 (``Valid``/``Invalid``), kept apart from ``pb105_cases`` to keep it short."""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET64_VALID = (
    # a table of divisors of a count of items
    Valid(
        "def pages(self, level, rows):\n    divs = {'high': 2, 'low': 4}\n    return len(rows) // divs[level]\n"
    ),
    # set 64: a weight of an exponential moving average, whatever its name says (gwenflow's calibration)
    Valid(
        "TOKEN_SCALE_DECAY = 0.8\n\ndef update(self, ratio):\n"
        "    self.token_scale = TOKEN_SCALE_DECAY * self.token_scale + (1 - TOKEN_SCALE_DECAY) * ratio\n"
    ),
)

SET64_INVALID = (
    Invalid(  # set 64: a table of divisors of the output cap giving a thinking budget (litemind)
        "def think(self, level):\n    divs = {'high': 2, 'low': 4}\n"
        "    budget_tokens = max(1024, self.max_output_tokens // divs[level])\n    return budget_tokens\n",
        line=2,
    ),
    # set 64: a class with a character size and a field named as tokens (None by default) counts tokens
    Invalid(
        "class Summarize:\n    keep_tokens: int | None = None\n    tool_result_max_chars: int = 500\n"
        "    max_summary_ratio: float = 0.15\n\n    def cut(self, text):\n"
        "        return text[: self.tool_result_max_chars]\n",
        line=4,
    ),
)
