"""PB105's cases from what sets 93 and 94 left (issue 19): a local share of the window kept off a zero
divisor by a conditional expression (``zero_guards``; set 94: tianshu-agent's ``ratio = estimated_tokens /
max_tokens if max_tokens > 0 else 0.0``), ordered against a literal that triggers a compression; the same share handed to a method of the class whose
parameter picks a level of compression by it (``passed_shares``). Spliced into ``pb105_set81_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNITS

#: Units a budget may count instead of tokens.
_UNITS = OTHER_UNITS

_GUARDED = (
    "def build(messages, estimated_tokens, max_tokens):\n"
    "    ratio = estimated_tokens / max_tokens if max_tokens > 0 else 0.0\n"
    "    if ratio > 0.5:\n        return compress(messages)\n    return messages\n"
)

_PASSED = (
    "class Engine:\n    def build(self, messages, estimated_tokens, max_tokens):\n"
    "        ratio = estimated_tokens / max_tokens if max_tokens > 0 else 0.0\n"
    "        return self._compress(messages, ratio)\n\n"
    "    def _compress(self, messages, ratio):\n        if ratio > 0.9:\n            keep = 2\n"
    "        elif ratio > 0.7:\n            keep = 4\n        else:\n            keep = 6\n"
    "        return messages[-keep:]\n"
)

SET93_VALID = (
    # a level picked by a parameter given a share of another unit, a literal, or also rebound
    *(
        Valid(_PASSED.replace("estimated_tokens", f"used_{u}").replace("max_tokens", f"max_{u}"))
        for u in _UNITS
    ),
    Valid(_PASSED + "\n    def again(self, messages):\n        return self._compress(messages, 0.8)\n"),
    Valid(
        _PASSED.replace(
            "    def _compress(self, messages, ratio):\n",
            "    def _compress(self, messages, ratio):\n        ratio = min(ratio, 1.0)\n",
        )
    ),
    # a guarded share of another unit; a fallback that is no nothing (a full window when unknown)
    *(
        Valid(
            f"def build(messages, used_{unit}, max_{unit}):\n"
            f"    ratio = used_{unit} / max_{unit} if max_{unit} > 0 else 0.0\n"
            "    if ratio > 0.5:\n        return compress(messages)\n    return messages\n"
        )
        for unit in _UNITS
    ),
    Valid(_GUARDED.replace("else 0.0", "else fallback_ratio(messages)")),
)
SET93_INVALID = (
    Invalid(_GUARDED, line=3),
    Invalid(_PASSED, count=2),
    # the other branch order, and ``None`` for nothing
    Invalid(
        "def build(messages, estimated_tokens, max_tokens):\n"
        "    ratio = None if not max_tokens else estimated_tokens / max_tokens\n"
        "    if ratio is not None and ratio >= 0.85:\n        return compress(messages)\n    return messages\n",
        line=3,
    ),
)
