"""PB102's cases from set 103 (issue 19): a parameter's default written as a number times a module
constant naming a unit (``max_tokens: int = 21 * K_TOKENS`` after ``K_TOKENS = 1024``, ``unit_constants``).
Spliced into ``pb102_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

SET103_VALID = (
    # a default in units of a name that is no unit constant (bound in the function, or to another value)
    Valid(
        "STEP = 3\n\n\ndef settings(max_tokens: int = 21 * STEP):\n    return {'max_tokens': max_tokens}\n"
    ),
    Valid("def settings(max_tokens: int = 21 * UNKNOWN):\n    return {'max_tokens': max_tokens}\n"),
)

SET103_INVALID = (
    # set 103: pai-agent-sdk's `_anthropic_settings(thinking_budget, max_tokens=21 * K_TOKENS)`
    Invalid(
        "K_TOKENS = 1024\n\n\ndef settings(max_tokens: int = 21 * K_TOKENS):\n    return {'max_tokens': max_tokens}\n"
    ),
)
