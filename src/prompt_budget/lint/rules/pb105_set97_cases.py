"""PB105's cases from what sets 97 and 98 left (issue 19, tuner Q): a module constant named as a share
scaling an amount its function orders against a count of tokens (``ordered_factors``; set 97:
xdog-agent's ``TARGET_RATIO`` of ``budget.input_limit``). Spliced into ``pb105_set81_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

#: Units an amount may count instead of tokens.
_UNITS = ("lines", "messages", "chars", "bytes", "seconds", "memory", "cost", "price")

#: A share of an amount the function orders against ``{count}`` (``{bound}`` binds it).
_TARGET = (
    "TARGET_RATIO = 0.5\n\n"
    "def compact(budget, context):\n"
    "    {bound}\n"
    "    if used >= budget.input_limit:\n"
    "        raise ValueError('no room')\n"
    "    return max(1, int(budget.input_limit * TARGET_RATIO))\n"
)

SET97_VALID = (
    # the amount ordered against a count of another unit (a local bound to it, or named so)
    *(Valid(_TARGET.format(bound=f"used = count_{unit}(context)")) for unit in _UNITS),
    *(Valid(_TARGET.format(bound=f"used = context.used_{unit}")) for unit in _UNITS),
    Valid(_TARGET.format(bound="used = len(context.messages)")),
    # a local bound to a token count once and to something else too: no count of tokens
    Valid(_TARGET.format(bound="used = count_tokens(context) if context else len(context.lines)")),
    # the share scales an amount the function orders against no count at all
    Valid(
        "TARGET_RATIO = 0.5\n\ndef compact(budget, context):\n"
        "    if budget.input_limit <= 0:\n        raise ValueError('no room')\n"
        "    return int(budget.input_limit * TARGET_RATIO)\n"
    ),
    # a token count compared with another amount than the one the share scales
    Valid(
        "TARGET_RATIO = 0.5\n\ndef compact(budget, context):\n"
        "    if count_tokens(context) >= budget.hard_limit:\n        raise ValueError('no room')\n"
        "    return int(budget.input_limit * TARGET_RATIO)\n"
    ),
    # a rate limiter's bucket of tokens: permits, not a model's tokens
    Valid(
        "TARGET_RATIO = 0.5\n\ndef refill(bucket, limiter):\n"
        "    if bucket.tokens >= limiter.capacity:\n        return 0\n"
        "    return int(limiter.capacity * TARGET_RATIO)\n"
    ),
)

SET97_INVALID = (
    # set 97: xdog-agent's target of a compaction, a share of an input limit ordered against a local
    # bound to a token estimate, or against a token count through ``min()``
    Invalid(_TARGET.format(bound="used = estimate_input_tokens(context)"), line=1),
    Invalid(
        "TARGET_FRACTION = 0.6\n\ndef compact(budget, context, before):\n"
        "    if estimate_tokens(context) >= min(before, budget.input_limit):\n        return None\n"
        "    target = min(int(budget.input_limit * TARGET_FRACTION), before)\n    return target\n",
        line=1,
    ),
    Invalid(
        "KEEP_RATIO = 0.4\n\ndef trim(limit, msgs):\n    if count_tokens(msgs) > limit:\n"
        "        return cut(msgs, int(limit * KEEP_RATIO))\n    return msgs\n",
        line=1,
    ),
)
