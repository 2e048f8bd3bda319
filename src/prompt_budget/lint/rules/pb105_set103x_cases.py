"""PB105's cases from what sets 103 and 104 left (issue 19, tuner X): a ratio ordered against the share of
the window in use, read from a property of the module that returns ``used_tokens / max_tokens`` (and
``None`` for an unknown window: set 103, somnia's context usage), also through a parameter defaulting to
the constant (``trigger_ratio: float = TRIGGER_RATIO`` ... ``ratio >= float(trigger_ratio)``). Spliced
into ``pb105_set81_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNITS

#: Units an amount may count instead of tokens.
_UNITS = OTHER_UNITS

#: A usage record whose share is ``used_{unit} / max_{unit}`` (``None`` for an unknown limit).
_USAGE = (
    "class Usage:\n    def __init__(self, used_{unit}, max_{unit}):\n        self.used_{unit} = used_{unit}\n"
    "        self.max_{unit} = max_{unit}\n\n    @property\n    def share(self):\n"
    "        if not self.max_{unit}:\n            return None\n        return self.used_{unit} / self.max_{unit}\n\n\n"
)

#: A constant compared with the share, read directly.
_DIRECT = (
    "FORCE_LEVEL = 0.7\n\n\n"
    + _USAGE
    + ("def force(usage):\n    level = usage.share\n    return level is not None and level >= FORCE_LEVEL\n")
)

#: A constant given as a parameter's default, the parameter compared with the share.
_DEFAULT = (
    "START_LEVEL = 0.6\n\n\n"
    + _USAGE
    + (
        "def start(usage, *, at: float = START_LEVEL):\n    level = usage.share\n"
        "    return level is not None and level >= float(at)\n"
    )
)

SET103X_VALID = (
    *(Valid(_DIRECT.format(unit=unit)) for unit in _UNITS),
    *(Valid(_DEFAULT.format(unit=unit)) for unit in _UNITS),
    # the parameter bound anew before the comparison: the default is not what is compared
    Valid(
        "START_LEVEL = 0.6\n\n\n"
        + _USAGE.format(unit="tokens")
        + "def start(usage, at=START_LEVEL, scale=1):\n"
        "    at = scale / 2\n    level = usage.share\n    return level is not None and level >= at\n"
    ),
    # a default compared with a score, not a share of the window
    Valid("MIN_LEVEL = 0.6\n\n\ndef keep(hit, at=MIN_LEVEL):\n    return float(hit.score) >= float(at)\n"),
)

SET103X_INVALID = (
    Invalid(_DIRECT.format(unit="tokens"), line=1),
    Invalid(_DEFAULT.format(unit="tokens"), line=1),
)
