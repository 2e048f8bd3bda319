"""PB102's cases from what sets 95 and 96 left (issue 19, tuner U): a window constant given as the default of a
parameter the function stores in a field that cuts a string or is ordered against a string's length
(``deferred``'s ``defaulted``; set 96: armature-ai's ``max_input_length: int = MAX_INPUT_LENGTH`` ...
``cleaned[: self._max_input_length]``): characters, not tokens. Spliced into ``pb102_set73_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

_CLIENT = (
    "MAX_INPUT_LENGTH = 4096\n\n"
    "class Client:\n    def __init__(self, max_input_length: int = MAX_INPUT_LENGTH):\n"
    "        self._max_input_length = max_input_length\n\n"
    "    def clean(self, raw):\n{body}"
)

SET95_VALID = (
    # the stored default cuts a string, or is ordered against a string's length: characters
    Valid(_CLIENT.format(body="        return raw.strip()[: self._max_input_length]\n")),
    Valid(
        _CLIENT.format(
            body="        if len(raw) > self._max_input_length:\n            raise ValueError(raw)\n"
            "        return raw\n"
        )
    ),
    # the parameter itself cuts the string
    Valid(
        "MAX_CONTEXT_LENGTH = 6000\n\n"
        "def clip(text: str, max_context_length: int = MAX_CONTEXT_LENGTH) -> str:\n"
        "    return text[:max_context_length]\n"
    ),
)

SET95_INVALID = (
    # the stored default is given to a tokenizer's truncation, nothing cuts a string with it
    Invalid(
        _CLIENT.format(
            body="        return self.tokenizer(raw, truncation=True, max_length=self._max_input_length)\n"
        ),
        line=1,
    ),
)
