"""PB101's cases from sets 145 and 146 (issue 19): a helper of the module handed a mapping and a key named as
a budget, its parameter there named as a key, and a number as its default (set 146: xrtm-forecast's
``_integer(data, "max_tokens", context="runtime", default=768)``: ``helper_settings._handed_key``). Spliced
into ``pb101_set111_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_HELPER = (
    "def _integer(payload, {param}, *, default):\n    return payload.get({param}, default)\n\n"
    "def runtime(data):\n    return Spec(size=_integer(data, {key}, default=768))\n"
)

SET145_VALID = (
    # a key of something else; a parameter that is no key; a helper the module does not define
    Valid(_HELPER.format(param="key", key='"max_retries"')),
    Valid(_HELPER.format(param="scale", key='"max_tokens"')),
    Valid('def runtime(data):\n    return Spec(size=_integer(data, "max_tokens", default=768))\n'),
    # an environment variable's name
    Valid(_HELPER.format(param="key", key='"MAX_TOKENS"')),
)

SET145_INVALID = (
    Invalid(_HELPER.format(param="key", key='"max_tokens"'), line=5),
    Invalid(_HELPER.format(param="field_name", key='"context_window"'), line=5),
)
