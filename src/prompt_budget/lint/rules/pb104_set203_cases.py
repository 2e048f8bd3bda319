"""PB104's cases from set 203 (issue 19: omni-coder's fallback trim). A token budget times a rate handed, by
position or keyword, to a function of the module whose parameter is ordered against a running total of texts'
lengths (``_trim_history(messages, cfg.context_window_budget * 4)`` with ``total = sum(len(message_text(m)) for m
in messages)`` ... ``if total <= budget``, ``total -= len(...)``) is characters made from tokens
(``character_reads.passed_as_characters``). Handed to a parameter ordered against a count of tokens, of items,
or to a function the module does not define, it is not. Spliced into ``pb104_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_TRIM = (
    "def _trim_history(messages: list, budget: int) -> list:\n"
    "    total = {total}\n"
    "    if total <= budget:\n"
    "        return messages\n"
    "    tail = messages[2:]\n"
    "    while tail and total > budget:\n"
    "        removed = tail.pop(0)\n"
    "        total -= {less}\n"
    "    return messages[:2] + tail\n\n\n"
    "def compact(messages: list, cfg) -> list:\n"
    "    return {call}\n"
)
_CHARS = {"total": "sum(len(message_text(m)) for m in messages)", "less": "len(message_text(removed))"}
_OWN = "_trim_history(messages, cfg.context_window_budget * 4)"

TRIM_VALID = (
    # a running total of tokens, of messages; a function the module does not define
    Valid(
        _TRIM.format(total="sum(count_tokens(m) for m in messages)", less="count_tokens(removed)", call=_OWN)
    ),
    Valid(_TRIM.format(total="len(messages)", less="1", call=_OWN)),
    Valid(_TRIM.format(**_CHARS, call="trim_elsewhere(messages, cfg.context_window_budget * 4)")),
)
TRIM_INVALID = (
    # set 203: omni-coder's fallback, by position and by keyword
    Invalid(_TRIM.format(**_CHARS, call=_OWN), line=13),
    Invalid(_TRIM.format(**_CHARS, call="_trim_history(messages, budget=cfg.max_tokens * 4)"), line=13),
)
