"""PB106's cases from sets 105 and 106 (issue 19, tuner C): a literal taken off a size that bounds a slice of
a string, shown as one by the data flow (the slice added to a string, a ``str`` parameter, or the same
text measured with ``len()`` against the size): room for a truncation marker, in characters, whatever the
size is named (``text_cuts``; set 106: vidurai's ``formatted[:self.max_context_size-20] + "..."``).
Spliced into ``pb106_total_cases``.
"""

from __future__ import annotations

from prompt_budget.lint.rule import Invalid, Valid

#: A method cutting ``{text}`` to a window-named attribute less 20, ending ``{tail}``.
_CUT = (
    "class Mediator:\n    def __init__(self):\n        self.max_context = 2000\n\n"
    "    def cut(self, {param}):\n        {guard}\n            return {text}[: self.max_context - 20]{tail}\n"
    "        return text\n"
)

SET105_VALID = (
    # set 106: vidurai's mediator, the string shown by a marker added, an annotation or a ``len()``
    Valid(_CUT.format(param="text", guard="if len(text) > self.max_context:", text="text", tail=' + "..."')),
    Valid(_CUT.format(param="text: str", guard="if text:", text="text", tail="")),
    Valid(_CUT.format(param="text", guard="if len(text) > self.max_context:", text="text", tail="")),
)

SET105_INVALID = (
    # the slice of a token list, or of a text measured in tokens against the size: tokens as before
    Invalid(
        _CUT.format(
            param="text",
            guard="if count_tokens(text) > self.max_context:",
            text="enc.encode(text)",
            tail="",
        ),
        line=7,
    ),
    Invalid(
        _CUT.format(param="text", guard="if count_tokens(text) > self.max_context:", text="text", tail=""),
        line=7,
    ),
)
