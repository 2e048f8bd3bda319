"""PB104's cases from what sets 85 and 86 left (issue 19): a module's own estimator, named for no unit,
whose result its callers use as tokens (summed into a total given to a field ``tokens``, compared with a
count of tokens, bound as tokens: ``estimator_callers``), dividing a count of characters by a rate; and
a count of the characters passing a test (``sum(ord(c) > 127 for c in text)``) times 2 tokens each, beside
that rate in one sum. Spliced into ``pb104_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_ESTIMATE = (
    "import math\n\n\ndef estimate(text):\n    wide = sum(ord(c) > 127 for c in text)\n"
    "    return math.ceil((len(text) - wide) / 3) + wide * 2\n\n\n"
)
_COUNT = (
    "from dataclasses import dataclass\n\n\n@dataclass\nclass Count:\n    {field}: int\n    method: str\n\n\n"
)
_CALLER = (
    "def count(messages):\n    total = 3\n    for m in messages:\n        total += estimate(m)\n"
    "    return Count(total, 'estimate')\n"
)

SET85_VALID = (
    # the estimator's result is summed into a total of another unit: lines, messages, bytes, seconds,
    # memory, cost, price, characters
    *(Valid(_COUNT.format(field=unit) + _ESTIMATE + _CALLER) for unit in ("lines", "messages", "bytes")),
    *(Valid(_COUNT.format(field=unit) + _ESTIMATE + _CALLER) for unit in ("seconds", "memory", "cost")),
    *(Valid(_COUNT.format(field=unit) + _ESTIMATE + _CALLER) for unit in ("price", "chars")),
    # an estimator nobody in the module calls, or whose calls say nothing of tokens
    Valid(_ESTIMATE),
    Valid(_ESTIMATE + "def width(texts):\n    return max(estimate(t) for t in texts)\n"),
    Valid(
        _ESTIMATE
        + "def pages(text, lines_per_page):\n    if estimate(text) > lines_per_page:\n        return 2\n"
    ),
    # a total of an estimate's calls bound to no token use
    Valid(
        _ESTIMATE
        + "def rows(items):\n    total = 0\n    for i in items:\n        total += estimate(i)\n    return total\n"
    ),
    # a count of characters passing a test times 2, alone: no rate beside it
    Valid(
        _COUNT.format(field="tokens")
        + "def wide_width(text):\n    return sum(ord(c) > 127 for c in text) * 2\n\n\n"
        "def count(text):\n    return Count(wide_width(text), 'columns')\n"
    ),
    # the rate's division of something else than characters (messages, lines)
    Valid(
        _COUNT.format(field="tokens") + "def estimate(messages):\n    return len(messages) // 3\n\n\n"
        "def count(messages):\n    return Count(estimate(messages), 'x')\n"
    ),
)

SET85_INVALID = (
    # set 85: licos-agent-runtime's estimator, summed into ``total`` that ``Count(total, ...)`` takes as
    # its field ``tokens``: 3 characters per token, and 2 tokens per non-ASCII character
    Invalid(_COUNT.format(field="tokens") + _ESTIMATE + _CALLER, line=15, count=2),
    # the estimate compared with a count of tokens by a caller, or bound as tokens
    Invalid(
        "def estimate(text):\n    return len(text) // 4\n\n\n"
        "def fits(text, max_tokens):\n    return estimate(text) <= max_tokens\n",
        line=2,
    ),
    Invalid(
        "class Window:\n    def _size(self, text):\n        return int(len(text) / 3.5)\n\n"
        "    def add(self, text):\n        self.used_tokens = self._size(text)\n",
        line=3,
    ),
)
