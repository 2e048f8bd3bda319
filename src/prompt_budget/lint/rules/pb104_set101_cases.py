"""PB104's cases from what sets 101 and 102 left (issue 19, tuner Q): a count of words scaled by a rate near 1
in a function named for no unit (``def _count(text): return int(len(text.split()) * 1.33)``) whose callers
add its result into a running count of tokens (``used_tokens += cost``) is a token estimate
(``estimator_callers``). A quotient taken from or added to tokens (also through a method returning only
token amounts), given to a parameter a function so adds, or ordered against a share of a parameter that
reaches a token use, is tokens; its dividend, named for no unit (``freed // 4``), is characters in a module
whose own token estimate divides by the same rate (``token_quotients``). Spliced into ``pb104_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

#: A module's own estimate by 4 characters per token (line 2), and a quotient by 4 of ``{amount}`` taken
#: from a count of tokens (line 6).
_OWN_RATE = (
    "def estimate_tokens(texts):\n    return sum(len(t) for t in texts) // 4\n\n\n"
    "def shrink(history, used_tokens, {amount}):\n    return used_tokens - {amount} // 4\n"
)

SET101_VALID: tuple[Valid, ...] = (
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

SET101_VALID += (
    # an amount named for no unit taken from tokens, in a module with no estimate of its own
    Valid(
        "def shrink(history, used_tokens, goal):\n    _, dropped = squeeze(history)\n"
        "    return used_tokens - dropped // 4 <= goal\n"
    ),
    # a text's length given to a parameter added to characters, not tokens
    Valid(
        "class Box:\n    def used_chars(self):\n        return self.chars_so_far + len(self.pending)\n\n"
        "    def _guard(self, extra=0):\n        if self.used_chars() + extra > self.limit:\n"
        "            self.trim()\n\n    def run(self, prompt):\n        self._guard(extra=len(prompt) // 4)\n"
    ),
    # a module's share of a budget is no estimate of its own
    Valid(
        "def quarter_tokens(budget_tokens):\n    return budget_tokens // 4\n\n\n"
        "def shrink(used_tokens, dropped):\n    return used_tokens - dropped // 4\n"
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
    # characters freed, named for no unit, taken from tokens where the module estimates by 4 (set 101:
    # wren-agent's ``current_tokens - freed // 4``)
    Invalid(
        "def estimate_tokens(texts):\n    return sum(len(t) for t in texts) // 4\n\n\n"
        "def shrink(history, used_tokens, goal):\n    _, dropped = squeeze(history)\n"
        "    return used_tokens - dropped // 4 <= goal\n",
        count=2,
    ),
    # ... and ordered against a share of the threshold a parameter is (``best[1] // 4 < mask_at * GAIN``)
    Invalid(
        "def estimate_tokens(text):\n    return len(text) // 4\n\n\n"
        "def worth_it(history, used_tokens, trim_after, gain):\n    best = (0, 0)\n"
        "    for keep in range(4):\n        best = (keep, squeeze(history, keep))\n"
        "        if used_tokens - best[1] // 4 <= trim_after * 0.5:\n            break\n"
        "    return best[1] // 4 >= trim_after * gain\n",
        count=3,
    ),
    # a text's length given as ``extra`` to a method adding it to a method's count of tokens (set 101:
    # wren-agent's ``self._manage_context(extra=len(prompt) // 4)``)
    Invalid(
        "class Loop:\n    def context_size(self):\n        return self.billed_tokens + count_tokens(self.pending)\n\n"
        "    def _guard(self, extra=0):\n        if self.context_size() + extra > self.limit:\n"
        "            self.trim()\n\n    def run(self, prompt):\n        self._guard(extra=len(prompt) // 4)\n",
        line=10,
        key="chars_per_token",
    ),
    # the same with a unit's name: only the module's own estimate is reported
    *(
        Invalid(_OWN_RATE.format(amount=unit), line=2)
        for unit in ("lines", "messages", "seconds", "memory", "cost", "price", "budget_tokens")
    ),
)
