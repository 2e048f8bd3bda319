"""PB102's cases from set 103 (issue 19, tuner Y): the fallback of a search of a table, ``next((size for
fragment, size in WINDOWS if fragment in name), DEFAULT_CONTEXT)``, is the value the search gives when no row
matches: what that value meets (returned by a budget getter) decides for the constant, as for
``WINDOWS.get(model, DEFAULT_CONTEXT)`` (``lookup_values``). Spliced into ``pb102_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.other_units import OTHER_UNITS

#: A table of ``{unit}`` by model-name fragment searched by ``{getter}``, falling back to ``{default}``.
_SEARCH = (
    'ROWS = [("alpha", 9_000), ("beta", 7_000)]\n{default} = 8_000\n\n\ndef {getter}(model):\n'
    "    name = model.lower()\n    return next((n for fragment, n in ROWS if fragment in name), {default})\n"
)

SET103Y_VALID = (
    # a getter of lines, messages, characters, bytes, seconds, memory, cost or price, not a token budget
    *(Valid(_SEARCH.format(default="DEFAULT_" + unit.upper(), getter=f"max_{unit}")) for unit in OTHER_UNITS),
    # the fallback of ``next`` over no generator (an iterator's next item) is not a search's fallback
    Valid(
        "DEFAULT_CONTEXT = 8_000\n\n\ndef context_window(rows):\n    return next(iter(rows), DEFAULT_CONTEXT)\n"
    ),
)

SET103Y_INVALID = (
    # set 103: flowai-cli's window for models its table does not know
    Invalid(_SEARCH.format(default="DEFAULT_CONTEXT", getter="context_window")),
    Invalid(_SEARCH.format(default="FALLBACK", getter="max_input_tokens")),
)
