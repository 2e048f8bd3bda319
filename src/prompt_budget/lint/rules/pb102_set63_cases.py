"""PB102's cases from what sets 63 and 64 left (issue 19): a fallback returned by a getter documented
as returning a maximum of tokens (``getter_docstrings``). Spliced into ``pb102_option_cases`` to keep
the rule module short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_GETTER = (
    "def get_output_limit(model):\n    {doc}\n    details = DETAILS.get(model, {{}})\n    return {ret}\n"
)

SET63_VALID = (
    # a getter documented as counting tokens used, not a maximum; one documented as a maximum of
    # characters; a key saying characters
    Valid(_GETTER.format(doc='"""The number of tokens the model used."""', ret='details.get("used", 4096)')),
    Valid(
        _GETTER.format(doc='"""The maximum output length in characters."""', ret='details.get("limit", 4096)')
    ),
    Valid(_GETTER.format(doc='"""The maximum output tokens."""', ret='details.get("max_chars", 4096)')),
    # no docstring, the key naming no unit
    Valid("def get_output_limit(model):\n    return DETAILS.get(model, {}).get('output_limit', 8192)\n"),
)

SET63_INVALID = (
    # the getter's docstring says a maximum of tokens (set 64: orchestral-ai's seven providers)
    Invalid(
        _GETTER.format(
            doc='"""Get the maximum output tokens for a model."""',
            ret="details.get('output_limit', 8192)  # Conservative default",
        ),
        line=4,
    ),
    Invalid(
        _GETTER.format(
            doc='"""Output limit (max tokens).\n\n    More."""', ret='int(details.get("cap", 4096))'
        )
    ),
)
