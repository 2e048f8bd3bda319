"""PB101's cases from what sets 95 and 96 left (issue 19): a sweep's search space listing the values of a
budget under the budget's key (``spec_bounds.SPEC_LISTS``; set 96: armature-ai's ``"max_tokens":
{"type": "discrete", "values": [100, 256, 512, 1024]}``), beside the ``min`` / ``max`` form already
reported. Spliced into ``pb101_form_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNITS

#: Units a spec may list values of instead of tokens.
_UNITS = OTHER_UNITS

SET95_VALID = (
    # the values of other quantities listed in a search space: no budget names them
    *(
        Valid(
            'SPACE = {"parameters": {\n'
            '    "temperature": {"type": "categorical", "values": [0.0, 0.5, 1.0]},\n'
            f'    "max_{unit}": {{"type": "discrete", "values": [500, 1000, 2000]}},\n'
            "}}\n"
        )
        for unit in _UNITS
    ),
    # a budget's spec whose listed values are names or strings, not numbers
    Valid('SPACE = {"max_tokens": {"type": "categorical", "values": ["low", "high"]}}\n'),
    # a list under another slot of a budget's spec (its labels), not its values
    Valid('SPACE = {"max_tokens": {"type": "discrete", "labels": [500, 1000]}}\n'),
)

SET95_INVALID = (
    Invalid(
        'space = {"parameters": {\n'
        '    "temperature": {"type": "continuous", "min": 0.1, "max": 1.0},\n'
        '    "max_tokens": {"type": "discrete", "values": [128, 512, 2048]},\n'
        "}}\n",
        line=3,
        count=3,
    ),
    Invalid(
        'def grid():\n    return {"max_completion_tokens": {"choices": (800, 1600)}}\n',
        line=2,
        count=2,
    ),
)
