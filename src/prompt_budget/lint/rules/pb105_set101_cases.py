"""PB105's cases from what sets 101 and 102 left (issue 19, tuner Q): a module constant bound to a fraction and
named for what it does, in no word of a share (``MASK_TARGET = 0.6``, ``MASK_MIN_GAIN = 0.1``), whose product
with a name of no unit reaches a token use in its function (bound to ``target``, compared with a count of
tokens), or whose other factor is a parameter reaching one (``mask_at``) or ordered against a count of tokens:
a share of a token threshold (``scaled_thresholds``). A special token's word (``mask``, ``pad``) keeps a name
from budgets as an id; a fraction is none. Spliced into ``pb105_set81_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNITS

#: Units an amount may count instead of tokens.
_UNITS = OTHER_UNITS

#: A goal of ``{unit}`` scaled by a constant's fraction and compared with the amount used.
_GOAL = (
    "TRIM_GOAL = 0.6\n\n\ndef plan(history, used_{unit}, {unit}_limit):\n"
    "    goal = {unit}_limit * TRIM_GOAL\n    if used_{unit} <= goal:\n        return 0\n    return 1\n"
)

SET101_VALID = (
    *(Valid(_GOAL.format(unit=unit)) for unit in _UNITS),
    # a share of a count of tokens cutting them (masked language modelling), not of a threshold
    Valid(
        "MASK_PROB = 0.15\n\n\ndef mask(tokens):\n    n = int(len(tokens) * MASK_PROB)\n    return tokens[:n]\n"
    ),
    # a decay scaling a delay; a weight mixing two scores
    Valid(
        "DECAY = 0.5\n\n\ndef wait(base, attempts):\n    delay = base * DECAY\n    if attempts > delay:\n"
        "        return 0\n    return delay\n"
    ),
    Valid("ALPHA = 0.3\n\n\ndef mix(score, other):\n    return score * ALPHA + other * (1 - ALPHA)\n"),
    # a decay of a calibration scale compared with a ratio of token counts: how fast the scale follows
    Valid(
        "DECAY = 0.8\n\n\nclass Estimate:\n    scale: float = 1.0\n\n"
        "    def update(self, actual_tokens, estimated):\n        ratio = min(actual_tokens / estimated, 4.0)\n"
        "        if ratio > self.scale:\n            self.scale = ratio\n        else:\n"
        "            self.scale = DECAY * self.scale + (1 - DECAY) * ratio\n"
    ),
    # the constant named for seconds: no share whatever it scales
    Valid(
        "WAIT_SECONDS = 0.5\n\n\ndef plan(used_tokens, limit):\n    if used_tokens > limit * WAIT_SECONDS:\n"
        "        return 1\n    return 0\n"
    ),
)

SET101_INVALID = (
    # a target and a minimum gain of one threshold (set 101: wren-agent's ``plan_mask``)
    Invalid(
        "TRIM_GOAL = 0.6\nSTEP_GAIN = 0.1\n\n\ndef plan(history, used_tokens, trim_after, saved):\n"
        "    goal = trim_after * TRIM_GOAL\n    if used_tokens <= goal:\n        return 0\n"
        "    if saved < trim_after * STEP_GAIN:\n        return 1\n    return 2\n",
        count=2,
    ),
    # a special token's word in the names: a fraction is no token's id
    Invalid(
        "MASK_GOAL = 0.5\n\n\ndef plan(history, used_tokens, mask_after):\n"
        "    if used_tokens > mask_after * MASK_GOAL:\n        return 1\n    return 0\n",
        line=1,
        key="mask_goal",
    ),
)
