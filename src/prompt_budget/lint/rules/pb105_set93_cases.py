"""PB105's cases from what sets 93 and 94 left (issue 19): a local share of the window kept off a zero
divisor by a conditional expression (``zero_guards``; set 94: tianshu-agent's ``ratio = estimated_tokens /
max_tokens if max_tokens > 0 else 0.0``), ordered against a literal that triggers a compression. Spliced
into ``pb105_set81_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

#: Units a budget may count instead of tokens.
_UNITS = ("lines", "messages", "chars", "bytes", "seconds", "memory", "cost", "price")

_GUARDED = (
    "def build(messages, estimated_tokens, max_tokens):\n"
    "    ratio = estimated_tokens / max_tokens if max_tokens > 0 else 0.0\n"
    "    if ratio > 0.5:\n        return compress(messages)\n    return messages\n"
)

SET93_VALID = (
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
    # the other branch order, and ``None`` for nothing
    Invalid(
        "def build(messages, estimated_tokens, max_tokens):\n"
        "    ratio = None if not max_tokens else estimated_tokens / max_tokens\n"
        "    if ratio is not None and ratio >= 0.85:\n        return compress(messages)\n    return messages\n",
        line=3,
    ),
)
