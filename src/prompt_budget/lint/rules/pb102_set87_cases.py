"""PB102's cases from what sets 87 and 88 left (issue 19): a literal a function returns last, after a
return of a budget (``return config.context_limit`` ... ``return 128_000``, ``returned_fallbacks``); a
count of blocks named like a window (``MAX_CONTEXT_BLOCKS``, a unit word); a window constant its own module
never reads, reported by the project-wide pass unless a module importing it cuts strings with it
(``imported_characters``: the cross-module half is in tests/lint/test_set87_project.py). Spliced into
``pb102_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid
from prompt_budget.lint.rules.pb102_set93t_cases import SET93T_INVALID, SET93T_VALID
from prompt_budget.lint.rules.pb102_set95_cases import SET95_INVALID, SET95_VALID
from prompt_budget.lint.rules.pb102_set97r_cases import SET97R_INVALID, SET97R_VALID

SET87_VALID = (
    # the last return beside returns of something else than a budget: lines, seconds, bytes, a count
    Valid(
        "def resolve_history_limit(config):\n    if config.max_lines:\n        return config.max_lines\n"
        "    return 2000\n"
    ),
    Valid(
        "def resolve_timeout(config):\n    if config.timeout_seconds:\n        return config.timeout_seconds\n"
        "    return 3000\n"
    ),
    Valid(
        "def resolve_cache(config):\n    if config.memory_bytes:\n        return config.memory_bytes\n"
        "    return 4096\n"
    ),
    # a budget returned by a nested function, or the literal returned in a branch, not last
    Valid(
        "def make(config):\n    def window():\n        return config.context_limit\n"
        "    if config.fast:\n        return window\n    return 5000\n"
    ),
    Valid(
        "def pick(config, kind):\n    if kind == 'a':\n        return config.context_limit\n"
        "    if kind == 'b':\n        return 5000\n    return None\n"
    ),
    # a count of blocks, messages, chunks fetched: a unit word beside the window's words
    Valid("MAX_CONTEXT_BLOCKS: int = 1000\n"),
    Valid(
        "MAX_CONTEXT_BLOCKS = 1000\n\ndef recent(store):\n    return store.get_recent(limit=MAX_CONTEXT_BLOCKS)\n"
    ),
    Valid("CONTEXT_MESSAGES_LIMIT = 1000\n"),
    # a truncation length cutting a string in its own module: characters
    Valid(
        "OUTPUT_TRUNCATION_LENGTH: int = 500\n\ndef show(x):\n    return str(x)[:OUTPUT_TRUNCATION_LENGTH]\n"
    ),
    *SET93T_VALID,  # sets 93 and 94 (tuner T)
    *SET95_VALID,  # sets 95 and 96 (tuner W)
    *SET97R_VALID,  # sets 97 and 98 (tuner R)
)

SET87_INVALID = (
    # set 88: team-harness's window getter, the window assumed when no table or setting knows the model
    Invalid(
        "def resolve_model_limit(model_id, config):\n    if model_id in KNOWN_LIMITS:\n"
        "        return KNOWN_LIMITS[model_id]\n    if config.context_limit:\n"
        "        return config.context_limit\n    warn(model_id)\n    return 128_000\n",
        line=7,
    ),
    Invalid(
        "class Provider:\n    def output_cap(self):\n        try:\n            return self.info.max_output_tokens\n"
        "        except KeyError:\n            pass\n        return 8192\n",
        line=7,
    ),
    # a window constant no module reads: reported where it is bound, as before
    Invalid("OUTPUT_TRUNCATION_LENGTH: int = 500\n", line=1),
    Invalid("MAX_CONTEXT_LENGTH = 6000\n", line=1),
    *SET93T_INVALID,  # sets 93 and 94 (tuner T)
    *SET95_INVALID,  # sets 95 and 96 (tuner W)
    *SET97R_INVALID,  # sets 97 and 98 (tuner R)
)
