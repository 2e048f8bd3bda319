"""Cases from sets 579 onward (issue 19), spliced into set 541's lists (``pb101_set541_cases``).

Set 579's (measured with the rules of dfc61fb6, then tuned on): PB104, a product whose rate is written before the
length, alone or before a division (mcp-server-datahub's ``return int(1.3 * len(text) / 4)`` in ``estimate_tokens``,
``pb104_line_rates.scaled_operand``). PB105, not a percent named for the context in a module that never speaks of
tokens nor names a window (tne-sdk's status panel: ``ctx_pct = int(self.context * 100)`` of a game's "context
fatigue", beside ``hp_pct`` and ``pwr_pct``, ``ratio_reads``).
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_RATE_FIRST = "def {name}(text):\n    return int(1.3 * len(text){rest})\n"
SET579_PB104_VALID = (
    Valid(_RATE_FIRST.format(name="padded_width", rest="")),
    Valid(_RATE_FIRST.format(name="padded_width", rest=" / 4")),
)
SET579_PB104_INVALID = (
    Invalid(_RATE_FIRST.format(name="estimate_tokens", rest=""), line=2),
    Invalid(_RATE_FIRST.format(name="estimate_tokens", rest=" / 4"), line=2),
)

_GAME_GAUGE = (
    "class StatusPanel:\n"
    "    def refresh(self, bar):\n"
    "        hp_pct = int(self.integrity / self.max_int * 100)\n"
    "        ctx_pct = int(self.context * 100){comment}\n"
    "        if ctx_pct >= 80:\n"
    '            bar.add_class("critical")\n'
    "        return hp_pct\n"
)
SET579_PB105_VALID = (Valid(_GAME_GAUGE.format(comment="")),)
SET579_PB105_INVALID = (Invalid(_GAME_GAUGE.format(comment="  # tokens used, in percent"), line=5),)
