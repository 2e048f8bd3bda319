"""PB104's cases from sets 117 and 118 (issue 19): a rate picked by a condition where it divides (corecoder's
``math.ceil(cjk / 1.5) + int(rest / (2.8 if dense else 3.4))``): judged by the larger, reported at each branch
(``pb104_branch_rates``); and (set 119: vel-ai) a running total of lengths divided by a rate (``total = 0`` ...
``total += len(content)`` ... ``return total // 4``, ``pb104_terms.local_unit``); and (set 122: meredith-agent) a
choice of two rates bound to a local the division reads (``divisor = 4 if code else 5`` ... ``chars // divisor``,
``pb104_branch_rates.picked_rate``, its reads walked by ``prune``); with them, sets 123 and 124's
(``pb104_set123_cases``). Spliced into ``pb104_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import READ_BY_PRECHECK
from prompt_budget.lint.rules.pb104_set123_cases import SET123_INVALID, SET123_VALID

_ESTIMATE = "def approx_tokens(text, dense):\n    rest = len(text)\n    return int(rest / ({divisor}))\n"

_RUNNING = (
    "def estimate_tokens(messages):\n    total = {start}\n    for msg in messages:\n"
    "        total += {added}\n    return total // 4\n"
)

_PICKED = (
    "def token_estimate(content):\n    chars = len(content)\n    divisor = {choice}\n"
    "    return max(1, chars // divisor)\n"
)

SET117_VALID = (
    # a choice that is no pair of rates, or a local bound twice
    Valid(READ_BY_PRECHECK + _PICKED.format(choice="1 if content.isascii() else 2")),
    Valid(
        READ_BY_PRECHECK + _PICKED.format(choice="4 if content.isascii() else 5\n    divisor = len(content)")
    ),
    # a running total of items, or one that starts at an amount of another unit
    Valid(_RUNNING.format(start="0", added="len(msg.messages)")),
    Valid(_RUNNING.format(start="count_tokens(messages)", added="len(msg)")),
    # a running total of lists' lengths ordered against twice a count of tokens (llama.cpp's server tests)
    Valid(
        READ_BY_PRECHECK
        + "def check(completions, n_predict):\n    total_probs = 0\n    for tok in completions:\n"
        "        total_probs += len(tok['top_probs'])\n    assert total_probs >= 2 * n_predict\n"
    ),
    # a branch that is no rate of characters per token (a divisor of 1 keeps the length, 1.2 is none)
    Valid(READ_BY_PRECHECK + _ESTIMATE.format(divisor="1 if dense else 3.4")),
    Valid(READ_BY_PRECHECK + _ESTIMATE.format(divisor="1.2 if dense else 4")),
    # a length halved or thirded to lay out columns, in no token estimate
    Valid(READ_BY_PRECHECK + "def columns(text, wide):\n    return len(text) // (2 if wide else 3)\n"),
    *SET123_VALID,
)

SET117_INVALID = (
    # set 122: meredith-agent, characters per token of code and of prose picked into a local
    Invalid(_PICKED.format(choice='4 if any(c in content for c in "{}();") else 5'), count=2, line=3),
    # set 119: vel-ai, a running total of the messages' lengths
    Invalid(_RUNNING.format(start="0", added="len(msg['content'])"), line=5),
    # set 118: corecoder, characters per token of code dense with symbols and of prose
    Invalid(_ESTIMATE.format(divisor="2.8 if dense else 3.4"), count=2, line=3),
    Invalid("def estimate_tokens(text, code):\n    return len(text) // (3 if code else 4)\n", count=2),
    *SET123_INVALID,
)
