"""PB103's cases from sets 155 and 156 (issue 19): a floor clamped into a local that is stored as the budget a
step later (set 156: natshell's ``floor = max(1024, int(self._initial_budget * 0.4))`` ... ``new_budget =
max(new_budget, floor)`` ... ``self.context_budget = new_budget``: ``pb103_uses.stored_as_budget``). A local
stored as a setting that is no budget, or kept local, says nothing. A clamp bound to a name of another unit
bounds that unit (set 156: natshell's ``read_timeout = max(300.0, max_tokens / 10.0 + 60.0)``, seconds). A floor
of characters over a rate in a function named for tokens bounds an estimate of tokens (set 155: phantom-agent's
``base += max(len(url) // 4, 256)`` in ``_get_message_tokens``: ``char_estimates``). A number of tokens an item
times a count of items clamping a budget (set 155: phantom-agent's ``self._max_total_tokens = min(CEILING,
max(MIN_RECENT_MESSAGES * 200, int(ctx_window * fill_ratio)))``: ``item_floors``); bound to no budget, or a
count of bytes, it is not. Spliced into ``pb103_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_CALIBRATE = (
    "class Manager:\n    def calibrate(self, ratio):\n        new = int(self.{kept} / ratio)\n"
    "        floor = max(1024, int(self.initial * 0.4))\n        new = max(new, floor)\n"
    "        if new != self.{kept}:\n            self.{stored} = new\n"
)

_TIMEOUT = "def send(max_tokens):\n    {name} = max(300.0, max_tokens / 10.0 + 60.0)\n    return {name}\n"

_IMAGE = (
    "def {fn}(msg):\n    base = 0\n    url = str(msg.get('image_url', ''))\n"
    "    base += max(len(url) // 4, 256)\n    return base\n"
)

_ITEMS = (
    "MIN_RECENT_MESSAGES = 15\n\nclass Compressor:\n    def __init__(self, ctx_window, fill_ratio):\n"
    "        self.{target} = max({count} * 200, int(ctx_window * fill_ratio))\n"
)

SET155_VALID = (
    Valid(_ITEMS.format(target="_history_size", count="MIN_RECENT_MESSAGES")),
    Valid(_ITEMS.format(target="_max_total_tokens", count="MIN_BYTES")),
    Valid(_IMAGE.format(fn="_get_message_size")),
    Valid(_TIMEOUT.format(name="read_timeout")),
    Valid(_CALIBRATE.format(kept="page_size", stored="page_size")),
    Valid(_CALIBRATE.format(kept="context_budget", stored="history")),
)

SET155_INVALID = (
    Invalid(_ITEMS.format(target="_max_total_tokens", count="MIN_RECENT_MESSAGES"), line=5),
    Invalid(_IMAGE.format(fn="_get_message_tokens"), line=4),
    Invalid(_CALIBRATE.format(kept="context_budget", stored="context_budget"), line=4),
    Invalid(_TIMEOUT.format(name="answer_tokens"), line=2),
)
