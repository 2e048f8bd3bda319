"""PB104's cases from what sets 101 and 102 left (issue 19, tuner Q): a count of words scaled by a rate near 1
in a function named for no unit (``def _count(text): return int(len(text.split()) * 1.33)``) whose callers
add its result into a running count of tokens (``used_tokens += cost``) is a token estimate
(``estimator_callers``). Spliced into ``pb104_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET101_VALID = (
    # the callers sum the result into words, lines, seconds, cost or price, not tokens
    Valid(
        "def render(items, cap):\n    def _count(text):\n        return int(len(text.split()) * 1.33)\n"
        "    words_used = 0\n    for item in items:\n        words_used += _count(item)\n    return words_used\n"
    ),
    Valid(
        "def pace(items):\n    def _measure(text):\n        return int(len(text.split()) * 1.5)\n"
        "    seconds = cost = price = 0\n    for item in items:\n        seconds += _measure(item)\n"
        "        cost += _measure(item)\n        price += _measure(item)\n    return seconds, cost, price\n"
    ),
    # the result is bound as words whatever its callers do
    Valid(
        "def pad(text):\n    word_count = int(len(text.split()) * 1.3)\n    return word_count\n\n"
        "def use(t, tokens_used):\n    tokens_used += pad(t)\n    return tokens_used\n"
    ),
)

SET101_INVALID = (
    # the estimate's callers sum it into tokens (set 101: helm-ai's ``format_lessons_block``)
    Invalid(
        "def block(lessons, cap):\n    used_tokens = 0\n    out = []\n\n    def _count(text):\n"
        "        return int(len(text.split()) * 1.33)\n\n    for lesson in lessons:\n        cost = _count(lesson)\n"
        "        if used_tokens + cost > cap:\n            break\n        out.append(lesson)\n"
        "        used_tokens += cost\n    return out\n",
        line=6,
        key="tokens_per_word",
    ),
)
