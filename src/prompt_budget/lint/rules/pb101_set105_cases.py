"""PB101's cases from sets 105 and 106 (issue 19, tuner C): an output cap written in a dict beside a context
window PB101 reports there (``"model_config": {"context_window": 1050000, "output_limit": 131072}``; set 105:
ankaloop's default config): the same model's output cap in tokens, though ``output_limit`` names no token
(``model_limits.beside_window``). Spliced into ``pb101_form_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNITS

_CONFIG = 'DEFAULTS = {{\n    "model_config": {{\n        "model_id": "m-1",\n{entries}    }},\n}}\n'


def _config(*entries: str) -> str:
    return _CONFIG.format(entries="".join(f"        {e},\n" for e in entries))


SET105_VALID = (
    # an output cap with no window beside it, or beside a size that is no window (lines of context)
    Valid(_config('"output_limit": 131072')),
    Valid(_config('"context_lines": 3', '"output_limit": 4096')),
)

SET105_INVALID = (
    # set 105: ankaloop's default model config; the window is reported too
    Invalid(_config('"context_window": 1050000', '"output_limit": 131072'), count=2),
    Invalid(_config('"context_length": 200_000', '"max_completion": 64_000'), count=2),
    # the window alone: a cap larger than it is no output cap of that model, nor one in another unit
    # (lines, messages, chars, bytes, seconds, memory, cost, price)
    Invalid(_config('"context_window": 8192', '"output_limit": 16384'), line=4),
    *(
        Invalid(_config('"context_window": 128000', f'"max_output_{unit}": 4000'), line=4)
        for unit in OTHER_UNITS
    ),
)
