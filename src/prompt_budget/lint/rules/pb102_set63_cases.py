"""PB102's cases from what sets 63 and 64 left (issue 19): a fallback returned by a getter documented
as returning a maximum of tokens (``getter_docstrings``), or stored on ``self`` for a getter named as a
token budget (``stored_getters``). Spliced into ``pb102_option_cases`` to keep
the rule module short.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_STORED = (
    "class Model:\n    def __init__(self, config):\n        self.max_length = config.get('max_len', {fallback})\n\n"
    "    @property\n    def {getter}(self):\n        return self.max_length\n"
)
_GETTER = (
    "def get_output_limit(model):\n    {doc}\n    details = DETAILS.get(model, {{}})\n    return {ret}\n"
)

SET63_VALID = (
    # a stored fallback that no getter named as a token budget returns
    Valid(_STORED.format(fallback=512, getter="length")),
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
    # a stored fallback the getter named as a token budget returns: the literal, or the module's
    # constant it names (set 63: euroeval's zero-shot classifier)
    Invalid(_STORED.format(fallback=512, getter="model_max_length"), line=3),
    Invalid(
        "_DEFAULT_MAX_LENGTH = 512\n\n" + _STORED.format(fallback="_DEFAULT_MAX_LENGTH", getter="max_tokens"),
        line=1,
    ),
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
