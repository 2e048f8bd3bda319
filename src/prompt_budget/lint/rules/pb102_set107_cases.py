"""PB102's cases from set 108 (issue 19): a command-line option's default written as a module constant
(``default=DEFAULT_BUDGET`` after ``DEFAULT_BUDGET = 100_000``) whose help text gives tokens
(``token_options``). Spliced into ``pb102_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_OPTION = 'parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="{}")\n'
_TOKENS = "Roughly how many tokens of conversation to send."

SET107_VALID = (
    # the help text gives another unit
    Valid("DEFAULT_BUDGET = 100_000\n" + _OPTION.format("Roughly how many characters of history to send.")),
    # the constant is bound twice at the top level, or to what the environment says
    Valid("DEFAULT_BUDGET = 100_000\nDEFAULT_BUDGET = 8_000\n" + _OPTION.format(_TOKENS)),
    Valid('import os\nDEFAULT_BUDGET = int(os.environ["BUDGET"])\n' + _OPTION.format(_TOKENS)),
    # rebound in a function through ``global``
    Valid(
        "DEFAULT_BUDGET = 100_000\n\n\ndef tune(n):\n    global DEFAULT_BUDGET\n    DEFAULT_BUDGET = n\n\n\n"
        + _OPTION.format(_TOKENS)
    ),
    # a name the module does not bind (imported or read from the environment)
    Valid("from settings import DEFAULT_BUDGET\n" + _OPTION.format(_TOKENS)),
)

SET107_INVALID = (
    # set 108: agentpath-kit's `--budget` option, "Roughly how many tokens of conversation to send"
    Invalid("DEFAULT_BUDGET = 100_000\n" + _OPTION.format(_TOKENS), line=1),
)
